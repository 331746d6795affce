import Foundation
import MeridianCore
import MeridianGeoJSON
import MeridianTestSupport
import Testing

@testable import MeridianGeoPackage

/// GeoPackage: our own round trip, GDAL reading what we write and we
/// reading what GDAL writes, and broken files.
@Suite struct GeoPackageTests {
    static func features(_ fixture: String) throws -> [Feature] {
        try GeoJSONDocument(decoding: Fixtures.bytes(Fixtures.url("geojson/real/\(fixture)"))).featureCollection
            .features
    }

    static func numeric(_ a: JSONValue?, _ b: JSONValue?) -> Bool {
        if a == b { return true }
        if let x = a?.doubleValue, let y = b?.doubleValue { return x == y }
        if a == nil || a == .null { return b == nil || b == .null }
        return false
    }

    @Test func binaryGeometryRoundTrips() {
        let shapes: [Geometry] = [
            .point(Coordinate(latitude: 1, longitude: 2)),
            .lineString([Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 1, longitude: 1)]),
            .multiPolygon([
                [
                    [
                        Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1),
                        Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 0, longitude: 0),
                    ]
                ]
            ]),
            .geometryCollection([.point(Coordinate(latitude: 3, longitude: 4))]),
        ]
        for shape in shapes {
            guard case .success(let decoded) = GeoPackageGeometry.decode(GeoPackageGeometry.encode(shape)) else {
                Issue.record("\(shape) did not decode")
                continue
            }
            #expect(decoded.geometry == shape && decoded.srsID == 4326)
        }
        for broken: [UInt8] in [[], [0x47, 0x50, 0, 1, 0xE6, 0x10, 0, 0, 1, 7], Array("not a blob".utf8)] {
            guard case .failure = GeoPackageGeometry.decode(broken) else {
                Issue.record("\(broken) decoded")
                continue
            }
        }
    }

    @Test(.requiresFixtures)
    func admin1RoundTripsThroughOurGeoPackage() throws {
        let original = try Self.features("ne_50m_admin_1_states_provinces.json")
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("states.gpkg").path
            try GeoPackageWriter(layer: "states").write(original, toFile: path)
            let reader = try GeoPackageReader(path: path)
            #expect(reader.layers.map(\.table) == ["states"])
            let back = try reader.readAll()
            #expect(back.count == original.count && reader.diagnostics.isEmpty)
            for (a, b) in zip(original, back) {
                #expect(a.geometry == b.geometry)
                for (key, value) in a.properties.members {
                    #expect(
                        Self.numeric(value, b.properties[key]),
                        "\(key): \(value) vs \(String(describing: b.properties[key]))")
                }
            }
        }
    }

    @Test(.requiresFixtures, .requires(tool: "ogrinfo"))
    func gdalReadsWhatWeWrite() throws {
        let original = try Self.features("ne_50m_populated_places.json")
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("places.gpkg").path
            try GeoPackageWriter(layer: "places").write(original, toFile: path)
            let summary = try Tool.run("ogrinfo", ["-so", "-al", path])
            #expect(summary.status == 0, "\(summary.output)")
            #expect(
                summary.output.contains("Feature Count: \(original.count)")
                    && summary.output.contains("Geometry: Point"))
            let first = try Tool.run("ogrinfo", ["-al", "-fid", "1", path])
            let name = original[0].properties["NAME"]?.stringValue ?? ""
            #expect(first.output.contains("NAME (String) = \(name)"), "\(first.output.prefix(600))")
            // GDAL's own integrity check of the R*Tree and the tables.
            let check = try Tool.run("ogrinfo", ["-q", path, "-sql", "SELECT HasSpatialIndex('places', 'geom')"])
            #expect(check.output.contains("= 1"), "\(check.output)")
        }
    }

    @Test(.requiresFixtures, .requires(tool: "ogr2ogr"))
    func weReadWhatGDALWrites() throws {
        let source = Fixtures.url("geojson/real/ne_50m_admin_1_states_provinces.json").path
        let original = try Self.features("ne_50m_admin_1_states_provinces.json")
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("gdal.gpkg").path
            let made = try Tool.run("ogr2ogr", ["-f", "GPKG", path, source, "-nln", "states"])
            #expect(made.status == 0, "\(made.output)")
            let reader = try GeoPackageReader(path: path)
            let back = try reader.readAll()
            #expect(back.count == original.count && reader.diagnostics.isEmpty)
            for (a, b) in zip(original, back) {
                // GDAL promotes a layer of Polygons and MultiPolygons to MultiPolygons.
                var geometry = a.geometry
                if case .polygon(let rings)? = geometry, case .multiPolygon? = b.geometry {
                    geometry = .multiPolygon([rings])
                }
                #expect(geometry == b.geometry)
                #expect(Self.numeric(a.properties["name"], b.properties["name"]))
            }
        }
    }

    /// A layer in another system reads as stored and names its system as
    /// PROJ reads it: by EPSG code, else by the file's WKT; an srs_id the
    /// file does not define is refused.
    @Test(.requires(tool: "ogr2ogr"))
    func eachLayerNamesItsSystem() throws {
        try withTemporaryFolder { folder in
            let json = folder.appendingPathComponent("p.geojson").path
            try
                #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#
                .write(toFile: json, atomically: true, encoding: .utf8)
            let mercator = folder.appendingPathComponent("mercator.gpkg").path
            _ = try Tool.run("ogr2ogr", ["-f", "GPKG", "-t_srs", "EPSG:3857", "-nln", "m", mercator, json])
            do {
                let reader = try GeoPackageReader(path: mercator)
                #expect(reader.coordinateSystem(ofLayer: "m") == "EPSG:3857")
                let point = try #require(try reader.next()?.geometry)
                guard case .point(let position) = point else {
                    Issue.record("not a point: \(point)")
                    return
                }
                #expect(
                    abs(position.longitude - 111_319.490_793) < 1e-3 && abs(position.latitude - 222_684.208_507) < 1e-3)
            }

            let custom = folder.appendingPathComponent("custom.gpkg").path
            let laea = "+proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 +ellps=GRS80 +units=m +no_defs"
            _ = try Tool.run("ogr2ogr", ["-f", "GPKG", "-t_srs", laea, "-nln", "c", custom, json])
            let definition = try GeoPackageReader(path: custom).coordinateSystem(ofLayer: "c")
            #expect(definition?.contains("Lambert_Azimuthal_Equal_Area") == true, "\(definition ?? "nil")")

            let database = try SQLiteDatabase(file: mercator, readOnly: false)
            try database.execute("DELETE FROM gpkg_spatial_ref_sys WHERE srs_id = 3857")
            let result = Result { () throws(DiagnosticError) in try GeoPackageReader(path: mercator) }
            guard case .failure(let error) = result else {
                Issue.record("an undefined srs_id was read")
                return
            }
            #expect(error.diagnostic.code == "gpkg.srs.undefined" && error.diagnostic.message.contains("3857"))
        }
    }

    @Test func brokenFilesAreReportedNotCrashed() throws {
        try withTemporaryFolder { folder in
            // A layer name that is SQL, a corrupt blob, an envelope that lies.
            let path = folder.appendingPathComponent("odd.gpkg").path
            let name = "x\"; DROP TABLE gpkg_contents; --"
            let features = (0..<3).map { i in
                var feature = Feature(
                    geometry: .lineString([
                        Coordinate(latitude: 0, longitude: Double(i)),
                        Coordinate(latitude: 1, longitude: Double(i) + 1),
                    ]))
                feature.properties["n"] = .integer(Int64(i))
                return feature
            }
            try GeoPackageWriter(layer: name).write(features, toFile: path)
            let db = try SQLiteDatabase(file: path, readOnly: false)
            let table = SQLiteDatabase.quoted(name)
            // The R*Tree triggers call GDAL's ST_ functions, which plain SQLite lacks: drop them to edit.
            let triggers = try db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger'")
            var names: [String] = []
            while try triggers.step() { names.append(triggers.text(0) ?? "") }
            for trigger in names { try db.execute("DROP TRIGGER \(SQLiteDatabase.quoted(trigger))") }
            try db.execute("UPDATE \(table) SET geom = x'4750000199' WHERE fid = 1")
            var lying = GeoPackageGeometry.encode(features[2].geometry!)
            for i in 8..<16 { lying[i] = 0 }  // minX = 0 ...
            for i in 16..<24 { lying[i] = 0 }  // ... and maxX = 0, though the line runs from 2 to 3
            let update = try db.prepare("UPDATE \(table) SET geom = ? WHERE fid = 3")
            update.bind(lying, at: 1)
            _ = try update.step()
            let reader = try GeoPackageReader(path: path)
            #expect(reader.layers.map(\.table) == [name])
            let back = try reader.readAll()
            #expect(back.count == 3 && back[0].geometry == nil && back[1].geometry == features[1].geometry)
            #expect(reader.diagnostics.map(\.code) == ["gpkg.geometry.corrupt", "gpkg.envelope.mismatch"])
            // A plain SQLite database is not a GeoPackage.
            let plain = folder.appendingPathComponent("plain.db").path
            try SQLiteDatabase(file: plain, readOnly: false).execute("CREATE TABLE t (a)")
            let result = Result { () throws(DiagnosticError) in try GeoPackageReader(path: plain) }
            guard case .failure(let error) = result else {
                Issue.record("a plain database was read")
                return
            }
            #expect(error.diagnostic.code == "gpkg.not-geopackage")
        }
    }
}
