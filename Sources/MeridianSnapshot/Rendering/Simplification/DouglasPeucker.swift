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
///
/// Cost: Douglas-Peucker scans a run once per split, so it is O(n log n)
/// when splits fall near the middle, as they do in real data, but O(n^2)
/// when each split peels off one point: a zigzag, whose peaks all tie for
/// farthest, took 14 s for 100 000 positions and days for 10 million. So
/// the work is counted, and past ``workBudget(count:)`` (4 n log2 n
/// distance tests, several times what real data needs: the Natural Earth
/// files and canada.json use at most 1.4 n log2 n) a run that is not
/// within the tolerance is split at its farthest position from the middle
/// half of the run rather than from all of it. Runs then shrink by a
/// quarter at least, so the rest costs at most log_4/3 n (2.4 log2 n)
/// passes over the positions. Every dropped position is still within the
/// tolerance of the result, which is exactly Douglas-Peucker's whenever
/// the budget suffices; past it, somewhat more positions are kept.
struct DouglasPeucker {
    let tolerance: Double
    private var keep: [Bool] = []
    private var stack: [(Int, Int)] = []
    /// Distance tests made by the last ``simplify(xs:ys:)``: its cost.
    private(set) var lastWork = 0

    /// Distance tests allowed before splits are kept to the middle half of a run: 4 n log2 n.
    static func workBudget(count: Int) -> Int {
        4 * count * max(1, Int.bitWidth - count.leadingZeroBitCount)
    }

    init(tolerance: Double) {
        self.tolerance = max(0, tolerance)
    }

    mutating func simplify(xs: inout [Double], ys: inout [Double]) {
        let count = xs.count
        lastWork = 0
        guard tolerance > 0, count > 3 else { return }
        keep.removeAll(keepingCapacity: true)
        keep.append(contentsOf: repeatElement(false, count: count))
        keep[0] = true
        keep[count - 1] = true
        let squaredTolerance = tolerance * tolerance
        stack.removeAll(keepingCapacity: true)
        stack.append((0, count - 1))
        let budget = Self.workBudget(count: count)
        var work = 0
        while let (first, last) = stack.popLast() {
            guard last - first > 1 else { continue }
            let exact = work <= budget
            let ax = xs[first]
            let ay = ys[first]
            let dx = xs[last] - ax
            let dy = ys[last] - ay
            let lengthSquared = dx * dx + dy * dy
            var farthest = -1
            var farthestDistance = squaredTolerance
            // Past the budget: the farthest position of the run's middle half.
            let quarter = (last - first) / 4
            var middle = -1
            var middleDistance = -1.0
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
                if !exact, distance > middleDistance, index >= first + quarter, index <= last - quarter {
                    middleDistance = distance
                    middle = index
                }
            }
            work += last - first - 1
            if farthest >= 0 {
                let split = exact ? farthest : middle
                keep[split] = true
                stack.append((first, split))
                stack.append((split, last))
            }
        }
        lastWork = work
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
