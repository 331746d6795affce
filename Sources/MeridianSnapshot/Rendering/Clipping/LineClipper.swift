import MeridianCore

/// Clips an open line to a ``ClipBox`` with the Liang-Barsky algorithm,
/// segment by segment.
///
/// ```swift
/// var clipper = LineClipper(box: ClipBox(width: 100, height: 100, margin: 0))
/// var xs = [-10.0, 50, 110, 50, -10], ys = [50.0, 50, 50, 60, 60]
/// var parts: [Int] = []
/// clipper.clip(xs: &xs, ys: &ys, partStarts: &parts)   // two parts: the line leaves at x = 100 and comes back
/// ```
///
/// A line that leaves the box and comes back becomes several parts, all
/// in `xs`/`ys` one after the other; `partStarts` holds the index where
/// each begins. Cost: O(n); the scratch buffer is reused across calls.
struct LineClipper {
    let box: ClipBox
    private var scratchXs: [Double] = []
    private var scratchYs: [Double] = []

    init(box: ClipBox) {
        self.box = box
    }

    mutating func clip(xs: inout [Double], ys: inout [Double], partStarts: inout [Int]) {
        partStarts.removeAll(keepingCapacity: true)
        if box.contains(xs: xs, ys: ys) {
            partStarts.append(0)
            return
        }
        scratchXs.removeAll(keepingCapacity: true)
        scratchYs.removeAll(keepingCapacity: true)
        var open = false
        for index in 1..<max(1, xs.count) {
            let x0 = xs[index - 1]
            let y0 = ys[index - 1]
            let x1 = xs[index]
            let y1 = ys[index]
            let dx = x1 - x0
            let dy = y1 - y0
            var t0 = 0.0
            var t1 = 1.0
            var visible = true
            for (p, q) in [(-dx, x0 - box.minX), (dx, box.maxX - x0), (-dy, y0 - box.minY), (dy, box.maxY - y0)] {
                if p == 0 {
                    if q < 0 {
                        visible = false
                        break
                    }
                } else {
                    let r = q / p
                    if p < 0 {
                        if r > t1 {
                            visible = false
                            break
                        }
                        if r > t0 { t0 = r }
                    } else {
                        if r < t0 {
                            visible = false
                            break
                        }
                        if r < t1 { t1 = r }
                    }
                }
            }
            if !visible {
                open = false
                continue
            }
            if !open || t0 > 0 {
                partStarts.append(scratchXs.count)
                scratchXs.append(x0 + t0 * dx)
                scratchYs.append(y0 + t0 * dy)
            }
            scratchXs.append(x0 + t1 * dx)
            scratchYs.append(y0 + t1 * dy)
            open = t1 >= 1
        }
        swap(&xs, &scratchXs)
        swap(&ys, &scratchYs)
    }
}
