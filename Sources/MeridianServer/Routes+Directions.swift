import Hummingbird
import Meridian

/// Directions and travel times, shaped as the Apple Maps Server API's
/// `/v1/directions` and `/v1/etas`: the same parameter names (`origin`,
/// `destination`, `destinations` separated by `|`, `transportType`) and
/// response fields (`routes` with `distanceMeters`, `durationSeconds` and
/// `stepIndexes`; `steps` with `stepPathIndex` and `instructions`;
/// `stepPaths`; `etas` with `expectedTravelTimeSeconds`; places as
/// `lat,lon` or by a dataset place's id or name), over the loaded
/// datasets' lines and through their venues (``Catalogue/network(for:)``;
/// `lat,lon@level` places in a venue, each step's `level`). A route no way
/// makes is a 404 whose body says so (`route.unreachable`).
extension Routes {
    /// `transportType`: Automobile, Walking (the default) or Wheelchair.
    func transportType(_ query: Query) throws(DiagnosticError) -> TransportType {
        switch query["transportType"]?.lowercased() {
        case nil, "walking": .walking
        case "automobile": .automobile
        case "wheelchair": .wheelchair
        case let other?: throw Query.invalid("transportType", "give Automobile, Walking or Wheelchair, not \"\(other)\"")
        }
    }

    /// A place given as `lat,lon` (`lat,lon@level` in a venue, the level's
    /// ordinal), or by the id or name of a place in the datasets (as
    /// `/v1/place` and `/v1/search` find it), with its level.
    func position(_ text: String, parameter: String) throws(DiagnosticError) -> Waypoint {
        let halves = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let parts = halves[0].split(separator: ",")
        if parts.count == 2, parts.allSatisfy({ Double($0.trimmingSpaces) != nil }) {
            var level: Int?
            if halves.count == 2 {
                guard let ordinal = Int(halves[1].trimmingSpaces), abs(ordinal) < 1_000 else {
                    throw Query.invalid(parameter, "give a level's ordinal after @ (latitude,longitude@1), not \"\(text)\"")
                }
                level = ordinal
            }
            return Waypoint(try Query.coordinate(String(halves[0]), name: parameter), level: level)
        }
        guard let place = catalogue.current.places.place(named: text) else {
            throw Query.invalid(parameter, "give latitude,longitude or a place's id or name, not \"\(text)\"")
        }
        return Waypoint(place.coordinate, level: place.container(.level)?.ordinal)
    }

    static func name(_ type: TransportType) -> JSONValue {
        switch type {
        case .walking: "Walking"
        case .wheelchair: "Wheelchair"
        case .automobile: "Automobile"
        }
    }

    static func place(_ position: Coordinate) -> JSONValue {
        .object(JSONObject([("coordinate", point(position))]))
    }

    static func point(_ position: Coordinate) -> JSONValue {
        .object(JSONObject([("latitude", .double(position.latitude)), ("longitude", .double(position.longitude))]))
    }

    /// `requestsAlternateRoutes=true`: up to two other routes, each with
    /// its `stepIndexes` into the shared `steps` and `stepPaths`.
    func directions(_ request: Request) -> Response {
        do throws(DiagnosticError) {
            let query = try Query(request)
            let type = try transportType(query)
            let origin = try position(try query.required("origin"), parameter: "origin")
            let destination = try position(try query.required("destination"), parameter: "destination")
            let alternates: Bool
            switch query["requestsAlternateRoutes"]?.lowercased() {
            case nil, "false": alternates = false
            case "true": alternates = true
            case let other?: throw Query.invalid("requestsAlternateRoutes", "give true or false, not \"\(other)\"")
            }
            let routes = try catalogue.current.network(for: origin).routes(
                from: origin, to: destination, transportType: type, alternates: alternates ? 2 : 0)
            var steps: [JSONValue] = []
            var paths: [JSONValue] = []
            var summaries: [JSONValue] = []
            for route in routes {
                let first = steps.count
                for step in route.steps {
                    steps.append(
                        .object(
                            JSONObject(
                                [
                                    ("stepPathIndex", .integer(Int64(steps.count))),
                                    ("distanceMeters", .double(step.distance)),
                                    ("durationSeconds", .double(step.expectedTravelTime)),
                                    ("instructions", .string(step.instructions)), ("transportType", Self.name(type)),
                                ] + (step.level.map { [("level", .integer(Int64($0)))] } ?? []))))
                    paths.append(.array(step.polyline.map(Self.point)))
                }
                summaries.append(
                    .object(
                        JSONObject([
                            ("name", .string(route.name)), ("distanceMeters", .double(route.distance)),
                            ("durationSeconds", .double(route.expectedTravelTime)),
                            ("transportType", Self.name(type)), ("hasTolls", false),
                            ("stepIndexes", .array((first..<steps.count).map { .integer(Int64($0)) })),
                        ])))
            }
            return Reply.json(
                JSONObject([
                    ("origin", Self.place(origin.coordinate)), ("destination", Self.place(destination.coordinate)),
                    ("routes", .array(summaries)), ("steps", .array(steps)), ("stepPaths", .array(paths)),
                ]))
        } catch {
            return Reply.error(error.diagnostic.code == "route.unreachable" ? .notFound : .badRequest, error.diagnostic)
        }
    }

    func etas(_ request: Request) -> Response {
        do throws(DiagnosticError) {
            let query = try Query(request)
            let type = try transportType(query)
            let origin = try position(try query.required("origin"), parameter: "origin")
            let texts = try query.required("destinations").split(separator: "|")
            guard (1...10).contains(texts.count) else {
                throw Query.invalid("destinations", "give 1 to 10 destinations separated by |")
            }
            var destinations: [Waypoint] = []
            for text in texts {
                destinations.append(try position(String(text), parameter: "destinations"))
            }
            let estimates = try catalogue.current.network(for: origin).graph.travelEstimates(
                from: origin, to: destinations, transportType: type)
            return Reply.json(
                JSONObject([
                    (
                        "etas",
                        .array(
                            zip(destinations, estimates).map { destination, estimate in
                                var fields: [(String, JSONValue)] = [
                                    ("destination", Self.point(destination.coordinate)), ("transportType", Self.name(type)),
                                ]
                                if let estimate {
                                    fields += [
                                        ("distanceMeters", .double(estimate.distance)),
                                        ("expectedTravelTimeSeconds", .double(estimate.expectedTravelTime)),
                                        ("staticTravelTimeSeconds", .double(estimate.expectedTravelTime)),
                                    ]
                                }
                                return .object(JSONObject(fields))
                            })
                    )
                ]))
        } catch {
            return Reply.error(.badRequest, error.diagnostic)
        }
    }
}
