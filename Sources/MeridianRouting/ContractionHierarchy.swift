import MeridianCore

/// A network prepared for fast routes by one transport type: a contraction
/// hierarchy (Geisberger, Sanders, Schultes and Delling, 2008). Nodes are
/// contracted one by one, least important first (by how many shortcuts
/// contracting them would add, less the edges it removes, plus how many of
/// their neighbours are gone); a shortcut stands for the two edges through
/// a contracted node wherever no other way (a witness, found by a search
/// of at most a few hundred nodes) is as quick. A route is then two small
/// searches that only climb the hierarchy, one from each end, meeting at
/// the most important node on the quickest route: a few hundred nodes
/// settled instead of hundreds of thousands. The route's costs equal
/// Dijkstra's on the graph (to rounding), and its edges are the graph's,
/// shortcuts unpacked.
///
/// ```swift
/// let graph = RoutingGraph(features: streets)
/// let hierarchy = ContractionHierarchy(graph: graph, transportType: .automobile)
/// let route = try hierarchy.route(from: Waypoint(station), to: Waypoint(museum))
/// ```
public struct ContractionHierarchy: Sendable {
    public let graph: RoutingGraph
    public let transportType: TransportType
    /// Arcs: an edge of the graph (`middle` -1, `second` the graph's edge)
    /// or a shortcut through `middle` (`first` and `second` the arcs it
    /// stands for).
    var arcTarget: [Int32] = []
    var arcSource: [Int32] = []
    var arcCost: [Double] = []
    var arcFirst: [Int32] = []
    var arcSecond: [Int32] = []
    /// Arcs leaving node n upwards: `upStart[n]..<upStart[n + 1]` of `upArcs`;
    /// arcs arriving at n from above (searched backwards): `downStart`, `downArcs`.
    var upStart: [Int32] = []
    var upArcs: [Int32] = []
    var downStart: [Int32] = []
    var downArcs: [Int32] = []

    public var shortcutCount: Int { arcFirst.lazy.filter { $0 >= 0 }.count }

    /// Contracts `graph` for `type`: about a minute on a million-segment
    /// network on two cores (one is used), a few milliseconds on a venue.
    public init(graph: RoutingGraph, transportType type: TransportType) {
        self.graph = graph
        self.transportType = type
        var contractor = Contractor(graph: graph, type: type)
        contractor.run()
        arcTarget = contractor.arcTarget
        arcSource = contractor.arcSource
        arcCost = contractor.arcCost
        arcFirst = contractor.arcFirst
        arcSecond = contractor.arcSecond
        layOut(rank: contractor.rank)
    }

    /// Sorts the arcs into the upward and downward lists by `rank`, each
    /// node's place in the order of contraction.
    private mutating func layOut(rank: [Int32]) {
        let n = graph.nodeCount
        var upCount = [Int32](repeating: 0, count: n + 1)
        var downCount = [Int32](repeating: 0, count: n + 1)
        for arc in arcTarget.indices {
            let (from, to) = (Int(arcSource[arc]), Int(arcTarget[arc]))
            if rank[from] < rank[to] { upCount[from + 1] += 1 } else { downCount[to + 1] += 1 }
        }
        for node in 0..<n {
            upCount[node + 1] += upCount[node]
            downCount[node + 1] += downCount[node]
        }
        upStart = upCount
        downStart = downCount
        upArcs = [Int32](repeating: 0, count: Int(upCount[n]))
        downArcs = [Int32](repeating: 0, count: Int(downCount[n]))
        var upNext = upCount
        var downNext = downCount
        for arc in arcTarget.indices {
            let (from, to) = (Int(arcSource[arc]), Int(arcTarget[arc]))
            if rank[from] < rank[to] {
                upArcs[Int(upNext[from])] = Int32(arc)
                upNext[from] += 1
            } else {
                downArcs[Int(downNext[to])] = Int32(arc)
                downNext[to] += 1
            }
        }
    }

    /// The quickest path from node `source` to node `target`: its nodes and
    /// the graph's edges in order, and its seconds; nil when none leads there.
    package func shortestPath(from source: Int, to target: Int) -> (nodes: [Int], edges: [Int], seconds: Double)? {
        var query = Query(hierarchy: self)
        guard let arcs = query.run(from: source, to: target) else { return nil }
        // Shortcuts unpacked in order, with a stack (a path has fewer edges than the graph has nodes).
        var edges: [Int] = []
        var stack = Array(arcs.reversed())
        while let arc = stack.popLast() {
            if arcFirst[Int(arc)] < 0 {
                edges.append(Int(arcSecond[Int(arc)]))
                if edges.count > graph.nodeCount { return nil }
            } else {
                stack.append(arcSecond[Int(arc)])
                stack.append(arcFirst[Int(arc)])
            }
        }
        let nodes = [source] + edges.map { Int(graph.edgeTarget[$0]) }
        return (nodes, edges, edges.reduce(0) { $0 + (graph.cost($1, transportType) ?? 0) })
    }

    /// The quickest route from `source` to `destination`, as
    /// ``RoutingGraph/route(from:to:transportType:)`` finds it.
    public func route(from source: Waypoint, to destination: Waypoint) throws(DiagnosticError) -> Route {
        let (start, startGap) = try graph.join(source, transportType)
        let (end, endGap) = try graph.join(destination, transportType)
        guard let path = shortestPath(from: start, to: end) else {
            throw graph.unreachable(source, destination, transportType)
        }
        return graph.makeRoute(path, transportType, startGap: startGap, endGap: endGap)
    }
}

/// One route's two searches up the hierarchy, each settling nodes in order
/// of cost and stopping once its next node costs more than the best
/// meeting found; a node reached more cheaply from above than it was
/// settled is not searched on (stall-on-demand).
struct Query {
    let hierarchy: ContractionHierarchy
    var forward: Side
    var backward: Side

    struct Side {
        var cheapest: [Int32: Double] = [:]
        var parentArc: [Int32: Int32] = [:]
        var heap = PriorityHeap([])
    }

    init(hierarchy: ContractionHierarchy) {
        self.hierarchy = hierarchy
        forward = Side()
        backward = Side()
    }

    /// The arcs of the quickest path, in order, from `source` to `target`.
    mutating func run(from source: Int, to target: Int) -> [Int32]? {
        let h = hierarchy
        forward.cheapest[Int32(source)] = 0
        forward.heap.push(0, Int32(source))
        backward.cheapest[Int32(target)] = 0
        backward.heap.push(0, Int32(target))
        var best = Double.infinity
        var meeting: Int32 = -1
        var turn = true
        let up = Lists(start: h.upStart, arcs: h.upArcs, next: \.arcTarget)
        let down = Lists(start: h.downStart, arcs: h.downArcs, next: \.arcSource)
        while true {
            let forwardTop = forward.heap.top?.priority ?? .infinity
            let backwardTop = backward.heap.top?.priority ?? .infinity
            if min(forwardTop, backwardTop) >= best { break }
            // Each side in turn, while its next node could still lead to a better meeting.
            let goForward = forwardTop < best && (backwardTop >= best || turn)
            turn.toggle()
            if goForward {
                Self.settle(h, &forward, opposite: backward, along: up, stallingOn: down, best: &best, meeting: &meeting)
            } else {
                Self.settle(h, &backward, opposite: forward, along: down, stallingOn: up, best: &best, meeting: &meeting)
            }
        }
        guard meeting >= 0 else { return nil }
        var path: [Int32] = []
        var node = meeting
        while let arc = forward.parentArc[node] {
            path.append(arc)
            node = h.arcSource[Int(arc)]
        }
        path.reverse()
        node = meeting
        while let arc = backward.parentArc[node] {
            path.append(arc)
            node = h.arcTarget[Int(arc)]
        }
        return path
    }

    /// Arc lists by node, and which end of an arc a search along them reaches.
    struct Lists {
        let start: [Int32]
        let arcs: [Int32]
        let next: KeyPath<ContractionHierarchy, [Int32]>
    }

    /// Settles `side`'s next node: a better meeting with `opposite` is
    /// kept, and unless a node above reaches it more cheaply through
    /// `stallingOn` (stall-on-demand: then no quickest path goes on through
    /// it), its arcs `along` are relaxed.
    static func settle(
        _ h: ContractionHierarchy, _ side: inout Side, opposite: Side, along: Lists, stallingOn stall: Lists,
        best: inout Double, meeting: inout Int32
    ) {
        guard let (reached, node) = side.heap.pop(), reached <= side.cheapest[node] ?? .infinity else { return }
        if let other = opposite.cheapest[node], reached + other < best {
            best = reached + other
            meeting = node
        }
        let above = h[keyPath: stall.next]
        for index in Int(stall.start[Int(node)])..<Int(stall.start[Int(node) + 1]) {
            let arc = Int(stall.arcs[index])
            if let cost = side.cheapest[above[arc]], cost + h.arcCost[arc] < reached { return }
        }
        let ends = h[keyPath: along.next]
        for index in Int(along.start[Int(node)])..<Int(along.start[Int(node) + 1]) {
            let arc = Int(along.arcs[index])
            let to = ends[arc]
            let total = reached + h.arcCost[arc]
            if total < side.cheapest[to] ?? .infinity {
                side.cheapest[to] = total
                side.parentArc[to] = Int32(arc)
                side.heap.push(total, to)
            }
        }
    }
}

/// Contracts a graph's nodes one by one (``ContractionHierarchy``).
struct Contractor {
    let graph: RoutingGraph
    let type: TransportType
    var arcTarget: [Int32] = []
    var arcSource: [Int32] = []
    var arcCost: [Double] = []
    var arcFirst: [Int32] = []
    var arcSecond: [Int32] = []
    /// The arcs between nodes not yet contracted, by node.
    var outgoing: [[Int32]]
    var incoming: [[Int32]]
    var contracted: [Bool]
    var rank: [Int32]
    var deletedNeighbours: [Int32]
    /// The witness search's state, reset after each search.
    var distance: [Double]
    var touched: [Int32] = []
    var heap = PriorityHeap([])

    init(graph: RoutingGraph, type: TransportType) {
        self.graph = graph
        self.type = type
        let n = graph.nodeCount
        outgoing = [[Int32]](repeating: [], count: n)
        incoming = [[Int32]](repeating: [], count: n)
        contracted = [Bool](repeating: false, count: n)
        rank = [Int32](repeating: -1, count: n)
        deletedNeighbours = [Int32](repeating: 0, count: n)
        distance = [Double](repeating: .infinity, count: n)
        // The graph's edges for the type, the quickest of any between the same two nodes.
        for node in 0..<n {
            for edge in Int(graph.edgeStart[node])..<Int(graph.edgeStart[node + 1]) {
                guard let seconds = graph.cost(edge, type) else { continue }
                let to = graph.edgeTarget[edge]
                guard to != Int32(node) else { continue }
                if let known = outgoing[node].first(where: { arcTarget[Int($0)] == to }) {
                    if seconds < arcCost[Int(known)] {
                        arcCost[Int(known)] = seconds
                        arcSecond[Int(known)] = Int32(edge)
                    }
                    continue
                }
                let arc = add(from: Int32(node), to: to, cost: seconds, first: -1, second: Int32(edge))
                outgoing[node].append(arc)
                incoming[Int(to)].append(arc)
            }
        }
    }

    mutating func add(from: Int32, to: Int32, cost: Double, first: Int32, second: Int32) -> Int32 {
        arcSource.append(from)
        arcTarget.append(to)
        arcCost.append(cost)
        arcFirst.append(first)
        arcSecond.append(second)
        return Int32(arcCost.count - 1)
    }

    /// Contracts every node, least important first, its importance
    /// computed again when it comes up (lazy updates) and its neighbours'
    /// after it goes.
    mutating func run() {
        let n = graph.nodeCount
        var queue: [(priority: Double, node: Int32)] = []
        queue.reserveCapacity(n)
        for node in 0..<n { queue.append((priority(Int32(node)), Int32(node))) }
        var heap = PriorityHeap(queue)
        var order: Int32 = 0
        while let (priority, node) = heap.pop() {
            guard !contracted[Int(node)] else { continue }
            let now = self.priority(node)
            if now > priority, let next = heap.top, now > next.priority {
                heap.push(now, node)
                continue
            }
            contract(node, simulate: false, settleLimit: 1_000)
            contracted[Int(node)] = true
            rank[Int(node)] = order
            order += 1
            // Neighbours: no longer joined to it; one more neighbour gone.
            var neighbours = Set<Int32>()
            for arc in outgoing[Int(node)] { neighbours.insert(arcTarget[Int(arc)]) }
            for arc in incoming[Int(node)] { neighbours.insert(arcSource[Int(arc)]) }
            for neighbour in neighbours where !contracted[Int(neighbour)] {
                outgoing[Int(neighbour)].removeAll { arcTarget[Int($0)] == node }
                incoming[Int(neighbour)].removeAll { arcSource[Int($0)] == node }
                deletedNeighbours[Int(neighbour)] += 1
            }
            outgoing[Int(node)] = []
            incoming[Int(node)] = []
            for neighbour in neighbours where !contracted[Int(neighbour)] {
                heap.push(self.priority(neighbour), neighbour)
            }
        }
    }

    /// How much contracting `node` now would cost the hierarchy: shortcuts
    /// added less arcs removed, plus neighbours already gone.
    mutating func priority(_ node: Int32) -> Double {
        let shortcuts = contract(node, simulate: true, settleLimit: 60)
        let removed = outgoing[Int(node)].count + incoming[Int(node)].count
        return Double(2 * shortcuts - removed) + Double(deletedNeighbours[Int(node)])
    }

    /// The shortcuts contracting `node` needs (added unless `simulate`):
    /// one for each way in and out of it with no witness as quick.
    @discardableResult
    mutating func contract(_ node: Int32, simulate: Bool, settleLimit: Int) -> Int {
        var count = 0
        let outs = outgoing[Int(node)]
        for inArc in incoming[Int(node)] {
            let from = arcSource[Int(inArc)]
            let toHere = arcCost[Int(inArc)]
            var limit = 0.0
            for outArc in outs where arcTarget[Int(outArc)] != from { limit = max(limit, toHere + arcCost[Int(outArc)]) }
            guard limit > 0 else { continue }
            witnessSearch(from: from, avoiding: node, limit: limit, settleLimit: settleLimit)
            for outArc in outs {
                let to = arcTarget[Int(outArc)]
                guard to != from else { continue }
                let through = toHere + arcCost[Int(outArc)]
                if distance[Int(to)] <= through { continue }
                count += 1
                if !simulate { addShortcut(from: from, to: to, cost: through, first: inArc, second: outArc) }
            }
            for touchedNode in touched { distance[Int(touchedNode)] = .infinity }
            touched.removeAll(keepingCapacity: true)
        }
        return count
    }

    /// A shortcut, unless an arc between the same nodes is as quick (a
    /// slower one gives way to it).
    mutating func addShortcut(from: Int32, to: Int32, cost: Double, first: Int32, second: Int32) {
        if let index = outgoing[Int(from)].firstIndex(where: { arcTarget[Int($0)] == to }) {
            let known = outgoing[Int(from)][index]
            guard cost < arcCost[Int(known)] else { return }
            let arc = add(from: from, to: to, cost: cost, first: first, second: second)
            outgoing[Int(from)][index] = arc
            if let back = incoming[Int(to)].firstIndex(of: known) { incoming[Int(to)][back] = arc }
            return
        }
        let arc = add(from: from, to: to, cost: cost, first: first, second: second)
        outgoing[Int(from)].append(arc)
        incoming[Int(to)].append(arc)
    }

    /// Dijkstra's search from `source` among nodes not yet contracted,
    /// without `avoiding`, up to `limit` seconds or `settleLimit` nodes:
    /// `distance` holds what it reached.
    mutating func witnessSearch(from source: Int32, avoiding: Int32, limit: Double, settleLimit: Int) {
        distance[Int(source)] = 0
        touched.append(source)
        heap.items.removeAll(keepingCapacity: true)
        heap.push(0, source)
        var settled = 0
        while let (reached, node) = heap.pop() {
            guard reached <= distance[Int(node)] else { continue }
            if reached > limit { break }
            settled += 1
            if settled > settleLimit { break }
            for arc in outgoing[Int(node)] {
                let to = arcTarget[Int(arc)]
                guard to != avoiding else { continue }
                let total = reached + arcCost[Int(arc)]
                if total < distance[Int(to)] {
                    if distance[Int(to)] == .infinity { touched.append(to) }
                    distance[Int(to)] = total
                    heap.push(total, to)
                }
            }
        }
    }
}

/// A binary min-heap of nodes by priority.
struct PriorityHeap {
    var items: [(priority: Double, node: Int32)]

    init(_ items: [(priority: Double, node: Int32)]) {
        self.items = items
        for index in stride(from: items.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    var top: (priority: Double, node: Int32)? { items.first }

    mutating func push(_ priority: Double, _ node: Int32) {
        items.append((priority, node))
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].priority < items[parent].priority else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (Double, Int32)? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            siftDown(0)
        }
        return (first.priority, first.node)
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var least = parent
            let left = 2 * parent + 1
            if left < items.count, items[left].priority < items[least].priority { least = left }
            if left + 1 < items.count, items[left + 1].priority < items[least].priority { least = left + 1 }
            guard least != parent else { return }
            items.swapAt(parent, least)
            parent = least
        }
    }
}
