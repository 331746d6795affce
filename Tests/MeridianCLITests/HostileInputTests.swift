import Foundation
import MeridianArchive
import MeridianTestSupport
import Testing

/// Regressions from a hostile battery of runs: inputs opened once whatever
/// they are, outputs that never replace devices or pipes, never leave a
/// partial file, and keep the target's mode. Every input is built here.
@Suite struct HostileInputTests {
    /// Runs a bash script with `$M` set to the tool, in `folder`.
    func shell(_ script: String, in folder: URL) throws -> CLI.Result {
        try CLI.run(
            ["-c", script], in: folder, program: URL(fileURLWithPath: "/bin/bash"),
            environment: ["M": CLI.executable.path, "SAMPLE": CLI.sample("cambridge-landmarks.geojson")])
    }

    func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }
    }

    @Test func aFolderThatIsNoVenueIsAClearErrorForEveryCommand() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("unit.geojson"))
        for command in [["info"], ["convert"], ["render", "-o", "x.svg"], ["preview", "-o", "x.html"]] {
            let result = try CLI.run(command + [folder.path], in: folder)
            #expect(result.status == 3, "\(command)")
            #expect(result.stderr.contains("is a folder, not a map file or an IMDF venue"), "\(command)")
        }
    }

    @Test func validateReadsSequencesAndNDJSONRecordByRecord() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let feature = #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2]}}"#
        let bad = #"{"type":"Feature","id":{},"properties":{},"geometry":null}"#
        try Data((feature + "\n" + feature + "\n").utf8).write(to: folder.appendingPathComponent("good.ndjson"))
        try Data(("\u{1E}" + feature + "\n\u{1E}" + feature + "\n").utf8).write(
            to: folder.appendingPathComponent("good.geojsonseq"))
        try Data((feature + "\n" + bad + "\n").utf8).write(to: folder.appendingPathComponent("bad.ndjson"))
        #expect(try CLI.run(["validate", "good.ndjson", "good.geojsonseq"], in: folder).status == 0)
        let result = try CLI.run(["validate", "bad.ndjson"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("bad.ndjson:2:") && result.stdout.contains("[geojson.id.invalid]"))
    }

    @Test func pipesFIFOsAndProcessSubstitutionReadLikeFiles() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            set -e
            "$M" convert "$SAMPLE" -o plain.geojson
            "$M" convert <(cat "$SAMPLE") -o substituted.geojson
            mkfifo in.fifo
            cat "$SAMPLE" > in.fifo &
            "$M" convert in.fifo -o fifo.geojson
            cmp plain.geojson substituted.geojson
            cmp plain.geojson fifo.geojson
            cat "$SAMPLE" | "$M" info - > /dev/null
            """
        let result = try shell(script, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try leftovers(in: folder).isEmpty)
    }

    @Test func devicesAndFIFOsAreWrittenInPlaceNeverReplaced() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            "$M" convert "$SAMPLE" -o /dev/null || exit 10
            test -c /dev/null || exit 11
            "$M" convert "$SAMPLE" -o /dev/full 2> full.err
            status=$?
            test -c /dev/full || exit 12
            test "$status" = 3 || exit 13
            grep -q "No space left" full.err || exit 14
            "$M" info "$SAMPLE" > /dev/full && exit 15
            mkfifo out.fifo
            cat out.fifo > read.geojson &
            "$M" convert "$SAMPLE" -o out.fifo || exit 16
            wait
            test -p out.fifo || exit 17
            test -s read.geojson || exit 18
            exit 0
            """
        let result = try shell(script, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try leftovers(in: folder).isEmpty)
    }

    @Test func aReplacedFileKeepsItsModeAndAFailedRunLeavesNothing() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.geojson")
        try Data("old".utf8).write(to: target)
        chmod(target.path, 0o600)
        #expect(try CLI.run(["convert", CLI.sample("cambridge-landmarks.geojson"), "-o", target.path]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let broken = folder.appendingPathComponent("broken.geojson")
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature""#.utf8).write(to: broken)
        #expect(try CLI.run(["convert", broken.path, "-o", target.path]).status == 3)
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("{\"type\":\"FeatureCollection\""))
        #expect(try leftovers(in: folder).isEmpty)
    }

    @Test func aSignalRemovesTheTemporaryFile() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            { printf '{"type":"FeatureCollection","features":['; sleep 5; } | "$M" convert - -o out.geojson &
            sleep 1
            ls -a | grep -q partial || exit 20
            kill -TERM %1
            wait
            ls -a | grep -q partial && exit 21
            test -e out.geojson && exit 22
            exit 0
            """
        let result = try shell(script, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Every signal that ends the process removes the unfinished output,
    /// leaves the old file as it was and ends the process: the ones a user
    /// or a limit sends (SIGHUP, SIGUSR1/2, SIGALRM, SIGXFSZ, SIGXCPU,
    /// SIGQUIT) and a crash (SIGSEGV, SIGABRT, here sent, handed on to the
    /// runtime's own handler after).
    @Test(arguments: ["HUP", "USR1", "USR2", "ALRM", "XFSZ", "XCPU", "QUIT", "SEGV", "ABRT"])
    func everyEndingSignalRemovesTheTemporaryFile(_ signal: String) throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            # (set -m: a background job of a script would ignore SIGQUIT.)
            set -m
            echo old > out.geojson
            { printf '{"type":"FeatureCollection","features":['; sleep 5; } | "$M" convert - -o out.geojson 2>/dev/null &
            pid=$!
            sleep 1
            ls -a | grep -q partial || exit 20
            kill -\(signal) $pid
            wait $pid
            status=$?
            # Ended by the signal, not run on to an error once the input ends.
            test $status -gt 128 || { echo "status $status" >&2; exit 23; }
            ls -a | grep -q partial && exit 21
            test "$(cat out.geojson)" = old || exit 22
            exit 0
            """
        let result = try shell(script, in: folder)
        #expect(result.status == 0, "\(signal): \(result.stderr)")
    }

    @Test func anInputTruncatedWhileItIsReadIsAnErrorNotACrash() throws {
        // The input is mapped: truncating it under the reader turns its next
        // read into SIGBUS, which must end in a message and status 3. The
        // output is a pipe left unread, so the tool is still mid-file.
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            python3 -c '
            import sys
            line = ",".join("[%d.123456,%d.654321]" % (i % 180, i % 90) for i in range(60))
            sys.stdout.write("{\\"type\\":\\"FeatureCollection\\",\\"features\\":[")
            sys.stdout.write(",".join("{\\"type\\":\\"Feature\\",\\"properties\\":{\\"n\\":%d},\\"geometry\\":{\\"type\\":\\"LineString\\",\\"coordinates\\":[%s]}}" % (n, line) for n in range(20000)))
            sys.stdout.write("]}")
            ' > big.geojson
            mkfifo out.fifo
            "$M" convert big.geojson --to ndjson -o - > out.fifo 2> err.txt &
            pid=$!
            exec 3< out.fifo
            head -c 1000 <&3 > /dev/null
            sleep 1
            truncate -s 0 big.geojson
            cat <&3 > /dev/null
            wait $pid
            status=$?
            test $status -eq 3 || { echo "status $status"; cat err.txt; exit 20; }
            grep -q "shrank while it was being read" err.txt || exit 21
            exit 0
            """
        let result = try shell(script, in: folder)
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
    }

    @Test func twoOutputsOfOneCommandAreWrittenTogetherOrNotAtAll() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sample = CLI.sample("cambridge-landmarks.geojson")
        let same = try CLI.run(["merge", sample, "-o", "m.geojson", "--report-file", "./m.geojson"], in: folder)
        #expect(same.status == 3 && same.stderr.contains("io.output.same-file"))
        let missing = try CLI.run(
            ["merge", sample, "-o", "m.geojson", "--report-file", "/nonexistent/r.txt"], in: folder)
        #expect(missing.status == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("m.geojson").path))
        #expect(try leftovers(in: folder).isEmpty)
    }

    @Test func toWinsOverTheOutputsExtension() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try CLI.run(
            ["convert", CLI.sample("cambridge-landmarks.geojson"), "--to", "ndjson", "-o", "x.kml"], in: folder)
        #expect(result.status == 0)
        let text = try String(contentsOf: folder.appendingPathComponent("x.kml"), encoding: .utf8)
        #expect(text.hasPrefix("{\"type\":\"Feature\""))
    }

    @Test func utf16IsReadAsKMLOrRefusedAsGeoJSONWithAClearMessage() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let kml =
            "<?xml version=\"1.0\" encoding=\"UTF-16\"?><kml xmlns=\"http://www.opengis.net/kml/2.2\"><Placemark><name>A</name><Point><coordinates>1,2</coordinates></Point></Placemark></kml>"
        try Data([0xFF, 0xFE] + Array(kml.data(using: .utf16LittleEndian)!)).write(
            to: folder.appendingPathComponent("wide.kml"))
        let read = try CLI.run(["convert", "wide.kml", "-o", "-"], in: folder)
        #expect(read.status == 0 && read.stdout.contains("\"name\":\"A\""), "\(read.stderr)")
        try Data([0xFF, 0xFE] + Array("{}".data(using: .utf16LittleEndian)!)).write(
            to: folder.appendingPathComponent("wide.geojson"))
        let refused = try CLI.run(["convert", "wide.geojson"], in: folder)
        #expect(refused.status == 3 && refused.stderr.contains("geojson.encoding.utf16"))
    }

    @Test func endlessOrHugeValuesStopAtTheDocumentedLimit() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = """
            head -c 100000000 /dev/zero | tr '\\0' '\\n' | "$M" convert - -o blank.geojson 2> blank.err
            test $? = 3 || exit 32
            grep -q "geojson.empty" blank.err || exit 33
            exit 0
            """
        let result = try shell(script, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try leftovers(in: folder).isEmpty)
    }

    @Test func anIMDFMemberThatIsNoFeatureCollectionStopsEveryCommand() throws {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let venue = try ZipArchive(path: CLI.sample("meridian-arcade.zip"))
        var entries: [(path: String, bytes: [UInt8])] = []
        for entry in venue.entries {
            entries.append(
                (entry.path, entry.path.hasSuffix("unit.geojson") ? Array("[]".utf8) : try venue.contents(of: entry)))
        }
        let broken = folder.appendingPathComponent("broken.zip")
        try Data(try ZipArchive.deflated(entries)).write(to: broken)
        for command in [["convert", "-o", "x.geojson"], ["render", "-o", "x.svg"], ["info"]] {
            let result = try CLI.run(command + [broken.path], in: folder)
            #expect(result.status == 3, "\(command)")
            #expect(result.stderr.contains("[imdf.FileMust"), "\(command): \(result.stderr)")
        }
        #expect(try CLI.run(["validate", broken.path], in: folder).status == 1)
    }
}

extension CLI {
    fileprivate static func sample(_ name: String) -> String { Samples.path(name) }

    /// A folder for one test; the test removes it.
    fileprivate static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
