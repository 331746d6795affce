import Testing

@testable import MeridianCore

/// The command line's own text search (`firstRange(ofText:)`,
/// `containsText`, `split(separatorText:)`, `replacingAll`) against the
/// standard library's _StringProcessing, which the tests may link: the
/// same answers on random text over a small alphabet (so that matches,
/// overlaps and near misses are frequent), combining accents included.
@Suite struct TextSearchTests {
    static let alphabet: [String] = ["a", "b", "\n", "é", "e\u{301}", "🇫🇷", "ab"]

    func randomText(_ generator: inout some RandomNumberGenerator, maximum: Int) -> String {
        (0..<Int.random(in: 0...maximum, using: &generator)).map { _ in Self.alphabet.randomElement(using: &generator)! }
            .joined()
    }

    @Test func searchAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        var found = 0
        for _ in 0..<20_000 {
            let text = randomText(&generator, maximum: 12)
            let target = randomText(&generator, maximum: 3)
            let mine = text.firstRange(ofText: target)
            #expect(mine == text.firstRange(of: target), "\(text.debugDescription) \(target.debugDescription)")
            // (The standard library's `contains` compares Unicode scalars, not
            // Characters: "e\u{301}" contains "e" for it and not for
            // `firstRange(of:)`, which `containsText` follows.)
            #expect(text.containsText(target) == (text.firstRange(of: target) != nil))
            if !target.isEmpty {
                #expect(text.split(separatorText: target) == text.split(separator: target))
                #expect(text.replacingAll(target, with: "<>") == text.replacing(target, with: "<>"))
            }
            if mine != nil && !target.isEmpty { found += 1 }
        }
        #expect(found > 2_000)
        // Empty text is found at the start, as `firstRange(of:)` finds it.
        #expect("ab".containsText(""))
        #expect(!"e\u{301}".containsText("e"))
        // Characters, not bytes: a precomposed é matches e + combining acute.
        #expect("caf\u{E9}s".containsText("e\u{301}s"))
        #expect(!"cafe\u{301}".containsText("cafe"))
        #expect("a\n\n\n\nb".split(separatorText: "\n\n") == ["a", "b"])
    }
}
