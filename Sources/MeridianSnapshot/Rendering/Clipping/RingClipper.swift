import MeridianCore

/// Clips a closed ring to a ``ClipBox`` with the Sutherland-Hodgman
/// algorithm, one box edge at a time.
///
/// ```swift
/// var clipper = RingClipper(box: ClipBox(width: 100, height: 100, margin: 0))
/// var xs = [-50.0, 50, 50], ys = [50.0, -50, 50]
/// clipper.clip(xs: &xs, ys: &ys)   // the part of the triangle inside the box, still one ring
/// ```
///
/// Unlike a general polygon clipper, the result stays one closed ring
/// (pieces joined along the box's edges): those joining edges lie on the
/// box, which is outside the view under the margin, so they never show,
/// and a ring never has to be split. The ring may come closed (first
/// point repeated last) or open; it comes back open. Cost: O(n) per
/// edge, the scratch buffer is reused across calls.
struct RingClipper {
    let box: ClipBox
    private var scratchXs: [Double] = []
    private var scratchYs: [Double] = []

    init(box: ClipBox) {
        self.box = box
    }

    mutating func clip(xs: inout [Double], ys: inout [Double]) {
        // Work on the open ring.
        if xs.count > 1, xs[0] == xs[xs.count - 1], ys[0] == ys[ys.count - 1] {
            xs.removeLast()
            ys.removeLast()
        }
        for edge in 0..<4 {
            guard !xs.isEmpty else { return }
            scratchXs.removeAll(keepingCapacity: true)
            scratchYs.removeAll(keepingCapacity: true)
            var px = xs[xs.count - 1]
            var py = ys[ys.count - 1]
            var previousInside = inside(px, py, edge)
            for index in xs.indices {
                let cx = xs[index]
                let cy = ys[index]
                let currentInside = inside(cx, cy, edge)
                if currentInside != previousInside {
                    let (ix, iy) = intersect(px, py, cx, cy, edge)
                    scratchXs.append(ix)
                    scratchYs.append(iy)
                }
                if currentInside {
                    scratchXs.append(cx)
                    scratchYs.append(cy)
                }
                px = cx
                py = cy
                previousInside = currentInside
            }
            swap(&xs, &scratchXs)
            swap(&ys, &scratchYs)
        }
    }

    /// Edges 0...3: left, right, top, bottom.
    @inline(__always) private func inside(_ x: Double, _ y: Double, _ edge: Int) -> Bool {
        switch edge {
        case 0: x >= box.minX
        case 1: x <= box.maxX
        case 2: y >= box.minY
        default: y <= box.maxY
        }
    }

    @inline(__always) private func intersect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ edge: Int) -> (
        Double, Double
    ) {
        switch edge {
        case 0, 1:
            let x = edge == 0 ? box.minX : box.maxX
            let t = (x - x0) / (x1 - x0)
            return (x, y0 + t * (y1 - y0))
        default:
            let y = edge == 2 ? box.minY : box.maxY
            let t = (y - y0) / (y1 - y0)
            return (x0 + t * (x1 - x0), y)
        }
    }
}
