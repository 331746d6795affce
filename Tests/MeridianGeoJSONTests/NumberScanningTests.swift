import MeridianCore
import MeridianTestSupport
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

    /// Short integers are read from one load: as integers, ended by
    /// anything but a point or an exponent, with `-0` kept a double and a
    /// leading zero refused, at every position near the end of the input.
    @Test func shortIntegersReadAtOnce() throws {
        for padding in ["", " ", "        "] {
            for (text, expected) in [
                ("0", JSONValue.integer(0)), ("-7", .integer(-7)), ("1234567", .integer(1_234_567)),
                ("-1234567", .integer(-1_234_567)), ("12345678", .integer(12_345_678)), ("-0", .double(-0.0)),
                ("7e2", .double(700)), ("7E2", .double(700)), ("12.5", .double(12.5)), ("3.0", .double(3)),
            ] {
                let value = try Self.parse("[" + text + padding + "]")
                #expect(value == .array([expected]), "\(text) with \(padding.count) spaces after")
                if case .array(let elements) = value, case .double(let double) = elements.first {
                    #expect(double.sign == expected.doubleValue?.sign, "\(text) keeps its sign")
                }
            }
            for (refused, message) in [
                ("0123", "invalid number: unexpected '1'"), ("-", "a number needs digits, found"),
                ("12a", "invalid number: unexpected 'a'"), ("1234567x", "invalid number: unexpected 'x'"),
                ("--1", "a number needs digits, found '-'"),
            ] {
                let error = #expect(throws: DiagnosticError.self) { try Self.parse("[" + refused + padding + "]") }
                #expect(
                    error?.diagnostic.message.hasPrefix(message) == true, "\(refused): \(String(describing: error))")
            }
        }
    }

    /// The one-pass reading of `-?D+.D+` numbers (what most coordinates
    /// are) against Swift's own correctly rounded conversion, bit for bit.
    @Test func plainDecimalsReadAsTheNearestDouble() throws {
        var random = SeededRandom(seed: 15)
        var texts: [String] = []
        for _ in 0..<20_000 {
            let integerCount = Int.random(in: 1...6, using: &random)
            let fractionCount = Int.random(in: 1...(19 - integerCount), using: &random)
            var text = Bool.random(using: &random) ? "-" : ""
            text += String(Int.random(in: (integerCount == 1 ? 0 : 1)...9, using: &random))
            for _ in 1..<integerCount { text += String(Int.random(in: 0...9, using: &random)) }
            text += "."
            for _ in 0..<fractionCount { text += String(Int.random(in: 0...9, using: &random)) }
            texts.append(text)
        }
        let value = try Self.parse("[" + texts.joined(separator: ",") + "]")
        guard case .array(let elements) = value else { throw NumberError.notAnArray }
        try #require(elements.count == texts.count)
        for (element, text) in zip(elements, texts) where element.doubleValue?.bitPattern != Double(text)!.bitPattern {
            Issue.record("\(text) read as \(String(describing: element.doubleValue))")
        }
    }

    enum NumberError: Error { case notAnArray }

    @Test func aNumberRunningIntoALetterIsRefusedAtEveryLength() {
        for length in 1...24 {
            let digits = String(repeating: "5", count: length)
            for text in ["[1." + digits + "x]", "[1" + digits + "a]", "[1." + digits + "e]", "[1." + digits + ".5]"] {
                #expect(throws: (any Error).self, "\(text)") { try Self.parse(text) }
            }
        }
    }
}
