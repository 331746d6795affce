import Foundation
import MeridianTestSupport
import Testing

/// Scripts/fetch-test-data.sh, which gives outside contributors the shared
/// test data, run against a local mirror made from ../shared/fixtures in
/// the upstream layout (OWNER/REPO/COMMIT/PATH, through a file:// source):
/// what it writes must be the fixtures, byte for byte, and a file that does
/// not match its checksum must change nothing.
@Suite(.requiresFixtures, .requires(tool: "curl"), .requires(tool: "python3"))
struct FetchTestDataTests {
    struct Row {
        var local, repo, commit, upstream: String
    }

    static let rows: [Row] = {
        let url = Fixtures.packageRoot.appendingPathComponent("Scripts/test-data.tsv")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(local: fields[0], repo: fields[1], commit: fields[2], upstream: fields[3])
        }
    }()

    static let snapshotPrefix = "DERIVED:"

    /// The upstream layout, from the fixtures: each file where its
    /// repository holds it, and togeojson's expected outputs as entries of
    /// a test snapshot (with a second entry per file that must be ignored).
    static func makeMirror(in folder: URL) throws {
        var snapshots: [String: String] = [:]
        for row in rows {
            let local = Fixtures.url(row.local)
            if row.upstream.hasPrefix(snapshotPrefix) {
                let path = "\(row.repo)/\(row.commit)/\(row.upstream.dropFirst(snapshotPrefix.count))"
                let name = local.lastPathComponent.replacingOccurrences(of: ".expected.geojson", with: "")
                let source = name.hasSuffix(".gpx") || name.hasSuffix(".tcx") ? name : name + ".kml"
                let body = try String(contentsOf: local, encoding: .utf8)
                    .replacingOccurrences(of: "`", with: "\\`").replacingOccurrences(of: "${", with: "\\${")
                snapshots[path, default: "// Vitest Snapshot v1\n\n"] +=
                    "exports[`toGeoJSON > \(source) 1`] = `\n\(body)\n`;\n\n"
                    + "exports[`toGeoJSON > \(source) 2`] = `\n{}\n`;\n\n"
                continue
            }
            let target = folder.appendingPathComponent("\(row.repo)/\(row.commit)/\(row.upstream)")
            // One upstream file may stand in two places (togeojson's LICENSE).
            if FileManager.default.fileExists(atPath: target.path) { continue }
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: local, to: target)
        }
        for (path, text) in snapshots {
            let target = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: target)
        }
    }

    static func fetch(from mirror: URL, into destination: URL) throws -> CLI.Result {
        try CLI.run(
            [Fixtures.packageRoot.appendingPathComponent("Scripts/fetch-test-data.sh").path, destination.path],
            in: Fixtures.packageRoot, program: URL(fileURLWithPath: "/bin/bash"),
            environment: ["MERIDIAN_TEST_DATA_SOURCE": "file://" + mirror.path])
    }

    @Test func everyFixtureArrivesByteForByteFromItsUpstreamLayout() throws {
        #expect(Self.rows.count > 600)
        try withTemporaryFolder { folder in
            let mirror = folder.appendingPathComponent("mirror")
            let destination = folder.appendingPathComponent("fixtures")
            try Self.makeMirror(in: mirror)
            let result = try Self.fetch(from: mirror, into: destination)
            #expect(result.status == 0, "\(result.stderr)")
            for row in Self.rows {
                let fetched = FileManager.default.contents(atPath: destination.appendingPathComponent(row.local).path)
                #expect(fetched == FileManager.default.contents(atPath: Fixtures.url(row.local).path), "\(row.local)")
            }
        }
    }

    @Test func aFileThatDoesNotMatchItsChecksumChangesNothing() throws {
        try withTemporaryFolder { folder in
            let mirror = folder.appendingPathComponent("mirror")
            let destination = folder.appendingPathComponent("fixtures")
            try Self.makeMirror(in: mirror)
            let row = try #require(Self.rows.first { $0.local.hasSuffix("countries.geo.json") })
            let tampered = mirror.appendingPathComponent("\(row.repo)/\(row.commit)/\(row.upstream)")
            try Data(#"{"type":"FeatureCollection","features":[]}"#.utf8).write(to: tampered)
            let result = try Self.fetch(from: mirror, into: destination)
            #expect(result.status != 0)
            #expect(result.stderr.contains("does not match its checksum"))
            #expect(!FileManager.default.fileExists(atPath: destination.path))
        }
    }
}
