import Foundation
import MeridianTestSupport
import Testing

/// Scripts/spark-validate.py: PySpark in local[2] mode pipes each
/// partition of a sharded dataset through the built tool; its results must
/// equal the single-machine run's, record for record. Needs Java 17 and
/// PySpark, which `.ci/run` installs when they are missing.
/// Whether Java and PySpark are installed.
private let sparkIsAvailable: Bool =
    Tool.isInstalled("java") && (try? Tool.run("python3", ["-c", "import pyspark"]).status) == 0

@Suite(.serialized, .enabled(if: sparkIsAvailable, "java or Python's pyspark is not installed"))
struct SparkPipelineTests {
    static let script = Fixtures.packageRoot.appendingPathComponent("Scripts/spark-validate.py").path

    /// 3 000 records, a few with problems, one that is not JSON at all.
    static let records: String =
        (0..<3_000).map { index -> String in
            switch index {
            case 11, 1_500: return #"{"type":"Feature","id":\#(index),"properties":{"a":1,"a":2},"geometry":null}"#
            case 2_222:
                return
                    #"{"type":"Feature","id":\#(index),"properties":{},"geometry":{"type":"LineString","coordinates":[[0,0]]}}"#
            case 2_500: return "not json at all"
            default:
                return
                    #"{"type":"Feature","id":\#(index),"properties":{"n":\#(index)},"geometry":{"type":"Point","coordinates":[\#(index % 360 - 180),\#(index % 170 - 85)]}}"#
            }
        }.joined(separator: "\n") + "\n"

    /// What identifies a diagnostic independently of which process found it.
    static func keys(_ ndjson: String) -> [String] {
        ndjson.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return nil
            }
            return ["record", "code", "message", "featureId", "pointer"].map { "\(object[$0] ?? "-")" }.joined(
                separator: "|")
        }.sorted()
    }

    @Test func validationOnSparkEqualsTheSingleMachineRun() throws {
        try withTemporaryFolder { folder in
            let all = folder.appendingPathComponent("all.ndjson")
            try Data(Self.records.utf8).write(to: all)
            // Three shards of 1 000 records (one holds a record that is not
            // JSON) and an empty one, as a partition may be.
            let shards = folder.appendingPathComponent("shards")
            try FileManager.default.createDirectory(at: shards, withIntermediateDirectories: true)
            let lines = Self.records.split(separator: "\n")
            for shard in 0..<4 {
                let part = lines.dropFirst(shard * 1_000).prefix(1_000).map { $0 + "\n" }.joined()
                try Data(part.utf8).write(to: shards.appendingPathComponent("part-0000\(shard).ndjson"))
            }
            let single = try CLI.run(["validate", "--format", "ndjson", all.path])
            #expect(single.status == 1)
            let output = folder.appendingPathComponent("spark.ndjson")
            let spark = try Tool.run(
                "python3",
                [
                    Self.script, "validate", shards.path, "--meridian", CLI.executable.path, "--master", "local[2]",
                    "--output", output.path,
                ])
            #expect(spark.status == 0, "\(spark.output)")
            let expected = Self.keys(single.stdout)
            #expect(expected.count == 4)
            #expect(Self.keys(try String(contentsOf: output, encoding: .utf8)) == expected)
        }
    }

    /// The same records as GeoParquet shards (`split --to geoparquet`),
    /// read by Spark's own Parquet reader.
    @Test(.enabled(if: PythonDataTools.installed, "pyarrow is not installed (pip install pyarrow)"))
    func validationOfAGeoParquetDatasetOnSparkEqualsTheSingleMachineRun() throws {
        try withTemporaryFolder { folder in
            let features = (0..<3_000).map { index -> String in
                let geometry =
                    switch index {
                    case 11, 1_500: #"{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,1],[0,0]]]}"#
                    case 2_222: #"{"type":"LineString","coordinates":[[0,0],[0,0]]}"#
                    default: #"{"type":"Point","coordinates":[\#(index % 360 - 180),\#(index % 170 - 85)]}"#
                    }
                return #"{"type":"Feature","properties":{"n":\#(index)},"geometry":\#(geometry)}"#
            }
            let all = folder.appendingPathComponent("all.ndjson")
            try Data((features.joined(separator: "\n") + "\n").utf8).write(to: all)
            let whole = folder.appendingPathComponent("all.parquet").path
            #expect(try CLI.run(["convert", all.path, "-o", whole]).status == 0)
            let shards = folder.appendingPathComponent("shards").path
            #expect(
                try CLI.run(["split", all.path, "-o", shards, "--max-features", "700", "--to", "geoparquet"]).status
                    == 0)
            let single = try CLI.run(["validate", "--format", "ndjson", whole])
            #expect(single.status == 1)
            let output = folder.appendingPathComponent("spark.ndjson")
            let spark = try Tool.run(
                "python3",
                [
                    Self.script, "validate", shards, "--meridian", CLI.executable.path, "--master", "local[2]",
                    "--output", output.path,
                ])
            #expect(spark.status == 0, "\(spark.output)")
            let expected = Self.keys(single.stdout)
            #expect(expected.count == 3)
            #expect(Self.keys(try String(contentsOf: output, encoding: .utf8)) == expected)
        }
    }

    @Test func conversionOnSparkKeepsEveryFeature() throws {
        try withTemporaryFolder { folder in
            let good = Self.records.split(separator: "\n").filter { $0.hasPrefix("{") }.joined(separator: "\n") + "\n"
            let all = folder.appendingPathComponent("all.ndjson")
            try Data(good.utf8).write(to: all)
            let shards = folder.appendingPathComponent("shards")
            #expect(try CLI.run(["split", all.path, "-o", shards.path, "--max-features", "700"]).status == 0)
            let output = folder.appendingPathComponent("converted")
            let spark = try Tool.run(
                "python3",
                [
                    Self.script, "convert", shards.path, "--meridian", CLI.executable.path, "--master", "local[2]",
                    "--output", output.path,
                ])
            #expect(spark.status == 0, "\(spark.output)")
            let parts = try FileManager.default.contentsOfDirectory(atPath: output.path).filter {
                $0.hasPrefix("part-")
            }.sorted()
            let lines = try parts.flatMap {
                try String(contentsOf: output.appendingPathComponent($0), encoding: .utf8).split(separator: "\n")
            }
            #expect(lines.count == good.split(separator: "\n").count)
            #expect(lines.allSatisfy { $0.hasPrefix("\u{1E}{\"type\":\"Feature\"") })
        }
    }

    @Test func aPartitionThatCannotBeConvertedFailsTheJobClearly() throws {
        try withTemporaryFolder { folder in
            let shards = folder.appendingPathComponent("shards")
            try FileManager.default.createDirectory(at: shards, withIntermediateDirectories: true)
            try Data("garbage\n".utf8).write(to: shards.appendingPathComponent("part-00000.ndjson"))
            let spark = try Tool.run(
                "python3",
                [
                    Self.script, "convert", shards.path, "--meridian", CLI.executable.path, "--master", "local[1]",
                    "--output", folder.appendingPathComponent("out").path,
                ])
            #expect(spark.status != 0)
            #expect(spark.output.contains("meridian convert failed on partition"))
        }
    }
}
