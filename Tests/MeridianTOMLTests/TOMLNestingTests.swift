import MeridianCore
import Testing

@testable import MeridianTOML

/// A meridian.toml is found upward from any input, so a hostile one (a
/// header of 50 000 dotted parts, under the 1 MiB cap) must be a located
/// error for every command, never a crashed stack: tables in the tree are
/// bounded like arrays and inline tables.
@Suite struct TOMLNestingTests {
    static let limit = InputLimits.maximumHandWrittenNesting

    static func dotted(_ count: Int) -> String {
        Array(repeating: "a", count: count).joined(separator: ".")
    }

    @Test(arguments: [
        "[\(dotted(50_000))]\nx = 1\n",
        "[[\(dotted(50_000))]]\nx = 1\n",
        "\(dotted(50_000)) = 1\n",
        "x = " + String(repeating: "{ y = ", count: 20_000) + "1" + String(repeating: " }", count: 20_000) + "\n",
        "x = " + String(repeating: "{ \(dotted(100)) = ", count: 100) + "1" + String(repeating: " }", count: 100)
            + "\n",
        "[\(dotted(100))]\n\(dotted(100)) = 1\n",
    ])
    func tablesNestedPastTheLimitAreRefused(_ document: String) {
        #expect {
            try TOMLTable(parsing: document)
        } throws: { error in
            "\(error)".contains("nested more than \(Self.limit) deep")
        }
    }

    @Test func tablesWithinTheLimitAreRead() throws {
        let table = try TOMLTable(parsing: "[\(Self.dotted(Self.limit - 1))]\nx = 1\n")
        var current = table
        for _ in 0..<(Self.limit - 1) {
            guard case .table(let next)? = current["a"] else {
                Issue.record("a level is missing")
                return
            }
            current = next
        }
        #expect(current["x"] == .integer(1))
    }
}
