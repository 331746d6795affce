import Foundation
import MeridianTestSupport
import Testing

/// What a batch job reads back: one JSON line per diagnostic with its
/// record and feature id, and the severities the job has chosen.
@Suite struct PipelineReportTests {
    static let records =
        [
            #"{"type":"Feature","id":"a","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}}"#,
            #"{"type":"Feature","id":"b","properties":{"k":1,"k":2},"geometry":null}"#,
            #"{"type":"Feature","id":7,"properties":{},"geometry":{"type":"LineString","coordinates":[[0,0]]}}"#,
        ].joined(separator: "\n") + "\n"

    @Test func ndjsonNamesTheRecordAndFeatureOfEachDiagnostic() throws {
        let result = try CLI.run(["validate", "--format", "ndjson", "-"], stdin: Array(Self.records.utf8))
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(lines.count == 2)
        #expect(lines.map { $0?["record"] as? Int } == [2, 3])
        #expect(lines.map { $0?["featureId"] as? String } == ["b", "7"])
        #expect(lines.map { $0?["code"] as? String } == ["geojson.object.duplicate-key", "geojson.line.too-short"])
        #expect(lines.allSatisfy { $0?["file"] as? String == "<stdin>" })
    }

    @Test func chosenSeveritiesDecideTheStatus() throws {
        let input = Array(Self.records.utf8)
        #expect(try CLI.run(["validate", "--ignore", "geojson.line", "-"], stdin: input).status == 0)
        let strict = try CLI.run(
            ["validate", "--ignore", "geojson.line", "--error", "geojson.object.duplicate-key", "-"], stdin: input)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("error: An object contained duplicate members"))
        let unknown = try CLI.run(["validate", "--ignore", "geojson.lien", "-"], stdin: input)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("did you mean geojson.line"))
    }

    /// `convert --on-error skip` leaves out a record that cannot be decoded,
    /// counts it and says why; the default stops and writes nothing.
    @Test func aBadRecordIsSkippedOnlyWhenAsked() throws {
        let records =
            [
                #"{"type":"Feature","properties":{"n":1},"geometry":null}"#,
                #"{"type":"Feature" broken"#,
                #"{"type":"Feature","properties":{"n":3},"geometry":null}"#,
            ].joined(separator: "\n") + "\n"
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("out.ndjson")
            let stopped = try CLI.run(["convert", "-", "-o", output.path], stdin: Array(records.utf8))
            #expect(stopped.status == 3)
            #expect(stopped.stderr.contains("(record 2, at /type)"))
            #expect(!FileManager.default.fileExists(atPath: output.path))
            let skipped = try CLI.run(
                ["convert", "-", "-o", output.path, "--on-error", "skip"], stdin: Array(records.utf8))
            #expect(skipped.status == 0)
            #expect(skipped.stderr.contains("record skipped"))
            #expect(skipped.stderr.contains("skipped 1 record"))
            let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
            #expect(lines.count == 2 && lines[1].contains(#""n":3"#))
        }
    }

    /// A meridian.toml beside the data is found and applied; --no-config
    /// and --config choose otherwise; a broken one is a usage error.
    @Test func theConfigurationFileIsFoundAndApplied() throws {
        try withTemporaryFolder { folder in
            let data = folder.appendingPathComponent("data.ndjson")
            try Data(Self.records.utf8).write(to: data)
            let toml = folder.appendingPathComponent("meridian.toml")
            try Data("[validate]\nignore = [\"geojson.line\"]\n".utf8).write(to: toml)
            #expect(try CLI.run(["validate", data.path]).status == 0)
            #expect(try CLI.run(["validate", "--no-config", data.path]).status == 1)
            let other = folder.appendingPathComponent("other.toml")
            try Data("[validate]\nerror = [\"geojson.object\"]\n".utf8).write(to: other)
            let chosen = try CLI.run(["validate", "--config", other.path, data.path])
            #expect(chosen.status == 1)
            #expect(chosen.stdout.contains("error: An object contained duplicate members"))
            try Data("[validate]\nignore = [\"nothing.like.this\"]\n".utf8).write(to: toml)
            let broken = try CLI.run(["validate", data.path])
            #expect(broken.status == 2)
            #expect(broken.stderr.contains("meridian.toml:2: error"))
        }
    }
}
