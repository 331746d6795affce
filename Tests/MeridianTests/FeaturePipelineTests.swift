import Foundation
import Testing

@testable import Meridian

@Suite struct FeaturePipelineTests {
    func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("pipeline-\(UUID().uuidString).ndjson")
            .path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func lines(_ count: Int) -> String {
        (0..<count).map {
            #"{"type":"Feature","id":\#($0),"geometry":{"type":"Point","coordinates":[\#($0),0]},"properties":{}}"#
        }
        .joined(separator: "\n")
    }

    @Test func featuresArriveInInputOrder() throws {
        let path = try file(lines(1_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var ids: [FeatureIdentifier?] = []
        _ = try FeaturePipeline.run(try FeatureSource(path: path)) { feature, _, _, _ in ids.append(feature.id) }
        #expect(ids == (0..<1_000).map { .integer(Int64($0)) })
    }

    @Test func sourceErrorComesAfterTheFeaturesBeforeIt() throws {
        let path = try file(lines(300) + "\n{\"type\":\"Feature\",\"geometry\":tru}")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var count = 0
        do {
            _ = try FeaturePipeline.run(try FeatureSource(path: path)) { _, _, _, _ in count += 1 }
            Issue.record("the broken line was accepted")
        } catch {
            #expect(count == 300)
            #expect(error.diagnostic.location.line == 301)
        }
    }

    @Test func consumerErrorStopsReading() throws {
        let path = try file(lines(5_000))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var count = 0
        do {
            _ = try FeaturePipeline.run(try FeatureSource(path: path)) { _, _, _, _ throws(DiagnosticError) in
                count += 1
                if count == 10 { throw DiagnosticError(code: "io.output.closed", message: "closed") }
            }
            Issue.record("the consumer's error was lost")
        } catch {
            #expect(error.diagnostic.code == "io.output.closed")
            #expect(count == 10)
        }
    }

    /// A reader that reads on one thread (KML) is read 256 features a
    /// batch; when it fails, the features before the failure come first,
    /// then the error.
    @Test func batchesOfAOneThreadReaderHandOnTheFeaturesBeforeAFailure() throws {
        let placemark = "<Placemark><Point><coordinates>1,2</coordinates></Point></Placemark>"
        let text =
            #"<kml xmlns="http://www.opengis.net/kml/2.2"><Document>"#
            + String(repeating: placemark, count: 300) + "<Placemark><Point><coordinates>"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString).kml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try FeatureSource(path: path)
        let decoder = FeatureBatchDecoder(threads: 1) { $0.count }
        var counts: [Int] = []
        do {
            while let count = try source.nextBatch(using: decoder) { counts.append(count) }
            Issue.record("the truncated document read to its end")
        } catch {
            #expect(error.diagnostic.code.hasPrefix("kml."))
        }
        #expect(counts == [256, 44])
    }
}
