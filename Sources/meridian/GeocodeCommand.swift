import Meridian
import MeridianCommandLine

struct GeocodeCommand: Command {
    static let name = "geocode"
    static let abstract =
        "Find the places an address names, as MapKit's MKGeocodingRequest."
    static let discussion = """
        meridian geocode "1 Meridian Arcade, Cambridge" INPUT...: addresses, and places with an \
        address, ranked by how much of the text their address matches. Exit status: 0 found, \
        1 none, 2 usage, 3 an input that cannot be read.
        """

    let places: PlacesArguments

    init(_ arguments: Arguments) throws {
        places = try arguments.group { try PlacesArguments($0, query: "address", help: "The address text.") }
    }

    func run() throws {
        try places.answer(defaultLimit: 10) { $0.geocode($1, options: $2) }
    }
}
