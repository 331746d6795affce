import Foundation
import Testing

/// True when two doubles are equal or adjacent representable values.
func withinOneULP(_ a: Double, _ b: Double) -> Bool {
    a == b || a.nextUp == b || a.nextDown == b
}

/// The lines of a CSV resource bundled with the tests, header dropped.
func resourceRows(_ name: String) throws -> [[String]] {
    let url = try #require(Bundle.module.url(forResource: "Resources/\(name)", withExtension: "csv"))
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").dropFirst().map {
        $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
}
