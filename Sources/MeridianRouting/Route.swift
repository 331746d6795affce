import MeridianCore

/// A way from one place to another over a ``RoutingGraph``, shaped as
/// MapKit's `MKRoute`: the line to draw, the steps with their
/// instructions, the distance in metres and the expected travel time in
/// seconds.
public struct Route: Sendable {
    /// The route's main way: the name of the way it follows longest.
    public var name: String
    public var transportType: TransportType
    /// Metres along the network.
    public var distance: Double
    /// Seconds: on foot at 5 km/h (in a wheelchair at 4), by car at each
    /// way's speed.
    public var expectedTravelTime: Double
    /// From where the route joins the network to where it leaves it.
    public var polyline: [Coordinate]
    /// In a venue, each polyline position's level (its ordinal; nil for a
    /// position outdoors); empty for a network without levels.
    public var levels: [Int?] = []
    public var steps: [Step]
    /// Metres from the place asked for to where the route joins the network,
    /// and from where it leaves it to the place asked for.
    public var sourceGap: Double
    public var destinationGap: Double

    /// A stretch of the route along one way, as `MKRoute.Step`.
    public struct Step: Sendable, Hashable {
        /// What to do at its start: "Turn left onto Mill Road".
        public var instructions: String
        /// Metres.
        public var distance: Double
        /// Seconds.
        public var expectedTravelTime: Double
        public var polyline: [Coordinate]
        /// The way's name, if it has one.
        public var wayName: String?
        /// In a venue, the level the step ends on (its ordinal).
        public var level: Int?
        /// What the step follows: a way, a venue's space, a level change.
        public var kind: RoutingGraph.Way.Kind = .way
    }

    /// The stretches of the polyline on a level (for a venue's map of that
    /// level): each run of positions on it, at least two positions long.
    public func polylines(onLevel level: Int) -> [[Coordinate]] {
        guard levels.count == polyline.count else { return [] }
        var runs: [[Coordinate]] = []
        var run: [Coordinate] = []
        for (position, onLevel) in zip(polyline, levels) {
            if onLevel == level {
                run.append(position)
            } else {
                if run.count >= 2 { runs.append(run) }
                run = []
            }
        }
        if run.count >= 2 { runs.append(run) }
        return runs
    }
}

/// Where a route starts or ends: a position and, in a venue, its level.
public struct Waypoint: Sendable, Hashable {
    public var coordinate: Coordinate
    /// The level's ordinal; nil: the level nearest the ground of those
    /// whose walkable units hold the position.
    public var level: Int?

    public init(_ coordinate: Coordinate, level: Int? = nil) {
        self.coordinate = coordinate
        self.level = level
    }
}

/// Travel from one place to another, as `MKDirections.ETAResponse` gives it.
public struct TravelEstimate: Sendable, Hashable {
    public var destination: Coordinate
    /// Metres along the network.
    public var distance: Double
    /// Seconds.
    public var expectedTravelTime: Double
}

/// The rules routing reports by (the catalogue and `meridian rules` list them).
public enum RoutingDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        route.no-network | error | The data holds no line the transport type may use (a route needs streets, paths or walkways as lines).
        route.unreachable | error | No way leads from the start to the destination by the transport type: they lie on parts of the network that do not connect (or one-way streets, stairs or a closed way part them).
        route.position | error | A start or destination that is neither a position (latitude and longitude as two numbers, -90 to 90 and -180 to 180) nor, on the command line and over HTTP, the id or name of a place in the data; or, in a venue, a position outside every level, or a level the venue does not have.
        route.prepared.invalid | error | A file given as a prepared network (meridian route --prepare) that is damaged, cut short or not one: a count past its end, an index past what it points into, a shortcut that stands for arcs made after it.
        route.venue.opening | warning | An opening of a venue that lies on the edge of no walkable unit of its level (within half a metre): routes do not pass through it.
        route.venue.reference | warning | A relationship of a venue that names a feature the venue does not hold, or one that is not walked (a wall, a non-public unit, a staff door): the level change or traversal it describes is left out.
        """#)
}

extension RoutingGraph {
    /// The quickest route from `source` to `destination` by `type`, each
    /// joined to the network at its nearest node.
    public func route(from source: Coordinate, to destination: Coordinate, transportType type: TransportType)
        throws(DiagnosticError) -> Route
    {
        try route(from: Waypoint(source), to: Waypoint(destination), transportType: type)
    }

    /// The quickest route from `source` to `destination` by `type`; in a
    /// venue, each joined to the nearest node of the walkable unit that
    /// holds it on its level.
    public func route(from source: Waypoint, to destination: Waypoint, transportType type: TransportType)
        throws(DiagnosticError) -> Route
    {
        try routes(from: source, to: destination, transportType: type, alternates: 0)[0]
    }

    /// The quickest route and up to `alternates` others, quickest first, as
    /// `MKDirections` answers a request with `requestsAlternateRoutes`:
    /// each found by making the edges of the routes found so far cost half
    /// as much again (the penalty method), kept when it takes at most 40 %
    /// longer than the quickest and shares at most 60 % of its length with
    /// each route kept before it; fewer when no such route is found in
    /// `alternates + 3` searches.
    public func routes(
        from source: Waypoint, to destination: Waypoint, transportType type: TransportType, alternates: Int
    ) throws(DiagnosticError) -> [Route] {
        let (start, startGap) = try join(source, type)
        let (end, endGap) = try join(destination, type)
        guard let best = shortestPath(from: start, to: end, transportType: type) else {
            throw unreachable(source, destination, type)
        }
        var paths = [best]
        if alternates > 0, start != end {
            var penalties = [Float](repeating: 1, count: edgeCount)
            for edge in best.edges { penalties[edge] *= 1.5 }
            var tries = 0
            while paths.count <= alternates, tries < alternates + 3 {
                tries += 1
                guard let candidate = shortestPath(from: start, to: end, transportType: type, penalties: penalties),
                    candidate.seconds <= 1.4 * best.seconds
                else { break }
                let length = candidate.edges.reduce(0) { $0 + edgeLength[$1] }
                let isApart = paths.allSatisfy { kept in
                    let shared = Set(kept.edges)
                    return candidate.edges.reduce(0) { $0 + (shared.contains($1) ? edgeLength[$1] : 0) } <= 0.6 * length
                }
                if isApart { paths.append(candidate) }
                for edge in candidate.edges { penalties[edge] *= 1.5 }
            }
            paths[1...].sort { $0.seconds < $1.seconds }
        }
        return paths.map { makeRoute($0, type, startGap: startGap, endGap: endGap) }
    }

    /// No route: what the user is told.
    func unreachable(_ source: Waypoint, _ destination: Waypoint, _ type: TransportType) -> DiagnosticError {
        DiagnosticError(
            code: "route.unreachable",
            message:
                "no \(type.rawValue) route from \(describe(source)) to \(describe(destination)): the network does not connect them"
                + (type == .wheelchair && venue != nil ? " without stairs or escalators" : ""))
    }

    /// A path as a route: its length, line, levels, steps and name.
    func makeRoute(
        _ path: (nodes: [Int], edges: [Int], seconds: Double), _ type: TransportType, startGap: Double, endGap: Double
    ) -> Route {
        var route = Route(
            name: "", transportType: type, distance: path.edges.reduce(0) { $0 + edgeLength[$1] },
            expectedTravelTime: path.seconds, polyline: path.nodes.map { positions[$0] }, steps: [],
            sourceGap: startGap, destinationGap: endGap)
        if !levels.isEmpty { route.levels = path.nodes.map { level(of: $0) } }
        route.steps = steps(path.nodes, path.edges, type)
        var lengths: [String: Double] = [:]
        for step in route.steps { if let name = step.wayName { lengths[name, default: 0] += step.distance } }
        route.name = lengths.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? ""
        return route
    }

    /// Travel times from `source` to each of `destinations` by `type` (one
    /// search for all); nil for a destination no way leads to.
    public func travelEstimates(
        from source: Coordinate, to destinations: [Coordinate], transportType type: TransportType
    ) throws(DiagnosticError) -> [TravelEstimate?] {
        try travelEstimates(from: Waypoint(source), to: destinations.map { Waypoint($0) }, transportType: type)
    }

    /// Travel times from `source` to each of `destinations` by `type`, in a
    /// venue level by level.
    public func travelEstimates(
        from source: Waypoint, to destinations: [Waypoint], transportType type: TransportType
    ) throws(DiagnosticError) -> [TravelEstimate?] {
        let (start, _) = try join(source, type)
        var search = Search(graph: self, source: start, type: type)
        _ = search.run(until: nil)
        var estimates: [TravelEstimate?] = []
        for destination in destinations {
            let (end, _) = try join(destination, type)
            guard search.cost[end].isFinite else {
                estimates.append(nil)
                continue
            }
            var metres = 0.0
            var node = end
            while node != start {
                metres += edgeLength[Int(search.previousEdge[node])]
                node = Int(search.previousNode[node])
            }
            estimates.append(
                TravelEstimate(destination: destination.coordinate, distance: metres, expectedTravelTime: search.cost[end]))
        }
        return estimates
    }

    /// A node's level, nil for none.
    func level(of node: Int) -> Int? {
        levels.isEmpty || levels[node] == Self.noLevel ? nil : Int(levels[node])
    }

    /// The node where a place joins the network for `type`, and its distance.
    func join(_ waypoint: Waypoint, _ type: TransportType) throws(DiagnosticError) -> (Int, Double) {
        let position = waypoint.coordinate
        guard (-90...90).contains(position.latitude), (-180...180).contains(position.longitude) else {
            throw DiagnosticError(code: "route.position", message: "\(describe(waypoint)) is not a position")
        }
        guard modesPresent & type.bit != 0 else {
            throw DiagnosticError(
                code: "route.no-network", message: "the data holds no line to route along by \(type.rawValue)")
        }
        if let venue, let joined = try join(waypoint, type, venue) { return joined }
        guard let nearest = nearestNode(to: position, transportType: type) else {
            throw DiagnosticError(
                code: "route.no-network", message: "the data holds no line to route along by \(type.rawValue)")
        }
        return nearest
    }

    /// A place in a venue: the nearest node of the walkable unit that holds
    /// it (the one nearest the ground floor, then the smallest), else the
    /// nearest node of the level whose outline holds it; nil for a place
    /// outside every level, where lines outdoors are used if there are any.
    private func join(_ waypoint: Waypoint, _ type: TransportType, _ venue: VenueIndex)
        throws(DiagnosticError) -> (Int, Double)?
    {
        let position = waypoint.coordinate
        let wanted = waypoint.level.map(Int32.init(clamping:))
        if let wanted, venue.level(wanted) == nil {
            throw DiagnosticError(
                code: "route.position",
                message:
                    "the venue has no level \(wanted) (its levels: \(venue.levels.map { String($0.ordinal) }.joined(separator: ", ")))"
            )
        }
        let holding = venue.spaces.indices.filter { space in
            (wanted == nil || venue.spaces[space].level == wanted)
                && venue.spaces[space].polygons.contains { $0.contains(position) }
        }.sorted {
            let (a, b) = (venue.spaces[$0], venue.spaces[$1])
            return a.level.magnitude != b.level.magnitude ? a.level.magnitude < b.level.magnitude : a.area < b.area
        }
        for space in holding {
            let nearest = venue.spaces[space].nodes.filter { isOnWay(Int($0), type) }
                .min { positions[Int($0)].distance(to: position) < positions[Int($1)].distance(to: position) }
            if let nearest { return (Int(nearest), positions[Int(nearest)].distance(to: position)) }
        }
        // A unit with no door (or none the mode may take): its centre, which no route reaches.
        if let space = holding.first {
            let centre = Int(venue.spaces[space].nodes[0])
            return (centre, positions[centre].distance(to: position))
        }
        let outlined = venue.levels.filter { level in
            (wanted == nil || level.ordinal == wanted) && level.outline.contains { $0.contains(position) }
        }.map(\.ordinal).sorted { $0.magnitude < $1.magnitude }
        for level in outlined {
            if let nearest = nearestNode(to: position, transportType: type, where: { levels[$0] == level }) { return nearest }
        }
        if wanted == nil, levels.contains(Self.noLevel) { return nil }
        throw DiagnosticError(
            code: "route.position",
            message: "\(describe(waypoint)) lies outside \(wanted.map { "level \($0)" } ?? "every level") of the venue")
    }

    func describe(_ waypoint: Waypoint) -> String {
        Self.describe(waypoint.coordinate) + (waypoint.level.map { "@\($0)" } ?? "")
    }

    /// "52.205,0.1218": to the micro-degree (as it is, past any range).
    static func describe(_ position: Coordinate) -> String {
        func degrees(_ value: Double) -> String {
            abs(value) < 1_000 ? "\(Double(Int((value * 1e6).rounded())) / 1e6)" : "\(value)"
        }
        return "\(degrees(position.latitude)),\(degrees(position.longitude))"
    }

    /// The route's steps: one a way (a street by its name, a space of a
    /// venue, a level change), its instruction from the turn onto it.
    private func steps(_ nodes: [Int], _ edges: [Int], _ type: TransportType) -> [Route.Step] {
        var steps: [Route.Step] = []
        var previousBearing: Double?
        var index = 0
        while index < edges.count {
            let way = ways[Int(edgeWay[edges[index]])]
            var end = index
            while end + 1 < edges.count {
                let next = Int(edgeWay[edges[end + 1]])
                guard way.kind == .way ? ways[next].kind == .way && ways[next].name == way.name : next == Int(edgeWay[edges[index]])
                else { break }
                end += 1
            }
            let line = Array(nodes[index...(end + 1)]).map { positions[$0] }
            let length = edges[index...end].reduce(0) { $0 + edgeLength[$1] }
            let seconds = edges[index...end].reduce(0) { $0 + (cost($1, type) ?? 0) }
            // Out of the elevator or stairwell just ridden: part of the ride.
            if way.kind == .space, venue?.circulation.contains(edgeWay[edges[index]]) == true,
                let last = steps.last, [.elevator, .stairs, .escalator].contains(last.kind)
            {
                steps[steps.count - 1].distance += length
                steps[steps.count - 1].expectedTravelTime += seconds
                steps[steps.count - 1].polyline += line.dropFirst()
                steps[steps.count - 1].level = level(of: nodes[end + 1])
                if let moved = Array(zip(line, line.dropFirst())).last(where: { $0.0.distance(to: $0.1) > 0.01 }) {
                    previousBearing = moved.0.initialBearing(to: moved.1)
                }
                index = end + 1
                continue
            }
            let instructions: String
            switch way.kind {
            case .elevator, .stairs, .escalator, .ramp:
                instructions = levelChange(way.kind, from: nodes[index], to: nodes[end + 1])
                previousBearing = nil
            case .way, .space:
                // Bearings along the step, where it moves.
                let bearings = zip(line, line.dropFirst()).filter { $0.0.distance(to: $0.1) > 0.01 }.map {
                    $0.0.initialBearing(to: $0.1)
                }
                var verb = "Continue"
                if let previousBearing, let bearing = bearings.first { verb = Self.verb(previousBearing, bearing) }
                let first = previousBearing == nil
                let heading = bearings.first.map { "Head \(Self.compass($0))" } ?? "Start"
                switch (way.kind, first) {
                case (.space, true): instructions = heading + (way.name.map { " in \($0)" } ?? "")
                case (.space, false) where venue?.doors.contains(Int32(nodes[index])) == true:
                    instructions = verb + " through the door" + (way.name.map { " of \($0)" } ?? "")
                case (.space, false): instructions = verb + (way.name.map { " into \($0)" } ?? "")
                case (_, true): instructions = heading + (way.name.map { " on \($0)" } ?? "")
                case (_, false): instructions = verb + (way.name.map { " onto \($0)" } ?? "")
                }
                if let last = bearings.last { previousBearing = last }
            }
            steps.append(
                Route.Step(
                    instructions: instructions, distance: length, expectedTravelTime: seconds, polyline: line,
                    wayName: way.name, level: level(of: nodes[end + 1]), kind: way.kind))
            index = end + 1
        }
        if let last = nodes.last {
            steps.append(
                Route.Step(
                    instructions: "Arrive at the destination", distance: 0, expectedTravelTime: 0,
                    polyline: [positions[last]], level: level(of: last)))
        }
        return steps
    }

    /// "Take the elevator to First Floor", "Take the stairs down to Ground Floor".
    func levelChange(_ kind: Way.Kind, from: Int, to: Int) -> String {
        let (start, end) = (level(of: from) ?? 0, level(of: to) ?? 0)
        let name = venue?.level(Int32(end))?.name ?? "level \(end)"
        if kind == .elevator { return "Take the elevator to \(name)" }
        let way = start == end ? "" : end > start ? " up" : " down"
        return "Take the \(kind.rawValue)\(way) to \(name)"
    }

    /// "Turn left", "Bear right", "Continue": the turn from one bearing to the next.
    static func verb(_ before: Double, _ after: Double) -> String {
        var change = (after - before).truncatingRemainder(dividingBy: 360)
        if change > 180 { change -= 360 }
        if change <= -180 { change += 360 }
        let side = change > 0 ? "right" : "left"
        switch abs(change) {
        case ..<25: return "Continue"
        case ..<60: return "Bear \(side)"
        case ..<130: return "Turn \(side)"
        case ..<165: return "Turn sharp \(side)"
        default: return "Make a U-turn"
        }
    }

    /// One of the eight compass points for a bearing.
    static func compass(_ bearing: Double) -> String {
        let points = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let index = Int(((bearing + 360).truncatingRemainder(dividingBy: 360) / 45).rounded()) % 8
        return points[index]
    }
}
