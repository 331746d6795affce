import MeridianCore

extension PathEncoder {
    /// Map x of a longitude (unwrapped: it may lie beyond the world's edges).
    static func mapX(longitude: Double) -> Double {
        (longitude + 180) / 360 * MapSize.world.width
    }

    /// The whole-world shifts at which a part's box meets the view, from
    /// its unwrapped extent; empty when it is nowhere in view. A ring round
    /// a pole reaches the pole's edge of the map and a whole world across.
    func shifts(for extent: UnwrappedExtent, enclosesPole: Bool) -> [Double] {
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

    /// Projects into xs/ys once per shift (a band of world copies for a
    /// ring round a pole), closing along the pole when asked.
    ///
    /// The radial distance filter runs here, as the points are made: a
    /// point closer than the tolerance to the last one kept is held back,
    /// and only the last of such a run is kept if the part ends on it. It
    /// is the cheap first pass of simplification; ``DouglasPeucker`` is
    /// the second.
    mutating func project(_ coordinates: [Coordinate], startOffset: Double, shifts: [Double], poleY: Double?) {
        if viewport.isPerspective {
            projectInPerspective(coordinates, startOffset: startOffset, shifts: shifts, poleY: poleY)
            return
        }
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
        let v = viewport
        var filter = RadialFilter(tolerance: tolerance)
        var firstMapX = Double.nan
        var lastMapX = 0.0
        for shiftX in shifts {
            var unwrapper = LongitudeUnwrapper(offset: startOffset)
            for coordinate in coordinates where coordinate.isDrawable {
                let longitude = unwrapper.next(coordinate.longitude)
                let point = MapPoint(Coordinate(latitude: coordinate.latitude, longitude: longitude))
                let mx = point.x + shiftX
                if firstMapX.isNaN { firstMapX = mx }
                lastMapX = mx
                filter.add(v.svgX(mx, point.y), v.svgY(mx, point.y), xs: &xs, ys: &ys)
            }
        }
        filter.finish(xs: &xs, ys: &ys)
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

    /// ``project(_:startOffset:shifts:poleY:)`` for a pitched view: the map
    /// points first, then whatever lies behind the nearest depth drawn is
    /// moved onto it (with the exact crossing put in where the part passes
    /// it), so that nothing behind the eye is projected; what lies on that
    /// depth lands far below the image, where clipping drops it, and the
    /// part up to the crossing is drawn exactly.
    private mutating func projectInPerspective(
        _ coordinates: [Coordinate], startOffset: Double, shifts: [Double], poleY: Double?
    ) {
        xs.removeAll(keepingCapacity: true)
        ys.removeAll(keepingCapacity: true)
        let v = viewport
        var points: [(x: Double, y: Double)] = []
        for shiftX in shifts {
            var unwrapper = LongitudeUnwrapper(offset: startOffset)
            for coordinate in coordinates where coordinate.isDrawable {
                let longitude = unwrapper.next(coordinate.longitude)
                let point = MapPoint(Coordinate(latitude: coordinate.latitude, longitude: longitude))
                points.append((point.x + shiftX, point.y))
            }
        }
        if let poleY, let first = points.first, let last = points.last {
            points += [(last.x, poleY), (first.x, poleY), first]
        }
        var filter = RadialFilter(tolerance: tolerance)
        func emit(_ x: Double, _ y: Double) { filter.add(v.svgX(x, y), v.svgY(x, y), xs: &xs, ys: &ys) }
        var previous: (x: Double, y: Double, depth: Double)?
        for point in points {
            let depth = v.depth(point.x, point.y)
            if let previous, (previous.depth > v.near) != (depth > v.near) {
                let t = (v.near - previous.depth) / (depth - previous.depth)
                emit(previous.x + t * (point.x - previous.x), previous.y + t * (point.y - previous.y))
            }
            if depth > v.near {
                emit(point.x, point.y)
            } else {
                let moved = v.ontoNearPlane(point.x, point.y)
                emit(moved.x, moved.y)
            }
            previous = (point.x, point.y, depth)
        }
        filter.finish(xs: &xs, ys: &ys)
    }
}

/// The radial distance filter: a point closer than the tolerance to the
/// last one kept is held back, and only the last of such a run is kept if
/// the part ends on it.
struct RadialFilter {
    let squaredTolerance: Double
    var lastX = Double.nan
    var lastY = Double.nan
    var pendingX = Double.nan
    var pendingY = Double.nan

    init(tolerance: Double) {
        squaredTolerance = tolerance * tolerance
    }

    @inline(__always) mutating func add(_ sx: Double, _ sy: Double, xs: inout [Double], ys: inout [Double]) {
        if !lastX.isNaN {
            let dx = sx - lastX
            let dy = sy - lastY
            if dx * dx + dy * dy < squaredTolerance {
                pendingX = sx
                pendingY = sy
                return
            }
        }
        xs.append(sx)
        ys.append(sy)
        lastX = sx
        lastY = sy
        pendingX = .nan
    }

    /// The last position always stays: it closes a ring or ends a line.
    mutating func finish(xs: inout [Double], ys: inout [Double]) {
        if !pendingX.isNaN {
            xs.append(pendingX)
            ys.append(pendingY)
        }
    }
}
