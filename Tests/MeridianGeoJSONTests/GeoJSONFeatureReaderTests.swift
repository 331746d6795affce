import Foundation
import MeridianCore
import Testing

@testable import MeridianGeoJSON

@Suite struct GeoJSONFeatureReaderTests {
    func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "meridian-reader-\(UUID().uuidString).geojson"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func readAll(_ path: String, chunk: Int? = nil) throws -> (GeoJSONFeatureReader, [Feature]) {
        let reader: GeoJSONFeatureReader
        if let chunk {
            reader = GeoJSONFeatureReader(
                source: try ByteSource(path: path, chunkSize: chunk), options: JSONReadingOptions(fileName: path))
        } else {
            reader = try GeoJSONFeatureReader(path: path)
        }
        var features: [Feature] = []
        while let feature = try reader.next() { features.append(feature) }
        return (reader, features)
    }

    func sampleCollection(_ count: Int) -> FeatureCollection {
        FeatureCollection(
            features: (0..<count).map { index in
                var feature = Feature(
                    id: .integer(Int64(index)),
                    geometry: .lineString([
                        Coordinate(latitude: Double(index) / 7, longitude: 1),
                        Coordinate(latitude: 2, longitude: Double(index) * 1.5),
                    ]))
                feature.properties["name"] = .string("feature \(index) with \"quotes\" and ] brackets }")
                return feature
            }, bbox: [0, 0, 1, 1], foreignMembers: JSONObject([("name", "sample")]))
    }

    @Test func largeCollectionStreamsInSmallChunks() throws {
        let collection = sampleCollection(2_000)
        let path = try temporaryFile(GeoJSONWriter(options: .init(pretty: true)).encode(collection))
        defer { try? FileManager.default.removeItem(atPath: path) }
        // A tiny chunk and a whole-document limit below the file size force
        // the member-by-member path.
        let (reader, features) = try readAll(path, chunk: 4096)
        #expect(features == collection.features)
        #expect(reader.layout == .featureCollection)
        #expect(reader.collection.foreignMembers["name"] == "sample")
    }

    @Test func sequencesAndLinesAreDetected() throws {
        let collection = sampleCollection(50)
        for framing in GeoJSONWriter.RecordFraming.allCases {
            let bytes = collection.features.flatMap { GeoJSONWriter().encodeRecord($0, as: framing) }
            let path = try temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (reader, features) = try readAll(path, chunk: 1000)
            #expect(features == collection.features)
            #expect(reader.layout == (framing == .geoJSONSeq ? .geoJSONSeq : .ndjson))
        }
    }

    @Test func errorInAStreamedFeatureHasItsFileLineAndPointer() throws {
        var text = String(
            decoding: GeoJSONWriter(options: .init(pretty: true)).encode(sampleCollection(300)), as: UTF8.self)
        let target = #""name": "feature 250 with"#
        let range = try #require(text.range(of: target))
        text.replaceSubrange(range, with: #""name": tru"#)
        let line = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
        let path = try temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try readAll(path, chunk: 2048)
            Issue.record("accepted a broken feature")
        } catch let error as DiagnosticError {
            #expect(error.diagnostic.location.line == line)
            #expect(error.diagnostic.location.jsonPointer == "/features/250/properties/name")
            #expect(error.diagnostic.location.file == path)
        }
    }

    @Test func singleFeatureAndBareGeometryAreOneFeature() throws {
        let path = try temporaryFile(Array(#"{"type":"Point","coordinates":[1,2]}"#.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (reader, features) = try readAll(path)
        #expect(features.count == 1 && reader.layout == .geometry)
    }

    @Test func emptyInputIsAnError() throws {
        let path = try temporaryFile([0x20, 0x0A])
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: DiagnosticError.self) { try readAll(path) }
    }
}
