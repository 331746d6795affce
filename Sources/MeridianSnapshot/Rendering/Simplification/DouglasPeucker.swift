import MeridianCore

/// Simplifies a projected path in place with the Douglas-Peucker
/// algorithm: the fewest vertices that keep every dropped one within
/// `tolerance` points of the result.
///
/// ```swift
/// var simplifier = DouglasPeucker(tolerance: 0.15)
/// var xs = [0.0, 1, 2, 3], ys = [0.0, 0.01, -0.01, 0]
/// simplifier.simplify(xs: &xs, ys: &ys)   // xs == [0, 3]: the wiggle is under 0.15 points
/// ```
///
/// The first and last positions always stay (they close a ring or end a
/// line). Distances are to the segment, not the infinite line, so a
/// spike that doubles back is kept. Iterative, with an explicit stack, so
/// deep inputs cannot overflow the call stack. It runs after the radial
/// distance filter of ``PathEncoder``, which has already dropped runs of
/// points closer together than the tolerance.
struct DouglasPeucker {
    let tolerance: Double
    private var keep: [Bool] = []
    private var stack: [(Int, Int)] = []

    init(tolerance: Double) {
        self.tolerance = max(0, tolerance)
    }

    mutating func simplify(xs: inout [Double], ys: inout [Double]) {
        let count = xs.count
        guard tolerance > 0, count > 3 else { return }
        keep.removeAll(keepingCapacity: true)
        keep.append(contentsOf: repeatElement(false, count: count))
        keep[0] = true
        keep[count - 1] = true
        let squaredTolerance = tolerance * tolerance
        stack.removeAll(keepingCapacity: true)
        stack.append((0, count - 1))
        while let (first, last) = stack.popLast() {
            guard last - first > 1 else { continue }
            let ax = xs[first]
            let ay = ys[first]
            let dx = xs[last] - ax
            let dy = ys[last] - ay
            let lengthSquared = dx * dx + dy * dy
            var farthest = -1
            var farthestDistance = squaredTolerance
            for index in (first + 1)..<last {
                let px = xs[index] - ax
                let py = ys[index] - ay
                let distance: Double
                if lengthSquared == 0 {
                    distance = px * px + py * py
                } else {
                    let t = (px * dx + py * dy) / lengthSquared
                    if t <= 0 {
                        distance = px * px + py * py
                    } else if t >= 1 {
                        let qx = xs[index] - xs[last]
                        let qy = ys[index] - ys[last]
                        distance = qx * qx + qy * qy
                    } else {
                        let cross = px * dy - py * dx
                        distance = cross * cross / lengthSquared
                    }
                }
                if distance > farthestDistance {
                    farthestDistance = distance
                    farthest = index
                }
            }
            if farthest >= 0 {
                keep[farthest] = true
                stack.append((first, farthest))
                stack.append((farthest, last))
            }
        }
        var write = 0
        for index in 0..<count where keep[index] {
            xs[write] = xs[index]
            ys[write] = ys[index]
            write += 1
        }
        xs.removeLast(count - write)
        ys.removeLast(count - write)
    }
}
