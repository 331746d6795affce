import Foundation
import Meridian
import Testing

/// `meridian rules` lists the diagnostic catalogue.
@Suite struct RulesCommandTests {
    @Test func listsEveryCodeAsJSON() throws {
        let result = try CLI.run(["rules", "--format", "json"])
        #expect(result.status == 0)
        let rules = try #require(JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [[String: String]])
        #expect(rules.map { $0["code"] ?? "" } == DiagnosticCatalogue.rules.map(\.code))
        #expect(rules.allSatisfy { $0["documentation"]?.hasPrefix("docs/diagnostics.md#") == true })
    }

    @Test func aPrefixListsOneFamily() throws {
        let result = try CLI.run(["rules", "archive"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == DiagnosticCatalogue.rules.filter { $0.code.hasPrefix("archive.") }.count)
        #expect(lines.allSatisfy { $0.hasPrefix("archive.") })
        #expect(try CLI.run(["rules", "nothing.like.this"]).status == 2)
    }
}
