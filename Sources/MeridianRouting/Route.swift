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
        route.position | error | A start or destination that is neither a position (latitude and longitude as two numbers, -90 to 90 and -180 to 180) nor, on the command line and over HTTP, the id or name of a place in the data.
        """#)
}

extension RoutingGraph {
    /// The quickest route from `source` to `destination` by `type`, each
    /// joined to the network at its nearest node.
    public func route(from source: Coordinate, to destination: Coordinate, transportType type: TransportType)
        throws(DiagnosticError) -> Route
    {
        let (start, startGap) = try join(source, type)
        let (end, endGap) = try join(destination, type)
        guard let path = shortestPath(from: start, to: end, transportType: type) else {
            throw DiagnosticError(
                code: "route.unreachable",
                message:
                    "no \(type.rawValue) route from \(Self.describe(source)) to \(Self.describe(destination)): the network does not connect them"
            )
        }
        var route = Route(
            name: "", transportType: type, distance: path.edges.reduce(0) { $0 + edgeLength[$1] },
            expectedTravelTime: path.seconds, polyline: path.nodes.map { positions[$0] }, steps: [],
            sourceGap: startGap, destinationGap: endGap)
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
            estimates.append(TravelEstimate(destination: destination, distance: metres, expectedTravelTime: search.cost[end]))
        }
        return estimates
    }

    /// The node nearest a place on a way `type` may take.
    private func join(_ position: Coordinate, _ type: TransportType) throws(DiagnosticError) -> (Int, Double) {
        guard (-90...90).contains(position.latitude), (-180...180).contains(position.longitude) else {
            throw DiagnosticError(code: "route.position", message: "\(Self.describe(position)) is not a position")
        }
        guard let nearest = nearestNode(to: position, transportType: type) else {
            throw DiagnosticError(
                code: "route.no-network", message: "the data holds no line to route along by \(type.rawValue)")
        }
        return nearest
    }

    static func describe(_ position: Coordinate) -> String {
        "\(Double(Int((position.latitude * 1e6).rounded())) / 1e6),\(Double(Int((position.longitude * 1e6).rounded())) / 1e6)"
    }

    /// The route's steps: one a way, its instruction from the turn onto it.
    private func steps(_ nodes: [Int], _ edges: [Int], _ type: TransportType) -> [Route.Step] {
        var steps: [Route.Step] = []
        var previousBearing: Double?
        var index = 0
        while index < edges.count {
            let name = ways[Int(edgeWay[edges[index]])].name
            var end = index
            while end + 1 < edges.count, ways[Int(edgeWay[edges[end + 1]])].name == name { end += 1 }
            let line = Array(nodes[index...(end + 1)]).map { positions[$0] }
            let bearing = line[0].initialBearing(to: line[1])
            let instructions: String
            if let previousBearing {
                instructions = Self.turn(from: previousBearing, to: bearing, onto: name)
            } else {
                instructions = "Head \(Self.compass(bearing))" + (name.map { " on \($0)" } ?? "")
            }
            steps.append(
                Route.Step(
                    instructions: instructions, distance: edges[index...end].reduce(0) { $0 + edgeLength[$1] },
                    expectedTravelTime: edges[index...end].reduce(0) { $0 + (cost($1, type) ?? 0) }, polyline: line,
                    wayName: name))
            previousBearing = line[line.count - 2].initialBearing(to: line[line.count - 1])
            index = end + 1
        }
        if let last = nodes.last {
            steps.append(
                Route.Step(
                    instructions: "Arrive at the destination", distance: 0, expectedTravelTime: 0,
                    polyline: [positions[last]]))
        }
        return steps
    }

    /// "Turn left onto Mill Road": the turn from one bearing to the next.
    static func turn(from before: Double, to after: Double, onto name: String?) -> String {
        var change = (after - before).truncatingRemainder(dividingBy: 360)
        if change > 180 { change -= 360 }
        if change <= -180 { change += 360 }
        let side = change > 0 ? "right" : "left"
        let verb: String
        switch abs(change) {
        case ..<25: verb = "Continue"
        case ..<60: verb = "Bear \(side)"
        case ..<130: verb = "Turn \(side)"
        case ..<165: verb = "Turn sharp \(side)"
        default: verb = "Make a U-turn"
        }
        return verb + (name.map { " onto \($0)" } ?? "")
    }

    /// One of the eight compass points for a bearing.
    static func compass(_ bearing: Double) -> String {
        let points = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let index = Int(((bearing + 360).truncatingRemainder(dividingBy: 360) / 45).rounded()) % 8
        return points[index]
    }
}
