import MeridianCore

/// A packed R-tree over bounding boxes, built once by Sort-Tile-Recursive
/// (Leutenegger, Lopez and Edgington, 1997; what GEOS's and shapely's
/// STRtree build): the index ``JoinOperation`` and ``CleanOperation``
/// query for the features whose boxes meet a box.
///
/// ```swift
/// let tree = STRTree(boxes: counties.map { $0.geometry?.boundingBox })
/// tree.search(BoundingBox(west: -72.7, south: 41.7, east: -72.6, north: 41.8)) { county in ... }
/// ```
///
/// Items are numbered by their place in `boxes`; an item without a box
/// (no geometry) is never found. Nodes hold 16 children; every level is
/// one flat array, so a search touches few cache lines. Cost: O(n log n)
/// to build; a search visits O(log n + k) nodes for k results.
public struct STRTree: Sendable {
    /// One level of nodes (the leaves first): their boxes, flattened as
    /// west, south, east, north.
    private var levels: [[Double]] = []
    /// The item of each leaf, in the leaves' order.
    private var items: [Int32] = []
    static let nodeCapacity = 16

    public init(boxes: [BoundingBox?]) {
        var entries: [(box: BoundingBox, item: Int32)] = []
        entries.reserveCapacity(boxes.count)
        for (item, box) in boxes.enumerated() {
            if let box, box.west.isFinite, box.south.isFinite, box.east.isFinite, box.north.isFinite {
                entries.append((box, Int32(item)))
            }
        }
        guard !entries.isEmpty else { return }
        entries = Self.tiled(entries)
        items = entries.map(\.item)
        var level = entries.map(\.box)
        levels.append(Self.flattened(level))
        while level.count > 1 {
            // Parents of consecutive runs of nodeCapacity nodes; the runs
            // are tiled again so that each parent is compact.
            var parents: [BoundingBox] = []
            parents.reserveCapacity((level.count + Self.nodeCapacity - 1) / Self.nodeCapacity)
            var start = 0
            while start < level.count {
                var box = level[start]
                for child in level[(start + 1)..<min(start + Self.nodeCapacity, level.count)] { box.extend(child) }
                parents.append(box)
                start += Self.nodeCapacity
            }
            levels.append(Self.flattened(parents))
            level = parents
        }
    }

    /// Whether the tree holds no item.
    public var isEmpty: Bool { items.isEmpty }

    /// Calls `visit` with each item whose box meets `box` (edges included).
    public func search(_ box: BoundingBox, _ visit: (Int) -> Void) {
        guard !levels.isEmpty else { return }
        search(level: levels.count - 1, node: 0, box, visit)
    }

    private func search(level: Int, node: Int, _ box: BoundingBox, _ visit: (Int) -> Void) {
        let boxes = levels[level]
        let first = level == levels.count - 1 ? 0 : node * Self.nodeCapacity
        let last = level == levels.count - 1 ? boxes.count / 4 : min(first + Self.nodeCapacity, boxes.count / 4)
        boxes.withUnsafeBufferPointer { b in
            for index in first..<last {
                let at = index * 4
                guard b[at] <= box.east, b[at + 2] >= box.west, b[at + 1] <= box.north, b[at + 3] >= box.south
                else { continue }
                if level == 0 {
                    visit(Int(items[index]))
                } else {
                    search(level: level - 1, node: index, box, visit)
                }
            }
        }
    }

    /// The entries in Sort-Tile-Recursive order: sorted by the centre's
    /// longitude into vertical slices, each slice sorted by latitude.
    private static func tiled(_ entries: [(box: BoundingBox, item: Int32)]) -> [(box: BoundingBox, item: Int32)] {
        let leaves = (entries.count + nodeCapacity - 1) / nodeCapacity
        let slices = Int(Double(leaves).squareRoot().rounded(.up))
        let perSlice = slices * nodeCapacity
        let byX = entries.sorted { $0.box.west + $0.box.east < $1.box.west + $1.box.east }
        var result: [(box: BoundingBox, item: Int32)] = []
        result.reserveCapacity(entries.count)
        var start = 0
        while start < byX.count {
            let slice = byX[start..<min(start + perSlice, byX.count)]
            result += slice.sorted { $0.box.south + $0.box.north < $1.box.south + $1.box.north }
            start += perSlice
        }
        return result
    }

    private static func flattened(_ boxes: [BoundingBox]) -> [Double] {
        var flat: [Double] = []
        flat.reserveCapacity(boxes.count * 4)
        for box in boxes { flat += [box.west, box.south, box.east, box.north] }
        return flat
    }
}
