import Foundation
import MeridianCore
import Testing

@testable import MeridianSnapshot

/// Douglas-Peucker as the renderer runs it: exact on real data, bounded
/// on hostile data, and never further than the tolerance from the input.
@Suite struct SimplificationTests {
    /// Textbook recursive Douglas-Peucker (segment distance, first farthest
    /// wins), for comparison.
    private static func reference(_ xs: [Double], _ ys: [Double], tolerance: Double) -> [Int] {
        var keep = [Bool](repeating: false, count: xs.count)
        keep[0] = true
        keep[xs.count - 1] = true
        func distance(_ i: Int, _ a: Int, _ b: Int) -> Double {
            let (dx, dy) = (xs[b] - xs[a], ys[b] - ys[a])
            let (px, py) = (xs[i] - xs[a], ys[i] - ys[a])
            let length = dx * dx + dy * dy
            if length == 0 { return px * px + py * py }
            let t = (px * dx + py * dy) / length
            if t <= 0 { return px * px + py * py }
            if t >= 1 { return (xs[i] - xs[b]) * (xs[i] - xs[b]) + (ys[i] - ys[b]) * (ys[i] - ys[b]) }
            let cross = px * dy - py * dx
            return cross * cross / length
        }
        func run(_ a: Int, _ b: Int) {
            guard b - a > 1 else { return }
            var farthest = -1
            var best = tolerance * tolerance
            for i in (a + 1)..<b where distance(i, a, b) > best {
                best = distance(i, a, b)
                farthest = i
            }
            guard farthest >= 0 else { return }
            keep[farthest] = true
            run(a, farthest)
            run(farthest, b)
        }
        run(0, xs.count - 1)
        return keep.indices.filter { keep[$0] }
    }

    /// The largest distance from an input position to the simplified
    /// polyline's segment between the kept positions around it.
    private static func worstDeviation(_ xs: [Double], _ ys: [Double], kept: [Double], _ keptYs: [Double]) -> Double {
        var worst = 0.0
        var segment = 0
        for index in xs.indices {
            while segment + 1 < kept.count - 1, xs[index] > kept[segment + 1] { segment += 1 }
            let (ax, ay, bx, by) = (kept[segment], keptYs[segment], kept[segment + 1], keptYs[segment + 1])
            let (dx, dy) = (bx - ax, by - ay)
            let t = max(0, min(1, ((xs[index] - ax) * dx + (ys[index] - ay) * dy) / (dx * dx + dy * dy)))
            let (qx, qy) = (ax + t * dx - xs[index], ay + t * dy - ys[index])
            worst = max(worst, (qx * qx + qy * qy).squareRoot())
        }
        return worst
    }

    @Test func onOrdinaryDataItIsExactlyDouglasPeucker() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20 {
            var xs: [Double] = [0]
            var ys: [Double] = [0]
            for _ in 0..<2_000 {
                xs.append(xs.last! + Double.random(in: -1...1, using: &generator))
                ys.append(ys.last! + Double.random(in: -1...1, using: &generator))
            }
            let expected = Self.reference(xs, ys, tolerance: 0.5)
            var simplifier = DouglasPeucker(tolerance: 0.5)
            var (outX, outY) = (xs, ys)
            simplifier.simplify(xs: &outX, ys: &outY)
            #expect(outX == expected.map { xs[$0] } && outY == expected.map { ys[$0] })
            #expect(simplifier.lastWork <= DouglasPeucker.workBudget(count: xs.count))
        }
    }

    /// Every peak of a zigzag ties for farthest, so each split peeled off
    /// one position: 100 000 positions took 14 s, 200 000 took 78 s.
    @Test func aZigzagCostsAtMostTheBudgetPlusNLogN() {
        let count = 200_000
        let xs = (0..<count).map { Double($0) * 0.01 }
        let ys = (0..<count).map { $0 % 2 == 0 ? 0.0 : 5.0 }
        var simplifier = DouglasPeucker(tolerance: 0.15)
        var (outX, outY) = (xs, ys)
        simplifier.simplify(xs: &outX, ys: &outY)
        let log2Count = Int.bitWidth - count.leadingZeroBitCount
        // log_4/3 n passes past the budget, each over at most n positions.
        #expect(simplifier.lastWork <= DouglasPeucker.workBudget(count: count) + 3 * count * log2Count)
        #expect(simplifier.lastWork < count * 200, "quadratic would be about 2e10")
        #expect(outX.first == xs.first && outX.last == xs.last)
        #expect(Self.worstDeviation(xs, ys, kept: outX, outY) <= 0.15)
    }

    @Test func aLongZigzagLineIsDrawn() throws {
        // Through the renderer: 100 000 positions, every one a peak.
        let line = (0..<100_000).map {
            Support.point($0 % 2 == 0 ? 52.0 : 52.01, -1 + 2 * Double($0) / 100_000)
        }
        let snapshot = try Support.render([Support.feature(.lineString(line), id: "zigzag")])
        #expect(snapshot.svg.contains("data-id=\"zigzag\""))
    }
}
