/// Line simplification: Douglas-Peucker and Visvalingam-Whyatt, on
/// longitude/latitude treated as planar (as ogr2ogr's `-simplify` and
/// mapshaper's default do), the first and last positions always kept.
///
/// ```swift
/// let fewer = Simplification.douglasPeucker(line, tolerance: 0.01)    // degrees
/// let alsoFewer = Simplification.visvalingam(line, tolerance: 0.01)   // removes triangles under tolerance^2 / 2
/// ```
///
/// Cost: Douglas-Peucker O(n log n) on average (an explicit stack, no
/// recursion), Visvalingam O(n log n) with a heap.
public enum Simplification {
    public enum Method: String, Sendable, Hashable, CaseIterable {
        case douglasPeucker = "dp"
        case visvalingam
    }

    public static func simplify(_ line: [Coordinate], tolerance: Double, method: Method) -> [Coordinate] {
        switch method {
        case .douglasPeucker: douglasPeucker(line, tolerance: tolerance)
        case .visvalingam: visvalingam(line, tolerance: tolerance)
        }
    }

    /// The positions farther than `tolerance` from the simplified line.
    public static func douglasPeucker(_ line: [Coordinate], tolerance: Double) -> [Coordinate] {
        guard line.count > 2, tolerance > 0 else { return line }
        var keep = [Bool](repeating: false, count: line.count)
        keep[0] = true
        keep[line.count - 1] = true
        var stack = [(0, line.count - 1)]
        let squared = tolerance * tolerance
        while let (first, last) = stack.popLast() {
            guard last > first + 1 else { continue }
            var farthest = first
            var distance = -1.0
            for i in (first + 1)..<last {
                let d = segmentDistanceSquared(line[i], line[first], line[last])
                if d > distance {
                    distance = d
                    farthest = i
                }
            }
            if distance > squared {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        return line.indices.filter { keep[$0] }.map { line[$0] }
    }

    /// Removes, smallest first, the positions whose triangle with their
    /// neighbours has an area under `tolerance² / 2` (the area of a
    /// right triangle with legs of `tolerance`).
    public static func visvalingam(_ line: [Coordinate], tolerance: Double) -> [Coordinate] {
        guard line.count > 2, tolerance > 0 else { return line }
        let threshold = tolerance * tolerance / 2
        let n = line.count
        var previous = Array(-1..<(n - 1))
        var next = Array(1...n)
        var area = [Double](repeating: .infinity, count: n)
        var removed = [Bool](repeating: false, count: n)
        func triangle(_ i: Int) -> Double {
            guard previous[i] >= 0, next[i] < n else { return .infinity }
            let (a, b, c) = (line[previous[i]], line[i], line[next[i]])
            return abs(
                (b.longitude - a.longitude) * (c.latitude - a.latitude)
                    - (c.longitude - a.longitude) * (b.latitude - a.latitude)) / 2
        }
        var heap = MinHeap()
        for i in 1..<(n - 1) {
            area[i] = triangle(i)
            heap.push(area[i], i)
        }
        while let (value, i) = heap.pop() {
            guard !removed[i], value == area[i] else { continue }  // a stale entry
            if value >= threshold { break }
            removed[i] = true
            let (p, q) = (previous[i], next[i])
            next[p] = q
            previous[q] = p
            for j in [p, q] where j > 0 && j < n - 1 {
                // A neighbour's new triangle is never smaller than the one removed (Visvalingam's rule).
                area[j] = max(triangle(j), value)
                heap.push(area[j], j)
            }
        }
        return line.indices.filter { !removed[$0] }.map { line[$0] }
    }

    static func segmentDistanceSquared(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> Double {
        let (dx, dy) = (b.longitude - a.longitude, b.latitude - a.latitude)
        let length = dx * dx + dy * dy
        var t = 0.0
        if length > 0 {
            t = ((p.longitude - a.longitude) * dx + (p.latitude - a.latitude) * dy) / length
            t = min(1, max(0, t))
        }
        let (x, y) = (a.longitude + t * dx - p.longitude, a.latitude + t * dy - p.latitude)
        return x * x + y * y
    }

    /// A binary min-heap of (key, index).
    struct MinHeap {
        private var items: [(Double, Int)] = []

        mutating func push(_ key: Double, _ index: Int) {
            items.append((key, index))
            var child = items.count - 1
            while child > 0 {
                let parent = (child - 1) / 2
                guard items[child].0 < items[parent].0 else { break }
                items.swapAt(child, parent)
                child = parent
            }
        }

        mutating func pop() -> (Double, Int)? {
            guard !items.isEmpty else { return nil }
            items.swapAt(0, items.count - 1)
            let top = items.removeLast()
            var parent = 0
            while true {
                let (left, right) = (2 * parent + 1, 2 * parent + 2)
                var smallest = parent
                if left < items.count, items[left].0 < items[smallest].0 { smallest = left }
                if right < items.count, items[right].0 < items[smallest].0 { smallest = right }
                if smallest == parent { break }
                items.swapAt(parent, smallest)
                parent = smallest
            }
            return top
        }
    }
}
