import Meridian
import MeridianTestSupport
import Testing

/// Fifty queries a person would type, over the bundled venue and Natural
/// Earth's populated places, each with the place that person expects
/// first: all fifty must rank it first. A restroom query expects a
/// restroom (the venue has several, all equally right).
@Suite struct PlaceRelevanceTests {
    enum Mode { case search, complete }

    static let venue: PlaceIndex = {
        let (places, _) = try! PlaceExtractor.places(fromPaths: [Samples.path("meridian-arcade")])
        return try! PlaceIndex(places)
    }()

    static let venueQueries: [(Mode, String, String)] = [
        (.search, "coffee", "Bean There"), (.search, "cafe", "Bean There"), (.search, "books", "Page Turner Books"),
        (.search, "noodles", "Noodle Bar"), (.search, "toilets", "restroom"),
        (.search, "where are the toilets on the first floor", "restroom"), (.search, "lift", "Lift"),
        (.search, "elevator ground floor", "Lift"), (.search, "stairs", "Stairs"),
        (.search, "cash machine", "Cash machine"), (.search, "atm", "Cash machine"),
        (.search, "information", "Information"), (.search, "key cutting", "Key Cutting"),
        (.search, "shoes", "Sole Mates"), (.search, "games", "Pixel Games"), (.search, "bike", "Pedal Power"),
        (.search, "watch repair", "Tick Tock Repairs"), (.search, "management office", "Management Office"),
        (.search, "food court", "Food court seating"), (.search, "gallery", "Gallery"),
        (.complete, "bea", "Bean There"), (.complete, "pag", "Page Turner Books"), (.complete, "pix", "Pixel Games"),
        (.complete, "sole", "Sole Mates"), (.complete, "tick", "Tick Tock Repairs"),
    ]

    static let cityQueries: [(Mode, String, String)] = [
        (.search, "london", "London"), (.search, "paris", "Paris"), (.search, "new york", "New York"),
        (.search, "tokyo", "Tokyo"), (.search, "東京", "Tokyo"), (.search, "москва", "Moscow"),
        (.search, "munchen", "Munich"), (.search, "londres", "London"), (.search, "lisboa", "Lisbon"),
        (.search, "amsterdm", "Amsterdam"), (.search, "barcelna", "Barcelona"), (.search, "sao paolo", "São Paulo"),
        (.search, "cape town", "Cape Town"), (.search, "buenos aires", "Buenos Aires"),
        (.search, "mexico city", "Mexico City"), (.complete, "lond", "London"), (.complete, "par", "Paris"),
        (.complete, "tok", "Tokyo"), (.complete, "syd", "Sydney"), (.complete, "bei", "Beijing"),
        (.complete, "ist", "Istanbul"), (.complete, "cai", "Cairo"), (.complete, "mum", "Mumbai"),
        (.complete, "ber", "Berlin"), (.complete, "mad", "Madrid"),
    ]

    static func first(_ index: PlaceIndex, _ mode: Mode, _ query: String) -> Place? {
        switch mode {
        case .search: return index.search(query, options: SearchOptions(limit: 1)).first?.place
        case .complete:
            var options = SearchOptions(limit: 1)
            options.resultTypes = [.pointOfInterest, .address]
            return index.completions(for: query, options: options).first?.place
        }
    }

    static func expected(_ place: Place?, _ wanted: String) -> Bool {
        guard let place else { return false }
        return wanted == "restroom" ? place.category == .restroom : place.name == wanted
    }

    @Test func venueQueriesRankTheExpectedPlaceFirst() {
        let misses = Self.venueQueries.filter { !Self.expected(Self.first(Self.venue, $0.0, $0.1), $0.2) }
        #expect(Self.venueQueries.count == 25)
        #expect(misses.isEmpty, "\(misses.map { "\($0.1) → \(Self.first(Self.venue, $0.0, $0.1)?.name ?? "-")" })")
    }

    @Test(.requiresFixtures)
    func cityQueriesRankTheExpectedPlaceFirst() throws {
        let (places, _) = try PlaceExtractor.places(
            fromPaths: [Fixtures.url("geojson/real/ne_50m_populated_places.json").path])
        let index = try PlaceIndex(places)
        let misses = Self.cityQueries.filter { !Self.expected(Self.first(index, $0.0, $0.1), $0.2) }
        #expect(Self.cityQueries.count == 25)
        #expect(misses.isEmpty, "\(misses.map { "\($0.1) → \(Self.first(index, $0.0, $0.1)?.name ?? "-")" })")
    }
}
