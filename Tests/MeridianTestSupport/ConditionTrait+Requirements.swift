// `swift build` builds this target too, and a release build with the static
// Swift runtime has no Testing module: the traits exist where tests run.
#if canImport(Testing)
import Foundation
import Testing

/// Named conditions for tests that need something the project does not
/// hold: the shared fixtures, a shared document, an external tool. Where
/// it is missing, the test is reported as skipped with the reason
/// (`Test foo() skipped: "xmllint is not installed"`), never passed
/// silently and never counted as a known issue.
///
/// ```swift
/// @Suite(.requiresFixtures) struct JSONTestSuiteTests { ... }
/// @Test(.requires(tool: "xmllint")) func outputIsWellFormedXML() throws { ... }
/// ```
extension Trait where Self == ConditionTrait {
    /// Enabled when `../shared/fixtures` is present.
    public static var requiresFixtures: Self {
        .enabled(if: Fixtures.isAvailable, "../shared/fixtures is absent: Scripts/fetch-test-data.sh fetches it")
    }

    /// Enabled when the fixture file or folder at `path` below
    /// `../shared/fixtures` is present.
    public static func requires(fixture path: String) -> Self {
        .enabled(if: Fixtures.exists(path), Comment(rawValue: "../shared/fixtures/\(path) is absent: Scripts/fetch-test-data.sh fetches it"))
    }

    /// Enabled when the file at `path` below `../shared` is present.
    public static func requires(sharedFile path: String) -> Self {
        .enabled(
            if: FileManager.default.fileExists(atPath: Fixtures.sharedRoot.appendingPathComponent(path).path),
            Comment(rawValue: "../shared/\(path) is absent"))
    }

    /// Enabled when the executable `name` is on `PATH`.
    public static func requires(tool name: String) -> Self {
        .enabled(if: Tool.isInstalled(name), Comment(rawValue: "\(name) is not installed"))
    }
}
#endif
