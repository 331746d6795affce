import MeridianCore
import MeridianLibC

extension RoutingGraph {
    /// The node nearest `position` on a way `type` may take (either way:
    /// the end of a one-way street is where a car arrives), on a component
    /// of the network large enough to join (by distance on a plane scaled
    /// to its latitude), and its distance in metres on the ellipsoid; nil
    /// when there is none.
    public func nearestNode(to position: Coordinate, transportType type: TransportType) -> (node: Int, distance: Double)? {
        nearestNode(to: position, transportType: type) { _ in true }
    }

    /// The nearest node as ``nearestNode(to:transportType:)`` finds it, of
    /// those `isCandidate` accepts: through the grid of nodes, ring by ring
    /// of cells out from the place's, until no nearer cell is left.
    func nearestNode(to position: Coordinate, transportType type: TransportType, where isCandidate: (Int) -> Bool)
        -> (node: Int, distance: Double)?
    {
        let scale = cos(position.latitude * .pi / 180)
        var best = 0
        var bestSquared = Double.infinity
        func consider(_ node: Int) {
            guard componentSizes[type.index][node] >= joinableSize[type.index], isOnWay(node, type), isCandidate(node)
            else { return }
            let candidate = positions[node]
            var dx = abs(candidate.longitude - position.longitude)
            if dx > 180 { dx = 360 - dx }
            dx *= scale
            let dy = candidate.latitude - position.latitude
            let squared = dx * dx + dy * dy
            if squared < bestSquared || (squared == bestSquared && node < best) {
                bestSquared = squared
                best = node
            }
        }
        if let grid {
            grid.search(around: position, scale: scale, best: { bestSquared }, visit: consider)
        } else {
            for node in positions.indices { consider(node) }
        }
        return bestSquared.isFinite ? (best, positions[best].distance(to: position)) : nil
    }

    /// Whether an edge `type` may take leaves or reaches `node`.
    func isOnWay(_ node: Int, _ type: TransportType) -> Bool {
        for edge in Int(edgeStart[node])..<Int(edgeStart[node + 1]) {
            if edgeModes[edge] & type.bit != 0 { return true }
            let other = Int(edgeTarget[edge])
            for back in Int(edgeStart[other])..<Int(edgeStart[other + 1])
            where Int(edgeTarget[back]) == node && edgeModes[back] & type.bit != 0 {
                return true
            }
        }
        return false
    }

    /// The cheapest way from `source` to `target` by `type` (Dijkstra's
    /// search, stopping at the target): its nodes and edges in order and
    /// its seconds; nil when none leads there.
    package func shortestPath(from source: Int, to target: Int, transportType type: TransportType, penalties: [Float]? = nil)
        -> (nodes: [Int], edges: [Int], seconds: Double)?
    {
        var search = Search(graph: self, source: source, type: type)
        search.penalties = penalties
        guard search.run(until: target) else { return nil }
        var edges: [Int] = []
        var node = target
        while node != source {
            let edge = search.previousEdge[node]
            edges.append(Int(edge))
            node = Int(search.previousNode[node])
        }
        edges.reverse()
        let nodes = [source] + edges.map { Int(edgeTarget[$0]) }
        let seconds = penalties == nil ? search.cost[target] : edges.reduce(0) { $0 + (cost($1, type) ?? 0) }
        return (nodes, edges, seconds)
    }
}

/// One run of Dijkstra's search with a binary heap (entries left in when a
/// node's cost falls, skipped when popped stale).
struct Search {
    let graph: RoutingGraph
    let type: TransportType
    var cost: [Double]
    var previousEdge: [Int32]
    var previousNode: [Int32]
    var heap = PriorityHeap([])
    /// Each edge's cost multiplied by its penalty (alternate routes: the
    /// edges of the routes found cost more).
    var penalties: [Float]?

    init(graph: RoutingGraph, source: Int, type: TransportType) {
        self.graph = graph
        self.type = type
        cost = [Double](repeating: .infinity, count: graph.nodeCount)
        previousEdge = [Int32](repeating: -1, count: graph.nodeCount)
        previousNode = [Int32](repeating: -1, count: graph.nodeCount)
        cost[source] = 0
        heap.push(0, Int32(source))
    }

    /// Settles nodes until `target` is (true) or none is left (false).
    mutating func run(until target: Int?) -> Bool {
        while let (reached, node) = heap.pop() {
            let current = Int(node)
            guard reached <= cost[current] else { continue }
            if current == target { return true }
            for edge in Int(graph.edgeStart[current])..<Int(graph.edgeStart[current + 1]) {
                guard var seconds = graph.cost(edge, type) else { continue }
                if let penalties { seconds *= Double(penalties[edge]) }
                let next = Int(graph.edgeTarget[edge])
                let total = reached + seconds
                if total < cost[next] {
                    cost[next] = total
                    previousEdge[next] = Int32(edge)
                    previousNode[next] = node
                    heap.push(total, Int32(next))
                }
            }
        }
        return target == nil
    }
}

/// The nodes in cells of a grid over their bounding box (about four nodes
/// a cell), for the nearest node without a scan of them all.
struct NodeGrid: Sendable {
    let west: Double
    let south: Double
    let cellWidth: Double
    let cellHeight: Double
    let columns: Int
    let rows: Int
    /// Cell c's nodes are `nodes[start[c]..<start[c + 1]]`.
    let start: [Int32]
    let nodes: [Int32]

    /// Nil for too few nodes to need one, or nodes that span the antimeridian.
    init?(_ positions: [Coordinate]) {
        guard positions.count >= 256 else { return nil }
        var (west, east, south, north) = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
        for position in positions {
            west = min(west, position.longitude)
            east = max(east, position.longitude)
            south = min(south, position.latitude)
            north = max(north, position.latitude)
        }
        guard east - west < 180, west.isFinite, north.isFinite else { return nil }
        let cells = Double(positions.count) / 4
        let aspect = max(1e-9, (east - west) * cos((south + north) / 2 * .pi / 180)) / max(1e-9, north - south)
        let columns = max(1, min(4096, Int((cells * aspect).squareRoot())))
        let rows = max(1, min(4096, Int(cells / Double(columns))))
        let cellWidth = max(1e-12, (east - west) / Double(columns))
        let cellHeight = max(1e-12, (north - south) / Double(rows))
        self.west = west
        self.south = south
        self.columns = columns
        self.rows = rows
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        func cell(_ position: Coordinate) -> Int {
            let column = min(columns - 1, max(0, Int((position.longitude - west) / cellWidth)))
            let row = min(rows - 1, max(0, Int((position.latitude - south) / cellHeight)))
            return row * columns + column
        }
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        for position in positions { counts[cell(position) + 1] += 1 }
        for index in 0..<(columns * rows) { counts[index + 1] += counts[index] }
        var next = counts
        var nodes = [Int32](repeating: 0, count: positions.count)
        for (node, position) in positions.enumerated() {
            let at = cell(position)
            nodes[Int(next[at])] = Int32(node)
            next[at] += 1
        }
        start = counts
        self.nodes = nodes
    }

    /// Visits the nodes ring by ring of cells around `position` until the
    /// nearest `best()` (a squared distance, longitude scaled by `scale`)
    /// is nearer than any cell left; every node when none is accepted.
    func search(around position: Coordinate, scale: Double, best: () -> Double, visit: (Int) -> Void) {
        guard position.latitude.isFinite, position.longitude.isFinite else { return }
        // Cells as numbers, clamped a little past the grid (a place far off starts at its edge).
        let column = Int(max(-1e6, min(1e6, ((position.longitude - west) / cellWidth).rounded(.down))))
        let row = Int(max(-1e6, min(1e6, ((position.latitude - south) / cellHeight).rounded(.down))))
        let (width, height) = (cellWidth * scale, cellHeight)
        // The first ring that touches the grid.
        var ring = max(0, row - (rows - 1), -row, column - (columns - 1), -column)
        let startRing = ring
        while true {
            // The nearest a cell of this ring can be.
            let reach = Double(max(0, ring - 1)) * min(width, height)
            if ring > startRing, best() < reach * reach { return }
            let (low, high) = (row - ring, row + ring)
            let (left, right) = (column - ring, column + ring)
            // Wholly outside the grid: every cell has been seen.
            if low < 0 && high > rows - 1 && left < 0 && right > columns - 1 { return }
            let (first, last) = (max(0, low), min(rows - 1, high))
            if first <= last {
                for r in first...last {
                    let onEdge = r == low || r == high
                    for c in stride(from: left, through: right, by: onEdge ? 1 : max(1, right - left)) where c >= 0 && c < columns {
                        let cell = r * columns + c
                        for index in Int(start[cell])..<Int(start[cell + 1]) { visit(Int(nodes[index])) }
                    }
                }
            }
            ring += 1
        }
    }
}
