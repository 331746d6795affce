import Meridian
import MeridianCommandLine

struct ReverseCommand: Command {
    static let name = "reverse"
    static let abstract =
        "Say what is at a coordinate, as MapKit's MKReverseGeocodingRequest."
    static let discussion = """
        meridian reverse LAT,LON INPUT...: the places whose area contains the point, smallest \
        first (for IMDF: section, unit, level, building, venue; for GeoJSON and KML: polygon \
        features), then the nearest places with an address, with their distances (--limit of \
        them, 5 by default). Exit status: 0 something found, 1 nothing, 2 usage (a coordinate \
        out of range), 3 an input that cannot be read.
        """

    let places: PlacesArguments

    init(_ arguments: Arguments) throws {
        places = try arguments.group {
            try PlacesArguments($0, query: "coordinate", help: "The coordinate: LAT,LON in degrees.")
        }
    }

    func run() throws {
        let coordinate = places.query
        let point = try PlacesArguments.coordinate(coordinate, option: "the coordinate")
        let (containing, nearby) = try places.index().reverse(point, nearest: places.limit ?? 5)
        let containers = containing.map { SearchResult(place: $0) }
        switch places.format {
        case .text:
            if !containing.isEmpty { Console.out("Inside:") }
            places.print(containers, query: coordinate)
            if !nearby.isEmpty { Console.out("Nearest addressed places:") }
            places.print(nearby, query: coordinate)
        case .json:
            let object = JSONObject([
                (
                    "coordinate",
                    .object(
                        JSONObject([("latitude", .double(point.latitude)), ("longitude", .double(point.longitude))]))
                ),
                ("containing", .array(containing.map { .object($0.jsonObject(languages: places.languages)) })),
                (
                    "nearby",
                    .array(
                        nearby.map { .object($0.place.jsonObject(languages: places.languages, distance: $0.distance)) })
                ),
            ])
            printJSON(object)
        case .geojson:
            places.print(containers + nearby, query: coordinate)
        }
        finish(found: !containing.isEmpty || !nearby.isEmpty)
    }
}
