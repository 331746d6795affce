import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianShapefile

/// The shapefile reader on files written here byte by byte: what each
/// field type reads as, rings made polygons, and records that lie.
@Suite struct ShapefileReaderTests {
    /// A `.shp` of `records` (each a shape type and its content), and its `.shx`.
    static func shapes(_ type: Int32, _ records: [[UInt8]]) -> (shp: [UInt8], shx: [UInt8]) {
        func header(length: Int) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: 100)
            bytes.replaceSubrange(0..<4, with: be(9994))
            bytes.replaceSubrange(24..<28, with: be(Int32(length / 2)))
            bytes.replaceSubrange(28..<32, with: le(Int32(1000)))
            bytes.replaceSubrange(32..<36, with: le(type))
            return bytes
        }
        var body: [UInt8] = []
        var index: [UInt8] = []
        for (number, content) in records.enumerated() {
            index += be(Int32((100 + body.count) / 2)) + be(Int32(content.count / 2))
            body += be(Int32(number + 1)) + be(Int32(content.count / 2)) + content
        }
        return (header(length: 100 + body.count) + body, header(length: 100 + index.count) + index)
    }

    static func be(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
    static func le(_ value: Int32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    static func le(_ value: Double) -> [UInt8] { withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } }

    /// A polygon record of rings.
    static func polygon(_ rings: [[(Double, Double)]]) -> [UInt8] {
        var content = le(Int32(5)) + [UInt8](repeating: 0, count: 32) + le(Int32(rings.count))
        content += le(Int32(rings.reduce(0) { $0 + $1.count }))
        var start: Int32 = 0
        for ring in rings {
            content += le(start)
            start += Int32(ring.count)
        }
        for ring in rings { for (x, y) in ring { content += le(x) + le(y) } }
        return content
    }

    /// A `.dbf` of one-character-type fields and rows of raw text.
    static func table(_ fields: [(String, Character, Int, Int)], _ rows: [[String]], driver: UInt8 = 0) -> [UInt8] {
        let recordLength = 1 + fields.reduce(0) { $0 + $1.2 }
        let headerLength = 32 + 32 * fields.count + 1
        var bytes: [UInt8] = [3, 126, 1, 1] + le(Int32(rows.count))
        bytes += [
            UInt8(headerLength & 0xFF), UInt8(headerLength >> 8), UInt8(recordLength & 0xFF), UInt8(recordLength >> 8),
        ]
        bytes += [UInt8](repeating: 0, count: 17) + [driver, 0, 0]
        for (name, type, length, decimals) in fields {
            var descriptor = Array(name.utf8) + [UInt8](repeating: 0, count: 11 - name.utf8.count)
            descriptor +=
                [type.asciiValue!, 0, 0, 0, 0, UInt8(length), UInt8(decimals)] + [UInt8](repeating: 0, count: 14)
            bytes += descriptor
        }
        bytes.append(0x0D)
        for row in rows {
            bytes.append(0x20)
            for ((_, _, length, _), value) in zip(fields, row) {
                var cell = Array(value.utf8)
                cell += [UInt8](repeating: 0x20, count: max(0, length - cell.count))
                bytes += cell.prefix(length)
            }
        }
        return bytes + [0x1A]
    }

    static func write(_ files: [String: [UInt8]], in folder: URL) throws {
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
    }

    @Test func fieldsReadAsTheirTypesAndRingsBecomePolygons() throws {
        try withTemporaryFolder { folder in
            let outer = [(0.0, 0.0), (0.0, 10.0), (10.0, 10.0), (10.0, 0.0), (0.0, 0.0)]  // clockwise: a shell
            let hole = [(2.0, 2.0), (4.0, 2.0), (4.0, 4.0), (2.0, 4.0), (2.0, 2.0)]  // counterclockwise
            let far = [(20.0, 0.0), (20.0, 1.0), (21.0, 1.0), (21.0, 0.0)]  // a shell left open
            let (shp, shx) = Self.shapes(
                5, [Self.polygon([outer, hole]), Self.polygon([hole, far, outer]), Self.le(Int32(0))])
            let dbf = Self.table(
                [("NAME", "C", 10, 0), ("N", "N", 6, 0), ("X", "N", 8, 2), ("OK", "L", 1, 0), ("DAY", "D", 8, 0)],
                [
                    ["Ely", "  42", " 3.25", "T", "20240229"], ["", "", "*****", "?", "        "],
                    ["z", "abc", "1", "n", "00000000"],
                ])
            try Self.write(["p.shp": shp, "p.shx": shx, "p.dbf": dbf], in: folder)
            let reader = try ShapefileReader(path: folder.appendingPathComponent("p.shp").path)
            var features: [Feature] = []
            while let feature = try reader.next() { features.append(feature) }
            #expect(features.count == 3 && reader.layers == ["p"])
            let ring = { (points: [(Double, Double)]) in points.map { Coordinate(latitude: $0.1, longitude: $0.0) } }
            #expect(features[0].geometry == .polygon([ring(outer), ring(hole)]))
            // The hole goes to the shell that holds it; the open ring is closed.
            #expect(features[1].geometry == .multiPolygon([[ring(far + [(20.0, 0.0)])], [ring(outer), ring(hole)]]))
            #expect(features[2].geometry == nil)
            #expect(features[0].properties["NAME"] == .string("Ely") && features[0].properties["N"] == .integer(42))
            #expect(features[0].properties["X"] == .double(3.25) && features[0].properties["OK"] == .bool(true))
            #expect(features[0].properties["DAY"] == .string("2024-02-29"))
            #expect(features[1].properties.keys.allSatisfy { features[1].properties[$0] == .null })
            #expect(features[2].properties["OK"] == .bool(false) && features[2].properties["DAY"] == .null)
            // Letters in a number field: null, and said where.
            #expect(features[2].properties["N"] == .null)
            let codes = reader.diagnostics.map(\.code)
            #expect(codes.contains("shp.value.invalid") && codes.contains("shp.ring.unclosed"), "\(codes)")
            let invalid = reader.diagnostics.first { $0.code == "shp.value.invalid" }
            #expect(invalid?.location.record == 3 && invalid?.location.property == "N")
        }
    }

    /// Records that lie about their counts and lengths are read as null,
    /// said where, and never read past.
    @Test func recordsThatLieAreRefusedOneByOne() throws {
        try withTemporaryFolder { folder in
            var manyParts = Self.polygon([[(0, 0), (0, 1), (1, 1), (0, 0)]])
            manyParts.replaceSubrange(36..<40, with: Self.le(Int32.max))
            var manyPoints = Self.polygon([[(0, 0), (0, 1), (1, 1), (0, 0)]])
            manyPoints.replaceSubrange(40..<44, with: Self.le(Int32(1_000_000)))
            var backwards = Self.polygon([[(0, 0), (0, 1), (1, 1), (0, 0)], [(0, 0), (0, 1), (1, 1), (0, 0)]])
            backwards.replaceSubrange(48..<52, with: Self.le(Int32(-3)))
            let unknown = Self.le(Int32(77)) + [UInt8](repeating: 0, count: 16)
            let good = Self.polygon([[(0, 0), (0, 1), (1, 1), (0, 0)]])
            let (shp, shx) = Self.shapes(5, [manyParts, manyPoints, backwards, unknown, Array(good.prefix(30)), good])
            try Self.write(["bad.shp": shp, "bad.shx": shx], in: folder)
            let reader = try ShapefileReader(path: folder.appendingPathComponent("bad.shp").path)
            var geometries: [Geometry?] = []
            while let feature = try reader.next() { geometries.append(feature.geometry) }
            #expect(geometries.count == 6 && geometries.prefix(5).allSatisfy { $0 == nil } && geometries[5] != nil)
            let codes = reader.diagnostics.map(\.code)
            #expect(codes.filter { $0 == "shp.record.count" }.count == 3, "\(codes)")
            #expect(codes.contains("shp.shape.unknown") && codes.contains("shp.record.truncated"))
            #expect(codes.contains("shp.dbf.missing"))
        }
    }

    /// Without its .shx, a .shp is read in order; a .dbf that counts more
    /// records than it holds, or more than there are shapes, is said so.
    @Test func aMissingIndexAndCountsThatDisagree() throws {
        try withTemporaryFolder { folder in
            let point = Self.le(Int32(1)) + Self.le(1.5) + Self.le(2.5)
            let (shp, _) = Self.shapes(1, [point, point, point])
            var dbf = Self.table([("A", "N", 4, 0)], [["1"], ["2"]])
            dbf.replaceSubrange(4..<8, with: Self.le(Int32(5)))
            try Self.write(["pts.shp": shp, "pts.dbf": dbf], in: folder)
            let reader = try ShapefileReader(path: folder.appendingPathComponent("pts.shp").path)
            var features: [Feature] = []
            while let feature = try reader.next() { features.append(feature) }
            #expect(features.count == 2 && features[1].properties["A"] == .integer(2))
            #expect(features[0].geometry == .point(Coordinate(latitude: 2.5, longitude: 1.5)))
            let codes = Set(reader.diagnostics.map(\.code))
            #expect(codes.isSuperset(of: ["shp.index.missing", "shp.dbf.truncated", "shp.count.mismatch"]), "\(codes)")
        }
    }

    @Test func aMultipatchOrAnotherFileIsRefused() throws {
        try withTemporaryFolder { folder in
            let (shp, shx) = Self.shapes(31, [])
            try Self.write(
                [
                    "m.shp": shp, "m.shx": shx,
                    "n.shp": Array("not a shapefile at all, no".utf8) + [UInt8](repeating: 0, count: 100),
                ], in: folder)
            for (file, code) in [
                ("m.shp", "shp.shape.multipatch"), ("n.shp", "shp.header.invalid"), ("o.shp", "shp.file.missing"),
            ] {
                let result = Result { () throws(DiagnosticError) in
                    try ShapefileReader(path: folder.appendingPathComponent(file).path)
                }
                guard case .failure(let error) = result else {
                    Issue.record("\(file) was read")
                    continue
                }
                #expect(error.diagnostic.code == code)
            }
        }
    }

    /// Code pages as .cpg files and language drivers name them.
    @Test func encodingNames() throws {
        for (cpg, name) in [
            ("UTF-8", "UTF-8"), ("65001", "UTF-8"), ("1252", "CP1252"), ("ANSI 1251", "CP1251"),
            ("88591", "ISO-8859-1"), ("ISO-8859-15", "ISO-8859-15"), ("SJIS", "CP932"), ("936", "GBK"),
            ("437", "CP437"),
        ] {
            #expect(TextEncoding.name(ofCodePage: cpg) == name, "\(cpg)")
            #expect(TextEncoding(name) != nil, "iconv does not know \(name)")
        }
        #expect(
            TextEncoding.name(ofLanguageDriver: 0x57) == "CP1252"
                && TextEncoding.name(ofLanguageDriver: 0xC9) == "CP1251")
        #expect(TextEncoding.name(ofLanguageDriver: 0) == nil)
        let cp1251 = try #require(TextEncoding("CP1251"))
        let moscow: [UInt8] = [0xCC, 0xEE, 0xF1, 0xEA, 0xE2, 0xE0]
        #expect(moscow.withUnsafeBufferPointer { cp1251.decode($0) } == "Москва")
        let utf8 = try #require(TextEncoding("UTF-8"))
        #expect(moscow.withUnsafeBufferPointer { utf8.decode($0) } == nil)
    }
}

/// WGS 84 as ArcGIS and GDAL write it needs no PROJ; anything more does.
@Test func aPrjOfWGS84IsKnownWithoutPROJ() {
    let esri =
        #"GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]"#
    #expect(ShapefileReader.isWGS84(esri))
    #expect(
        ShapefileReader.isWGS84(
            #"GEOGCS["WGS 84", DATUM["D_WGS_1984", SPHEROID["WGS_1984",6378137,298.257223563, AUTHORITY["EPSG","7030"]]], PRIMEM["Greenwich",0], UNIT["degree",0.0174532925199433], AUTHORITY["EPSG","4326"]]"#
        ))
    #expect(!ShapefileReader.isWGS84(esri.replacingOccurrences(of: "]]", with: "],TOWGS84[1,2,3]]")))
    #expect(!ShapefileReader.isWGS84(#"PROJCS["x",\#(esri),PROJECTION["Mercator"]]"#))
    #expect(!ShapefileReader.isWGS84(esri.dropLast() + #",AXIS["Lat",NORTH],AXIS["Lon",EAST]]"#))
    #expect(!ShapefileReader.isWGS84(esri.replacingOccurrences(of: "6378137.0", with: "6378388.0")))
}
