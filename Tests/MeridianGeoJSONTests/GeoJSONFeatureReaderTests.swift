import Foundation
import MeridianCore
import MeridianIO
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

    /// A pretty-printed sample collection of `count` features whose
    /// feature `broken` has a bad name (`tru`), and the line it is on.
    func brokenCollection(_ count: Int, broken: Int) throws -> (text: String, line: Int) {
        var text = String(
            decoding: GeoJSONWriter(options: .init(pretty: true)).encode(sampleCollection(count)), as: UTF8.self)
        let range = try #require(text.range(of: #""name": "feature \#(broken) with"#))
        text.replaceSubrange(range, with: #""name": tru"#)
        return (text, text[..<range.lowerBound].filter { $0 == "\n" }.count + 1)
    }

    @Test func errorInAStreamedFeatureHasItsFileLineAndPointer() throws {
        let (text, line) = try brokenCollection(300, broken: 250)
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

    /// A LineString feature of about `bytes` bytes of text.
    func longLine(_ bytes: Int) -> Feature {
        Feature(
            geometry: .lineString(
                (0..<(bytes / 40)).map { Coordinate(latitude: Double($0) / 1e5, longitude: 1.234567890123) }))
    }

    /// Over 192 KiB: streamed, its features decoded on every core, in runs
    /// of 64 KiB for a file of a few hundred kilobytes (so that each
    /// thread gets several) and of 512 KiB for a larger one.
    @Test(arguments: [5_000, 20_000])
    func aLargeFileIsReadAsAParsedWholeOneIs(count: Int) throws {
        let collection = sampleCollection(count)
        let bytes = GeoJSONWriter().encode(collection)
        #expect(bytes.count > GeoJSONFeatureReader.streamingSize)
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try GeoJSONFeatureReader(path: path)
        let decoder = FeatureBatchDecoder(threads: 2) { $0 }
        var features: [Feature] = []
        while let batch = try reader.nextBatch(using: decoder) { features += batch }
        #expect(features == collection.features)
        #expect(reader.collection.foreignMembers["name"] == "sample")
        #expect(reader.collection.bbox == [0, 0, 1, 1])
    }

    /// Members after the features array of a streamed collection are read
    /// (they used to be refused as a missing `features`); a second
    /// `features` member is refused, since the first one's features have
    /// been handed out.
    @Test func membersAfterAStreamedCollectionsFeaturesAreRead() throws {
        let collection = sampleCollection(5_000)
        var text = GeoJSONWriter().encode(collection)
        text = Array(text[..<text.lastIndex(of: UInt8(ascii: "}"))!])
        let after = text + Array(#","bbox":[0,0,1,1],"crs":{"features":[]}}"#.utf8)
        #expect(after.count > GeoJSONFeatureReader.streamingSize)
        let path = try temporaryFile(after)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (reader, features) = try readAll(path)
        #expect(features == collection.features)
        #expect(reader.collection.bbox == [0, 0, 1, 1])
        #expect(reader.collection.foreignMembers["crs"]?.objectValue?["features"] == .array([]))
        let repeated = try temporaryFile(text + Array(#","features":[]}"#.utf8))
        defer { try? FileManager.default.removeItem(atPath: repeated) }
        let error = #expect(throws: DiagnosticError.self) { try readAll(repeated) }
        #expect(error?.diagnostic.code == "geojson.object.duplicate-key")
    }

    @Test(arguments: [1_000, 1_500_000])
    func membersThatChangeACollectionsMeaningAreRefusedWhateverItsSize(size: Int) throws {
        var text = Array(#"{"type":"FeatureCollection","geometry":null,"features":["#.utf8)
        text += GeoJSONWriter().encode(longLine(size)) + Array("]}".utf8)
        let path = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try readAll(path)
            Issue.record("accepted a FeatureCollection with a geometry")
        } catch let error as DiagnosticError {
            #expect(error.diagnostic.code == "geojson.member.changes-semantics")
        }
    }

    @Test func aFeaturePastTheSizeLimitIsRefusedFromAMappedFile() throws {
        var text = Array(#"{"type":"FeatureCollection","features":["#.utf8)
        text += GeoJSONWriter().encode(longLine(100_000)) + Array(",".utf8)
        text += GeoJSONWriter().encode(longLine(3_000_000)) + Array("]}".utf8)
        let path = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try GeoJSONFeatureReader(
            path: path, options: JSONReadingOptions(fileName: path, maximumValueSize: 1 << 20))
        #expect(try reader.next() != nil)
        #expect(throws: DiagnosticError.self) { _ = try reader.next() }
        let again = try GeoJSONFeatureReader(
            path: path, options: JSONReadingOptions(fileName: path, maximumValueSize: 1 << 20))
        let decoder = FeatureBatchDecoder(threads: 2) { $0.count }
        do {
            while try again.nextBatch(using: decoder) != nil {}
            Issue.record("accepted a feature past the limit")
        } catch {
            #expect(error.diagnostic.code == "geojson.feature.too-large")
        }
    }

    @Test func aFileReadFromADescriptorAfterItsFirstBytesIsReadOn() throws {
        let collection = sampleCollection(300)
        let bytes = GeoJSONWriter().encode(collection)
        let path = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let descriptor = open(path, O_RDONLY)
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 100)
        #expect(read(descriptor, &head, 100) == 100)
        let reader = GeoJSONFeatureReader(fileDescriptor: descriptor, prefix: head)
        #expect(reader.source.mapping != nil)
        var features: [Feature] = []
        while let feature = try reader.next() { features.append(feature) }
        #expect(features == collection.features)
    }

    @Test func aMappedFileReadPastIsGivenBack() throws {
        // Over three megabytes, read a feature at a time and in runs: the
        // pages read past are given back, and lines still count from the start.
        let (text, line) = try brokenCollection(12_000, broken: 11_900)
        #expect(text.utf8.count > 3 << 20)
        let path = try temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try GeoJSONFeatureReader(path: path)
        do {
            while try reader.next() != nil {}
            Issue.record("accepted a broken feature")
        } catch {
            #expect(error.diagnostic.location.line == line)
            #expect(error.diagnostic.location.jsonPointer == "/features/11900/properties/name")
        }
        #expect((reader.source.mapping?.released ?? 0) >= 2 << 20)
        let again = try GeoJSONFeatureReader(path: path)
        let decoder = FeatureBatchDecoder(threads: 2) { $0.count }
        #expect(throws: DiagnosticError.self) { while try again.nextBatch(using: decoder) != nil {} }
        #expect((again.source.mapping?.released ?? 0) >= 2 << 20)
    }
}
