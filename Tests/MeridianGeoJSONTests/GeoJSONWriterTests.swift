import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianGeoJSON

@Suite struct GeoJSONWriterTests {
    /// A geometry large enough to be written on every core gives the bytes
    /// one thread writes, compact, pretty and at a fixed precision.
    @Test(arguments: [GeoJSONWriter.Options(), .init(pretty: true), .init(precision: 3)])
    func aLargeGeometryWrittenOnEveryCoreIsTheSameText(options: GeoJSONWriter.Options) {
        let rings = (0..<40).map { ring in
            (0..<1_000).map { Coordinate(latitude: Double(ring) + Double($0) / 997, longitude: Double($0) / 1_009) }
        }
        let writer = GeoJSONWriter(options: options)
        for geometry in [Geometry.polygon(rings), .multiLineString(rings), .multiPolygon([rings, rings])] {
            #expect(geometry.coordinateCount >= GeoJSONWriter.parallelPositions)
            var many = JSONOutput(indentWidth: options.pretty ? 2 : 0, precision: options.precision)
            writer.writeCoordinates(of: geometry, into: &many)
            var one = JSONOutput(indentWidth: options.pretty ? 2 : 0, precision: options.precision)
            switch geometry {
            case .polygon(let lines), .multiLineString(let lines): writer.writeLines(lines, into: &one)
            case .multiPolygon(let polygons):
                writer.writeList(polygons, into: &one) { polygon, output in writer.writeLines(polygon, into: &output) }
            default: break
            }
            #expect(many.bytes == one.bytes)
        }
    }

    /// Properties that share their keys (one array, as the decoder gives
    /// features of one shape) are written from the keys' encoding kept
    /// from the previous feature; keys that need escaping, other shapes in
    /// between, a feature changed after decoding and pretty output all
    /// give the text each object alone gives.
    @Test func sharedPropertyKeysAreWrittenAsEachObjectAlone() throws {
        let keys = ["na\"me", "tab\tkey", "é🙂", "n", "\u{1}"]
        func shared(_ tag: Int) -> JSONObject {
            let values: [JSONValue] = [
                .string("a\(tag)"), .integer(Int64(tag)),
                .array([.integer(1), .object(JSONObject([("x", .null)]))]),
                .object(JSONObject([("deep", .bool(true))])), .null,
            ]
            let writer = PackedJSONValues.Writer()
            for value in values { writer.append(value) }
            return JSONObject(distinctKeys: keys, packed: writer.packed)
        }
        var objects = [
            shared(0), shared(1), JSONObject([("other", .double(2.5)), ("keys", .string("here"))]), shared(2),
            shared(3), JSONObject([("one", .integer(1))]), JSONObject(),
        ]
        objects.append(shared(4))
        objects[4]["n"] = .string("changed")
        for pretty in [false, true] {
            var alone = JSONOutput(indentWidth: pretty ? 2 : 0)
            var together = alone
            for object in objects {
                alone.writeObject(object)
                together.writeProperties(object)
            }
            #expect(String(decoding: together.bytes, as: UTF8.self) == String(decoding: alone.bytes, as: UTF8.self))
        }
        // Decoded features of one shape share their keys, and round-trip.
        let feature = #"{"type":"Feature","properties":{"a":1,"b":"two"},"geometry":null}"#
        let text = #"{"type":"FeatureCollection","features":[\#(feature),\#(feature),\#(feature)]}"#
        let collection = try GeoJSONDocument(decoding: Array(text.utf8)).featureCollection
        let storage = collection.features.map { $0.properties.keys.withUnsafeBufferPointer { $0.baseAddress } }
        #expect(storage[1] == storage[2])
        let again = try GeoJSONDocument(decoding: GeoJSONWriter().encode(collection)).featureCollection
        #expect(again == collection)
    }

    static let realFiles = Fixtures.files(in: "geojson/real", extension: "json")
    static let goodHintFiles = Fixtures.files(in: "geojson/geojsonhint/good", extension: "geojson")

    @Test(.requiresFixtures, arguments: realFiles + goodHintFiles)
    func roundTripLosesNothing(_ url: URL) throws {
        let original = try GeoJSONDocument(decoding: try Fixtures.bytes(url))
        for pretty in [false, true] {
            let written = GeoJSONWriter(options: .init(pretty: pretty)).encode(original)
            let again = try GeoJSONDocument(decoding: written)
            #expect(again == original, "\(url.lastPathComponent), pretty: \(pretty)")
        }
    }

    @Test func precisionRoundsAndDropsTrailingZeros() {
        let writer = GeoJSONWriter(options: .init(precision: 3))
        let bytes = writer.encode(
            Geometry.lineString([
                Coordinate(latitude: 2.00049, longitude: -65.61361699999998), Coordinate(latitude: 0, longitude: 1e-9),
            ]))
        #expect(
            String(decoding: bytes, as: UTF8.self) == #"{"type":"LineString","coordinates":[[-65.614,2],[0,0]]}"# + "\n"
        )
    }

    @Test func shortestRoundTripNumbersByDefault() {
        let bytes = GeoJSONWriter().encode(
            Geometry.point(Coordinate(latitude: 0.1, longitude: -65.61361699999998, altitude: 12)))
        #expect(
            String(decoding: bytes, as: UTF8.self) == #"{"type":"Point","coordinates":[-65.61361699999998,0.1,12.0]}"#
                + "\n")
    }

    @Test func stringsAreEscaped() throws {
        var feature = Feature()
        feature.properties["name"] = "a \"quoted\"\n\\ \u{1}"
        let bytes = GeoJSONWriter().encode(feature)
        let back = try GeoJSONDocument(decoding: bytes).featureCollection.features[0]
        #expect(back.properties["name"] == "a \"quoted\"\n\\ \u{1}")
    }

    @Test func rewindingFollowsTheRightHandRule() throws {
        let clockwise: [Coordinate] = [(0, 0), (1, 0), (1, 1), (0, 1), (0, 0)].map {
            Coordinate(latitude: $0.0, longitude: $0.1)
        }
        let geometry = Geometry.polygon([clockwise, clockwise.reversed()])
        #expect(!geometry.followsRightHandRule)
        let written = GeoJSONWriter(options: .init(rewind: true)).encode(geometry)
        guard case .geometry(let back, _) = try GeoJSONDocument(decoding: written) else { return }
        #expect(back.followsRightHandRule)
        guard case .polygon(let rings) = back else { return }
        #expect(Geometry.signedArea(ofRing: rings[0]) > 0 && Geometry.signedArea(ofRing: rings[1]) < 0)
    }

    @Test func lineCrossingTheAntimeridianIsCut() {
        let line = Geometry.lineString([
            Coordinate(latitude: 0, longitude: 170), Coordinate(latitude: 10, longitude: -170),
        ])
        guard case .multiLineString(let parts) = line.cutAtAntimeridian() else {
            Issue.record("not cut")
            return
        }
        #expect(parts.count == 2)
        #expect(parts[0].last == Coordinate(latitude: 5, longitude: 180))
        #expect(parts[1].first == Coordinate(latitude: 5, longitude: -180))
    }

    @Test func polygonCrossingTheAntimeridianIsCutIntoTwo() {
        let ring: [Coordinate] = [(-10, 170), (-10, -170), (10, -170), (10, 170), (-10, 170)].map {
            Coordinate(latitude: $0.0, longitude: $0.1)
        }
        guard case .multiPolygon(let parts) = Geometry.polygon([ring]).cutAtAntimeridian() else {
            Issue.record("not cut")
            return
        }
        #expect(parts.count == 2)
        let west = parts.map { $0[0].map(\.longitude) }
        #expect(west[0].allSatisfy { $0 >= 170 && $0 <= 180 })
        #expect(west[1].allSatisfy { $0 >= -180 && $0 <= -170 })
        #expect(parts.allSatisfy { $0[0].first == $0[0].last })
    }

    /// Longitudes of 1e300 once sent the unwrapping into an endless loop
    /// of 360-degree steps; the cut now ends whatever the values.
    @Test(arguments: [1e300, -1e300, 1e15, 540, .greatestFiniteMagnitude])
    func polygonsAtAbsurdLongitudesAreCutInBoundedTime(_ far: Double) {
        let ring: [Coordinate] = [(-10, 170), (-10, far), (10, -far), (10, 170), (-10, 170)].map {
            Coordinate(latitude: $0.0, longitude: $0.1)
        }
        let cut = Geometry.polygon([ring]).cutAtAntimeridian()
        guard case .multiPolygon(let parts) = cut else {
            #expect(cut == .polygon([ring]))
            return
        }
        #expect(parts.allSatisfy { $0[0].first == $0[0].last })
    }

    @Test func sequenceAndLineRecordsAreFramed() {
        let feature = Feature(id: 1, geometry: .point(Coordinate(latitude: 1, longitude: 2)))
        let seq = GeoJSONWriter().encodeRecord(feature, as: .geoJSONSeq)
        #expect(seq.first == 0x1E && seq.last == 0x0A)
        let line = GeoJSONWriter().encodeRecord(feature, as: .ndjson)
        #expect(!line.dropLast().contains(0x0A) && line.last == 0x0A)
    }
}
