import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// meridian.toml: found upward from the input, a base and per-path
/// overrides, and located errors for what it cannot mean.
@Suite struct RuleConfigurationTests {
    static let text = """
        [validate]
        ignore = ["geojson.precision"]
        strict = true

        [[validate.overrides]]
        paths = ["venues/*"]
        ignore = ["geojson.object"]
        error = ["geojson.precision.excessive"]
        """

    @Test func foundUpwardWithOverridesByPath() throws {
        try withTemporaryFolder { folder in
            try Data(Self.text.utf8).write(to: folder.appendingPathComponent("meridian.toml"))
            let nested = folder.appendingPathComponent("venues/a")
            try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
            let inner = nested.appendingPathComponent("v.geojson").path
            let outer = folder.appendingPathComponent("top.geojson").path
            for path in [inner, outer] { try Data("{}".utf8).write(to: URL(fileURLWithPath: path)) }
            let configuration = try #require(try RuleConfiguration.discover(from: inner))
            #expect(configuration.strict)
            let forInner = configuration.overrides(for: inner)
            #expect(forInner.action(for: "geojson.object.duplicate-key") == .ignore)
            // The override's code beats the base's family, being more specific.
            #expect(forInner.action(for: "geojson.precision.excessive") == .error)
            #expect(forInner.action(for: "geojson.precision.truncated") == .ignore)
            let forOuter = configuration.overrides(for: outer)
            #expect(forOuter.action(for: "geojson.object.duplicate-key") == nil)
            #expect(forOuter.action(for: "geojson.precision.excessive") == .ignore)
            // The command line goes over the file.
            let commandLine = try DiagnosticOverrides(warn: ["geojson.object"])
            #expect(commandLine.layered(over: forInner).action(for: "geojson.object.duplicate-key") == .warn)
        }
    }

    @Test(arguments: [
        ("[validate]\nignor = [\"geojson\"]\n", "config.key.unknown", 2),
        ("[validate]\nignore = \"geojson\"\n", "config.value.type", 2),
        ("[validate]\nstrict = \"yes\"\n", "config.value.type", 2),
        ("[validate]\n\nerror = [\"geojson.rign\"]\n", "report.rule.unknown", 3),
        ("[lint]\nx = 1\n", "config.key.unknown", 1),
        ("[[validate.overrides]]\nignore = [\"geojson\"]\n", "config.key.unknown", 1),
        ("[validate\n", "config.syntax", 1),
    ])
    func mistakesAreLocated(_ text: String, _ code: String, _ line: Int) {
        do {
            _ = try RuleConfiguration(text: text, path: "meridian.toml")
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.diagnostic.code == code, "\(text)")
            #expect(error.diagnostic.location.file == "meridian.toml")
            #expect(error.diagnostic.location.line == line, "\(text)")
        }
    }

    @Test func noFileMeansNoConfiguration() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("a.geojson").path
            try Data("{}".utf8).write(to: URL(fileURLWithPath: path))
            // Nothing above a fresh temporary folder holds a meridian.toml.
            #expect(try RuleConfiguration.discover(from: path)?.path.hasPrefix(folder.path) != true)
        }
    }
}
