import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// The behaviour every subcommand shares: exit statuses, report formats,
/// globs and ordered parallel work, standard input detection, closed pipes.
@Suite struct CLIBehaviourTests {
    static let point =
        #"{"type":"Feature","id":"p","properties":{},"geometry":{"type":"Point","coordinates":[0.1,52.2]}}"#

    func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    // MARK: Exit statuses

    @Test func successIsZero() throws {
        #expect(try CLI.run(["info", Samples.path("cambridge-landmarks.geojson")]).status == 0)
    }

    @Test func validationProblemsAreOne() throws {
        try withTemporaryFolder { folder in
            let path = try write(#"{"type":"Point","coordinates":[0]}"#, "bad.geojson", in: folder)
            #expect(try CLI.run(["validate", path]).status == 1)
        }
    }

    @Test func usageErrorsAreTwo() throws {
        #expect(try CLI.run(["info", "--no-such-flag", "x"]).status == 2)
        #expect(try CLI.run(["info", "--quiet", "--verbose", Samples.path("cambridge-landmarks.geojson")]).status == 2)
        #expect(try CLI.run(["convert", Samples.path("cambridge-landmarks.geojson"), "--level", "1"]).status == 2)
        #expect(try CLI.run(["merge", "-", "-"]).status == 2)
    }

    @Test func inputAndOutputErrorsAreThree() throws {
        try withTemporaryFolder { folder in
            let broken = try write(#"{"type":"FeatureCollection","features":[1"#, "broken.geojson", in: folder)
            let missing = try CLI.run(["convert", folder.appendingPathComponent("absent.geojson").path])
            #expect(missing.status == 3 && missing.stderr.contains("io.open"))
            let undecodable = try CLI.run(["info", broken])
            #expect(undecodable.status == 3 && undecodable.stderr.contains("broken.geojson:1:"))
            let noFolder = try CLI.run([
                "merge", Samples.path("cambridge-landmarks.geojson"), "-o",
                folder.appendingPathComponent("no/out.geojson").path,
            ])
            #expect(noFolder.status == 3 && noFolder.stderr.contains("io.output.folder"))
            let noMatch = try CLI.run(["validate", folder.appendingPathComponent("*.kml").path])
            #expect(noMatch.status == 3 && noMatch.stderr.contains("no file matches"))
        }
    }

    @Test func anUnreadableFileDoesNotStopTheOthers() throws {
        let result = try CLI.run(["info", "/nonexistent.geojson", Samples.path("cambridge-landmarks.geojson")])
        #expect(result.status == 3)
        #expect(result.stdout.contains("cambridge-landmarks.geojson") && result.stderr.contains("/nonexistent.geojson"))
    }

    // MARK: Formats

    @Test func failuresFollowTheFormat() throws {
        try withTemporaryFolder { folder in
            let broken = try write("{\"type\":\"Feature\",\n\"geometry\":7}", "broken.geojson", in: folder)
            let text = try CLI.run(["convert", broken])
            #expect(text.status == 3 && text.stderr.hasPrefix("meridian: \(broken):2:"))
            let json = try CLI.run(["convert", broken, "--format", "json"])
            #expect(json.status == 3)
            let report = try JSONValue(parsing: Array(json.stderr.utf8))
            #expect(report["version"] == .integer(Int64(DiagnosticReport.schemaVersion)))
            #expect(report["files"]?.arrayValue?.first?["diagnostics"]?.arrayValue?.first?["line"] == 2)
            let github = try CLI.run(["convert", broken, "--format", "github"])
            #expect(github.status == 3 && github.stderr.hasPrefix("::error file=\(broken),line=2,"))
        }
    }

    @Test func noColourWhenNotATerminal() throws {
        let result = try CLI.run(["validate", "/nonexistent.geojson", Samples.path("cambridge-landmarks.geojson")])
        #expect(!result.stdout.contains("\u{1B}[") && !result.stderr.contains("\u{1B}["))
    }

    @Test func verboseReportsTimingsAndQuietHidesWarnings() throws {
        let verbose = try CLI.run([
            "convert", Samples.path("cambridge-landmarks.geojson"), "--to", "ndjson", "--verbose",
        ])
        #expect(
            verbose.status == 0 && verbose.stderr.contains("6 features (featureCollection)")
                && verbose.stderr.contains(" as ndjson in "))
        let kml = "<kml><Placemark><Point><coordinates>1,2 x</coordinates></Point></Placemark></kml>"
        let noisy = try CLI.run(["convert", "-"], stdin: Array(kml.utf8))
        let quiet = try CLI.run(["convert", "-", "--quiet"], stdin: Array(kml.utf8))
        #expect(noisy.status == quiet.status && quiet.stderr.isEmpty)
        #expect(noisy.stdout == quiet.stdout)
    }

    // MARK: Inputs

    @Test func formatsAreDetectedFromContentOnStandardInput() throws {
        let kml =
            "<?xml version=\"1.0\"?>\n<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><name>x</name><Point><coordinates>0.1,52.2</coordinates></Point></Placemark></kml>"
        let fromKML = try CLI.run(["convert", "-", "--to", "ndjson"], stdin: Array(kml.utf8))
        #expect(fromKML.status == 0 && fromKML.stdout.contains(#""name":"x""#))
        let sequence = "\u{1E}" + Self.point + "\n\u{1E}" + Self.point + "\n"
        let info = try CLI.run(["info", "-", "--format", "json"], stdin: Array(sequence.utf8))
        let value = try JSONValue(parsing: info.stdoutBytes)
        #expect(value["layout"] == "geoJSONSeq" && value["features"] == 2)
        let zip = try Data(contentsOf: URL(fileURLWithPath: Samples.path("meridian-arcade.zip")))
        let venue = try CLI.run(["convert", "-", "--to", "ndjson"], stdin: Array(zip))
        #expect(venue.status == 0 && venue.stdout.split(separator: "\n").count == 80)
    }

    @Test func aFileNamedWronglyIsReadByItsContent() throws {
        try withTemporaryFolder { folder in
            let kml = try write(
                "<kml><Placemark><Point><coordinates>1,2</coordinates></Point></Placemark></kml>", "data.json",
                in: folder)
            let ndjson = try write(Self.point + "\n" + Self.point + "\n", "data.geojson", in: folder)
            let result = try CLI.run(["info", kml, ndjson, "--format", "json"])
            let values = try JSONValue(parsing: result.stdoutBytes).arrayValue ?? []
            #expect(values.map { $0["layout"]?.stringValue } == ["kml", "ndjson"])
        }
    }

    @Test func globsExpandAndManyFilesKeepTheirOrder() throws {
        try withTemporaryFolder { folder in
            // Sizes vary so that the two workers finish out of order.
            var names: [String] = []
            for index in 0..<12 {
                let count = index % 3 == 0 ? 3000 : 1
                let features = Array(repeating: Self.point, count: count).joined(separator: ",")
                let name = String(format: "f%02d.geojson", index)
                _ = try write(#"{"type":"FeatureCollection","features":["# + features + "]}", name, in: folder)
                names.append(folder.appendingPathComponent(name).path)
            }
            let result = try CLI.run(["info", folder.appendingPathComponent("f*.geojson").path, "--format", "json"])
            #expect(result.status == 0)
            let files = try JSONValue(parsing: result.stdoutBytes).arrayValue?.compactMap { $0["file"]?.stringValue }
            #expect(files == names)
            let validate = try CLI.run([
                "validate", folder.appendingPathComponent("f?[0-9].geojson").path, "--format", "json",
            ])
            let validated = try JSONValue(parsing: validate.stdoutBytes)["files"]?.arrayValue?.compactMap {
                $0["file"]?.stringValue
            }
            #expect(validate.status == 0 && validated == names)
        }
    }

    // MARK: Streaming

    @Test func aClosedPipeStopsTheConversionCleanly() throws {
        try withTemporaryFolder { folder in
            let big = folder.appendingPathComponent("big.geojsonseq")
            _ = FileManager.default.createFile(atPath: big.path, contents: nil)
            let handle = try FileHandle(forWritingTo: big)
            let record = Data(("\u{1E}" + Self.point + "\n").utf8)
            var block = Data()
            for _ in 0..<1000 { block.append(record) }
            for _ in 0..<100 { handle.write(block) }  // 100,000 features, about 10 MB
            try handle.close()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [
                "-c",
                "set -o pipefail; '\(CLI.executable.path)' convert '\(big.path)' -o - 2>'\(folder.path)/err' | head -c 100 >'\(folder.path)/out'",
            ]
            let start = Date()
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(try Data(contentsOf: folder.appendingPathComponent("out")).count == 100)
            #expect(try Data(contentsOf: folder.appendingPathComponent("err")).isEmpty)
            #expect(Date().timeIntervalSince(start) < 30)
        }
    }

    // MARK: Merge

    @Test func mergeDropsDuplicatesByIDAndAlternatesIncludingTheFullPass() throws {
        try withTemporaryFolder { folder in
            func place(_ id: String, _ alternates: [String] = []) -> String {
                let list = alternates.map { "\"\($0)\"" }.joined(separator: ",")
                return
                    #"{"type":"Feature","id":"\#(id)","properties":{"alternate_ids":[\#(list)]},"geometry":{"type":"Point","coordinates":[0.1,52.2]}}"#
            }
            // A lists B, but B does not list A: only the full pass catches B.
            // D lists C, already inserted: dropped on insertion. A again: by id.
            let first = try write(
                #"{"type":"FeatureCollection","features":["# + place("A", ["B"]) + "," + place("C") + "]}",
                "first.geojson",
                in: folder)
            let second = try write(
                [place("B"), place("D", ["C"]), place("A"), place("E")].joined(separator: "\n"), "second.ndjson",
                in: folder
            )
            let output = folder.appendingPathComponent("merged.geojson").path
            let result = try CLI.run(["merge", first, second, "-o", output])
            #expect(result.status == 0)
            let merged = try GeoJSONDocument(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: output))))
            #expect(merged.featureCollection.features.compactMap { $0.id?.description } == ["A", "C", "E"])
            #expect(
                result.stderr.contains("dropped B (\(second) #0): id B matches place A (\(first)) in the full pass"))
            #expect(
                result.stderr.contains(
                    "dropped D (\(second) #1): alternate id C matches place C (\(first)) on insertion"))
            #expect(result.stderr.contains("kept 3 of 6 features, dropped 3 duplicates"))

            let json = try CLI.run(["merge", first, second, "--format", "json", "--to", "ndjson"])
            #expect(json.stdout.split(separator: "\n").count == 3)
            let report = try JSONValue(parsing: Array(json.stderr.utf8))
            #expect(report["version"] == 1 && report["kept"] == 3)
            let dropped = report["dropped"]?.arrayValue ?? []
            #expect(dropped.map { $0["id"]?.stringValue } == ["B", "D", "A"])
            #expect(dropped.map { $0["pass"]?.stringValue } == ["full-pass", "insertion", "insertion"])
            #expect(dropped.map { $0["matchedBy"]?.stringValue } == ["id", "alternate", "id"])
        }
    }

    @Test func mergeReadsKMLAndIMDFAndWritesTheReportToAFile() throws {
        try withTemporaryFolder { folder in
            let kml = try write(
                "<kml><Placemark id=\"k1\"><Point><coordinates>1,2</coordinates></Point></Placemark></kml>", "one.kml",
                in: folder)
            let report = folder.appendingPathComponent("report.txt").path
            let result = try CLI.run([
                "merge", kml, Samples.path("meridian-arcade.zip"), Samples.path("meridian-arcade.zip"), "--to",
                "ndjson",
                "--report-file", report,
            ])
            #expect(result.status == 0 && result.stderr.isEmpty)
            #expect(result.stdout.split(separator: "\n").count == 81)
            #expect(
                try String(contentsOfFile: report, encoding: .utf8).contains(
                    "kept 81 of 161 features, dropped 80 duplicates"))
        }
    }

    // MARK: Maps links, completions

    @Test func infoPrintsAFrameLinkForTheExtent() throws {
        let text = try CLI.run(["info", Samples.path("cambridge-landmarks.geojson")])
        #expect(text.stdout.contains("maps        https://maps.apple.com/frame?center="))
        let json = try CLI.run(["info", Samples.path("cambridge-landmarks.geojson"), "--format", "json"])
        let link = try JSONValue(parsing: json.stdoutBytes)["maps"]?.stringValue.flatMap(MapsURL.init(string:))
        guard case .frame(let center, let span)? = link else {
            Issue.record("no frame link")
            return
        }
        #expect(
            abs(center.latitude - (52.17548 + 52.2107) / 2) < 1e-6
                && abs(center.longitude - (0.1117 + 0.14017) / 2) < 1e-6)
        #expect(abs((span?.latitudeDelta ?? 0) - (52.2107 - 52.17548) * 1.1) < 1e-6)
        let venue = try CLI.run(["info", Samples.path("meridian-arcade.zip"), "--format", "json"])
        #expect(
            try JSONValue(parsing: venue.stdoutBytes)["maps"]?.stringValue?.hasPrefix(
                "https://maps.apple.com/frame?center=52.2") == true)
    }

    @Test func completionScriptsAreGenerated() throws {
        for shell in ["bash", "zsh", "fish"] {
            let result = try CLI.run(["--generate-completion-script", shell])
            #expect(result.status == 0 && result.stdout.contains("merge"))
        }
    }

    /// What the tool prints itself (help, the version, completions, the
    /// manual) is checked like any output: a full disk is status 3 with a
    /// message; a closed pipe is a clean stop.
    @Test func helpAndVersionIntoAFullDiskAreThree() throws {
        for words in ["--help", "--version", "--generate-completion-script bash", "--generate-manual 2026-11-27"] {
            let result = try CLI.run(
                ["-c", #"exec "$0" $1 > /dev/full"#, CLI.executable.path, words],
                program: URL(fileURLWithPath: "/bin/sh"))
            #expect(result.status == 3 && result.stderr.contains("cannot write standard output"), "\(words)")
        }
        let piped = try CLI.run(
            ["-c", #"set -o pipefail; "$0" --generate-manual 2026-11-27 | head -c 1"#, CLI.executable.path],
            program: URL(fileURLWithPath: "/bin/bash"))
        #expect(piped.status == 0)
    }

    @Test func lookupOfNoIdIsAUsageError() throws {
        for ids in ["", ",,"] {
            #expect(try CLI.run(["lookup", ids, Samples.path("meridian-arcade.zip")]).status == 2, "\(ids)")
        }
    }

    /// An output that names the command's own input (by another spelling
    /// too) is refused before any work: it would replace what is read.
    @Test func anOutputNamingAnInputIsRefused() throws {
        try withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("a.geojson").path
            let original = try Fixtures.bytes(Samples.url("cambridge-landmarks.geojson"))
            let aliases = [input, folder.appendingPathComponent("./a.geojson").path]
            for (index, command) in ["convert", "fix", "merge", "render", "preview", "index"].enumerated() {
                try Data(original).write(to: URL(fileURLWithPath: input))
                let result = try CLI.run([command, input, "-o", aliases[index % 2]])
                #expect(result.status == 3 && result.stderr.contains("[io.output.is-input]"), "\(command)")
                #expect(try Fixtures.bytes(URL(fileURLWithPath: input)) == original, "\(command)")
            }
        }
    }
}
