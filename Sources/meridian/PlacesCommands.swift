import Meridian
import MeridianCommandLine
import MeridianPlatform

/// The options every places command shares: where to look, what to keep,
/// how to print.
struct PlacesArguments: ArgumentGroup {
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

    init(_ arguments: Arguments) throws {
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

    /// Runs a query against the inputs' index and prints the places found.
    func answer(
        _ query: String, defaultLimit: Int, _ find: (PlaceIndex, String, SearchOptions) -> [SearchResult]
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
private func printJSON(_ object: JSONObject) {
    Console.out(String(decoding: JSONValue.object(object).jsonBytes(), as: UTF8.self), terminator: "")
}

/// Prints a FeatureCollection of results, in rank order (`--format geojson`).
private func printGeoJSON(_ features: [Feature]) {
    Console.out(
        String(decoding: GeoJSONWriter().encode(FeatureCollection(features: features)), as: UTF8.self), terminator: "")
}

/// The exit status of a places command: 0 with results, 1 without (as grep).
private func finish(found: Bool) {
    if !found { Platform.exit(ExitStatus.problems) }
}

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

    let query: String
    let places: PlacesArguments

    init(_ arguments: Arguments) throws {
        query = try arguments.argument("query", help: "The query.")
        places = try arguments.group(PlacesArguments.self)
    }

    func run() throws {
        try places.answer(query, defaultLimit: 25) { $0.search($1, options: $2) }
    }
}

struct CompleteCommand: Command {
    static let name = "complete"
    static let abstract =
        "Complete a query being typed, as MapKit's MKLocalSearchCompleter."
    static let discussion = """
        meridian complete FRAGMENT INPUT...: category suggestions the fragment starts (cof: Coffee) \
        then places, every word matched as a prefix in any order, with the matched characters \
        (text: in brackets; json: titleHighlightRanges as UTF-16 [start, length] pairs, as MapKit's \
        NSRange). Exit status: 0 completions, 1 none, 2 usage, 3 an input that cannot be read.
        """

    let fragment: String
    let places: PlacesArguments

    init(_ arguments: Arguments) throws {
        fragment = try arguments.argument("fragment", help: "What has been typed so far.")
        places = try arguments.group(PlacesArguments.self)
    }

    func run() throws {
        let options = try places.options(defaultLimit: 10)
        let fragment = try PlacesArguments.checked(fragment)
        let completions = try places.index().completions(for: fragment, options: options)
        switch places.format {
        case .text:
            for completion in completions {
                let title = Self.bracketed(completion.title, completion.titleHighlightRanges)
                let subtitle = Self.bracketed(completion.subtitle, completion.subtitleHighlightRanges)
                Console.out(subtitle.isEmpty ? title : title + " — " + subtitle)
            }
        case .json:
            let results: [JSONValue] = completions.map { completion in
                var object = JSONObject([
                    ("title", .string(completion.title)), ("subtitle", .string(completion.subtitle)),
                    ("titleHighlightRanges", Self.ranges(completion.titleHighlightRanges)),
                    ("subtitleHighlightRanges", Self.ranges(completion.subtitleHighlightRanges)),
                    ("type", .string(completion.type.rawValue)),
                ])
                if let category = completion.category { object["poiCategory"] = .string(category.rawValue) }
                if let place = completion.place {
                    object["place"] = .object(
                        place.jsonObject(languages: places.languages, distance: completion.distance))
                }
                return .object(object)
            }
            let object = JSONObject([("fragment", .string(fragment)), ("results", .array(results))])
            printJSON(object)
        case .geojson:
            let features = completions.compactMap {
                $0.place?.feature(languages: places.languages, distance: $0.distance)
            }
            Console.out(
                String(decoding: GeoJSONWriter().encode(FeatureCollection(features: features)), as: UTF8.self),
                terminator: "")
        }
        finish(found: !completions.isEmpty)
    }

    static func ranges(_ ranges: [Range<Int>]) -> JSONValue {
        .array(ranges.map { .array([.integer(Int64($0.lowerBound)), .integer(Int64($0.count))]) })
    }

    /// The text with each highlighted UTF-16 range in brackets.
    static func bracketed(_ text: String, _ ranges: [Range<Int>]) -> String {
        guard !ranges.isEmpty else { return text }
        let units = Array(text.utf16)
        var result: [UInt16] = []
        var position = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where range.lowerBound >= position {
            result += units[position..<range.lowerBound]
            result += Array("[".utf16) + units[range.clamped(to: 0..<units.count)] + Array("]".utf16)
            position = min(range.upperBound, units.count)
        }
        result += units[position...]
        return String(decoding: result, as: UTF16.self)
    }
}

struct GeocodeCommand: Command {
    static let name = "geocode"
    static let abstract =
        "Find the places an address names, as MapKit's MKGeocodingRequest."
    static let discussion = """
        meridian geocode "1 Meridian Arcade, Cambridge" INPUT...: addresses, and places with an \
        address, ranked by how much of the text their address matches. Exit status: 0 found, \
        1 none, 2 usage, 3 an input that cannot be read.
        """

    let address: String
    let places: PlacesArguments

    init(_ arguments: Arguments) throws {
        address = try arguments.argument("address", help: "The address text.")
        places = try arguments.group(PlacesArguments.self)
    }

    func run() throws {
        try places.answer(address, defaultLimit: 10) { $0.geocode($1, options: $2) }
    }
}

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

    let coordinate: String
    let places: PlacesArguments

    init(_ arguments: Arguments) throws {
        coordinate = try arguments.argument("coordinate", help: "The coordinate: LAT,LON in degrees.")
        places = try arguments.group(PlacesArguments.self)
    }

    func run() throws {
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

    let ids: String
    let places: PlacesArguments

    init(_ arguments: Arguments) throws {
        ids = try arguments.argument("ids", help: "The ids, comma-separated.")
        places = try arguments.group(PlacesArguments.self)
    }

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

struct IndexCommand: Command {
    static let name = "index"
    static let abstract =
        "Build a place index that search, complete, geocode, reverse and lookup open in milliseconds."
    static let discussion = """
        meridian index INPUT... -o places.idx: reads the places of every input (any format Meridian \
        reads) into one index file, recording each input's size, time and content hash. The places \
        commands take the index as their input; when an input has changed since, they warn \
        (places.index.stale), or with --rebuild rebuild the index first. The file is written whole \
        or not at all. Exit status: 0 written, 2 usage, 3 an input that cannot be read or an output \
        that cannot be written.
        """

    let inputs: [String]
    let output: String

    init(_ arguments: Arguments) throws {
        inputs = try arguments.arguments("inputs", help: "The inputs: data files of any format Meridian reads.")
        output = try arguments.requiredOption("output", short: "o", help: "The index file to write.")
    }

    func validate() throws {
        if inputs.isEmpty { throw UsageError("give at least one input to index") }
        if output == "-" { throw UsageError("give the index a file name: it is read in place, not streamed") }
    }

    func run() throws {
        let paths = try InputExpansion.expand(inputs)
        try OutputDestination.checkNotInput(output, inputs: paths)
        let (index, warnings) = try PlaceIndexFile.build(fromPaths: paths)
        Console.shared.warn(warnings)
        try PlaceIndexFile.write(index, to: output)
        let size = index.withSerializedBytes { $0.count }
        Console.out(
            "\(output): \(index.count) places from \(paths.count) \(paths.count == 1 ? "input" : "inputs"), "
                + "\(size) bytes")
    }
}
