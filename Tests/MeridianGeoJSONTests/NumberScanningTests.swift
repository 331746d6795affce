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

/// Positions in the forms most files write them, `[x,y]` and `[ x, y ]`,
/// are read in one pass; every other form the general way. Both give the
/// same coordinates, and the general way's errors, whatever the numbers
/// and blanks.
@Suite struct CompactPositionTests {
    static func decode(_ text: String) throws -> [Coordinate] {
        let document = try GeoJSONDocument(decoding: Array(text.utf8))
        guard case .geometry(.lineString(let positions), _) = document else {
            Issue.record("not a LineString: \(document)")
            return []
        }
        return positions
    }

    @Test func everyFormReadsAsTheGeneralWayReadsIt() throws {
        var generator = SystemRandomNumberGenerator()
        let numbers = [
            "1.5", "-0.25", "61.210817091725744", "-179.99999999999997", "0.0", "-0.0", "12", "-7", "1.5e3",
            "2E-2", "123456789.123456789012",
        ]
        for _ in 0..<2_000 {
            let count = Int.random(in: 2...3, using: &generator)
            let values = (0..<count).map { _ in numbers.randomElement(using: &generator)! }
            let blank = [" ", "", "  "].randomElement(using: &generator)!
            let compact = "[" + values.joined(separator: ",") + "]"
            let spaced = "[" + blank + values.joined(separator: blank + "," + blank) + blank + "]"
            // Newlines are left to the general way.
            let general = "[\n" + values.joined(separator: ",\n") + "\n]"
            let read = try [compact, spaced, general].map { position in
                try Self.decode(#"{"type":"LineString","coordinates":["# + position + ", [1.5,2.5]]}")
            }
            #expect(read[0] == read[2], "\(compact)")
            #expect(read[1] == read[2], "\(spaced)")
            let expected = Coordinate(
                latitude: Double(values[1])!, longitude: Double(values[0])!,
                altitude: count == 3 ? Double(values[2])! : nil)
            #expect(read[0].first.map { $0 == expected && $0.latitude.sign == expected.latitude.sign } == true)
        }
    }

    @Test func brokenPositionsFailAsBefore() {
        for (broken, code) in [
            ("[1.5, 2.5,]", "geojson.position.not-number"), ("[1.5,]", "geojson.position.not-number"),
            ("[1.5]", "geojson.position.too-short"), ("[01.5,2.5]", "json.number.invalid"),
            ("[1.5,2.5x]", "json.number.invalid"), ("[1.,2.5]", "json.number.invalid"),
            ("[1.5,\"a\"]", "geojson.position.not-number"),
        ] {
            do {
                _ = try Self.decode(#"{"type":"LineString","coordinates":["# + broken + ", [1.5,2.5]]}")
                Issue.record("\(broken) was read")
            } catch let error as DiagnosticError {
                #expect(error.diagnostic.code == code, "\(broken)")
            } catch {
                Issue.record("\(broken): \(error)")
            }
        }
    }
}
