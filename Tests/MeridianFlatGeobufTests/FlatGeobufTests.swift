import Foundation
import MeridianCore
import MeridianIO
import MeridianTestSupport
import Testing

@testable import MeridianFlatGeobuf

/// The reader and writer on their own: a round trip of every geometry
/// and value type, the index against a scan, and files that lie.
struct FlatGeobufTests {
    /// A generator with a fixed seed, so that a failure can be replayed.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 29)
        }
    }

    static func write(_ features: [Feature], to path: String) throws {
        let destination = try OutputDestination(path: path)
        let writer = try FlatGeobufWriter(destination: destination, system: nil)
        for feature in features { try writer.write(feature, collection: FeatureCollection(), layer: nil) }
        try writer.complete(collection: FeatureCollection())
        try destination.commit()
    }

    static func read(_ path: String, within box: BoundingBox? = nil) throws -> [Feature] {
        let reader = try FlatGeobufReader(path: path, within: box)
        var features: [Feature] = []
        while let feature = try reader.next() { features.append(feature) }
        return features
    }

    /// Squares and points scattered over the world, each numbered.
    static func scattered(_ count: Int) -> [Feature] {
        var random = Seeded(state: 42)
        return (0..<count).map { number in
            let x = Double.random(in: -179...178, using: &random)
            let y = Double.random(in: -89...88, using: &random)
            let size = Double.random(in: 0...1, using: &random)
            let geometry: Geometry =
                number % 3 == 0
                ? .point(Coordinate(latitude: y, longitude: x))
                : .polygon([
                    [
                        Coordinate(latitude: y, longitude: x), Coordinate(latitude: y, longitude: x + size),
                        Coordinate(latitude: y + size, longitude: x + size), Coordinate(latitude: y, longitude: x),
                    ]
                ])
            return Feature(geometry: geometry, properties: JSONObject([("number", .integer(Int64(number)))]))
        }
    }

    @Test func everyGeometryAndValueTypeRoundTrips() throws {
        func c(_ x: Double, _ y: Double, _ z: Double? = nil) -> Coordinate {
            Coordinate(latitude: y, longitude: x, altitude: z)
        }
        let square = [c(0, 0), c(1, 0), c(1, 1), c(0, 0)]
        let hole = [c(0.2, 0.2), c(0.4, 0.2), c(0.4, 0.4), c(0.2, 0.2)]
        let geometries: [Geometry] = [
            .point(c(1, 2)), .multiPoint([c(1, 2), c(3, 4)]), .lineString([c(0, 0), c(5, 5)]),
            .multiLineString([[c(0, 0), c(1, 1)], [c(2, 2), c(3, 3), c(4, 4)]]), .polygon([square, hole]),
            .multiPolygon([[square], [square.map { c($0.longitude + 2, $0.latitude) }, hole]]),
            .geometryCollection([.point(c(9, 9)), .multiPolygon([[square]])]),
        ]
        let values: [JSONValue] = [
            .bool(true), .integer(-5), .integer(1 << 40), .double(0.1), .string("Zürich \u{1F30D}"),
            .array([1, "two"]), .object(JSONObject([("k", .null)])),
        ]
        var features: [Feature] = []
        for (number, geometry) in geometries.enumerated() {
            var feature = Feature(geometry: geometry)
            feature.properties["number"] = .integer(Int64(number))
            feature.properties["value"] = values[number]
            feature.properties["absent"] = .null
            features.append(feature)
        }
        features.append(Feature(geometry: nil, properties: JSONObject([("number", 99)])))
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("all.fgb").path
            try Self.write(features, to: path)
            let read = try Self.read(path).sorted {
                ($0.properties["number"]?.doubleValue ?? 0) < ($1.properties["number"]?.doubleValue ?? 0)
            }
            #expect(read.count == features.count)
            for (mine, back) in zip(features, read) {
                #expect(back.geometry == mine.geometry)
                #expect(back.properties["absent"] == nil)
            }
            // Mixed values in one column are written as text: JSON text
            // for what is not a string.
            #expect(read[0].properties["value"] == .string("true"))
            #expect(read[4].properties["value"] == .string("Zürich \u{1F30D}"))
            #expect(read[5].properties["value"] == .string(#"[1,"two"]"#))
            #expect(read[7].properties["value"] == nil)
            #expect(read[7].geometry == nil)
        }
    }

    @Test func altitudesAreKeptAndAddedWhereMissing() throws {
        let features = [
            Feature(geometry: .point(Coordinate(latitude: 1, longitude: 2))),
            Feature(geometry: .point(Coordinate(latitude: 3, longitude: 4, altitude: 5))),
        ]
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("z.fgb").path
            try Self.write(features, to: path)
            let altitudes = try Self.read(path).compactMap { feature -> Double? in
                if case .point(let position) = feature.geometry { return position.altitude }
                return nil
            }
            #expect(altitudes.sorted() == [0, 5])
        }
    }

    @Test func theIndexFindsWhatAScanFinds() throws {
        let features = Self.scattered(5_000)
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("scattered.fgb").path
            try Self.write(features, to: path)
            #expect(try FlatGeobufReader(path: path).isIndexed)
            var random = Seeded(state: 7)
            for _ in 0..<50 {
                let west = Double.random(in: -180...170, using: &random)
                let south = Double.random(in: -90...80, using: &random)
                let box = BoundingBox(
                    west: west, south: south, east: west + Double.random(in: 0...40, using: &random),
                    north: south + Double.random(in: 0...20, using: &random))
                let expected = Set(
                    features.filter { feature in
                        let bounds = feature.geometry!.boundingBox!
                        return bounds.west <= box.east && bounds.east >= box.west && bounds.south <= box.north
                            && bounds.north >= box.south
                    }.compactMap { $0.properties["number"] })
                let found = try Self.read(path, within: box).compactMap { $0.properties["number"] }
                #expect(Set(found) == expected)
                #expect(found.count == expected.count)
            }
        }
    }

    // MARK: Files that lie

    /// A small valid file's bytes.
    static func validFile() throws -> [UInt8] {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("valid.fgb").path
            try write(scattered(40), to: path)
            return try Fixtures.bytes(URL(fileURLWithPath: path))
        }
    }

    static func readError(_ bytes: [UInt8]) throws -> DiagnosticError? {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("hostile.fgb").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            do {
                let reader = try FlatGeobufReader(
                    path: path, within: BoundingBox(west: -180, south: -90, east: 180, north: 90))
                while try reader.next() != nil {}
                let sequential = try FlatGeobufReader(path: path)
                while try sequential.next() != nil {}
                return nil
            } catch let error as DiagnosticError {
                return error
            }
        }
    }

    @Test func liesAreLocatedErrors() throws {
        let valid = try Self.validFile()
        #expect(try Self.readError(valid) == nil)
        let headerSize = Int(UInt32(valid[8]) | UInt32(valid[9]) << 8 | UInt32(valid[10]) << 16)
        func with(_ change: (inout [UInt8]) -> Void) -> [UInt8] {
            var bytes = valid
            change(&bytes)
            return bytes
        }
        func set32(_ bytes: inout [UInt8], _ at: Int, _ value: UInt32) {
            for shift in 0..<4 { bytes[at + shift] = UInt8(truncatingIfNeeded: value >> (8 * shift)) }
        }
        let indexSize = PackedRTree.size(items: 40, nodeSize: 16)!
        let firstFeature = 12 + headerSize + indexSize
        let cases: [(String, [UInt8])] = [
            ("fgb.header.invalid", Array(valid.prefix(20))),
            ("fgb.header.invalid", with { set32(&$0, 8, 0xFFFF_FFF0) }),
            ("fgb.header.invalid", with { $0[3] = 9 }),
            // Features but no room for their index.
            ("fgb.index.invalid", Array(valid.prefix(12 + headerSize + 100))),
            // A leaf that points past the features.
            (
                "fgb.index.invalid",
                with { bytes in
                    for leaf in 0..<40 {
                        let at = 12 + headerSize + indexSize - 40 * (leaf + 1) + 32
                        set32(&bytes, at, 0xFFFF_FF00)
                    }
                }
            ),
            ("fgb.feature.truncated", with { set32(&$0, firstFeature, 0x7FFF_FFFF) }),
            ("fgb.feature.truncated", Array(valid.dropLast(3))),
            // The root offset of a feature outside it.
            ("fgb.feature.invalid", with { set32(&$0, firstFeature + 4, 0x00FF_FFFF) }),
        ]
        for (code, bytes) in cases {
            let error = try Self.readError(bytes)
            #expect(error?.diagnostic.code == code, "\(error?.description ?? "no error") for \(code)")
            #expect(error?.diagnostic.location.file != nil)
        }
    }

    /// A pipe is read in order, past the index, one feature at a time.
    @Test func aStreamReadsAsTheFileDoesAndStopsAtALie() throws {
        let valid = try Self.validFile()
        func readStream(_ bytes: [UInt8]) throws -> Result<Int, DiagnosticError> {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            let input = ends[1]
            let writer = Thread {
                bytes.withUnsafeBytes { _ = Glibc.write(input, $0.baseAddress, $0.count) }
                close(input)
            }
            writer.start()
            defer { close(ends[0]) }
            do {
                let reader = try FlatGeobufReader(
                    descriptor: ends[0], prefix: [], seekable: false, name: "<stdin>", within: nil)
                var count = 0
                while try reader.next() != nil { count += 1 }
                return .success(count)
            } catch {
                return .failure(error)
            }
        }
        #expect(try readStream(valid).get() == 40)
        if case .failure(let error) = try readStream(Array(valid.dropLast(3))) {
            #expect(error.diagnostic.code == "fgb.feature.truncated")
        } else {
            Issue.record("a truncated stream was read")
        }
        var lying = valid
        lying[8] = 0xFF
        lying[9] = 0xFF
        lying[10] = 0xFF
        if case .failure(let error) = try readStream(lying) {
            #expect(error.diagnostic.code == "fgb.header.invalid")
        } else {
            Issue.record("a header that lies was read")
        }
    }

    @Test func moreColumnsThanTheFormatNumbersAreRefused() throws {
        var properties = JSONObject()
        for number in 0..<70_000 { properties.appendUnchecked(key: "p\(number)", value: .integer(1)) }
        try withTemporaryFolder { folder in
            #expect(throws: DiagnosticError.self) {
                try Self.write(
                    [Feature(geometry: .point(Coordinate(latitude: 0, longitude: 0)), properties: properties)],
                    to: folder.appendingPathComponent("wide.fgb").path)
            }
        }
    }

    @Test func aCollectionNestedTooDeeplyIsRefused() throws {
        var geometry = Geometry.point(Coordinate(latitude: 0, longitude: 0))
        for _ in 0..<40 { geometry = .geometryCollection([geometry]) }
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("deep.fgb").path
            try Self.write([Feature(geometry: geometry)], to: path)
            #expect(throws: DiagnosticError.self) { try Self.read(path) }
        }
    }
}
