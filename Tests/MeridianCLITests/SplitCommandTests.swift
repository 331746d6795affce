import Foundation
import MeridianTestSupport
import Testing

/// `meridian split`: shards that read back in order, tiles, and a folder
/// that appears whole or not at all.
@Suite struct SplitCommandTests {
    static func records(_ count: Int) -> String {
        (0..<count).map {
            #"{"type":"Feature","id":\#($0),"properties":{},"geometry":{"type":"Point","coordinates":[\#(Double($0 % 360) - 179.5),\#(Double($0 % 170) - 84.5)]}}"#
        }.joined(separator: "\n") + "\n"
    }

    static func ids(in folder: URL, _ names: [String]) throws -> [String] {
        try names.flatMap { name in
            try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
                .map { line in String(line.split(separator: ",")[1]) }
        }
    }

    @Test func runsOfTheInputReadBackInOrder() throws {
        try withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("in.ndjson")
            try Data(Self.records(1_000).utf8).write(to: input)
            let expected = (0..<1_000).map { #""id":\#($0)"# }
            for (options, shards) in [
                (["--into", "4"], 4), (["--max-features", "300"], 4), (["--max-bytes", "20000"], nil),
            ] {
                let out = folder.appendingPathComponent("shards-\(options[0])")
                let result = try CLI.run(["split", input.path, "-o", out.path] + options)
                #expect(result.status == 0, "\(options): \(result.stderr)")
                let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
                if let shards { #expect(names.count == shards, "\(options)") }
                #expect(names.allSatisfy { $0.hasPrefix("part-") && $0.hasSuffix(".geojsonseq") })
                #expect(try Self.ids(in: out, names) == expected, "\(options)")
                if options[0] == "--max-bytes" {
                    for name in names {
                        let size =
                            try FileManager.default.attributesOfItem(atPath: out.appendingPathComponent(name).path)[
                                .size] as? Int
                        #expect((size ?? 0) <= 20_000)
                    }
                }
            }
        }
    }

    @Test func tilesGroupFeaturesByWhereTheyAre() throws {
        try withTemporaryFolder { folder in
            let text = Self.records(4) + #"{"type":"Feature","properties":{},"geometry":null}"# + "\n"
            let out = folder.appendingPathComponent("tiles")
            let result = try CLI.run(
                ["split", "-", "-o", out.path, "--by", "tile", "--zoom", "1"], stdin: Array(text.utf8))
            #expect(result.status == 0, "\(result.stderr)")
            // (-179.5,-84.5) and (-178.5,-83.5) ... lie in the south-west tile 1-0-1.
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
            #expect(names == ["1-0-1.geojsonseq", "none.geojsonseq"])
        }
    }

    @Test func badRequestsLeaveNothingBehind() throws {
        try withTemporaryFolder { folder in
            let existing = folder.appendingPathComponent("exists")
            try FileManager.default.createDirectory(at: existing, withIntermediateDirectories: true)
            let input = Array(Self.records(10).utf8)
            let exists = try CLI.run(["split", "-", "-o", existing.path, "--max-features", "2"], stdin: input)
            #expect(exists.status == 3)
            #expect(exists.stderr.contains("io.output.exists"))
            let stream = try CLI.run(["split", "-", "-o", folder.path + "/s", "--into", "2"], stdin: input)
            #expect(stream.status == 2)
            #expect(stream.stderr.contains("--max-features or --max-bytes for a stream"))
            let broken = Array((Self.records(10) + "{broken\n").utf8)
            let failed = try CLI.run(["split", "-", "-o", folder.path + "/b", "--max-features", "2"], stdin: broken)
            #expect(failed.status == 3)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["exists"])
            #expect(try CLI.run(["split", "-", "-o", folder.path + "/z", "--by", "tile"], stdin: input).status == 2)
        }
    }
}
