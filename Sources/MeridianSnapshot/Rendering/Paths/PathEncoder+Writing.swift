import MeridianCore

extension PathEncoder {
    /// Simplifies, clips, rewinds and writes the ring in xs/ys; notes the
    /// exterior with the largest visible area for the area's label.
    mutating func emitRing(exterior: Bool) {
        simplifier.simplify(xs: &xs, ys: &ys)
        if !clipBox.contains(xs: xs, ys: ys) { ringClipper.clip(xs: &xs, ys: &ys) }
        var count = xs.count
        if count > 1, xs[0] == xs[count - 1], ys[0] == ys[count - 1] { count -= 1 }
        guard count >= 3 else { return }
        // Shoelace area; y grows down, so a positive area is clockwise on screen.
        var twiceArea = 0.0
        var cx = 0.0
        var cy = 0.0
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        var j = count - 1
        for i in 0..<count {
            let cross = xs[j] * ys[i] - xs[i] * ys[j]
            twiceArea += cross
            cx += (xs[j] + xs[i]) * cross
            cy += (ys[j] + ys[i]) * cross
            minX = min(minX, xs[i])
            maxX = max(maxX, xs[i])
            minY = min(minY, ys[i])
            maxY = max(maxY, ys[i])
            j = i
        }
        guard twiceArea != 0 else { return }
        let reversed = exterior ? twiceArea < 0 : twiceArea > 0
        guard encode(count: count, closed: true, reversed: reversed) else { return }
        let area = abs(twiceArea) / 2
        if exterior {
            collectingHoles = area > (lastLargestRing?.area ?? 0)
            if collectingHoles {
                lastLargestRing = (area, minX, minY, maxX, maxY, cx / (3 * twiceArea), cy / (3 * twiceArea))
                lastLargestRingPoints = keepsLabelGeometry ? [(0..<count).map { (xs[$0], ys[$0]) }] : []
            }
        } else if collectingHoles, keepsLabelGeometry {
            lastLargestRingPoints.append((0..<count).map { (xs[$0], ys[$0]) })
        }
    }

    /// Quantizes xs/ys[start..<start + count] and writes one subpath; false
    /// when fewer than three (closed) or two (open) distinct points remain.
    mutating func encode(count: Int, closed: Bool, reversed: Bool, start: Int = 0) -> Bool {
        quantX.removeAll(keepingCapacity: true)
        quantY.removeAll(keepingCapacity: true)
        for step in 0..<count {
            let index = reversed ? start + count - 1 - step : start + step
            let qx = path.quantize(xs[index])
            let qy = path.quantize(ys[index])
            if let lx = quantX.last, let ly = quantY.last, lx == qx, ly == qy { continue }
            quantX.append(qx)
            quantY.append(qy)
        }
        if closed, quantX.count > 1, quantX[0] == quantX[quantX.count - 1], quantY[0] == quantY[quantY.count - 1] {
            quantX.removeLast()
            quantY.removeLast()
        }
        guard quantX.count >= (closed ? 3 : 2) else { return false }
        path.append("M")
        path.appendUnits(quantX[0])
        if quantY[0] >= 0 { path.append(",") }
        path.appendUnits(quantY[0])
        path.append("l")
        for index in 1..<quantX.count {
            let dx = quantX[index] - quantX[index - 1]
            let dy = quantY[index] - quantY[index - 1]
            if index > 1, dx >= 0 { path.append(" ") }
            path.appendUnits(dx)
            if dy >= 0 { path.append(",") }
            path.appendUnits(dy)
        }
        if closed { path.append("z") }
        return true
    }

    /// Keeps the midpoint of the longest line part written so far, where
    /// the line's label goes.
    mutating func noteLineAnchor(start: Int, end: Int) {
        var length = 0.0
        for index in (start + 1)..<end {
            let dx = xs[index] - xs[index - 1]
            let dy = ys[index] - ys[index - 1]
            length += (dx * dx + dy * dy).squareRoot()
        }
        guard length > (lastLineAnchor?.length ?? 0) else { return }
        if keepsLabelGeometry { lastLinePoints = (start..<end).map { (xs[$0], ys[$0]) } }
        var walked = 0.0
        for index in (start + 1)..<end {
            let dx = xs[index] - xs[index - 1]
            let dy = ys[index] - ys[index - 1]
            let segment = (dx * dx + dy * dy).squareRoot()
            if walked + segment >= length / 2, segment > 0 {
                let t = (length / 2 - walked) / segment
                lastLineAnchor = (xs[index - 1] + t * dx, ys[index - 1] + t * dy, length, 0)
                return
            }
            walked += segment
        }
    }
}
