import MeridianCore

/// A network to route over, built from any lines Meridian reads (streets,
/// paths, a venue's walkways): every position a line passes is a node,
/// lines that share a position meet there (as OpenStreetMap's ways meet at
/// shared nodes), and each segment is an edge both ways, with its length on
/// the WGS-84 ellipsoid and the transport types its way allows.
///
/// ```swift
/// let graph = RoutingGraph(features: streets)
/// let route = try graph.route(from: station, to: museum, transportType: .walking)
/// route.distance            // metres
/// route.expectedTravelTime  // seconds
/// ```
///
/// A way's properties say who may use it, as OpenStreetMap tags do (and
/// a line tagged as a railway, river, wall, coastline, boundary or power
/// line without a `highway` is no way at all):
/// `highway` (`motorway` and `trunk` and their links for cars only;
/// `footway`, `path`, `pedestrian`, `corridor`, `cycleway`, `bridleway`
/// and `track` on foot; `steps` on foot but not in a wheelchair; any other
/// value, or none, for everyone), `access`, `foot`, `wheelchair` and
/// `motor_vehicle` (`no` takes a use away, `yes` gives it back), `oneway`
/// (`yes`, `true`, `1`, or `-1` against the line's direction; for cars
/// only), `maxspeed` (km/h, or `mph`), and `name` for the steps. A car goes
/// at the way's `maxspeed`, else at a speed by its `highway` class.
///
/// Memory: 44 bytes an edge and 24 a node, in flat arrays, and a grid of
/// the nodes (8 bytes a node) for the nearest node to a place.
public struct RoutingGraph: Sendable {
    /// Each node's position.
    public internal(set) var positions: [Coordinate] = []
    /// Each node's level (its ordinal) in a venue's graph; empty for a
    /// network without levels, ``noLevel`` for a node of a line outdoors.
    public internal(set) var levels: [Int32] = []
    /// Node n's edges are `edgeStart[n]..<edgeStart[n + 1]`.
    var edgeStart: [Int32] = [0]
    var edgeTarget: [Int32] = []
    /// Metres.
    var edgeLength: [Double] = []
    /// Seconds taken besides the length at the mode's speed (waiting for an
    /// elevator, a flight of stairs).
    var edgeDelay: [Float] = []
    var edgeWay: [Int32] = []
    /// The transport types (``TransportType/bit``) that may take the edge in its direction.
    var edgeModes: [UInt8] = []
    /// The ways the edges belong to.
    public internal(set) var ways: [Way] = []
    /// By transport type (``TransportType/bit`` order), each node's
    /// component's node count, the way between nodes taken either way.
    var componentSizes: [[Int32]] = []
    /// By transport type, the fewest nodes a component needs for a place to
    /// be joined to it: 1 000, or the largest component's count if smaller
    /// (a footpath cut off from the streets around it is not where a route
    /// starts, as OSRM skips tiny components).
    var joinableSize: [Int32] = []
    /// A venue's spaces, levels and doors, when the graph has one.
    var venue: VenueIndex?
    /// The transport types (bits) some edge allows.
    var modesPresent: UInt8 = 0
    /// The nodes by position, for the nearest node to a place.
    var grid: NodeGrid?

    /// The level of a node on no level.
    public static let noLevel = Int32.min

    /// A line of the input, a space of a venue or a way between its levels,
    /// as the graph keeps it.
    public struct Way: Sendable, Hashable {
        /// Its `name`, if it has one.
        public var name: String?
        /// km/h by car.
        public var speed: Double
        /// Its feature's id, or its place in the input.
        public var featureID: String
        public var kind: Kind = .way

        public enum Kind: String, Sendable, Hashable, CaseIterable {
            /// A street, path or walkway.
            case way
            /// A venue's unit walked through (a room, a walkway).
            case space
            /// Between levels.
            case elevator, stairs, escalator, ramp
        }
    }

    public var nodeCount: Int { positions.count }
    public var edgeCount: Int { edgeTarget.count }

    /// Properties that make a line something other than a way to travel
    /// (OpenStreetMap's railways, rivers, walls, coastlines, boundaries,
    /// power lines), unless it also has a `highway`.
    static let notWays = [
        "railway", "waterway", "barrier", "boundary", "admin_level", "power", "natural", "aeroway", "aerialway",
        "building", "landuse", "piste:type",
    ]

    /// The graph of the lines and multilines in `features` (other
    /// geometries, and lines that are not ways, ``notWays``, are left out).
    public init(features: some Sequence<Feature>) {
        var builder = Builder()
        builder.add(lines: features)
        self.init(consume builder)
    }

    init(_ builder: consuming Builder, venue: VenueIndex? = nil) {
        positions = builder.positions
        levels = builder.hasLevels ? builder.levels : []
        ways = builder.ways
        self.venue = venue
        // Taken out of the builder, so that they are sorted in place, not copied.
        var edges = builder.edges
        builder.edges = []
        builder.nodes = [:]
        edges.sort { $0.from != $1.from ? $0.from < $1.from : $0.to < $1.to }
        edgeStart = [Int32](repeating: 0, count: positions.count + 1)
        for edge in edges { edgeStart[Int(edge.from) + 1] += 1 }
        for index in positions.indices { edgeStart[index + 1] += edgeStart[index] }
        edgeTarget = edges.map(\.to)
        edgeLength = edges.map(\.length)
        edgeDelay = edges.map(\.delay)
        edgeWay = edges.map(\.way)
        edgeModes = edges.map(\.modes)
        modesPresent = edgeModes.reduce(0) { $0 | $1 }
        grid = NodeGrid(positions)
        for type in TransportType.allCases {
            let sizes = componentSizes(type)
            componentSizes.append(sizes)
            joinableSize.append(min(1_000, sizes.max() ?? 0))
        }
    }

    /// Nodes, ways and edges as they are gathered, before they are laid out
    /// by node.
    struct Builder {
        var positions: [Coordinate] = []
        var levels: [Int32] = []
        var hasLevels = false
        var nodes: [PositionKey: Int32] = [:]
        var edges: [(from: Int32, to: Int32, length: Double, delay: Float, way: Int32, modes: UInt8)] = []
        var ways: [Way] = []

        /// The node of a line outdoors at `position`, shared by every line
        /// that passes it (a venue's nodes are each its own).
        mutating func node(_ position: Coordinate) -> Int32 {
            let key = PositionKey(longitude: position.longitude.bitPattern, latitude: position.latitude.bitPattern)
            if let known = nodes[key] { return known }
            let node = newNode(position)
            nodes[key] = node
            return node
        }

        /// A node of its own, met by nothing else at its position.
        mutating func newNode(_ position: Coordinate, level: Int32 = RoutingGraph.noLevel) -> Int32 {
            positions.append(Coordinate(latitude: position.latitude, longitude: position.longitude))
            levels.append(level)
            if level != RoutingGraph.noLevel { hasLevels = true }
            return Int32(positions.count - 1)
        }

        mutating func way(_ way: Way) -> Int32 {
            ways.append(way)
            return Int32(ways.count - 1)
        }

        /// An edge each way between `a` and `b`, `forward` the modes from
        /// `a` to `b`.
        mutating func connect(
            _ a: Int32, _ b: Int32, length: Double, delay: Float = 0, way: Int32, forward: UInt8, backward: UInt8
        ) {
            guard a != b, length.isFinite, length >= 0 else { return }
            edges.append((a, b, length, delay, way, forward))
            edges.append((b, a, length, delay, way, backward))
        }

        /// The lines and multilines of `features` that are ways.
        mutating func add(lines features: some Sequence<Feature>) {
            for (number, feature) in features.enumerated() {
                let lines: [[Coordinate]]
                switch feature.geometry {
                case .lineString(let line)?: lines = [line]
                case .multiLineString(let parts)?: lines = parts
                default: continue
                }
                if feature.properties["highway"] == nil,
                    RoutingGraph.notWays.contains(where: { feature.properties[$0] != nil })
                {
                    continue
                }
                let access = Access(feature.properties)
                guard access.forward | access.backward != 0 else { continue }
                let way = way(
                    Way(name: access.name, speed: access.speed, featureID: feature.id?.description ?? String(number)))
                for line in lines {
                    for (a, b) in zip(line, line.dropFirst())
                    where a.latitude.isFinite && a.longitude.isFinite && b.latitude.isFinite && b.longitude.isFinite {
                        connect(
                            node(a), node(b), length: a.distance(to: b), way: way, forward: access.forward,
                            backward: access.backward)
                    }
                }
            }
        }
    }

    /// Each node's component's node count for `type` (union by size, paths
    /// halved).
    private func componentSizes(_ type: TransportType) -> [Int32] {
        var parent = Array(Int32(0)..<Int32(positions.count))
        var size = [Int32](repeating: 1, count: positions.count)
        func root(_ node: Int32) -> Int32 {
            var node = node
            while parent[Int(node)] != node {
                parent[Int(node)] = parent[Int(parent[Int(node)])]
                node = parent[Int(node)]
            }
            return node
        }
        for node in positions.indices {
            for edge in Int(edgeStart[node])..<Int(edgeStart[node + 1]) where edgeModes[edge] & type.bit != 0 {
                var (a, b) = (root(Int32(node)), root(edgeTarget[edge]))
                guard a != b else { continue }
                if size[Int(a)] < size[Int(b)] { swap(&a, &b) }
                parent[Int(b)] = a
                size[Int(a)] += size[Int(b)]
            }
        }
        return positions.indices.map { size[Int(root(Int32($0)))] }
    }

    /// Seconds to take edge `edge` by `type`; nil when it may not.
    @inline(__always)
    func cost(_ edge: Int, _ type: TransportType) -> Double? {
        guard edgeModes[edge] & type.bit != 0 else { return nil }
        let speed = type == .automobile ? ways[Int(edgeWay[edge])].speed / 3.6 : type.footSpeed
        return edgeLength[edge] / speed + Double(edgeDelay[edge])
    }

    /// Every edge `type` may take: its nodes, metres and seconds (what a
    /// test rebuilds the graph from, to check routes against another
    /// router's).
    public func edges(for type: TransportType) -> [(from: Int, to: Int, length: Double, seconds: Double)] {
        var result: [(from: Int, to: Int, length: Double, seconds: Double)] = []
        for node in positions.indices {
            for edge in Int(edgeStart[node])..<Int(edgeStart[node + 1]) {
                if let seconds = cost(edge, type) { result.append((node, Int(edgeTarget[edge]), edgeLength[edge], seconds)) }
            }
        }
        return result
    }
}

/// A position by its exact bits: where lines meet.
struct PositionKey: Hashable {
    var longitude: UInt64
    var latitude: UInt64
}

/// Who may use a way, and how fast, from its properties.
struct Access {
    var forward: UInt8
    var backward: UInt8
    var speed: Double
    var name: String?

    init(_ properties: JSONObject) {
        func text(_ key: String) -> String? {
            if case .string(let value)? = properties[key] { return value.lowercased() }
            return nil
        }
        let highway = text("highway")
        var modes: UInt8
        switch highway {
        case "motorway", "motorway_link", "trunk", "trunk_link": modes = 4
        case "footway", "path", "pedestrian", "corridor", "cycleway", "bridleway", "track": modes = 3
        case "steps": modes = 1
        default: modes = 7
        }
        func apply(_ key: String, _ bits: UInt8) {
            switch text(key) {
            case "no", "private": modes &= ~bits
            case "yes", "designated", "permissive": modes |= bits
            default: break
            }
        }
        apply("access", 7)
        apply("foot", 3)
        apply("motor_vehicle", 4)
        apply("wheelchair", 2)
        if highway == "steps" { modes &= ~2 }
        forward = modes
        backward = modes
        switch text("oneway") {
        case "yes", "true", "1": backward &= ~4
        case "-1", "reverse": forward &= ~4
        default: break
        }
        speed = Self.speed(text("maxspeed")) ?? Self.defaultSpeed(highway)
        if case .string(let value)? = properties["name"], !value.isEmpty { name = value }
    }

    /// km/h from `maxspeed`: a number, or a number and `mph`.
    static func speed(_ text: String?) -> Double? {
        guard let text else { return nil }
        let miles = text.hasSuffix("mph")
        let digits = text.prefix { $0.isNumber || $0 == "." }
        guard let value = Double(digits), value > 0, value.isFinite else { return nil }
        return miles ? value * 1.609344 : value
    }

    /// km/h by a way's class, where it gives none.
    static func defaultSpeed(_ highway: String?) -> Double {
        switch highway {
        case "motorway": 110
        case "trunk": 90
        case "primary": 70
        case "secondary": 60
        case "tertiary", "motorway_link", "trunk_link": 50
        case "residential", "unclassified": 30
        case "service", "living_street": 15
        default: 40
        }
    }
}
