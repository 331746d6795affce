import Meridian
import MeridianCommandLine
import MeridianPlatform

/// The arguments every places command shares: what is asked, where to look,
/// what to keep, how to print.
struct PlacesArguments: ArgumentGroup {
    /// The first argument: the query, typed fragment, address, coordinate or ids.
    let query: String
    let inputs: [String]
    let rebuild: Bool
    let near: String?
    let region: String?
    let requiredRegion: String?
    let include: String?
    let exclude: String?
    let type: String?
    let limit: Int?
    let offset: Int
    let language: String?
    let format: PlacesFormat

    /// Reads the first argument as `name`, described by `help`, then the
    /// inputs and options.
    init(_ arguments: Arguments, query name: String, help: String) throws {
        query = try arguments.argument(name, help: help)
        inputs = try arguments.arguments(
            "inputs",
            help:
                "The inputs: a place index (meridian index), or data files of any format Meridian reads, indexed as they are read."
        )
        rebuild = arguments.flag(
            "rebuild",
            help:
                "When the place index is older than the files it was built from, rebuild it (and write it back) first.")
        near = try arguments.option(
            "near", help: "Measure distances from, and prefer places near, this point: LAT,LON.")
        region = try arguments.option(
            "region", help: "Prefer places in this region: LAT,LON,METRES (a square that many metres across).")
        requiredRegion = try arguments.option(
            "required-region", help: "Keep only places in this region: LAT,LON,METRES.")
        include = try arguments.option(
            "include", help: "Keep only these MapKit categories (comma-separated: cafe,restroom...).")
        exclude = try arguments.option("exclude", help: "Leave out these MapKit categories (comma-separated).")
        type = try arguments.option(
            "type",
            help: "Result types, comma-separated: address, poi (points of interest), query (category suggestions).")
        limit = try arguments.option("limit", help: "How many results.")
        offset = try arguments.option("offset", default: 0, help: "Skip this many results first (paging).")
        language = try arguments.option(
            "language", help: "Preferred languages for names and address order, comma-separated (fr,en).")
        format = try arguments.option(
            "format", default: .text,
            help: "Output: text, json or geojson (a FeatureCollection of the results in rank order).")
    }

    init(_ arguments: Arguments) throws { try self.init(arguments, query: "query", help: "The query.") }

    func validate() throws {
        if inputs.isEmpty { throw UsageError("give at least one input after the query") }
        if let limit, !(1...10_000).contains(limit) { throw UsageError("--limit must be between 1 and 10000") }
        if !(0...1_000_000).contains(offset) { throw UsageError("--offset must be between 0 and 1000000") }
    }

    /// The search options the arguments ask for.
    func options(defaultLimit: Int) throws(DiagnosticError) -> SearchOptions {
        var options = SearchOptions(limit: limit ?? defaultLimit, offset: offset)
        if let required = requiredRegion {
            options.region = try Self.region(required, option: "--required-region")
            options.regionPriority = .required
        } else if let region {
            options.region = try Self.region(region, option: "--region")
        }
        if let near { options.origin = try Self.coordinate(near, option: "--near") }
        if let include {
            options.filter = try PointOfInterestFilter(parsing: "include:" + include)
        } else if let exclude {
            options.filter = try PointOfInterestFilter(parsing: "exclude:" + exclude)
        }
        if let type {
            var types = Set<ResultType>()
            for word in type.split(separator: ",") {
                switch word.lowercased() {
                case "address", "addresses": types.insert(.address)
                case "poi", "pointofinterest", "pointsofinterest": types.insert(.pointOfInterest)
                case "query", "queries": types.insert(.query)
                default:
                    throw DiagnosticError(
                        code: "places.query.invalid",
                        message: "--type takes address, poi and query, not \"\(word)\"")
                }
            }
            options.resultTypes = types
        }
        options.languages = languages
        return options
    }

    /// `LAT,LON`, in range.
    static func coordinate(_ text: String, option: String) throws(DiagnosticError) -> Coordinate {
        let numbers = text.split(separator: ",").map { Double($0.filter { $0 != " " }) }
        guard numbers.count == 2, let latitude = numbers[0], let longitude = numbers[1],
            (-90...90).contains(latitude), (-180...180).contains(longitude)
        else {
            throw DiagnosticError(
                code: "places.query.invalid",
                message: "\(option) takes LAT,LON in degrees (-90 to 90, -180 to 180), not \"\(text)\"")
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// `LAT,LON,METRES`.
    static func region(_ text: String, option: String) throws(DiagnosticError) -> CoordinateRegion {
        let parts = text.split(separator: ",")
        guard parts.count == 3, let metres = Double(parts[2].filter { $0 != " " }), metres > 0, metres.isFinite,
            metres <= 40_000_000
        else {
            throw DiagnosticError(
                code: "places.query.invalid",
                message: "\(option) takes LAT,LON,METRES (a square that many metres across), not \"\(text)\"")
        }
        let center = try coordinate(parts[0] + "," + parts[1], option: option)
        return CoordinateRegion(center: center, latitudinalMeters: metres, longitudinalMeters: metres)
    }

    /// The inputs' index: a place index opened in place, or the data files
    /// read into one; warns of what is left out and of a stale index.
    func index() throws(DiagnosticError) -> PlaceIndex {
        let (index, warnings) = try PlaceIndexFile.load(InputExpansion.expand(inputs), rebuild: rebuild)
        Console.shared.warn(warnings)
        return index
    }

    /// The query, refused when too long to be one.
    static func checked(_ query: String) throws(DiagnosticError) -> String {
        guard query.utf8.count <= 1_000 else {
            throw DiagnosticError(
                code: "places.query.invalid",
                message: "the query is \(query.utf8.count) bytes long; give at most 1 000")
        }
        return query
    }

    var languages: [String] { language.map { $0.split(separator: ",").map(String.init) } ?? [] }

    /// Runs the query against the inputs' index and prints the places found.
    func answer(
        defaultLimit: Int, _ find: (PlaceIndex, String, SearchOptions) -> [SearchResult]
    ) throws(DiagnosticError) {
        let options = try options(defaultLimit: defaultLimit)
        let query = try Self.checked(query)
        let results = find(try index(), query, options)
        print(results, query: query)
        finish(found: !results.isEmpty)
    }

    /// Prints places in the chosen format.
    func print(_ results: [SearchResult], query: String) {
        switch format {
        case .text:
            for (rank, result) in results.enumerated() {
                let place = result.place
                var line = "\(rank + 1). \(place.name(in: languages) ?? place.id)"
                let details = [
                    place.category?.displayName ?? place.categoryWords.first,
                    place.container(.level)?.name, place.address?.shortAddress.nilIfEmpty,
                    result.distance.map { DistanceFormatter().string(fromDistance: $0) },
                ].compactMap { $0 }
                if !details.isEmpty { line += " — " + details.joined(separator: " · ") }
                Console.out(line + "  [\(place.id)]")
            }
        case .json:
            let object = JSONObject([
                ("query", .string(query)),
                (
                    "results",
                    .array(results.map { .object($0.place.jsonObject(languages: languages, distance: $0.distance)) })
                ),
            ])
            printJSON(object)
        case .geojson:
            printGeoJSON(results.map { $0.place.feature(languages: languages, distance: $0.distance) })
        }
    }
}

enum PlacesFormat: String, ArgumentValue, CaseIterable {
    case text, json, geojson
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}

/// Prints a JSON object, as the places commands' `--format json` does.
func printJSON(_ object: JSONObject) {
    Console.out(String(decoding: JSONValue.object(object).jsonBytes(), as: UTF8.self), terminator: "")
}

/// Prints a FeatureCollection of results, in rank order (`--format geojson`).
func printGeoJSON(_ features: [Feature]) {
    Console.out(
        String(decoding: GeoJSONWriter().encode(FeatureCollection(features: features)), as: UTF8.self), terminator: "")
}

/// The exit status of a places command: 0 with results, 1 without (as grep).
func finish(found: Bool) {
    if !found { Platform.exit(ExitStatus.problems) }
}
