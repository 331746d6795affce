import Hummingbird
import Meridian

/// The place endpoints, shaped as the Apple Maps Server API's: the same
/// parameter names (`q`, `searchLocation`, `searchRegion`,
/// `searchRegionPriority`, `includePoiCategories`, `excludePoiCategories`,
/// `resultTypeFilter`, `lang`, `loc`, `ids`) and the same response fields
/// (`results`, `displayMapRegion`, `displayLines`, `completionUrl`,
/// `errors` with `errorCode`), over the loaded datasets' places.
extension Routes {
    /// The search options every place endpoint reads.
    func searchOptions(_ query: Query, defaultLimit: Int) throws(DiagnosticError) -> SearchOptions {
        var options = SearchOptions(limit: try query.integer("limit", in: 1...100) ?? defaultLimit)
        if let region = try query.region("searchRegion") {
            options.region = region
            switch query["searchRegionPriority"] {
            case nil, "default": break
            case "required": options.regionPriority = .required
            case let other?:
                throw Query.invalid("searchRegionPriority", "give default or required, not \"\(other)\"")
            }
        }
        if let origin = try query.coordinate("searchLocation") {
            options.origin = origin
        } else {
            options.origin = try query.coordinate("userLocation")
        }
        if let include = query.list("includePoiCategories") {
            options.filter = try PointOfInterestFilter(parsing: "include:" + include.joined(separator: ","))
        } else if let exclude = query.list("excludePoiCategories") {
            options.filter = try PointOfInterestFilter(parsing: "exclude:" + exclude.joined(separator: ","))
        }
        if let types = query.list("resultTypeFilter") {
            var kinds = Set<ResultType>()
            for type in types {
                switch type.lowercased() {
                case "address": kinds.insert(.address)
                case "poi", "pointofinterest": kinds.insert(.pointOfInterest)
                case "query": kinds.insert(.query)
                default: throw Query.invalid("resultTypeFilter", "give Address, Poi or Query, not \"\(type)\"")
                }
            }
            options.resultTypes = kinds
        }
        options.languages = query.list("lang") ?? []
        return options
    }

    /// The query text, refused when too long to be one.
    func text(_ query: Query, _ name: String = "q") throws(DiagnosticError) -> String {
        let text = try query.required(name)
        guard text.utf8.count <= 1_000 else { throw Query.invalid(name, "give at most 1 000 bytes") }
        return text
    }

    /// A place as the Maps Server API's `Place`, its `source` naming the
    /// dataset rather than the file it was read from.
    func placeJSON(_ place: Place, languages: [String], distance: Double? = nil) -> JSONValue {
        var object = place.jsonObject(languages: languages, distance: distance)
        var source = JSONObject([("dataset", .string(Layer.name(of: place.source.file)))])
        if let featureID = place.source.featureID { source["featureId"] = .string(featureID) }
        object["source"] = .object(source)
        return .object(object)
    }

    /// `{"results": [...], "displayMapRegion": ...}` for places found.
    func placeResults(_ places: [(Place, Double?)], languages: [String]) -> Response {
        var object = JSONObject()
        if let region = Self.displayRegion(places.map { $0.0.coordinate }) { object["displayMapRegion"] = region }
        object["results"] = .array(places.map { placeJSON($0.0, languages: languages, distance: $0.1) })
        return Reply.json(object)
    }

    /// The Maps Server API's `DisplayMapRegion` around coordinates.
    static func displayRegion(_ coordinates: [Coordinate]) -> JSONValue? {
        guard let first = coordinates.first else { return nil }
        var (south, north, west, east) = (first.latitude, first.latitude, first.longitude, first.longitude)
        for coordinate in coordinates.dropFirst() {
            south = min(south, coordinate.latitude)
            north = max(north, coordinate.latitude)
            west = min(west, coordinate.longitude)
            east = max(east, coordinate.longitude)
        }
        return .object(
            JSONObject([
                ("southLatitude", .double(south)), ("westLongitude", .double(west)),
                ("northLatitude", .double(north)), ("eastLongitude", .double(east)),
            ]))
    }

    func search(_ query: Query) throws(DiagnosticError) -> Response {
        let options = try searchOptions(query, defaultLimit: 25)
        let results = catalogue.current.places.search(try text(query), options: options)
        return placeResults(results.map { ($0.place, $0.distance) }, languages: options.languages)
    }

    func geocode(_ query: Query) throws(DiagnosticError) -> Response {
        let options = try searchOptions(query, defaultLimit: 10)
        let results = catalogue.current.places.geocode(try text(query), options: options)
        return placeResults(results.map { ($0.place, $0.distance) }, languages: options.languages)
    }

    func autocomplete(_ query: Query) throws(DiagnosticError) -> Response {
        let options = try searchOptions(query, defaultLimit: 10)
        let completions = catalogue.current.places.completions(for: try text(query), options: options)
        let results: [JSONValue] = completions.map { completion in
            var object = JSONObject()
            object["completionUrl"] = .string("/v1/search?q=" + MapsURL.percentEncode(completion.title))
            object["displayLines"] = .array(
                [completion.title, completion.subtitle].filter { !$0.isEmpty }.map(JSONValue.string))
            object["titleHighlightRanges"] = .array(completion.titleHighlightRanges.map(Self.range))
            if let place = completion.place {
                object["id"] = .string(place.id)
                object["location"] = .object(
                    JSONObject([
                        ("latitude", .double(place.coordinate.latitude)),
                        ("longitude", .double(place.coordinate.longitude)),
                    ]))
                if let address = place.structuredAddress(languages: options.languages) {
                    object["structuredAddress"] = .object(address)
                }
            }
            if let category = completion.category { object["poiCategory"] = .string(category.rawValue) }
            return .object(object)
        }
        return Reply.json(JSONObject([("results", .array(results))]))
    }

    func reverseGeocode(_ query: Query) throws(DiagnosticError) -> Response {
        guard let coordinate = try query.coordinate("loc") else {
            throw DiagnosticError(code: "serve.parameter.missing", message: "the parameter loc is required")
        }
        let languages = query.list("lang") ?? []
        let found = catalogue.current.places.reverse(coordinate, nearest: try query.integer("limit", in: 1...100) ?? 5)
        let places = found.containing.map { ($0, Double?.none) } + found.nearby.map { ($0.place, $0.distance) }
        return placeResults(places, languages: languages)
    }

    func place(id: String, _ query: Query) throws(DiagnosticError) -> Response {
        let languages = query.list("lang") ?? []
        guard let place = catalogue.current.places.lookup([id]).places.first else {
            return Reply.error(.notFound, code: "serve.place.unknown", "no place has the id \"\(id)\"")
        }
        return Reply.json(placeJSON(place, languages: languages).objectValue ?? JSONObject())
    }

    /// `GET /v1/places?ids=a,b` (or `alternateIds=`): the places found, and
    /// an error for each id that resolves to nothing.
    func places(_ query: Query) throws(DiagnosticError) -> Response {
        guard let ids = query.list("ids") ?? query.list("alternateIds"), !ids.isEmpty else {
            throw DiagnosticError(code: "serve.parameter.missing", message: "the parameter ids is required")
        }
        guard ids.count <= 100 else { throw Query.invalid("ids", "give at most 100 ids") }
        let languages = query.list("lang") ?? []
        let found = catalogue.current.places.lookup(ids)
        return Reply.json(
            JSONObject([
                ("results", .array(found.places.map { placeJSON($0, languages: languages) })),
                (
                    "errors",
                    .array(
                        found.unresolved.map { id in
                            .object(JSONObject([("id", .string(id)), ("errorCode", .string("FAILED_NOT_FOUND"))]))
                        })
                ),
            ]))
    }

    static func range(_ range: Range<Int>) -> JSONValue {
        .object(
            JSONObject([("location", .integer(Int64(range.lowerBound))), ("length", .integer(Int64(range.count)))]))
    }
}
