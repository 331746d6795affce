import Meridian
import MeridianTestSupport
import Testing

/// `--ignore`, `--warn` and `--error`: codes and families, the longest
/// selector winning, and unknown codes refused with suggestions.
@Suite struct DiagnosticOverridesTests {
    static let found = [
        Diagnostic(severity: .warning, code: "geojson.precision.excessive", message: "p"),
        Diagnostic(severity: .info, code: "geojson.precision.truncated", message: "t"),
        Diagnostic(severity: .warning, code: "geojson.ring.winding", message: "w"),
        Diagnostic(severity: .error, code: "geojson.ring.unclosed", message: "u"),
    ]

    @Test func familiesAndCodesWithTheLongestSelectorWinning() throws {
        let overrides = try DiagnosticOverrides(
            ignore: ["geojson.precision", "geojson.ring"], warn: ["geojson.ring.unclosed"],
            error: ["geojson.ring.winding"])
        let kept = overrides.apply(Self.found)
        #expect(kept.map(\.code) == ["geojson.ring.winding", "geojson.ring.unclosed"])
        #expect(kept.map(\.severity) == [.error, .warning])
        #expect(try DiagnosticOverrides().apply(Self.found) == Self.found)
        // A family is matched at a dot, never inside a word.
        #expect(overrides.action(for: "geojson.ringside") == nil)
    }

    @Test func anUnknownCodeIsRefusedWithTheClosestOnes() {
        #expect(diagnosticCode { _ = try DiagnosticOverrides(ignore: ["geojson.rign"]) } == "report.rule.unknown")
        do {
            _ = try DiagnosticOverrides(error: ["archive.unsafe-pat"])
            Issue.record("accepted an unknown code")
        } catch {
            #expect(error.diagnostic.message.contains("did you mean archive.unsafe-path"))
        }
    }
}
