import Meridian
import MeridianCommandLine

struct RouteCommand: Command {
    static let name = "route"
    static let abstract = "Find the quickest route over a network of lines, as MapKit's MKDirections answers."
    static let discussion = """
        meridian route DATA... --from LAT,LON --to LAT,LON (or a place's id or name in the inputs, \
        as meridian lookup and search find them): the lines of the inputs (streets, paths, \
        walkways; any format Meridian reads) make a network, joined where they share a position; the \
        route from the network's node nearest --from to the one nearest --to is the quickest by --mode \
        (walking at 5 km/h, wheelchair at 4 km/h without steps, driving at each way's maxspeed or its \
        class's speed, one-way streets one way). OpenStreetMap's tags on the lines say who may use them \
        (highway, access, foot, wheelchair, motor_vehicle, oneway, maxspeed). An IMDF venue is routed \
        through its walkable units and their doors, between levels by its relationships (stairs, \
        elevator, escalator, ramp) or by circulation units that overlap on adjacent levels; a place in it \
        is LAT,LON@LEVEL (the level's ordinal), and a wheelchair takes no stairs or escalator. Prints the \
        distance, the expected travel time and the steps with their instructions; --format json as MKRoute \
        names them (distance in metres, expectedTravelTime in seconds; each step's level in a venue), \
        geojson as the route's line and its steps. --alternates adds up to two other routes, each \
        sharing at most 60 % of its length with those before it (JSON: a routes list). With several --to, the travel time and distance to \
        each (as MKDirections.calculateETA). Exit status: 0 found, 1 no route, 2 usage, 3 an input that \
        cannot be read or a place that is not in the data.
        """

    let inputs: [String]
    let from: String
    let destinations: [String]
    let mode: Mode
    let format: PlacesFormat
    let alternates: Bool
    let snapshot: String?
    let prepare: String?

    enum Mode: String, ArgumentValue, CaseIterable {
        case walking, wheelchair, driving

        var transportType: TransportType {
            switch self {
            case .walking: .walking
            case .wheelchair: .wheelchair
            case .driving: .automobile
            }
        }
    }

    init(_ arguments: Arguments) throws {
        inputs = try arguments.arguments("inputs", help: "The network: data files of any format Meridian reads.")
        from = try arguments.option(
            "from", valueName: "place", default: "",
            help: "Where the route starts: lat,lon (lat,lon@level in a venue), or a place's id or name in the inputs.")
        destinations = try arguments.repeatedOption(
            "to", valueName: "place", help: "Where the route ends, as --from (several: the travel time to each).")
        mode = try arguments.option("mode", default: .walking, help: "How the route is travelled.")
        format = try arguments.option("format", default: .text, help: "How to print the route.")
        prepare = try arguments.option(
            "prepare", valueName: "file",
            help: "Write the network prepared for --mode (a contraction hierarchy) to FILE, for fast routes from it later.")
        snapshot = try arguments.option(
            "snapshot", valueName: "file",
            help: "Also draw the route over the data (.png for a PNG, else SVG); in a venue, one map a level it visits, named FILE-levelN.")
        alternates = arguments.flag(
            "alternates",
            help: "Also give up to two other routes at most 40 % longer, as MKDirections with requestsAlternateRoutes.")
    }

    func validate() throws {
        if inputs.isEmpty { throw UsageError("give the network's data files") }
        if prepare != nil {
            if !from.isEmpty || !destinations.isEmpty { throw UsageError("--prepare writes the network: give no --from or --to") }
            return
        }
        if from.isEmpty { throw UsageError("give a start with --from LAT,LON") }
        if destinations.isEmpty { throw UsageError("give a destination with --to LAT,LON") }
    }

    func run() throws {
        let paths = try InputExpansion.expand(inputs)
        // A prepared network: routes through its hierarchy for its mode.
        if paths.count == 1, ContractionHierarchy.isPrepared(paths[0]) {
            guard prepare == nil else { throw UsageError("\(paths[0]) is prepared already") }
            let hierarchy = try ContractionHierarchy(contentsOf: paths[0])
            try answer(over: hierarchy.graph, hierarchy: hierarchy, venue: nil, layers: [])
            return
        }
        var features: [Feature] = []
        var layers: [Layer] = []
        var venue: IMDFArchive?
        for path in paths {
            let input = try Input(path: path)
            if input.format == .imdf {
                guard venue == nil else { throw UsageError("give one venue at a time: routes do not pass between venues") }
                venue = try input.imdfArchive()
                continue
            }
            let source = try FeatureSource(input: input)
            let first = features.count
            while let feature = try source.next() { features.append(feature) }
            Console.shared.warn(source.warnings)
            if snapshot != nil { layers.append(Layer(id: Layer.name(of: path), features: Array(features[first...]))) }
        }
        var warnings: [Diagnostic] = []
        let graph = venue.map { RoutingGraph(venue: $0, lines: features, warnings: &warnings) } ?? RoutingGraph(features: features)
        Console.shared.warn(warnings)
        if let prepare {
            guard venue == nil else {
                throw UsageError("a venue is routed as it is, without preparing: give --prepare a network of lines")
            }
            try OutputDestination.checkNotInput(prepare, inputs: paths)
            let hierarchy = ContractionHierarchy(graph: graph, transportType: mode.transportType)
            let output = try OutputDestination(path: prepare)
            try output.write(hierarchy.fileBytes())
            try output.commit()
            Console.out(
                "\(prepare): \(graph.nodeCount) nodes, \(graph.edgeCount) edges, \(hierarchy.shortcutCount) shortcuts, prepared for \(mode.rawValue)")
            return
        }
        try answer(over: graph, hierarchy: nil, venue: venue, layers: layers)
    }

    /// Routes or travel times over `graph` (through `hierarchy` when it was
    /// prepared for the mode asked for).
    func answer(over graph: RoutingGraph, hierarchy: ContractionHierarchy?, venue: IMDFArchive?, layers: [Layer]) throws {
        // Places by id or name come from a place index over the same inputs, made once if needed.
        var index: PlaceIndex?
        var names: [String] = []
        func position(_ text: String, option: String) throws(DiagnosticError) -> Waypoint {
            if let waypoint = try Self.waypoint(text, option: option) {
                names.append(text)
                return waypoint
            }
            guard hierarchy == nil else {
                throw DiagnosticError(
                    code: "route.position", message: "\(option) \"\(text)\": a prepared network knows positions only (LAT,LON)")
            }
            if index == nil { index = try PlaceIndexFile.load(InputExpansion.expand(inputs), rebuild: false).index }
            guard let place = index?.place(named: text) else {
                throw DiagnosticError(
                    code: "route.position",
                    message: "\(option) \"\(text)\" is neither LAT,LON[@LEVEL] nor a place's id or name in the inputs")
            }
            names.append("\(place.name(in: []) ?? place.id) [\(place.id)]")
            return Waypoint(place.coordinate, level: place.container(.level)?.ordinal)
        }
        let origin = try position(from, option: "--from")
        var places: [Waypoint] = []
        for text in destinations { places.append(try position(text, option: "--to")) }
        if places.count == 1 {
            do {
                let routes =
                    if let hierarchy, hierarchy.transportType == mode.transportType, !alternates {
                        [try hierarchy.route(from: origin, to: places[0])]
                    } else {
                        try graph.routes(
                            from: origin, to: places[0], transportType: mode.transportType, alternates: alternates ? 2 : 0)
                    }
                print(routes, from: names[0], to: names[1])
                if let snapshot { try draw(routes[0], over: layers, venue: venue, to: snapshot) }
            } catch {
                // No route is an answer (status 1), not a failure to read.
                guard error.diagnostic.code == "route.unreachable" else { throw error }
                Console.shared.fail(error)
                finish(found: false)
            }
        } else {
            let estimates = try graph.travelEstimates(from: origin, to: places, transportType: mode.transportType)
            print(estimates, places: places)
            finish(found: estimates.allSatisfy { $0 != nil })
        }
    }

    /// The route drawn over the inputs: one map, or in a venue one a level
    /// the route visits (FILE-levelN.svg, written whole or not at all).
    func draw(_ route: Route, over layers: [Layer], venue: IMDFArchive?, to path: String) throws(DiagnosticError) {
        guard let venue, !route.levels.isEmpty else {
            try Map(route: route, over: layers).snapshot().write(toFile: path)
            return
        }
        var visited: [Int] = []
        for level in route.levels.compactMap({ $0 }) where !visited.contains(level) { visited.append(level) }
        let dot = path.lastIndex(of: ".").flatMap { $0 > (path.lastIndex(of: "/") ?? path.startIndex) ? $0 : nil }
        let (stem, suffix) = dot.map { (String(path[..<$0]), String(path[$0...])) } ?? (path, "")
        for level in visited {
            let floor = try Layer(venue: venue, levelOrdinal: level)
            try Map(route: route, over: [floor] + layers, level: level).snapshot()
                .write(toFile: "\(stem)-level\(level)\(suffix)")
        }
    }

    /// `LAT,LON` in degrees, and `@LEVEL` (a venue level's ordinal); nil
    /// for text that is not two numbers (a place's id or name), an error
    /// for numbers out of range.
    static func waypoint(_ text: String, option: String) throws(DiagnosticError) -> Waypoint? {
        let parts = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let numbers = parts[0].split(separator: ",").map { Double($0.filter { $0 != " " }) }
        guard numbers.count == 2, let latitude = numbers[0], let longitude = numbers[1] else { return nil }
        guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw DiagnosticError(
                code: "route.position",
                message: "\(option) takes LAT,LON in degrees (-90 to 90, -180 to 180), not \"\(text)\"")
        }
        var level: Int?
        if parts.count == 2 {
            guard let ordinal = Int(parts[1].filter { $0 != " " }), abs(ordinal) < 1_000 else {
                throw DiagnosticError(
                    code: "route.position", message: "\(option) takes a level's ordinal after @ (LAT,LON@1), not \"\(text)\"")
            }
            level = ordinal
        }
        return Waypoint(Coordinate(latitude: latitude, longitude: longitude), level: level)
    }

    static func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        if seconds < 60 { return "\(Int(seconds.rounded())) s" }
        return minutes < 60 ? "\(minutes) min" : "\(minutes / 60) h \(minutes % 60) min"
    }

    static func line(_ positions: [Coordinate]) -> JSONValue {
        .object(
            JSONObject([
                ("type", "LineString"),
                ("coordinates", .array(positions.map { .array([.double($0.longitude), .double($0.latitude)]) })),
            ]))
    }

    /// The routes found, the quickest first: with --alternates, each
    /// headed by its number (text), as `routes` (JSON), or with a `route`
    /// property (GeoJSON).
    func print(_ routes: [Route], from start: String, to end: String) {
        let metres = DistanceFormatter()
        switch format {
        case .text:
            for (index, route) in routes.enumerated() {
                let along = route.name.isEmpty ? "" : " along \(route.name)"
                let summary = "\(metres.string(fromDistance: route.distance)), \(Self.duration(route.expectedTravelTime))"
                let kind = mode.rawValue.prefix(1).uppercased() + mode.rawValue.dropFirst() + " route"
                let number = alternates ? " \(index + 1) of \(routes.count)" : ""
                Console.out(kind + number + along + ": " + summary)
                Console.out("  from \(start) to \(end)")
                for (number, step) in route.steps.enumerated() {
                    let length = step.distance > 0 ? " (\(metres.string(fromDistance: step.distance)))" : ""
                    Console.out("  \(number + 1). \(step.instructions)\(length)")
                }
            }
        case .json:
            let objects = routes.map { route in
                JSONObject([
                    ("name", .string(route.name)), ("transportType", .string(mode.rawValue)),
                    ("distance", .double(route.distance)), ("expectedTravelTime", .double(route.expectedTravelTime)),
                    ("sourceGap", .double(route.sourceGap)), ("destinationGap", .double(route.destinationGap)),
                    ("polyline", Self.line(route.polyline)),
                    (
                        "steps",
                        .array(
                            route.steps.map { step in
                                .object(
                                    JSONObject([
                                        ("instructions", .string(step.instructions)), ("distance", .double(step.distance)),
                                        ("expectedTravelTime", .double(step.expectedTravelTime)),
                                        ("polyline", Self.line(step.polyline)),
                                    ] + (step.level.map { [("level", .integer(Int64($0)))] } ?? [])))
                            })
                    ),
                ])
            }
            printJSON(alternates ? JSONObject([("routes", .array(objects.map { .object($0) }))]) : objects[0])
        case .geojson:
            var features: [Feature] = []
            for (index, route) in routes.enumerated() {
                let number: [(String, JSONValue)] = alternates ? [("route", .integer(Int64(index + 1)))] : []
                features.append(
                    Feature(
                        geometry: .lineString(route.polyline),
                        properties: JSONObject(
                            number + [
                                ("name", .string(route.name)), ("transportType", .string(mode.rawValue)),
                                ("distance", .double(route.distance)),
                                ("expectedTravelTime", .double(route.expectedTravelTime)),
                            ])))
                for (step, part) in route.steps.enumerated() {
                    features.append(
                        Feature(
                            geometry: part.polyline.count > 1 ? .lineString(part.polyline) : .point(part.polyline[0]),
                            properties: JSONObject(
                                number + [
                                    ("step", .integer(Int64(step + 1))), ("instructions", .string(part.instructions)),
                                    ("distance", .double(part.distance)),
                                ] + (part.level.map { [("level", .integer(Int64($0)))] } ?? []))))
                }
            }
            printGeoJSON(features)
        }
    }

    func print(_ estimates: [TravelEstimate?], places: [Waypoint]) {
        switch format {
        case .text:
            for (place, estimate) in zip(places, estimates) {
                let to = "\(place.coordinate.latitude),\(place.coordinate.longitude)" + (place.level.map { "@\($0)" } ?? "")
                guard let estimate else {
                    Console.out("\(to): no \(mode.rawValue) route")
                    continue
                }
                Console.out(
                    "\(to): \(DistanceFormatter().string(fromDistance: estimate.distance)), \(Self.duration(estimate.expectedTravelTime))")
            }
        case .json, .geojson:
            // The Apple Maps Server API's /v1/etas names.
            printJSON(
                JSONObject([
                    (
                        "etas",
                        .array(
                            zip(places, estimates).map { place, estimate in
                                var fields: [(String, JSONValue)] = [
                                    (
                                        "destination",
                                        .object(
                                            JSONObject([
                                                ("latitude", .double(place.coordinate.latitude)),
                                                ("longitude", .double(place.coordinate.longitude)),
                                            ]))
                                    ),
                                    ("transportType", .string(mode.rawValue)),
                                ]
                                if let estimate {
                                    fields.append(("distanceMeters", .double(estimate.distance)))
                                    fields.append(("expectedTravelTimeSeconds", .double(estimate.expectedTravelTime)))
                                }
                                return .object(JSONObject(fields))
                            })
                    )
                ]))
        }
    }
}
