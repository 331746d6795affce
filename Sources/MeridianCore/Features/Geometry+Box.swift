extension Geometry {
    /// Whether the geometry shares at least one point with `box` (its edges
    /// included), planar in longitude and latitude: a position inside it,
    /// a segment that crosses it, or a polygon that covers it. This is
    /// GDAL's spatial filter (`ogr2ogr -spat`) and PostGIS's `&&` followed
    /// by `ST_Intersects`; a geometry whose bounding box meets the box
    /// but which passes beside it does not meet it.
    public func meets(_ box: BoundingBox) -> Bool {
        guard let bounds = boundingBox, bounds.west <= box.east, bounds.east >= box.west, bounds.south <= box.north,
            bounds.north >= box.south
        else { return false }
        if bounds.west >= box.west, bounds.east <= box.east, bounds.south >= box.south, bounds.north <= box.north {
            return true
        }
        switch self {
        case .point: return true
        case .multiPoint(let positions): return positions.contains { box.holds($0) }
        case .lineString(let line): return box.meets(line: line)
        case .multiLineString(let lines): return lines.contains { box.meets(line: $0) }
        case .polygon(let rings): return box.meets(polygon: rings)
        case .multiPolygon(let polygons): return polygons.contains { box.meets(polygon: $0) }
        case .geometryCollection(let members): return members.contains { $0.meets(box) }
        }
    }
}

extension BoundingBox {
    fileprivate func holds(_ position: Coordinate) -> Bool {
        position.longitude >= west && position.longitude <= east && position.latitude >= south
            && position.latitude <= north
    }

    /// Whether a segment meets the box (Liang–Barsky: the part of the
    /// segment's parameter range left inside all four edges is not empty).
    fileprivate func meets(_ a: Coordinate, _ b: Coordinate) -> Bool {
        let dx = b.longitude - a.longitude
        let dy = b.latitude - a.latitude
        var low = 0.0
        var high = 1.0
        for (p, q) in [
            (-dx, a.longitude - west), (dx, east - a.longitude), (-dy, a.latitude - south), (dy, north - a.latitude),
        ] {
            if p == 0 {
                if q < 0 { return false }
            } else {
                let t = q / p
                if p < 0 { low = max(low, t) } else { high = min(high, t) }
                if low > high { return false }
            }
        }
        return true
    }

    fileprivate func meets(line: [Coordinate]) -> Bool {
        if line.count == 1 { return holds(line[0]) }
        return zip(line, line.dropFirst()).contains { meets($0, $1) }
    }

    /// A polygon meets the box where a ring's edge does, or where it
    /// covers the box (then it covers the box's corner: even-odd over all
    /// rings, holes included).
    fileprivate func meets(polygon rings: [[Coordinate]]) -> Bool {
        if rings.contains(where: { meets(line: $0) }) { return true }
        let x = west
        let y = south
        var inside = false
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst()) where (a.latitude > y) != (b.latitude > y) {
                let crossing = a.longitude + (y - a.latitude) / (b.latitude - a.latitude) * (b.longitude - a.longitude)
                if x < crossing { inside.toggle() }
            }
        }
        return inside
    }
}
