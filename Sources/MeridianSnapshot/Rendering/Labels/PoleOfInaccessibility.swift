/// The point inside a polygon farthest from its edges (its pole of
/// inaccessibility), where an area's label reads as belonging to it: inside
/// an L-shaped room or a crescent-shaped country, where the centroid may lie
/// outside.
///
/// ```swift
/// let pole = PoleOfInaccessibility.find(rings: [outer, hole], precision: 1)
/// pole.distance   // how far the nearest edge is: room for the label
/// ```
///
/// The search of Mapbox's polylabel (Garcia-Castellanos and Lombardo's
/// method): square cells over the bounding box, each cell's best possible
/// distance bounding the search, cells split until no cell can beat the
/// best point found by more than `precision`. Rings are even-odd, in any
/// winding, in screen points; at most `maximumCells` cells are looked at,
/// so the cost is bounded whatever the shape.
package enum PoleOfInaccessibility {
    package typealias Ring = [(x: Double, y: Double)]

    static let maximumCells = 512

    package static func find(rings: [Ring], precision: Double) -> (x: Double, y: Double, distance: Double)? {
        guard let outer = rings.first, outer.count >= 3 else { return nil }
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for point in outer {
            minX = min(minX, point.x)
            minY = min(minY, point.y)
            maxX = max(maxX, point.x)
            maxY = max(maxY, point.y)
        }
        let width = maxX - minX
        let height = maxY - minY
        let size = min(width, height)
        guard size > 0, size.isFinite else { return nil }

        struct Cell {
            var x, y, half, distance: Double
            var potential: Double { distance + half * 2.0.squareRoot() }
        }
        func cell(_ x: Double, _ y: Double, _ half: Double) -> Cell {
            Cell(x: x, y: y, half: half, distance: signedDistance(x, y, rings))
        }
        var queue: [Cell] = []
        var best = cell(minX + width / 2, minY + height / 2, 0)
        let centroid = self.centroid(outer)
        let atCentroid = cell(centroid.x, centroid.y, 0)
        if atCentroid.distance > best.distance { best = atCentroid }
        let half = size / 2
        var x = minX
        while x < maxX {
            var y = minY
            while y < maxY {
                queue.append(cell(x + half, y + half, half))
                y += size
            }
            x += size
        }
        // A binary max-heap on each cell's potential: the cell that could hold the farthest point first.
        func up(_ start: Int) {
            var child = start
            while child > 0 {
                let parent = (child - 1) / 2
                guard queue[child].potential > queue[parent].potential else { return }
                queue.swapAt(child, parent)
                child = parent
            }
        }
        func pop() -> Cell {
            queue.swapAt(0, queue.count - 1)
            let top = queue.removeLast()
            var parent = 0
            while true {
                let left = 2 * parent + 1
                let right = left + 1
                var largest = parent
                if left < queue.count, queue[left].potential > queue[largest].potential { largest = left }
                if right < queue.count, queue[right].potential > queue[largest].potential { largest = right }
                guard largest != parent else { break }
                queue.swapAt(parent, largest)
                parent = largest
            }
            return top
        }
        for index in queue.indices { up(index) }
        var looked = queue.count
        while !queue.isEmpty, looked < maximumCells {
            let current = pop()
            if current.distance > best.distance { best = current }
            guard current.potential - best.distance > precision else { continue }
            let quarter = current.half / 2
            for (dx, dy) in [(-1.0, -1.0), (1, -1), (-1, 1), (1, 1)] {
                queue.append(cell(current.x + dx * quarter, current.y + dy * quarter, quarter))
                up(queue.count - 1)
            }
            looked += 4
        }
        guard best.distance > 0 else { return nil }
        return (best.x, best.y, best.distance)
    }

    /// Distance to the nearest edge, positive inside (even-odd over all rings).
    static func signedDistance(_ x: Double, _ y: Double, _ rings: [Ring]) -> Double {
        var inside = false
        var nearest = Double.infinity
        for ring in rings where ring.count >= 2 {
            var j = ring.count - 1
            for i in ring.indices {
                let a = ring[i]
                let b = ring[j]
                if (a.y > y) != (b.y > y), x < (b.x - a.x) * (y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
                nearest = min(nearest, segmentDistanceSquared(x, y, a, b))
                j = i
            }
        }
        return (inside ? 1 : -1) * nearest.squareRoot()
    }

    private static func segmentDistanceSquared(
        _ x: Double, _ y: Double, _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)
    )
        -> Double
    {
        var px = a.x
        var py = a.y
        let dx = b.x - a.x
        let dy = b.y - a.y
        if dx != 0 || dy != 0 {
            let t = ((x - a.x) * dx + (y - a.y) * dy) / (dx * dx + dy * dy)
            if t > 1 {
                px = b.x
                py = b.y
            } else if t > 0 {
                px += dx * t
                py += dy * t
            }
        }
        return (x - px) * (x - px) + (y - py) * (y - py)
    }

    private static func centroid(_ ring: Ring) -> (x: Double, y: Double) {
        var area = 0.0
        var x = 0.0
        var y = 0.0
        var j = ring.count - 1
        for i in ring.indices {
            let cross = ring[j].x * ring[i].y - ring[i].x * ring[j].y
            area += cross
            x += (ring[j].x + ring[i].x) * cross
            y += (ring[j].y + ring[i].y) * cross
            j = i
        }
        guard area != 0 else { return ring[0] }
        return (x / (3 * area), y / (3 * area))
    }
}
