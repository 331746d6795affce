import MeridianCore
import Testing

@testable import MeridianGeoJSON

/// The reader skips runs of digits eight bytes at a time: a number ends at
/// the first byte that is not a digit wherever it falls in a word, and a
/// number that runs into a letter is refused, at every length.
@Suite struct NumberScanningTests {
    static func parse(_ text: String) throws -> JSONValue {
        try JSONValue(parsing: Array(text.utf8))
    }

    @Test func numbersOfEveryLengthEndWhereTheirDigitsEnd() throws {
        for length in 1...24 {
            let digits = String((0..<length).map { Character(String(($0 * 7 + 3) % 10)) })
            let integer = "9" + digits
            let fraction = "-0." + digits
            for (text, suffix) in [(integer, "]"), (fraction, "]"), (fraction, " ]"), (integer + "e2", "]")] {
                let value = try Self.parse("[" + text + suffix)
                guard case .array(let elements) = value, elements.count == 1, let number = elements[0].doubleValue
                else {
                    Issue.record("\(text)\(suffix) did not read as one number: \(value)")
                    continue
                }
                #expect(number == Double(text)!, "\(text)")
            }
        }
    }

    @Test func aNumberRunningIntoALetterIsRefusedAtEveryLength() {
        for length in 1...24 {
            let digits = String(repeating: "5", count: length)
            for text in ["[1." + digits + "x]", "[1" + digits + "a]", "[1." + digits + "e]", "[1." + digits + ".5]"] {
                #expect(throws: (any Error).self, "\(text)") { try Self.parse(text) }
            }
        }
    }
}
