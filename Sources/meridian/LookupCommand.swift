import Meridian
import MeridianCommandLine

struct LookupCommand: Command {
    static let name = "lookup"
    static let abstract =
        "Find places by identifier, as MapKit's MKMapItemRequest for several Place IDs."
    static let discussion = """
        meridian lookup ID[,ID...] INPUT...: each id is matched against the places' ids and their \
        alternate ids (a replaced Place ID resolves to the place that lists it); the ids that \
        resolve to nothing are listed (text: as warnings; json: in unresolvedIds). Exit status: \
        0 every id found, 1 some not found, 2 usage, 3 an input that cannot be read.
        """

    let places: PlacesArguments

    init(_ arguments: Arguments) throws {
        places = try arguments.group { try PlacesArguments($0, query: "ids", help: "The ids, comma-separated.") }
    }

    var ids: String { places.query }

    func validate() throws {
        if !ids.split(separator: ",").contains(where: { !$0.isEmpty }) {
            throw UsageError("give at least one id to look up")
        }
    }

    func run() throws {
        let wanted = ids.split(separator: ",").map(String.init).filter { !$0.isEmpty }
        let (found, unresolved) = try places.index().lookup(wanted)
        let results = found.map { SearchResult(place: $0) }
        if places.format == .json {
            let object = JSONObject([
                ("results", .array(found.map { .object($0.jsonObject(languages: places.languages)) })),
                ("unresolvedIds", .array(unresolved.map(JSONValue.string))),
            ])
            printJSON(object)
        } else {
            places.print(results, query: ids)
        }
        for id in unresolved {
            Console.shared.warn(
                Diagnostic(
                    severity: .warning, code: "places.id.unresolved",
                    message: "no place has the id or alternate id \"\(id)\"", location: SourceLocation()))
        }
        finish(found: unresolved.isEmpty)
    }
}
