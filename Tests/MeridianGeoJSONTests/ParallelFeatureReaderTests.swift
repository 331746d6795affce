import Foundation
import MeridianCore
import MeridianIO
import MeridianTestSupport
import Testing

@testable import MeridianGeoJSON

/// `nextBatch(using:)` decodes runs of a large input on other threads,
/// starting each run of a collection at a guessed feature boundary. These
/// inputs are built so that guesses go wrong (`},{` inside strings and in
/// properties), and the result must still be exactly what `next()` reads.
@Suite struct ParallelFeatureReaderTests {
    func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = NSTemporaryDirectory() + "meridian-parallel-\(UUID().uuidString).geojson"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func reader(_ path: String, chunk: Int = 256, skipping: Bool = false) throws -> GeoJSONFeatureReader {
        let reader = GeoJSONFeatureReader(
            source: try ByteSource(path: path, chunkSize: chunk), options: JSONReadingOptions(fileName: path))
        reader.skipsBadRecords = skipping
        return reader
    }

    /// Features whose text holds the pattern the runs are cut at, in
    /// strings, in arrays of objects and in nested objects.
    func trickyFeatures(_ count: Int) -> [Feature] {
        (0..<count).map { index in
            var feature = Feature(
                id: .integer(Int64(index)),
                geometry: .point(Coordinate(latitude: Double(index) / 7, longitude: -Double(index) * 1.25)))
            feature.properties["label"] = .string("a },{ b }, { c \\ \" \(index)")
            if index % 3 == 0 {
                feature.properties["parts"] = .array([
                    .object(JSONObject([("a", .integer(1))])), .object(JSONObject([("b", .string("},{"))])),
                ])
            }
            if index % 5 == 0 { feature.properties["nested"] = .object(JSONObject([("x", .object(JSONObject()))])) }
            if index % 7 == 0 {
                // Objects that look like features, in a property.
                let lookalike = JSONValue.object(JSONObject([("type", .string("Feature")), ("n", .integer(1))]))
                feature.properties["history"] = .array([lookalike, lookalike, lookalike])
            }
            return feature
        }
    }

    func sequential(_ path: String, skipping: Bool = false) throws -> (GeoJSONFeatureReader, [Feature]) {
        let reader = try reader(path, skipping: skipping)
        var features: [Feature] = []
        while let feature = try reader.next() { features.append(feature) }
        return (reader, features)
    }

    /// The reader, the features and how many batches they came in.
    func parallel(_ path: String, threads: Int, runSize: Int, skipping: Bool = false) throws -> (
        GeoJSONFeatureReader, [Feature], batches: Int
    ) {
        let reader = try reader(path, skipping: skipping)
        let decoder = FeatureBatchDecoder(threads: threads, runSize: runSize) { $0 }
        var features: [Feature] = []
        var batches = 0
        while let batch = try reader.nextBatch(using: decoder) {
            features += batch
            batches += 1
        }
        return (reader, features, batches)
    }

    @Test(arguments: [(1, 1), (2, 40), (2, 333), (3, 2048)])
    func collectionRunsGiveWhatOneThreadReads(threads: Int, runSize: Int) throws {
        var collection = FeatureCollection(features: trickyFeatures(300))
        collection.foreignMembers["after"] = .array([.object(JSONObject()), .object(JSONObject())])
        for pretty in [false, true] {
            let path = try temporaryFile(GeoJSONWriter(options: .init(pretty: pretty)).encode(collection))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let (one, expected) = try sequential(path)
            let (many, features, _) = try parallel(path, threads: threads, runSize: runSize)
            #expect(expected == collection.features)
            #expect(features == expected)
            #expect(many.featureCount == one.featureCount)
            #expect(many.collection == one.collection)
            #expect(many.layout == .featureCollection)
        }
    }

    /// A document small enough to parse whole is parsed on the caller's
    /// thread, and its features processed on every thread, in order.
    @Test func aDocumentParsedWholeIsProcessedInParts() throws {
        let collection = FeatureCollection(features: trickyFeatures(300))
        let path = try temporaryFile(GeoJSONWriter().encode(collection))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try GeoJSONFeatureReader(path: path)
        let decoder = FeatureBatchDecoder(threads: 2) { $0 }
        var batches: [[Feature]] = []
        while let batch = try reader.nextBatch(using: decoder) { batches.append(batch) }
        #expect(batches.count == 4)
        #expect(batches.flatMap { $0 } == collection.features)
        #expect(reader.featureCount == 300)
    }

    /// Plain features come in runs of many, not one at a time.
    @Test func runsHoldManyFeatures() throws {
        let features = (0..<500).map { index in
            var feature = Feature(id: .integer(Int64(index)), geometry: .point(Coordinate(latitude: 1, longitude: 2)))
            feature.properties["name"] = .string("place \(index)")
            return feature
        }
        let path = try temporaryFile(GeoJSONWriter().encode(FeatureCollection(features: features)))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (_, read, batches) = try parallel(path, threads: 2, runSize: 2000)
        #expect(read == features)
        #expect(batches < 50)
    }

    @Test(arguments: GeoJSONWriter.RecordFraming.allCases)
    func recordRunsGiveWhatOneThreadReads(framing: GeoJSONWriter.RecordFraming) throws {
        let features = trickyFeatures(400)
        let path = try temporaryFile(GeoJSONWriter().encodeRecords(features, as: framing))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for runSize in [1, 100, 5000] {
            let (reader, read, batches) = try parallel(path, threads: 2, runSize: runSize)
            if runSize == 5000 { #expect(batches < features.count / 10) }
            #expect(read == features)
            #expect(reader.featureCount == features.count)
        }
    }

    /// A broken feature deep in a collection: the same error, at the same
    /// line, column and JSON pointer, as reading one feature at a time.
    @Test func anErrorIsTheOneOneThreadReports() throws {
        var text = GeoJSONWriter(options: .init(pretty: true)).encode(FeatureCollection(features: trickyFeatures(200)))
        let marker = Array("\"id\": 150".utf8)
        let at = try #require(text.indices.first { text[$0...].starts(with: marker) })
        text.replaceSubrange(at..<at + marker.count, with: Array("\"id\": 15,0".utf8))
        let path = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let expected = #expect(throws: DiagnosticError.self) { try sequential(path) }
        let found = #expect(throws: DiagnosticError.self) { try parallel(path, threads: 2, runSize: 100) }
        #expect(found?.diagnostic == expected?.diagnostic)
        #expect(expected?.diagnostic.location.jsonPointer?.hasPrefix("/features/150") == true)
    }

    /// Bad records of NDJSON are skipped (or stop the read) as on one thread,
    /// with the same record numbers.
    @Test func badRecordsAreSkippedOrReportedAlike() throws {
        var lines = trickyFeatures(120).map { GeoJSONWriter().encodeRecord($0, as: .ndjson) }
        lines[37] = Array("{\"type\": \"Feature\", oops}\n".utf8)
        lines[90] = Array("\n\n".utf8)
        let path = try temporaryFile(Array(lines.joined()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (one, expected) = try sequential(path, skipping: true)
        let (many, features, _) = try parallel(path, threads: 2, runSize: 64, skipping: true)
        #expect(features == expected)
        #expect(features.count == 118)
        #expect(many.skippedRecords == one.skippedRecords)
        let stopped = #expect(throws: DiagnosticError.self) { try parallel(path, threads: 2, runSize: 64) }
        #expect(stopped?.diagnostic.location.record == 38)
        #expect(stopped?.diagnostic.location.line == 38)
    }
}

/// A document decoded from its file, streamed, is the document decoded
/// from its bytes.
@Suite struct DocumentFromFileTests {
    @Test func everyLayoutDecodesAsFromBytes() throws {
        var collection = FeatureCollection(features: ParallelFeatureReaderTests().trickyFeatures(25_000))
        collection.foreignMembers["name"] = "many"
        collection.bbox = [0, 0, 1, 1]
        let documents: [[UInt8]] = [
            GeoJSONWriter().encode(collection),  // past the whole-document limit: streamed in runs
            Array(
                #"{"type":"Feature","id":7,"properties":{"a":1},"geometry":{"type":"Point","coordinates":[1,2]}}"#.utf8),
            Array(#"{"type":"LineString","coordinates":[[1,2],[3,4]],"title":"x"}"#.utf8),
        ]
        #expect(documents[0].count > 4 << 20)
        for bytes in documents {
            let path = try ParallelFeatureReaderTests().temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let expected = try GeoJSONDocument(decoding: bytes)
            #expect(try GeoJSONDocument(contentsOfFile: path) == expected)
        }
        let lines = GeoJSONWriter().encodeRecords(collection.features.prefix(20), as: .ndjson)
        let path = try ParallelFeatureReaderTests().temporaryFile(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(
            try GeoJSONDocument(contentsOfFile: path).featureCollection.features
                == Array(collection.features.prefix(20)))
        let broken = try ParallelFeatureReaderTests().temporaryFile(
            Array("{\"type\":\"Feature\",\n\"geometry\":}".utf8))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        let error = #expect(throws: DiagnosticError.self) { try GeoJSONDocument(contentsOfFile: broken) }
        #expect(error?.diagnostic.location.line == 2)
    }
}

/// A FeatureCollection of over 192 KiB decoded from bytes in memory is
/// decoded on every core, straight from the caller's bytes: the document is
/// the one a single thread decodes, and an error is the one it reports.
@Suite struct DocumentOnEveryCoreTests {
    /// An encoded object without its closing brace (and the newline after).
    func withoutClosingBrace(_ bytes: [UInt8]) -> [UInt8] {
        Array(bytes[..<bytes.lastIndex(of: UInt8(ascii: "}"))!])
    }

    func decodeBothWays(_ bytes: [UInt8]) throws -> (every: GeoJSONDocument?, one: GeoJSONDocument) {
        let every = bytes.withUnsafeBufferPointer {
            GeoJSONDocument.decodeOnEveryCore($0, options: JSONReadingOptions(), threads: 2)
        }
        let one = try bytes.withUnsafeBufferPointer {
            try GeoJSONDocument.decode($0, options: JSONReadingOptions()).get()
        }
        return (every, one)
    }

    @Test func aCollectionWithMembersAroundItsFeaturesDecodesAsOnOneThread() throws {
        var collection = FeatureCollection(features: ParallelFeatureReaderTests().trickyFeatures(3_000))
        collection.foreignMembers["name"] = "many"
        collection.bbox = [0, 0, 1, 1]
        var bytes = withoutClosingBrace(GeoJSONWriter().encode(collection))
        #expect(bytes.count > GeoJSONFeatureReader.streamingSize)
        // A member after the features, as a collection may have one.
        bytes += Array(#","after":{"features":[1]}}"#.utf8)
        let (every, one) = try decodeBothWays(bytes)
        #expect(try #require(every) == one)
        guard case .featureCollection(let decoded) = one else {
            Issue.record("not a collection")
            return
        }
        #expect(decoded.foreignMembers["after"] != nil)
    }

    @Test(
        .requires(fixture: "geojson/real"),
        arguments: ["ne_50m_populated_places.json", "ne_110m_admin_0_countries.json", "countries.geo.json"])
    func realCollectionsDecodeAsOnOneThread(name: String) throws {
        let (every, one) = try decodeBothWays(try Fixtures.bytes(Fixtures.url("geojson/real/" + name)))
        #expect(try #require(every) == one)
    }

    @Test func otherDocumentsAndErrorsAreLeftToOneThread() throws {
        // Not a collection first: a Feature, and a collection whose type
        // comes after its features.
        let collection = FeatureCollection(features: ParallelFeatureReaderTests().trickyFeatures(3_000))
        let features = withoutClosingBrace(GeoJSONWriter().encode(collection))
            .dropFirst(#"{"type":"FeatureCollection","#.count)
        let typeLast = Array("{".utf8) + features + Array(#","type":"FeatureCollection"}"#.utf8)
        #expect(try decodeBothWays(typeLast).every == nil)
        // A broken feature deep in it: the whole document is decoded on one
        // thread, which reports the error located as always.
        var broken = GeoJSONWriter().encode(collection)
        let marker = Array(#""id":2500"#.utf8)
        let at = try #require(broken.indices.first { broken[$0...].starts(with: marker) })
        broken.replaceSubrange(at..<at + marker.count, with: Array(#""id":25,00"#.utf8))
        #expect(
            broken.withUnsafeBufferPointer {
                GeoJSONDocument.decodeOnEveryCore($0, options: JSONReadingOptions(), threads: 2)
            } == nil)
        let error = #expect(throws: DiagnosticError.self) { try GeoJSONDocument(decoding: broken) }
        #expect(error?.diagnostic.location.jsonPointer?.hasPrefix("/features/2500") == true)
    }
}
