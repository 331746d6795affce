/// Lines and rings cut into arcs at their junctions, each distinct arc
/// kept once, as TopoJSON stores them: a border two polygons share is one
/// arc, which one ring runs along forwards and the other backwards.
///
/// ```swift
/// var topology = ArcTopology()
/// for feature in features { topology.add(feature.geometry) }   // every path first
/// let uses = topology.cut(ring, closed: true)                  // then each path's arcs
/// topology.arcs[uses[0].index]
/// ```
///
/// A junction is a position where the neighbouring positions differ from
/// one path to another, or a line's end. A ring starts at its first
/// junction, or at its smallest position when it has none (an island, or
/// a ring shared whole), so that every copy of it is cut alike. Positions
/// are compared by their exact bits. Used by `convert --topology` (simplify
/// each arc once) and by the TopoJSON writer.
public struct ArcTopology: Sendable {
    /// A position as a hash key (exact bits).
    struct Key: Hashable {
        var x: UInt64
        var y: UInt64
        init(_ c: Coordinate) {
            x = c.longitude.bitPattern
            y = c.latitude.bitPattern
        }
    }

    /// What is known of a position: its first neighbours, and whether it
    /// is a junction.
    struct Node {
        var neighbours: (Key?, Key?)
        var junction: Bool
    }

    /// One arc of a path: which, and whether the path runs along it backwards.
    public struct Use: Hashable, Sendable {
        public var index: Int
        public var reversed: Bool
    }

    private var nodes: [Key: Node] = [:]
    private var indices: [[Key]: Int] = [:]
    /// The distinct arcs, each in the direction of its smaller end (by
    /// longitude, then latitude, compared as bits).
    public private(set) var arcs: [[Coordinate]] = []

    public init() {}

    /// Registers every path of a geometry (all before the first ``cut(_:closed:)``).
    public mutating func add(_ geometry: Geometry?) {
        Self.forEachPath(geometry) { add($0, closed: $1) }
    }

    /// Registers a path's positions and neighbours.
    public mutating func add(_ path: [Coordinate], closed: Bool) {
        let n = closed ? path.count - 1 : path.count
        guard n > 0 else { return }
        for i in 0..<n {
            let key = Key(path[i])
            let previous: Key? = i > 0 ? Key(path[i - 1]) : (closed ? Key(path[n - 1]) : nil)
            let next: Key? = i < n - 1 ? Key(path[i + 1]) : (closed ? Key(path[0]) : nil)
            let isEnd = !closed && (i == 0 || i == n - 1)
            if var node = nodes[key] {
                let same =
                    (node.neighbours.0 == previous && node.neighbours.1 == next)
                    || (node.neighbours.0 == next && node.neighbours.1 == previous)
                if !same || isEnd { node.junction = true }
                nodes[key] = node
            } else {
                nodes[key] = Node(neighbours: (previous, next), junction: isEnd)
            }
        }
    }

    /// Whether a position is a junction of the paths added.
    public func isJunction(_ position: Coordinate) -> Bool { nodes[Key(position)]?.junction == true }

    /// The arcs of a path, in order; the positions of the first followed
    /// by those of the others without their first give the path back (a
    /// ring from its starting junction).
    public mutating func cut(_ path: [Coordinate], closed: Bool) -> [Use] {
        guard path.count > 2 else { return path.isEmpty ? [] : [use(path)] }
        var uses: [Use] = []
        if !closed {
            var start = 0
            for i in 1..<path.count where i == path.count - 1 || isJunction(path[i]) {
                uses.append(use(Array(path[start...i])))
                start = i
            }
            return uses
        }
        var ring = Array(path.dropLast())
        let start =
            ring.indices.first { isJunction(ring[$0]) }
            ?? ring.indices.min { Self.precedes([Key(ring[$0])], [Key(ring[$1])]) }!
        ring = Array(ring[start...] + ring[..<start])
        ring.append(ring[0])
        var from = 0
        for i in 1..<ring.count where i == ring.count - 1 || isJunction(ring[i]) {
            uses.append(use(Array(ring[from...i])))
            from = i
        }
        return uses
    }

    /// An arc's positions in the direction a path uses it.
    public func positions(of use: Use) -> [Coordinate] {
        use.reversed ? arcs[use.index].reversed() : arcs[use.index]
    }

    /// The index of an arc, registered the first time it is met.
    private mutating func use(_ arc: [Coordinate]) -> Use {
        let keys = arc.map(Key.init)
        let reversedKeys = Array(keys.reversed())
        let forward = Self.precedes(keys, reversedKeys) || keys == reversedKeys
        let canonical = forward ? keys : reversedKeys
        if let index = indices[canonical] { return Use(index: index, reversed: !forward) }
        indices[canonical] = arcs.count
        arcs.append(forward ? arc : arc.reversed())
        return Use(index: arcs.count - 1, reversed: !forward)
    }

    /// Lexicographic order of position keys.
    static func precedes(_ a: [Key], _ b: [Key]) -> Bool {
        for (x, y) in zip(a, b) where x != y {
            return (x.x, x.y) < (y.x, y.y)
        }
        return false
    }

    /// Every ring (closed) and line of a geometry.
    public static func forEachPath(_ geometry: Geometry?, _ body: ([Coordinate], Bool) -> Void) {
        switch geometry {
        case .lineString(let line)?: body(line, false)
        case .multiLineString(let lines)?: lines.forEach { body($0, false) }
        case .polygon(let rings)?: rings.forEach { body($0, true) }
        case .multiPolygon(let polygons)?: polygons.forEach { $0.forEach { body($0, true) } }
        case .geometryCollection(let members)?: members.forEach { forEachPath($0, body) }
        default: break
        }
    }
}
