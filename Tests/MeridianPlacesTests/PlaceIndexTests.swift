import MeridianCore
import Testing

@testable import MeridianPlaces

/// Completion, search, lookup, geocoding and reverse geocoding over a small
/// town of places written for the purpose.
@Suite struct PlaceIndexTests {
    static let centre = Coordinate(latitude: 52.2053, longitude: 0.1218)

    static func place(
        _ id: String, _ name: String, _ latitude: Double, _ longitude: Double,
        _ category: PointOfInterestCategory? = nil,
        names: [PlaceName] = [], alternates: [String] = [], words: [String] = [], address: PlaceAddress? = nil,
        containers: [PlaceContainer] = [], boundary: Geometry? = nil, kind: Place.Kind = .pointOfInterest
    ) -> Place {
        Place(
            id: id, alternateIDs: alternates, names: [PlaceName(text: name)] + names,
            coordinate: Coordinate(latitude: latitude, longitude: longitude), category: category, categoryWords: words,
            address: address, containers: containers, boundary: boundary, kind: kind)
    }

    static func square(_ latitude: Double, _ longitude: Double, _ half: Double) -> Geometry {
        .polygon([
            [
                Coordinate(latitude: latitude - half, longitude: longitude - half),
                Coordinate(latitude: latitude - half, longitude: longitude + half),
                Coordinate(latitude: latitude + half, longitude: longitude + half),
                Coordinate(latitude: latitude + half, longitude: longitude - half),
                Coordinate(latitude: latitude - half, longitude: longitude - half),
            ]
        ])
    }

    static let level1 = PlaceContainer(kind: .level, id: "l1", name: "First Floor", ordinal: 1)
    static let level0 = PlaceContainer(kind: .level, id: "l0", name: "Ground Floor", ordinal: 0)

    static let index = try! PlaceIndex([
        place("cafe-near", "Café Nero", 52.2055, 0.1220, .cafe, alternates: ["old-nero"]),
        place("cafe-far", "Café Rouge", 52.2300, 0.1500, .cafe),
        place("star", "Star Books", 52.2050, 0.1210, .store, words: ["bookshop"]),
        place("wc-1", "Toilets", 52.2052, 0.1219, .restroom, containers: [level1]),
        place("wc-0", "Toilets", 52.2052, 0.1219, .restroom, containers: [level0]),
        place("lift", "Lift", 52.2052, 0.1217, nil, words: ["elevator"], containers: [level0]),
        place(
            "tokyo-station", "東京駅", 35.6812, 139.7671, .publicTransport,
            names: [PlaceName(text: "Tokyo Station", language: "en")]),
        place(
            "addr-1", "10 rue de Rivoli, 75001 Paris", 48.8556, 2.3601,
            address: PlaceAddress(
                houseNumber: "10", street: "rue de Rivoli", locality: "Paris", postalCode: "75001", country: "FR"),
            kind: .address),
        place("arcade", "Meridian Arcade", 52.2053, 0.1218, .store, boundary: square(52.2053, 0.1218, 0.001)),
        place("shop", "Pixel Games", 52.2053, 0.1218, .store, boundary: square(52.2053, 0.1218, 0.0001)),
        place("starbucks", "Starbucks", 52.2000, 0.1300, .cafe),
    ])

    static func ids(_ completions: [Completion]) -> [String] { completions.compactMap(\.place?.id) }

    @Test func completionMatchesPrefixesInAnyOrderAndIgnoresCaseWidthAndAccents() {
        let options = SearchOptions(
            region: CoordinateRegion(center: Self.centre, latitudinalMeters: 2_000, longitudinalMeters: 2_000))
        #expect(Self.ids(Self.index.completions(for: "cafe n", options: options)) == ["cafe-near"])
        #expect(Self.ids(Self.index.completions(for: "NERO CAF", options: options)) == ["cafe-near"])
        #expect(Self.ids(Self.index.completions(for: "ｓｔａｒ", options: options)).first == "star")
        // The region's bias: the nearer café first.
        let cafes = Self.ids(Self.index.completions(for: "café", options: options))
        #expect(cafes.prefix(2) == ["cafe-near", "cafe-far"] || cafes.first == "cafe-near")
    }

    @Test func oneTypoIsToleratedInWordsOfFiveLetters() {
        #expect(Self.ids(Self.index.completions(for: "starbuks")) == ["starbucks"])
        #expect(Self.ids(Self.index.completions(for: "satr")).isEmpty)
    }

    @Test func scriptsWithoutSpacesMatchInsideWords() {
        #expect(Self.ids(Self.index.completions(for: "京駅")) == ["tokyo-station"])
        let completion = Self.index.completions(for: "京")[0]
        #expect(completion.title == "東京駅" && completion.titleHighlightRanges == [1..<2])
    }

    @Test func highlightsAreTheTypedPartsOfTheTitle() {
        let completion = Self.index.completions(for: "nero caf").first { $0.place != nil }!
        #expect(completion.title == "Café Nero")
        #expect(completion.titleHighlightRanges == [0..<3, 5..<9])
        let titled = PlaceIndex.highlights(of: Words.of("stras"), in: "Hauptstraße Straße")
        #expect(titled == [12..<17])
    }

    @Test func categoryWordsSuggestASearch() {
        let completions = Self.index.completions(for: "cof")
        #expect(completions.first?.type == .query && completions.first?.category == .cafe)
        #expect(completions.first?.title == "Coffee" && completions.first?.titleHighlightRanges == [0..<3])
        var options = SearchOptions()
        options.resultTypes = [.pointOfInterest]
        #expect(Self.index.completions(for: "cof", options: options).allSatisfy { $0.type == .pointOfInterest })
    }

    @Test func theFilterRegionAndTypesApply() {
        var options = SearchOptions(limit: 50)
        options.filter = .excluding([.cafe])
        #expect(!Self.index.search("nero rouge starbucks", options: options).contains { $0.place.category == .cafe })
        options = SearchOptions(
            region: CoordinateRegion(center: Self.centre, latitudinalMeters: 1_000, longitudinalMeters: 1_000),
            regionPriority: .required)
        #expect(Self.index.search("cafe", options: options).map(\.place.id) == ["cafe-near"])
        options = SearchOptions(resultTypes: [.address])
        #expect(Self.index.search("rivoli", options: options).map(\.place.id) == ["addr-1"])
        #expect(Self.index.search("nero", options: options).isEmpty)
    }

    @Test func searchFindsCategoriesLevelsAndLeavesOutQuestionWords() {
        let toilets = Self.index.search("where are the toilets on the first floor")
        #expect(toilets.first?.place.id == "wc-1")
        #expect(Self.index.search("restroom level ground").first?.place.id == "wc-0")
        #expect(Self.index.search("coffee").map(\.place.id).sorted() == ["cafe-far", "cafe-near", "starbucks"])
        #expect(Self.index.search("elevator").map(\.place.id) == ["lift"])
        let near = Self.index.search("coffee", options: SearchOptions(origin: Self.centre))
        #expect(near.first?.place.id == "cafe-near" && near.first!.distance! < 50)
    }

    @Test func queriesMeanNothingToASearchEngineAndAreMatchedLiterally() {
        for query in ["", "\"", "*", "NEAR", "OR", "-", "( )", "cafe*", "\"cafe\" OR \"nero\"", "nero -cafe"] {
            let results = Self.index.search(query)
            let completions = Self.index.completions(for: query)
            if query.contains("cafe") || query.contains("nero") {
                #expect(results.contains { $0.place.id == "cafe-near" })
            } else {
                #expect(results.isEmpty && completions.isEmpty, "\(query)")
            }
        }
        let long = String(repeating: "cafe ", count: 2_000)
        #expect(Self.index.completions(for: long).count <= 10)
    }

    @Test func lookupResolvesAlternateIdsAndListsTheRest() {
        let (places, unresolved) = Self.index.lookup(["star", "old-nero", "nope", ""])
        #expect(places.map(\.id) == ["star", "cafe-near"])
        #expect(unresolved == ["nope", ""])
    }

    @Test func reverseListsTheSmallestAreaFirstAndTheNearestAddresses() {
        let (containing, nearby) = Self.index.reverse(Self.centre)
        #expect(containing.map(\.id) == ["shop", "arcade"])
        #expect(nearby.map(\.place.id) == ["addr-1"] && nearby[0].distance! > 400_000 && nearby[0].distance! < 500_000)
        #expect(Self.index.reverse(Coordinate(latitude: -40, longitude: -100)).containing.isEmpty)
    }

    @Test func coordinatesOutOfRangeFindNothingAndNeverTrap() throws {
        for bad in [
            Coordinate(latitude: .nan, longitude: 0), Coordinate(latitude: 1e300, longitude: 0),
            Coordinate(latitude: 0, longitude: -.infinity), Coordinate(latitude: 91, longitude: 1e20),
        ] {
            let (containing, nearby) = Self.index.reverse(bad)
            #expect(containing.isEmpty && nearby.isEmpty)
            _ = Self.index.search("cafe", options: SearchOptions(origin: bad))
        }
        let strange = try PlaceIndex([
            Self.place(
                "far", "Far Away", 1e300, -1e300, .cafe,
                address: PlaceAddress(street: "Nowhere")),
            Self.place("nan", "Not A Number", .nan, .nan, .cafe, address: PlaceAddress(street: "Nowhere")),
        ])
        #expect(strange.search("far").map(\.place.id) == ["far"])
        #expect(strange.reverse(Self.centre).nearby.isEmpty)
        // Offsets and limits out of range give nothing, or everything there is.
        for (offset, limit) in [(-5, 10), (Int.max, Int.max), (0, -1), (Int.max, 1)] {
            let options = SearchOptions(limit: limit, offset: offset)
            #expect(Self.index.search("cafe", options: options).count <= 3)
            #expect(Self.index.completions(for: "caf", options: options).count <= 10)
        }
    }

    @Test func geocodingMatchesAddresses() {
        let results = Self.index.geocode("10 rue de rivoli paris")
        #expect(results.map(\.place.id) == ["addr-1"])
        #expect(Self.index.geocode("nowhere street").isEmpty)
    }
}
