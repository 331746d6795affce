import Foundation
import MeridianCore
import MeridianIO
import MeridianTestSupport
import Testing

@testable import MeridianGeoJSON

/// A coordinates array of over 64 KiB (a country's rings) is read on every
/// core: the rest of it after the first 64 KiB is cut at element
/// boundaries and read in runs. The geometry, and any error, must be what
/// one thread reads.
@Suite struct ParallelCoordinatesTests {
    /// `count` rings of `size` positions each, with 17-digit numbers as
    /// real exports write them.
    func rings(_ count: Int, _ size: Int, seed: Double = 0) -> [[Coordinate]] {
        (0..<count).map { ring in
            (0..<size).map { index in
                let angle = Double(index) / Double(size) * 6.283185307179586
                return Coordinate(
                    latitude: 45 + Double(ring) * 0.01 + 0.1234567890123 * sin(angle + seed),
                    longitude: -70 + 0.9876543210987 * cos(angle))
            }
        }
    }

    func decodeBothWays(_ bytes: [UInt8]) throws -> (every: GeoJSONDocument, one: GeoJSONDocument) {
        try bytes.withUnsafeBufferPointer { buffer in
            (
                try GeoJSONDocument.decode(buffer, options: JSONReadingOptions(), coordinateThreads: 2).get(),
                try GeoJSONDocument.decode(buffer, options: JSONReadingOptions(), coordinateThreads: 1).get()
            )
        }
    }

    @Test(arguments: [false, true])
    func polygonsMultiPolygonsAndLinesReadAsOnOneThread(pretty: Bool) throws {
        let writer = GeoJSONWriter(options: .init(pretty: pretty))
        let geometries: [Geometry] = [
            .polygon(rings(300, 40)),
            .multiPolygon((0..<40).map { rings(6, 50, seed: Double($0)) }),
            .multiLineString(rings(250, 60)),
        ]
        for geometry in geometries {
            let bytes = writer.encode(FeatureCollection(features: [Feature(geometry: geometry)]))
            #expect(bytes.count > 2 * GeoJSONParser.everyCoreAfter)
            let (every, one) = try decodeBothWays(bytes)
            #expect(every == one)
        }
    }

    @Test func anErrorDeepInTheRestIsTheOneOneThreadReports() throws {
        var text = GeoJSONWriter().encode(Feature(geometry: .polygon(rings(300, 40))))
        // A string where a number of a late ring belongs.
        let at = text.count * 9 / 10
        let comma = try #require(text[at...].firstIndex(of: UInt8(ascii: ",")))
        text.insert(contentsOf: Array(#""x","#.utf8), at: comma + 1)
        let errors = text.withUnsafeBufferPointer { buffer in
            [2, 1].map {
                GeoJSONDocument.decode(buffer, options: JSONReadingOptions(), coordinateThreads: $0)
            }
        }
        guard case .failure(let every) = errors[0], case .failure(let one) = errors[1] else {
            Issue.record("a string in coordinates was accepted")
            return
        }
        #expect(every.diagnostic == one.diagnostic)
        #expect(one.diagnostic.code.hasPrefix("geojson.position."))
    }

    /// The runs themselves, not the fallback to one thread: the rest of a
    /// polygon's rings after its first, read on every core.
    @Test(arguments: [false, true])
    func theRestIsReadInRuns(pretty: Bool) throws {
        let polygon = rings(300, 40)
        var text = GeoJSONWriter(options: .init(pretty: pretty)).encode(Feature(geometry: .polygon(polygon)))
        let key = Array(#""coordinates""#.utf8)
        let at = try #require(text.indices.first { text[$0...].starts(with: key) })
        text = Array(text[(at + key.count)...].drop { $0 != UInt8(ascii: "[") })
        try text.withUnsafeBufferPointer { buffer in
            var parser = GeoJSONParser(JSONReader(buffer), carried: ParserCarryOver(coordinateThreads: 2))
            #expect(try parser.reader.beginArray())
            let first = try parser.readCoordinateArray()
            let read = parser.readRestOnEveryCore()
            let (rest, end) = try #require(read)
            #expect(buffer[end] == UInt8(ascii: "]"))
            guard case .positions(let positions) = first else {
                Issue.record("not a ring")
                return
            }
            let decoded =
                [positions]
                + rest.map { node -> [Coordinate] in
                    if case .positions(let positions) = node { return positions }
                    return []
                }
            #expect(decoded == polygon)
        }
    }

    /// A reader's features read on its own thread follow the thread count
    /// it is given, and its batches their decoder's: one keeps a large
    /// geometry's coordinates on one thread.
    @Test func theThreadsFollowTheReadersDecoder() throws {
        let bytes = GeoJSONWriter().encode(FeatureCollection(features: [Feature(geometry: .polygon(rings(300, 40)))]))
        let path = try ParallelFeatureReaderTests().temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try GeoJSONFeatureReader(path: path)
        reader.threads = 0
        #expect(reader.threads == 1)
        reader.threads = 2
        var features: [Feature] = []
        while let batch = try reader.nextBatch(using: FeatureBatchDecoder(threads: 1) { $0 }) { features += batch }
        #expect(reader.threads == 1)
        #expect(features == (try GeoJSONDocument(decoding: bytes)).featureCollection.features)
    }

    @Test func theClosingBracketIsFoundEightBytesAtATimeAndInTheTail() {
        for text in ["[[1,2],[3,4]]]", "1]", "[[[[[[[[]]]]]]]]]  ", "[1,[2,[3]]],[4]]x", "[1,2]"] {
            let bytes = Array(text.utf8)
            var depth = 1
            let expected = bytes.indices.first { index in
                if bytes[index] == UInt8(ascii: "[") { depth += 1 }
                if bytes[index] == UInt8(ascii: "]") { depth -= 1 }
                return depth == 0
            }
            #expect(
                bytes.withUnsafeBufferPointer { GeoJSONParser.closingBracket(in: $0, from: 0) } == expected, "\(text)")
        }
    }

    @Test(.requires(fixture: "geojson/real/canada.json"))
    func canadaReadsAsOnOneThread() throws {
        let (every, one) = try decodeBothWays(try Fixtures.bytes(Fixtures.url("geojson/real/canada.json")))
        #expect(every == one)
    }
}
