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
    /// those `isCandidate` accepts.
    func nearestNode(to position: Coordinate, transportType type: TransportType, where isCandidate: (Int) -> Bool)
        -> (node: Int, distance: Double)?
    {
        let scale = cos(position.latitude * .pi / 180)
        var best = 0
        var bestSquared = Double.infinity
        for (node, candidate) in positions.enumerated() {
            guard componentSizes[type.index][node] >= joinableSize[type.index], isOnWay(node, type), isCandidate(node)
            else { continue }
            var dx = abs(candidate.longitude - position.longitude)
            if dx > 180 { dx = 360 - dx }
            dx *= scale
            let dy = candidate.latitude - position.latitude
            let squared = dx * dx + dy * dy
            if squared < bestSquared {
                bestSquared = squared
                best = node
            }
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
    func shortestPath(from source: Int, to target: Int, transportType type: TransportType, penalties: [Float]? = nil)
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
    var heap: [(cost: Double, node: Int32)] = []
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
        heap = [(0, Int32(source))]
    }

    /// Settles nodes until `target` is (true) or none is left (false).
    mutating func run(until target: Int?) -> Bool {
        while let (reached, node) = pop() {
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
                    push(total, Int32(next))
                }
            }
        }
        return target == nil
    }

    private mutating func push(_ value: Double, _ node: Int32) {
        heap.append((value, node))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].cost < heap[parent].cost else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func pop() -> (Double, Int32)? {
        guard let first = heap.first else { return nil }
        let last = heap.removeLast()
        if !heap.isEmpty {
            heap[0] = last
            var parent = 0
            while true {
                var least = parent
                for child in [2 * parent + 1, 2 * parent + 2] where child < heap.count {
                    if heap[child].cost < heap[least].cost { least = child }
                }
                guard least != parent else { break }
                heap.swapAt(parent, least)
                parent = least
            }
        }
        return (first.cost, first.node)
    }
}
