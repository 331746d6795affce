import MeridianCore

/// Turns rings and lines of coordinates into SVG path data: projected,
/// shifted across the antimeridian, simplified, clipped and quantized.
///
/// ```swift
/// var encoder = PathEncoder(viewport: viewport, margin: 24, tolerance: 0.15, precision: 2)
/// encoder.appendPolygon(rings)          // into encoder.path
/// let d = encoder.takePath()            // "M12.5,40l3 .25 ...z" or empty
/// ```
///
/// The order of work is chosen so that cost follows the picture, not the
/// input: a part whose longitude/latitude box misses the view is rejected
/// before any projection; visible parts are projected once, thinned by a
/// radial distance filter and then Douglas-Peucker, both at a sub-pixel
/// tolerance, and only then clipped (Sutherland-Hodgman for rings, so a
/// ring stays one closed ring; Liang-Barsky for lines, which may split)
/// against the view grown by a margin that hides the clip edges under
/// strokes. Rings that shrink below three distinct points are dropped:
/// they are smaller than the tolerance.
///
/// Rings are rewound so exteriors run clockwise on screen and holes
/// counter-clockwise, and drawn with the non-zero rule: holes are cut out
/// whatever winding the file used, and overlapping members of a
/// MultiPolygon stay filled (even-odd would punch them out).
///
/// Longitudes are unwrapped along each ring and line (a step of more than
/// 180 degrees is taken as crossing the antimeridian), and each part is drawn
/// once for every whole-world shift that brings it into view, so data across
/// the 180th meridian is drawn whole, without a horizontal streak. A ring
/// whose unwrapped longitudes go once round the globe (Antarctica, drawn as
/// one ring) is closed along the pole.
///
/// Coordinates are written as integers of 10^-precision points: the first
/// of a subpath absolute, the rest relative, so no rounding error builds up.
/// Cost: O(n log n) for n visible vertices, O(1) per rejected part; the
/// scratch buffers are reused across calls.
struct PathEncoder {
    let viewport: Viewport
    /// The clip box in SVG points.
    let clipMinX: Double, clipMinY: Double, clipMaxX: Double, clipMaxY: Double
    /// The view's box on the map plane (for early rejection).
    let bounds: MapRect
    let tolerance: Double
    private(set) var path: SVGBuffer
    private let precision: Int

    // Scratch, reused.
    private var xs: [Double] = []
    private var ys: [Double] = []
    private var keep: [Bool] = []
    private var stack: [(Int, Int)] = []
    private var clipXs: [Double] = []
    private var clipYs: [Double] = []
    private var quantX: [Int64] = []
    private var quantY: [Int64] = []
    /// Start of each clipped line part in xs/ys (lines only).
    private var partStarts: [Int] = []

    /// The screen area of the last polygon appended (for label priority),
    /// and the box and centroid of its largest visible ring.
    private(set) var lastLargestRing:
        (area: Double, minX: Double, minY: Double, maxX: Double, maxY: Double, cx: Double, cy: Double)?
    /// The midpoint of the longest visible part of the last line appended.
    private(set) var lastLineAnchor: (x: Double, y: Double, length: Double, angle: Double)?

    init(viewport: Viewport, margin: Double, tolerance: Double, precision: Int) {
        self.viewport = viewport
        clipMinX = -margin
        clipMinY = -margin
        clipMaxX = viewport.width + margin
        clipMaxY = viewport.height + margin
        bounds = viewport.mapBounds(margin: margin)
        self.tolerance = max(0, tolerance)
        self.precision = precision
        path = SVGBuffer(precision: precision, capacity: 4096)
    }

    var isEmpty: Bool { path.bytes.isEmpty }

    /// Returns the path data written so far and starts a new one.
    mutating func takePath() -> [UInt8] {
        let bytes = path.bytes
        path = SVGBuffer(precision: precision, capacity: 4096)
        lastLargestRing = nil
        lastLineAnchor = nil
        return bytes
    }

    // MARK: - Extent of a part before projection

    /// Unwrapped longitude range, latitude range, and whether the ring goes
    /// once round a pole, of a sequence of coordinates.
    private struct Extent {
        var minLongitude = Double.infinity, maxLongitude = -Double.infinity
        var minLatitude = Double.infinity, maxLatitude = -Double.infinity
        var firstLongitude = 0.0
        var lastUnwrappedLongitude = 0.0
    }

    private static func extent(of coordinates: [Coordinate], startOffset: Double) -> Extent {
        var extent = Extent()
        var offset = startOffset
        var previous = Double.nan
        for coordinate in coordinates {
            var longitude = coordinate.longitude + offset
            if !previous.isNaN {
                if longitude - previous > 180 {
                    offset -= 360
                    longitude -= 360
                } else if longitude - previous < -180 {
                    offset += 360
                    longitude += 360
                }
            }
            guard longitude.isFinite, coordinate.latitude.isFinite else { continue }
            if previous.isNaN { extent.firstLongitude = longitude }
            previous = longitude
            extent.minLongitude = min(extent.minLongitude, longitude)
            extent.maxLongitude = max(extent.maxLongitude, longitude)
            extent.minLatitude = min(extent.minLatitude, coordinate.latitude)
            extent.maxLatitude = max(extent.maxLatitude, coordinate.latitude)
        }
        extent.lastUnwrappedLongitude = previous
        return extent
    }

    private static func mapX(longitude: Double) -> Double {
        (longitude + 180) / 360 * MapSize.world.width
    }

    /// The map-plane x range of an extent and whether its box meets the view
    /// for some shift; returns the shifts.
    private func shifts(for extent: Extent, enclosesPole: Bool) -> [Double] {
        guard extent.minLongitude <= extent.maxLongitude else { return [] }
        var minX = Self.mapX(longitude: extent.minLongitude)
        var maxX = Self.mapX(longitude: extent.maxLongitude)
        var minY = MapPoint(Coordinate(latitude: extent.maxLatitude, longitude: 0)).y
        var maxY = MapPoint(Coordinate(latitude: extent.minLatitude, longitude: 0)).y
        if enclosesPole {
            minX = min(minX, maxX - MapSize.world.width)
            maxX = max(maxX, minX + MapSize.world.width)
            if extent.maxLatitude + extent.minLatitude > 0 {
                minY = -MapSize.world.height
            } else {
                maxY = 2 * MapSize.world.height
            }
        }
        guard maxY >= bounds.minY, minY <= bounds.maxY else { return [] }
        return viewport.worldShifts(minX: minX, maxX: maxX, bounds: bounds)
    }

    // MARK: - Polygons

    /// Appends a polygon (exterior ring, then holes) as closed subpaths.
    mutating func appendPolygon(_ rings: [[Coordinate]]) {
        guard let exterior = rings.first, exterior.count >= 3 else { return }
        let outer = Self.extent(of: exterior, startOffset: 0)
        guard outer.minLongitude <= outer.maxLongitude else { return }
        let drift = outer.lastUnwrappedLongitude - outer.firstLongitude
        let enclosesPole = abs(drift) > 180
        let poleY = outer.maxLatitude + outer.minLatitude > 0 ? -MapSize.world.height : 2 * MapSize.world.height
        let middle = (outer.minLongitude + outer.maxLongitude) / 2
        // Later rings are unwrapped to start near the exterior's longitudes.
        // They count towards the extent too: real files (canada.json) put
        // separate islands where holes belong.
        var union = outer
        var offsets: [Double] = [0]
        for ring in rings.dropFirst() {
            guard let first = ring.first(where: { $0.longitude.isFinite }) else {
                offsets.append(0)
                continue
            }
            var offset = 0.0
            while first.longitude + offset - middle > 180 { offset -= 360 }
            while first.longitude + offset - middle < -180 { offset += 360 }
            offsets.append(offset)
            let extent = Self.extent(of: ring, startOffset: offset)
            union.minLongitude = min(union.minLongitude, extent.minLongitude)
            union.maxLongitude = max(union.maxLongitude, extent.maxLongitude)
            union.minLatitude = min(union.minLatitude, extent.minLatitude)
            union.maxLatitude = max(union.maxLatitude, extent.maxLatitude)
        }
        let shifts = shifts(for: union, enclosesPole: enclosesPole)
        guard !shifts.isEmpty else { return }
        if enclosesPole {
            // A ring round the pole is drawn once, as a band through every
            // world copy in view plus one beyond each side, then closed
            // along the pole: its closing edges fall outside the image.
            let world = MapSize.world.width
            var band = [shifts[0] - world] + shifts + [shifts[shifts.count - 1] + world]
            if drift < 0 { band.reverse() }
            project(exterior, startOffset: 0, shifts: band, poleY: poleY)
            emitRing(exterior: true)
            for shift in shifts {
                for index in rings.indices.dropFirst() where rings[index].count >= 3 {
                    project(rings[index], startOffset: offsets[index], shifts: [shift], poleY: nil)
                    emitRing(exterior: false)
                }
            }
            return
        }
        for shift in shifts {
            for index in rings.indices where rings[index].count >= 3 {
                project(rings[index], startOffset: offsets[index], shifts: [shift], poleY: nil)
                emitRing(exterior: index == 0)
            }
        }
    }

    /// Projects into xs/ys with the radial filter, once per shift (a band
    /// of world copies for a ring round a pole), closing along the pole when asked.
    private mutating func project(_ coordinates: [Coordinate], startOffset: Double, shifts: [Double], poleY: Double?) {
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
        let v = viewport
        let squaredTolerance = tolerance * tolerance
        var lastX = Double.nan
        var lastY = Double.nan
        var pendingX = Double.nan
        var pendingY = Double.nan
        var firstMapX = Double.nan
        var lastMapX = 0.0
        for shiftX in shifts {
            var offset = startOffset
            var previousLongitude = Double.nan
            for coordinate in coordinates {
                var longitude = coordinate.longitude + offset
                guard longitude.isFinite, coordinate.latitude.isFinite else { continue }
                if !previousLongitude.isNaN {
                    if longitude - previousLongitude > 180 {
                        offset -= 360
                        longitude -= 360
                    } else if longitude - previousLongitude < -180 {
                        offset += 360
                        longitude += 360
                    }
                }
                previousLongitude = longitude
                let point = MapPoint(Coordinate(latitude: coordinate.latitude, longitude: longitude))
                let mx = point.x + shiftX
                if firstMapX.isNaN { firstMapX = mx }
                lastMapX = mx
                let sx = v.svgX(mx, point.y)
                let sy = v.svgY(mx, point.y)
                if !lastX.isNaN {
                    let dx = sx - lastX
                    let dy = sy - lastY
                    if dx * dx + dy * dy < squaredTolerance {
                        pendingX = sx
                        pendingY = sy
                        continue
                    }
                }
                xs.append(sx)
                ys.append(sy)
                lastX = sx
                lastY = sy
                pendingX = .nan
            }
        }
        // The last position always stays: it closes a ring or ends a line.
        if !pendingX.isNaN {
            xs.append(pendingX)
            ys.append(pendingY)
        }
        if let poleY, !firstMapX.isNaN {
            xs.append(v.svgX(lastMapX, poleY))
            ys.append(v.svgY(lastMapX, poleY))
            xs.append(v.svgX(firstMapX, poleY))
            ys.append(v.svgY(firstMapX, poleY))
            if let x0 = xs.first, let y0 = ys.first {
                xs.append(x0)
                ys.append(y0)
            }
        }
    }

    /// Douglas-Peucker on xs/ys in place (iterative: deep inputs cannot
    /// overflow the stack).
    private mutating func simplify() {
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

    private var isInsideClip: Bool {
        for index in xs.indices {
            let x = xs[index]
            let y = ys[index]
            if x < clipMinX || x > clipMaxX || y < clipMinY || y > clipMaxY { return false }
        }
        return true
    }

    /// Sutherland-Hodgman against the clip box, one edge at a time; the
    /// ring stays closed and one piece (edges along the box lie outside the
    /// view, under the margin).
    private mutating func clipRing() {
        // Work on the open ring.
        if xs.count > 1, xs[0] == xs[xs.count - 1], ys[0] == ys[ys.count - 1] {
            xs.removeLast()
            ys.removeLast()
        }
        for edge in 0..<4 {
            guard !xs.isEmpty else { return }
            clipXs.removeAll(keepingCapacity: true)
            clipYs.removeAll(keepingCapacity: true)
            var px = xs[xs.count - 1]
            var py = ys[ys.count - 1]
            var previousInside = inside(px, py, edge)
            for index in xs.indices {
                let cx = xs[index]
                let cy = ys[index]
                let currentInside = inside(cx, cy, edge)
                if currentInside != previousInside {
                    let (ix, iy) = intersect(px, py, cx, cy, edge)
                    clipXs.append(ix)
                    clipYs.append(iy)
                }
                if currentInside {
                    clipXs.append(cx)
                    clipYs.append(cy)
                }
                px = cx
                py = cy
                previousInside = currentInside
            }
            swap(&xs, &clipXs)
            swap(&ys, &clipYs)
        }
    }

    @inline(__always) private func inside(_ x: Double, _ y: Double, _ edge: Int) -> Bool {
        switch edge {
        case 0: x >= clipMinX
        case 1: x <= clipMaxX
        case 2: y >= clipMinY
        default: y <= clipMaxY
        }
    }

    @inline(__always) private func intersect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ edge: Int) -> (
        Double, Double
    ) {
        switch edge {
        case 0, 1:
            let x = edge == 0 ? clipMinX : clipMaxX
            let t = (x - x0) / (x1 - x0)
            return (x, y0 + t * (y1 - y0))
        default:
            let y = edge == 2 ? clipMinY : clipMaxY
            let t = (y - y0) / (y1 - y0)
            return (x0 + t * (x1 - x0), y)
        }
    }

    private mutating func emitRing(exterior: Bool) {
        simplify()
        if !isInsideClip { clipRing() }
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
        if exterior, area > (lastLargestRing?.area ?? 0) {
            lastLargestRing = (area, minX, minY, maxX, maxY, cx / (3 * twiceArea), cy / (3 * twiceArea))
        }
    }

    /// Quantizes xs/ys[0..<count] and writes one subpath; false when fewer
    /// than three (closed) or two (open) distinct points remain.
    private mutating func encode(count: Int, closed: Bool, reversed: Bool, start: Int = 0) -> Bool {
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

    // MARK: - Lines

    /// Appends a line string as one or more open subpaths.
    mutating func appendLine(_ coordinates: [Coordinate]) {
        guard coordinates.count >= 2 else { return }
        let extent = Self.extent(of: coordinates, startOffset: 0)
        for shift in shifts(for: extent, enclosesPole: false) {
            project(coordinates, startOffset: 0, shifts: [shift], poleY: nil)
            simplify()
            clipLine()
            for part in partStarts.indices {
                let start = partStarts[part]
                let end = part + 1 < partStarts.count ? partStarts[part + 1] : xs.count
                guard end - start >= 2 else { continue }
                if encode(count: end - start, closed: false, reversed: false, start: start) {
                    noteLineAnchor(start: start, end: end)
                }
            }
        }
    }

    private mutating func noteLineAnchor(start: Int, end: Int) {
        var length = 0.0
        for index in (start + 1)..<end {
            let dx = xs[index] - xs[index - 1]
            let dy = ys[index] - ys[index - 1]
            length += (dx * dx + dy * dy).squareRoot()
        }
        guard length > (lastLineAnchor?.length ?? 0) else { return }
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

    /// Liang-Barsky on each segment; a line leaving and re-entering the box
    /// becomes several parts (partStarts), all in xs/ys.
    private mutating func clipLine() {
        partStarts.removeAll(keepingCapacity: true)
        if isInsideClip {
            partStarts.append(0)
            return
        }
        clipXs.removeAll(keepingCapacity: true)
        clipYs.removeAll(keepingCapacity: true)
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
            for (p, q) in [(-dx, x0 - clipMinX), (dx, clipMaxX - x0), (-dy, y0 - clipMinY), (dy, clipMaxY - y0)] {
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
                partStarts.append(clipXs.count)
                clipXs.append(x0 + t0 * dx)
                clipYs.append(y0 + t0 * dy)
            }
            clipXs.append(x0 + t1 * dx)
            clipYs.append(y0 + t1 * dy)
            open = t1 >= 1
        }
        swap(&xs, &clipXs)
        swap(&ys, &clipYs)
    }

    // MARK: - Points

    /// The SVG positions of a coordinate: one per world copy in view
    /// (within `margin` points of the image).
    func positions(of coordinate: Coordinate, margin: Double) -> [(x: Double, y: Double)] {
        guard coordinate.latitude.isFinite, coordinate.longitude.isFinite else { return [] }
        let point = MapPoint(coordinate)
        var result: [(x: Double, y: Double)] = []
        for shift in viewport.worldShifts(minX: point.x, maxX: point.x, bounds: bounds) {
            let x = viewport.svgX(point.x + shift, point.y)
            let y = viewport.svgY(point.x + shift, point.y)
            if x >= -margin, x <= viewport.width + margin, y >= -margin, y <= viewport.height + margin {
                result.append((x, y))
            }
        }
        return result
    }
}
