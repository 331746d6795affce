import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianCSV

/// RFC 4180 records, located faults, columns, values, and writing.
@Suite struct CSVRecordReaderTests {
    static func records(_ text: String) throws(DiagnosticError) -> ([CSVRecordReader.Record], [Diagnostic]) {
        var reader = CSVRecordReader(delimiter: UInt8(ascii: ","), fileName: "t.csv", prefix: Array(text.utf8)) { _ in 0
        }
        var result: [CSVRecordReader.Record] = []
        while let record = try reader.next() { result.append(record) }
        return (result, reader.warnings)
    }

    @Test func quotedFieldsHoldDelimitersQuotesAndLineBreaks() throws {
        let (records, warnings) = try Self.records("a,b\r\n\"x, y\",\"say \"\"hi\"\"\"\r\n\"two\nlines\",z\n\nlast,1")
        #expect(records.map(\.fields) == [["a", "b"], ["x, y", "say \"hi\""], ["two\nlines", "z"], ["last", "1"]])
        #expect(records.map(\.line) == [1, 2, 3, 6])
        #expect(warnings.isEmpty)
    }

    @Test func anUnclosedQuoteIsAnErrorAtTheQuote() {
        let result = Result { () throws(DiagnosticError) in try Self.records("a,b\n1,\"open\n2,3\n") }
        guard case .failure(let error) = result else {
            Issue.record("read")
            return
        }
        #expect(error.diagnostic.code == "csv.quote.unclosed")
        #expect(error.diagnostic.location.line == 2 && error.diagnostic.location.column == 3)
    }

    @Test func strayQuotesAreKeptWithAWarning() throws {
        let (records, warnings) = try Self.records("a,b\n5\" tall,\"x\"y\n")
        #expect(records[1].fields == ["5\" tall", "xy"])
        #expect(warnings.map(\.code) == ["csv.quote.stray", "csv.quote.stray"])
        #expect(warnings.map(\.location.line) == [2, 2])
    }

    @Test func longInputAcrossManyBuffers() throws {
        let row = "name with spaces,12.5,\"quoted, field\"\n"
        let text = String(repeating: row, count: 20_000)
        var offset = 0
        let bytes = Array(text.utf8)
        var reader = CSVRecordReader(delimiter: UInt8(ascii: ","), fileName: nil) { buffer in
            let count = min(buffer.count, 777, bytes.count - offset)
            buffer.copyBytes(from: bytes[offset..<(offset + count)])
            offset += count
            return count
        }
        var count = 0
        while let record = try reader.next() {
            #expect(record.fields == ["name with spaces", "12.5", "quoted, field"])
            count += 1
        }
        #expect(count == 20_000)
    }
}

@Suite struct CSVFeatureReaderTests {
    @Test func coordinateColumnsAndValuesAreRecognised() throws {
        let reader = try CSVFeatureReader(
            bytes: Array("Name;LAT;Lng;pop;zip;open\nBig Ben;51.5007;-0.1246;12;02134;true\nNowhere;;;;;\n".utf8))
        #expect(reader.geometryColumns == "Lng,LAT")
        let features = try reader.readAll()
        #expect(features[0].geometry == .point(Coordinate(latitude: 51.5007, longitude: -0.1246)))
        #expect(features[0].properties["pop"] == .integer(12) && features[0].properties["zip"] == "02134")
        #expect(features[0].properties["open"] == .bool(true))
        #expect(features[1].geometry == nil && features[1].properties["pop"] == .null)
        #expect(reader.diagnostics.isEmpty)
    }

    @Test func wktColumnsAreReadByGEOS() throws {
        let reader = try CSVFeatureReader(
            bytes: Array("id,wkt\n1,\"POLYGON ((0 0, 1 0, 1 1, 0 0))\"\n2,POINT (1 2)\n3,POINT (x\n".utf8))
        let features = try reader.readAll()
        #expect(features[0].geometry?.typeName == "Polygon")
        #expect(features[1].geometry == .point(Coordinate(latitude: 2, longitude: 1)))
        #expect(features[2].geometry == nil)
        #expect(reader.diagnostics.map(\.code) == ["csv.wkt.invalid"] && reader.diagnostics[0].location.line == 4)
    }

    /// GEOS's WKT reader recurses per parenthesis: 100 000 nested
    /// collections crashed it. Past the geometry nesting limit the text is
    /// refused (a located warning, no geometry); within it, the geometry is
    /// read, and the GeoJSON written of it stays within the JSON limit.
    @Test func wktNestedPastTheLimitIsRefusedNotACrash() throws {
        func row(_ depth: Int) -> String {
            "\"" + String(repeating: "GEOMETRYCOLLECTION(", count: depth) + "POINT(1 2)"
                + String(repeating: ")", count: depth) + "\""
        }
        let limit = InputLimits.maximumGeometryNesting
        let text = "id,wkt\n1,\(row(100_000))\n2,\(row(limit + 1))\n3,\(row(limit - 1))\n"
        let reader = try CSVFeatureReader(bytes: Array(text.utf8))
        let features = try reader.readAll()
        #expect(features[0].geometry == nil && features[1].geometry == nil)
        #expect(reader.diagnostics.map(\.code) == ["csv.wkt.invalid", "csv.wkt.invalid"])
        #expect(reader.diagnostics.allSatisfy { $0.message.contains("nested more than \(limit) deep") })
        #expect(features[2].geometry?.typeName == "GeometryCollection")
    }

    /// Two columns of one name: both kept (the second replaced the
    /// first's values), the later one renamed with a located warning.
    @Test func repeatedColumnNamesAreKeptApart() throws {
        let reader = try CSVFeatureReader(bytes: Array("name,lon,lat,name,name_2\nA,1,2,B,C\n".utf8))
        let features = try reader.readAll()
        #expect(features[0].properties.keys == ["name", "name_3", "name_2"])
        #expect(features[0].properties["name"] == .string("A") && features[0].properties["name_3"] == .string("B"))
        #expect(reader.diagnostics.map(\.code) == ["csv.column.duplicate"])
        #expect(reader.diagnostics[0].location.line == 1)
    }

    @Test func faultsAreLocatedWarnings() throws {
        let reader = try CSVFeatureReader(bytes: Array("name,lon,lat\na,abc,1\nb,1\nc,1,2,extra\n".utf8))
        let features = try reader.readAll()
        #expect(features.count == 3 && features[0].geometry == nil)
        #expect(features[2].properties["column_4"] == "extra")
        // Row 3 lacks its latitude: ragged, and no position.
        #expect(
            reader.diagnostics.map(\.code) == [
                "csv.coordinate.invalid", "csv.row.ragged", "csv.coordinate.invalid", "csv.row.ragged",
            ])
        #expect(reader.diagnostics.map(\.location.line) == [2, 3, 3, 4])
    }

    /// A short row under a wide header costs what the row holds: its
    /// missing fields are left out, not padded with nulls.
    @Test func aShortRowsMissingFieldsAreLeftOut() throws {
        let header = "lon,lat," + (0..<50_000).map { "c\($0)" }.joined(separator: ",")
        let rows = String(repeating: "1,2\n", count: 2_000)
        let reader = try CSVFeatureReader(bytes: Array((header + "\n" + rows).utf8))
        let features = try reader.readAll()
        #expect(features.count == 2_000 && features.allSatisfy { $0.properties.isEmpty })
        #expect(reader.diagnostics.first?.message.contains("missing ones are left out") == true)
    }

    /// WKT that GEOS reads but that is no place (an infinite longitude, a
    /// latitude of 1e300) leaves the feature without geometry, as a bad
    /// longitude column does, instead of writing GeoJSON with nulls.
    @Test func wktOffTheGlobeLeavesTheFeatureWithoutGeometry() throws {
        let reader = try CSVFeatureReader(
            bytes: Array("wkt,name\n\"POINT (inf 0)\",a\n\"LINESTRING (0 0, 1 1e300)\",b\nPOINT (1 2),c\n".utf8))
        let features = try reader.readAll()
        #expect(features.map { $0.geometry != nil } == [false, false, true])
        #expect(reader.diagnostics.map(\.code) == ["csv.coordinate.invalid", "csv.coordinate.invalid"])
        #expect(reader.diagnostics.map(\.location.line) == [2, 3])
    }

    /// More fields in a record than a table may have is an error at its line.
    @Test func aRecordOfTooManyFieldsIsRefused() {
        let wide = "lon,lat\n1,2\n" + String(repeating: ",", count: InputLimits.maximumColumns) + "\n"
        #expect(Self.errorCode(wide) == "csv.columns.too-many")
    }

    /// A record longer than the limit is refused at its line, however it
    /// is cut into fields (a quoted field running to the end of the file).
    @Test func aRecordLongerThanTheLimitIsRefused() throws {
        for text in ["a,b\n1,2\n\"" + String(repeating: "x", count: 300_000), "a\n" + String(repeating: "y,", count: 200_000)] {
            let bytes = Array(text.utf8)
            var offset = 0
            var reader = CSVRecordReader(delimiter: UInt8(ascii: ","), fileName: "wide.csv", maximumRecordBytes: 100_000) {
                buffer in
                let count = min(buffer.count, bytes.count - offset)
                buffer.copyBytes(from: bytes[offset..<(offset + count)])
                offset += count
                return count
            }
            var code: String?
            do { while try reader.next() != nil {} } catch { code = error.diagnostic.code }
            #expect(code == "csv.record.too-large")
        }
    }

    static func errorCode(_ text: String) -> String? {
        do {
            _ = try CSVFeatureReader(bytes: Array(text.utf8)).readAll()
            return nil
        } catch {
            return error.diagnostic.code
        }
    }

    @Test func aTableWithoutCoordinatesIsAnErrorListingItsColumns() {
        let result = Result { () throws(DiagnosticError) in try CSVFeatureReader(bytes: Array("name,city\na,b\n".utf8))
        }
        guard case .failure(let error) = result else {
            Issue.record("read")
            return
        }
        #expect(error.diagnostic.code == "csv.columns.missing" && error.diagnostic.message.contains("name, city"))
    }
}

@Suite struct CSVWriterTests {
    @Test func pointsGetLonLatColumnsAndFieldsAreQuoted() {
        var feature = Feature(geometry: .point(Coordinate(latitude: 51.5, longitude: -0.12)))
        feature.properties["name"] = "Tower, \"London\""
        feature.properties["tags"] = ["a", 1]
        let text = String(decoding: CSVWriter().encode(FeatureCollection(features: [feature])), as: UTF8.self)
        #expect(text == "lon,lat,name,tags\r\n-0.12,51.5,\"Tower, \"\"London\"\"\",\"[\"\"a\"\",1]\"\r\n")
    }

    @Test func otherGeometriesGetAWKTColumnThatReadsBack() throws {
        let polygon = Geometry.polygon([
            [
                Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1.5),
                Coordinate(latitude: 1, longitude: 1.5), Coordinate(latitude: 0, longitude: 0),
            ]
        ])
        let written = CSVWriter().encode(FeatureCollection(features: [Feature(geometry: polygon)]))
        #expect(String(decoding: written, as: UTF8.self).hasPrefix("wkt\r\n\"POLYGON ((0 0, 1.5 0, 1.5 1, 0 0))\""))
        #expect(try CSVFeatureReader(bytes: written).readAll().first?.geometry == polygon)
    }

    /// Natural Earth's populated places through CSV and back: same points,
    /// same properties as text (CSV carries no types: a string "1" reads
    /// back as the number 1, as GDAL reads it).
    @Test(.requiresFixtures)
    func populatedPlacesRoundTrip() throws {
        let bytes = try Fixtures.bytes(Fixtures.url("geojson/real/ne_50m_populated_places.json"))
        let json = try JSONSerialization.jsonObject(with: Data(bytes)) as! [String: Any]
        let originals = (json["features"] as! [[String: Any]])
        let features: [Feature] = originals.map { item in
            let c = (item["geometry"] as! [String: Any])["coordinates"] as! [Double]
            var feature = Feature(geometry: .point(Coordinate(latitude: c[1], longitude: c[0])))
            for (key, value) in (item["properties"] as! [String: Any]).sorted(by: { $0.key < $1.key }) {
                switch value {
                case let s as String: feature.properties[key] = .string(s)
                case let n as NSNumber: feature.properties[key] = .double(n.doubleValue)
                default: feature.properties[key] = .null
                }
            }
            return feature
        }
        let back = try CSVFeatureReader(bytes: CSVWriter().encode(FeatureCollection(features: features))).readAll()
        #expect(back.count == features.count)
        for (a, b) in zip(features, back) {
            #expect(a.geometry == b.geometry)
            for (key, value) in a.properties.members {
                let other = b.properties[key] ?? .null
                if case .string(let s) = value, s.isEmpty { continue }  // an empty string reads back as null
                #expect(
                    CSVWriter.text(value, precision: nil) == CSVWriter.text(other, precision: nil),
                    "\(key): \(value) vs \(other)")
            }
        }
    }
}
