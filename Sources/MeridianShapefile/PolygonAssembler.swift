import MeridianCore

/// Makes polygons of a shapefile polygon's rings, as the format defines
/// them: a ring wound clockwise is a shell, one wound counterclockwise a
/// hole, which belongs to the smallest shell that contains it (a hole no
/// shell contains is a shell of its own, as GDAL reads it). One shell is a
/// Polygon, more a MultiPolygon; rings keep the order and winding read.
enum PolygonAssembler {
    static func polygon(of parts: [[Coordinate]], unclosedRings: inout Int) -> Geometry? {
        var rings = parts.filter { !$0.isEmpty }
        for index in rings.indices where rings[index].first != rings[index].last {
            rings[index].append(rings[index][0])
            unclosedRings += 1
        }
        guard !rings.isEmpty else { return nil }
        if rings.count == 1 { return .polygon(rings) }
        let areas = rings.map(signedArea)
        var shells: [Int] = []
        var holes: [Int] = []
        for index in rings.indices {
            if areas[index] <= 0 { shells.append(index) } else { holes.append(index) }
        }
        var members: [Int: [Int]] = [:]
        for hole in holes {
            let owner = shells.filter { contains(rings[$0], rings[hole]) }.min { abs(areas[$0]) < abs(areas[$1]) }
            if let owner {
                members[owner, default: []].append(hole)
            } else {
                shells.append(hole)
            }
        }
        shells.sort()
        let polygons = shells.map { shell in [rings[shell]] + (members[shell] ?? []).map { rings[$0] } }
        return polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(polygons)
    }

    /// Twice the area, positive when counterclockwise (x east, y north).
    static func signedArea(_ ring: [Coordinate]) -> Double {
        guard ring.count > 2 else { return 0 }
        var sum = 0.0
        for index in 0..<(ring.count - 1) {
            let a = ring[index]
            let b = ring[index + 1]
            sum += (a.longitude * b.latitude) - (b.longitude * a.latitude)
        }
        return sum
    }

    /// Whether `shell` contains `hole`: its box within the shell's, and a
    /// position of it inside (the first that is not on the shell's edge).
    static func contains(_ shell: [Coordinate], _ hole: [Coordinate]) -> Bool {
        guard let outer = box(shell), let inner = box(hole), outer.west <= inner.west, outer.east >= inner.east,
            outer.south <= inner.south, outer.north >= inner.north
        else { return false }
        for position in hole {
            switch location(of: position, in: shell) {
            case .inside: return true
            case .outside: return false
            case .edge: continue
            }
        }
        return true
    }

    private static func box(_ ring: [Coordinate]) -> BoundingBox? {
        guard let first = ring.first else { return nil }
        var box = BoundingBox(
            west: first.longitude, south: first.latitude, east: first.longitude, north: first.latitude)
        for position in ring {
            box.west = min(box.west, position.longitude)
            box.east = max(box.east, position.longitude)
            box.south = min(box.south, position.latitude)
            box.north = max(box.north, position.latitude)
        }
        return box
    }

    enum Location { case inside, outside, edge }

    /// Ray crossing, with positions on an edge told apart.
    static func location(of point: Coordinate, in ring: [Coordinate]) -> Location {
        let (x, y) = (point.longitude, point.latitude)
        var inside = false
        for index in 0..<max(0, ring.count - 1) {
            let (a, b) = (ring[index], ring[index + 1])
            let (ax, ay, bx, by) = (a.longitude, a.latitude, b.longitude, b.latitude)
            let cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            if cross == 0, min(ax, bx) <= x, x <= max(ax, bx), min(ay, by) <= y, y <= max(ay, by) { return .edge }
            if (ay > y) != (by > y), x < ax + (y - ay) * (bx - ax) / (by - ay) { inside.toggle() }
        }
        return inside ? .inside : .outside
    }
}
