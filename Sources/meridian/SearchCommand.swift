import Meridian
import MeridianCommandLine

struct SearchCommand: Command {
    static let name = "search"
    static let abstract =
        "Find places for a natural-language query, as MapKit's MKLocalSearch."
    static let discussion = """
        meridian search QUERY INPUT...: places ranked by how well they match (every word, in any \
        order; category words such as coffee, toilets or pharmacy find their category; words that \
        match nothing are left out) and by distance from --near or the region's centre, each with \
        that distance. Matching ignores case, width and accents; a word of five letters or more \
        may have one typo. Exit status: 0 places found, 1 none, 2 usage, 3 an input that cannot \
        be read.
        """

    let places: PlacesArguments

    init(_ arguments: Arguments) throws { places = try arguments.group(PlacesArguments.self) }

    func run() throws {
        try places.answer(defaultLimit: 25) { $0.search($1, options: $2) }
    }
}
