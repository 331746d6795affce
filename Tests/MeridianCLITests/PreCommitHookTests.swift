import Foundation
import MeridianTestSupport
import Testing

/// The hooks in .pre-commit-hooks.yaml, run by the pre-commit package
/// itself (`pre-commit try-repo`, which uses this working tree) in a
/// scratch repository, with the built tool on PATH.
@Suite(.requires(tool: "pre-commit"), .requires(tool: "git"))
struct PreCommitHookTests {
    /// Runs `tool` (git or pre-commit, from PATH) in `folder`, with the
    /// built meridian first on PATH and pre-commit's cache inside `folder`.
    static func run(_ tool: String, _ arguments: [String], in folder: URL) throws -> CLI.Result {
        let path =
            CLI.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        return try CLI.run(
            arguments, in: folder, program: URL(fileURLWithPath: try #require(Tool.path(tool))),
            environment: [
                "PATH": path, "PRE_COMMIT_HOME": folder.appendingPathComponent(".cache").path,
                "GIT_AUTHOR_NAME": "test", "GIT_AUTHOR_EMAIL": "test@example.com", "GIT_COMMITTER_NAME": "test",
                "GIT_COMMITTER_EMAIL": "test@example.com",
            ])
    }

    @Test func theHookValidatesMapDataAndFailsOnErrors() throws {
        try withTemporaryFolder { folder in
            let files = [
                ("ok.geojson", #"{"type":"Point","coordinates":[1,2]}"#),
                ("bad.geojson", #"{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1]]]}"#),
                ("notes.txt", "not map data"),
            ]
            for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
            _ = try Self.run("git", ["init", "-q"], in: folder)
            _ = try Self.run("git", ["add", "."], in: folder)
            let hook = ["try-repo", Fixtures.packageRoot.path, "meridian-validate-system", "--files"]
            let failed = try Self.run("pre-commit", hook + ["ok.geojson", "bad.geojson", "notes.txt"], in: folder)
            #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
            #expect(failed.stdout.contains("bad.geojson:1:34: error"))
            #expect(failed.stdout.contains("in 2 files"), "notes.txt is not map data: \(failed.stdout)")
            let passed = try Self.run("pre-commit", hook + ["ok.geojson"], in: folder)
            #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        }
    }
}
