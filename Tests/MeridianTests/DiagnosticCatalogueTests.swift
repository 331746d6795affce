import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// The catalogue is the vocabulary: every code the sources can report is in
/// it once, nothing in it is stale, and docs/diagnostics.md is written from it.
@Suite struct DiagnosticCatalogueTests {
    static let families = [
        "io", "report", "json", "geojson", "kml", "kmz", "archive", "imdf", "snapshot", "split", "config", "geometry", "fix", "gpx", "expression", "csv", "convert", "gpkg", "places", "crs", "shp", "fgb", "osm", "tile", "topojson", "parquet", "postgis", "buffer", "measure", "dissolve", "join", "overlay", "clean", "route",
    ]

    /// Every string literal in Sources that looks like a code of a family.
    static func codesInSources() throws -> Set<String> {
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(
            pattern: "\"((?:\(families.joined(separator: "|")))\\.[A-Za-z0-9.-]*[A-Za-z0-9])\"")
        var codes: Set<String> = []
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let url as URL in files where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                codes.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        return codes
    }

    @Test func everyCodeIsListedOnceAndNoneIsStale() throws {
        let listed = DiagnosticCatalogue.rules.map(\.code)
        #expect(Set(listed).count == listed.count, "a code is listed twice")
        let used = try Self.codesInSources()
        #expect(used.count > 100)
        // A family (geojson.precision) is a selector, not a code.
        let unlisted = used.subtracting(listed).filter { family in !listed.contains { $0.hasPrefix(family + ".") } }
            .sorted()
        #expect(unlisted.isEmpty, "codes reported but not in the catalogue: \(unlisted)")
        let stale = Set(listed).subtracting(used).sorted()
        #expect(stale.isEmpty, "codes in the catalogue that nothing reports: \(stale)")
        #expect(DiagnosticCatalogue.rules.allSatisfy { !$0.summary.isEmpty && $0.summary.hasSuffix(".") })
        let withoutFix = DiagnosticCatalogue.rules.filter {
            DiagnosticCatalogue.fix(for: $0.code)?.hasSuffix(".") != true
        }
        #expect(withoutFix.isEmpty, "codes without a fix: \(withoutFix.map(\.code))")
    }

    @Test func theDocumentationIsWrittenFromTheCatalogue() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("docs/diagnostics.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(
            text == DiagnosticCatalogue.markdown(), "regenerate: meridian rules --format markdown > docs/diagnostics.md"
        )
        for rule in DiagnosticCatalogue.rules {
            let anchor = try #require(rule.documentation.split(separator: "#").last)
            #expect(text.contains("<a id=\"\(anchor)\"></a>"))
        }
    }

    @Test func rulesAreFoundByCode() {
        #expect(DiagnosticCatalogue.rule(for: "archive.unsafe-path")?.severity == .error)
        #expect(DiagnosticCatalogue.rule(for: "imdf.unit.overlap")?.severity == .warning)
        #expect(DiagnosticCatalogue.rule(for: "no.such.code") == nil)
    }
}
