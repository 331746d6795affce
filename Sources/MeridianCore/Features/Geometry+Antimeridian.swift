extension Geometry {
    /// The geometry cut at the antimeridian, as RFC 7946, 3.1.9 asks: a
    /// line or ring whose consecutive positions are more than 180 degrees of
    /// longitude apart is taken to cross the 180th meridian, and is split
    /// there into parts on either side (a LineString becomes a
    /// MultiLineString, a Polygon a MultiPolygon). Geometries that do not
    /// cross are returned unchanged.
    ///
    /// Polygons are unwrapped into a continuous longitude range and clipped
    /// against the meridian as a half-plane (Sutherland-Hodgman), once for
    /// each side; holes are clipped the same way and kept with the part they
    /// fall in.
    public func cutAtAntimeridian() -> Geometry {
        switch self {
        case .lineString(let line):
            let parts = Self.splitLine(line)
            return parts.count == 1 ? self : .multiLineString(parts)
        case .multiLineString(let lines):
            let parts = lines.flatMap(Self.splitLine)
            return parts.count == lines.count ? self : .multiLineString(parts)
        case .polygon(let rings):
            let parts = Self.splitPolygon(rings)
            return parts.count == 1 ? self : .multiPolygon(parts)
        case .multiPolygon(let polygons):
            let parts = polygons.flatMap(Self.splitPolygon)
            return parts.count == polygons.count ? self : .multiPolygon(parts)
        case .geometryCollection(let geometries):
            return .geometryCollection(geometries.map { $0.cutAtAntimeridian() })
        default:
            return self
        }
    }

    static func crosses(_ a: Coordinate, _ b: Coordinate) -> Bool {
        abs(b.longitude - a.longitude) > 180
    }

    /// Splits a line at each antimeridian crossing, interpolating the
    /// crossing latitude in the unwrapped plane.
    static func splitLine(_ line: [Coordinate]) -> [[Coordinate]] {
        guard line.count > 1 else { return [line] }
        var parts: [[Coordinate]] = []
        var current: [Coordinate] = [line[0]]
        for index in 1..<line.count {
            let a = line[index - 1]
            let b = line[index]
            if crosses(a, b) {
                let eastward = b.longitude < a.longitude  // e.g. 179 -> -179
                let bLongitude = b.longitude + (eastward ? 360 : -360)
                let edge = eastward ? 180.0 : -180.0
                let t = (edge - a.longitude) / (bLongitude - a.longitude)
                let latitude = a.latitude + t * (b.latitude - a.latitude)
                current.append(Coordinate(latitude: latitude, longitude: edge, altitude: a.altitude))
                parts.append(current)
                current = [Coordinate(latitude: latitude, longitude: -edge, altitude: b.altitude), b]
            } else {
                current.append(b)
            }
        }
        parts.append(current)
        return parts
    }

    /// Unwraps a ring so that consecutive longitudes differ by at most 180.
    static func unwrap(_ ring: [Coordinate]) -> [Coordinate] {
        guard var previous = ring.first else { return ring }
        var result = [previous]
        for c in ring.dropFirst() {
            var next = c
            // The step reduced to [-180, 180] by arithmetic, not by a loop
            // of 360s (which never ends at a longitude of 1e300); a step of
            // exactly half a turn keeps its direction.
            let step = next.longitude - previous.longitude
            if abs(step) > 180, step.isFinite {
                var reduced = step.remainder(dividingBy: 360)
                if abs(reduced) == 180 { reduced = step > 0 ? 180 : -180 }
                next.longitude = previous.longitude + reduced
            }
            result.append(next)
            previous = next
        }
        return result
    }

    /// Clips a ring to the half-plane longitude <= edge (keepWest) or >= edge.
    static func clip(_ ring: [Coordinate], at edge: Double, keepWest: Bool) -> [Coordinate] {
        func inside(_ c: Coordinate) -> Bool { keepWest ? c.longitude <= edge : c.longitude >= edge }
        var open = ring
        if open.count > 1, open.first == open.last { open.removeLast() }
        guard !open.isEmpty else { return [] }
        var result: [Coordinate] = []
        var previous = open[open.count - 1]
        for current in open {
            if inside(current) != inside(previous) {
                let t = (edge - previous.longitude) / (current.longitude - previous.longitude)
                result.append(
                    Coordinate(
                        latitude: previous.latitude + t * (current.latitude - previous.latitude), longitude: edge,
                        altitude: current.altitude))
            }
            if inside(current) { result.append(current) }
            previous = current
        }
        if let first = result.first { result.append(first) }
        return result.count >= 4 ? result : []
    }

    static func splitPolygon(_ rings: [[Coordinate]]) -> [[[Coordinate]]] {
        guard let exterior = rings.first, zip(exterior, exterior.dropFirst()).contains(where: { crosses($0, $1) })
        else {
            return [rings]
        }
        let unwrapped = rings.map(unwrap)
        let longitudes = unwrapped[0].map(\.longitude)
        let low = longitudes.min() ?? 0
        let high = longitudes.max() ?? 0
        // The meridian the unwrapped ring straddles: +180 or -180.
        let edge = high > 180 ? 180.0 : (low < -180 ? -180.0 : 180.0)
        var parts: [[[Coordinate]]] = []
        for keepWest in [true, false] {
            let shift = (keepWest ? (edge < 0 ? 360.0 : 0) : (edge > 0 ? -360.0 : 0))
            var part: [[Coordinate]] = []
            for (index, ring) in unwrapped.enumerated() {
                let clipped = clip(ring, at: edge, keepWest: keepWest)
                if clipped.isEmpty {
                    if index == 0 { break }
                    continue
                }
                part.append(
                    clipped.map {
                        Coordinate(latitude: $0.latitude, longitude: $0.longitude + shift, altitude: $0.altitude)
                    })
            }
            if !part.isEmpty { parts.append(part) }
        }
        return parts.isEmpty ? [rings] : parts
    }
}
