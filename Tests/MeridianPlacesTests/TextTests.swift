import MeridianCore
import Testing

@testable import MeridianPlaces

@Suite struct TextFoldingTests {
    @Test func caseWidthAndDiacriticsFold() {
        #expect(TextFolding.fold("Café") == "cafe")
        #expect(TextFolding.fold("ＳＴＡＲ ｓｔａｒ") == "star star")
        #expect(TextFolding.fold("Straße") == "strasse")
        #expect(TextFolding.fold("Øresund Łódź Æbleskiver") == "oresund lodz aebleskiver")
        #expect(TextFolding.fold("São Paulo, Zürich, Ñandú") == "sao paulo, zurich, nandu")
        // A decomposed accent folds as the precomposed one does.
        #expect(TextFolding.fold("Cafe\u{301}") == TextFolding.fold("Caf\u{E9}"))
        #expect(TextFolding.fold("ﬁsh") == "fish")
        // Scripts without case or accents are left as they are.
        #expect(TextFolding.fold("東京駅") == "東京駅")
        #expect(TextFolding.fold("서울") == "서울")
    }

    @Test func originsLeadBackToTheOriginalText() {
        let (scalars, origins) = TextFolding.foldWithOrigins("Straße 1")
        #expect(String(String.UnicodeScalarView(scalars)) == "strasse 1")
        #expect(origins == [0, 1, 2, 3, 4, 4, 5, 6, 7, 8])
        let decomposed = TextFolding.foldWithOrigins("e\u{301}a")
        #expect(decomposed.scalars.map(\.value) == [0x65, 0x61] && decomposed.origins == [0, 2, 3])
    }

    @Test func wordsSplitOnWhatIsNotALetterOrDigit() {
        let words = Words.of("Café Nero, 12-14 King's Parade")
        #expect(words.map(\.text) == ["cafe", "nero", "12", "14", "king", "s", "parade"])
        #expect(words[0].range == 0..<4 && words[1].range == 5..<9)
        let japanese = Words.of("東京駅 Tokyo 丸の内")
        #expect(japanese.map(\.text) == ["東京駅", "tokyo", "丸の内"])
        #expect(japanese.map(\.isUnspaced) == [true, false, true])
        #expect(Words.of("\"*\" NEAR OR - ( )").map(\.text) == ["near", "or"])
        #expect(Words.of("").isEmpty && Words.of("  ,; ").isEmpty)
    }
}

@Suite struct PlaceAddressTests {
    @Test func eachCountryWritesItsOwnOrder() {
        let london = PlaceAddress(
            houseNumber: "221B", street: "Baker Street", locality: "London", postalCode: "NW1 6XE", country: "GB")
        #expect(london.fullAddress() == "221B Baker Street, London NW1 6XE, United Kingdom")
        #expect(london.fullAddress(includingRegion: false) == "221B Baker Street, London NW1 6XE")
        let paris = PlaceAddress(
            houseNumber: "10", street: "rue de Rivoli", locality: "Paris", postalCode: "75001", country: "FR")
        #expect(paris.fullAddress(includingRegion: false) == "10 rue de Rivoli, 75001 Paris")
        #expect(paris.shortAddress == "10 rue de Rivoli, Paris" && paris.cityWithContext == "Paris, France")
        let berlin = PlaceAddress(
            houseNumber: "77", street: "Unter den Linden", locality: "Berlin", postalCode: "10117", country: "DE")
        #expect(berlin.fullAddress(includingRegion: false) == "Unter den Linden 77, 10117 Berlin")
        #expect(berlin.fullAddress(singleLine: false) == "Unter den Linden 77\n10117 Berlin\nGermany")
        let tokyo = PlaceAddress(
            street: "丸の内1丁目", locality: "千代田区", province: "東京都", postalCode: "100-0005", country: "JP")
        #expect(tokyo.fullAddress(includingRegion: false) == "〒100-0005 東京都千代田区丸の内1丁目")
        let cupertino = PlaceAddress(
            houseNumber: "1", street: "Infinite Loop", locality: "Cupertino", province: "US-CA", postalCode: "95014",
            country: "US")
        #expect(cupertino.fullAddress(includingRegion: false) == "1 Infinite Loop, Cupertino, CA 95014")
        #expect(cupertino.cityWithContext == "Cupertino, CA" && cupertino.regionName == "United States")
    }

    @Test func aLanguageChoosesTheOrder() {
        let paris = PlaceAddress(
            houseNumber: "10", street: "rue de Rivoli", locality: "Paris", postalCode: "75001", country: "FR")
        #expect(paris.fullAddress(style: .german, includingRegion: false) == "rue de Rivoli 10, 75001 Paris")
        #expect(PlaceAddress.Style(language: "ja-JP") == .japanese && PlaceAddress.Style(language: "de") == .german)
        #expect(PlaceAddress.Style(language: "en-US") == .american && PlaceAddress.Style(language: "xx") == nil)
    }
}

/// The byte-by-byte highlighting of ASCII titles marks what the general
/// path marks.
@Suite struct HighlightTests {
    @Test func asciiHighlightsAreTheGeneralOnes() {
        let titles = [
            "Men's restroom", "Golden Lion Cafe", "Starbucks Coffee", "10 High Street, Cambridge", "abcdef abcde",
            "Pixel-Games 2", "", "  ", "UPPER lower MiXeD",
        ]
        let queries = ["rest", "gol li", "starbuks", "high 10", "abcde", "pix gam", "x", "upper mixed", "abcdx"]
        for title in titles {
            for query in queries {
                let words = Words.of(query)
                let ascii = PlaceIndex.asciiHighlights(of: words, in: title)
                // The general path, forced by a non-ASCII word that matches nothing.
                let general = PlaceIndex.highlights(of: words + Words.of("ж"), in: title)
                #expect(ascii == general, "\(query) in \(title)")
            }
        }
    }
}
