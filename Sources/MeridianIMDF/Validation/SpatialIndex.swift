import MeridianCore

/// A static R-tree over map rects, bulk-loaded with Sort-Tile-Recursive
/// packing (Leutenegger, Lopez and Edgington, 1997): what makes the
/// validator's overlap and containment checks near-linear instead of
/// quadratic.
///
/// ```swift
/// let index = SpatialIndex(units.enumerated().map { ($1.boundingMapRect, $0) })
/// index.search(candidate.boundingMapRect) { other in ...; return true }
/// ```
///
/// Building costs O(n log n) (two sorts); a search costs O(log n) plus the
/// number of nodes whose rects meet the query, about the number of
/// answers for the evenly sized rects of a floor plan. Nodes hold up to
/// 16 children; the tree is immutable once built.
struct SpatialIndex: Sendable {
    struct Box: Sendable, Hashable {
        var minX, minY, maxX, maxY: Double

        init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
            (self.minX, self.minY, self.maxX, self.maxY) = (minX, minY, maxX, maxY)
        }

        init(_ rect: MapRect) {
            self.init(minX: rect.minX, minY: rect.minY, maxX: rect.maxX, maxY: rect.maxY)
        }

        func intersects(_ other: Box) -> Bool {
            minX <= other.maxX && other.minX <= maxX && minY <= other.maxY && other.minY <= maxY
        }

        func union(_ other: Box) -> Box {
            Box(
                minX: min(minX, other.minX), minY: min(minY, other.minY), maxX: max(maxX, other.maxX),
                maxY: max(maxY, other.maxY))
        }
    }

    static let nodeCapacity = 16

    /// tiers[0] are the leaves' boxes (sorted), tiers.last the root's
    /// children; node i of tier t covers children i*16 ..< (i+1)*16 of t-1.
    private var tiers: [[Box]] = []
    private var payloads: [Int] = []

    init(_ items: [(rect: MapRect, payload: Int)]) {
        self.init(boxes: items.compactMap { $0.rect.isNull ? nil : (Box($0.rect), $0.payload) })
    }

    init(boxes items: [(box: Box, payload: Int)]) {
        guard !items.isEmpty else { return }
        let capacity = Self.nodeCapacity
        // Sort-Tile-Recursive: vertical slices by x, then runs by y.
        var sorted = items.sorted { $0.box.minX + $0.box.maxX < $1.box.minX + $1.box.maxX }
        let leafCount = (sorted.count + capacity - 1) / capacity
        let sliceCount = Int(Double(leafCount).squareRoot().rounded(.up))
        let sliceSize = sliceCount * capacity
        var start = 0
        while start < sorted.count {
            let end = min(start + sliceSize, sorted.count)
            sorted[start..<end].sort { $0.box.minY + $0.box.maxY < $1.box.minY + $1.box.maxY }
            start = end
        }
        tiers.append(sorted.map(\.box))
        payloads = sorted.map(\.payload)
        while tiers.last!.count > capacity {
            let below = tiers.last!
            var tier: [Box] = []
            tier.reserveCapacity((below.count + capacity - 1) / capacity)
            var index = 0
            while index < below.count {
                let end = min(index + capacity, below.count)
                var box = below[index]
                for child in below[(index + 1)..<end] { box = box.union(child) }
                tier.append(box)
                index = end
            }
            tiers.append(tier)
        }
    }

    var count: Int { payloads.count }

    /// Calls `body` with the payload of every item whose rect meets `rect`.
    /// Calls `body` with each entry whose box meets `query` until it
    /// returns false.
    func search(_ rect: MapRect, _ body: (Int) -> Bool) {
        search(Box(rect), body)
    }

    func search(_ query: Box, _ body: (Int) -> Bool) {
        guard let top = tiers.last else { return }
        // Explicit stack of (tier, node index).
        var stack: [(tier: Int, node: Int)] = []
        for node in top.indices where top[node].intersects(query) { stack.append((tiers.count - 1, node)) }
        while let (tier, node) = stack.popLast() {
            if tier == 0 {
                if !body(payloads[node]) { return }
                continue
            }
            let children = tiers[tier - 1]
            let first = node * Self.nodeCapacity
            for child in first..<min(first + Self.nodeCapacity, children.count) where children[child].intersects(query)
            {
                stack.append((tier - 1, child))
            }
        }
    }
}
