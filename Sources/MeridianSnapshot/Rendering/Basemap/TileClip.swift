import MeridianCore

/// Cuts a basemap tile's geometry to the tile's own square, on the Web
/// Mercator plane where the square is a rectangle and the tile's segments
/// are straight.
///
/// Vector tiles overlap: each carries its features some way past its
/// edges (the buffer) so that strokes meet without gaps. Drawn whole,
/// what lies in two tiles would be drawn twice (darker where translucent)
/// and the buffer's cut edges would show as lines; MapLibre hides them by
/// drawing each tile through a stencil of its square. A snapshot clips
/// instead: a polygon's rings by Sutherland-Hodgman (its new edges lie on
/// the square, where the neighbouring tile's piece meets them exactly), a
/// line, or a ring stroked as a line, by Liang-Barsky into the parts
/// inside (so no edge is drawn along the square).
enum TileClip {
    /// The part of a ring inside `rect`, closed; empty when nothing is left.
    static func ring(_ ring: [Coordinate], to rect: MapRect) -> [Coordinate] {
        var points = ring.map { MapPoint($0) }
        let edges: [(inside: (MapPoint) -> Bool, cut: (MapPoint, MapPoint) -> MapPoint)] = [
            ({ $0.x >= rect.minX }, { a, b in cross(a, b, x: rect.minX) }),
            ({ $0.x <= rect.maxX }, { a, b in cross(a, b, x: rect.maxX) }),
            ({ $0.y >= rect.minY }, { a, b in cross(a, b, y: rect.minY) }),
            ({ $0.y <= rect.maxY }, { a, b in cross(a, b, y: rect.maxY) }),
        ]
        if points.count > 1, points.first == points.last { points.removeLast() }
        for edge in edges {
            guard !points.isEmpty else { break }
            var kept: [MapPoint] = []
            kept.reserveCapacity(points.count + 4)
            var previous = points[points.count - 1]
            for point in points {
                let (inside, wasInside) = (edge.inside(point), edge.inside(previous))
                if inside {
                    if !wasInside { kept.append(edge.cut(previous, point)) }
                    kept.append(point)
                } else if wasInside {
                    kept.append(edge.cut(previous, point))
                }
                previous = point
            }
            points = kept
        }
        guard points.count >= 3 else { return [] }
        points.append(points[0])
        return points.map(\.coordinate)
    }

    /// The parts of a line inside `rect`.
    static func line(_ line: [Coordinate], to rect: MapRect) -> [[Coordinate]] {
        var parts: [[Coordinate]] = []
        var current: [MapPoint] = []
        func finish() {
            if current.count >= 2 { parts.append(current.map(\.coordinate)) }
            current = []
        }
        var previous: MapPoint?
        for coordinate in line {
            let point = MapPoint(coordinate)
            defer { previous = point }
            guard let start = previous else { continue }
            guard let (a, b, cutAtEnd) = clipSegment(start, point, rect) else {
                finish()
                continue
            }
            if current.isEmpty || current[current.count - 1] != a {
                finish()
                current.append(a)
            }
            current.append(b)
            if cutAtEnd { finish() }
        }
        finish()
        return parts
    }

    /// Liang-Barsky: the part of segment a-b inside `rect`, and whether it
    /// was cut short of b.
    private static func clipSegment(_ a: MapPoint, _ b: MapPoint, _ rect: MapRect) -> (MapPoint, MapPoint, Bool)? {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        var (low, high) = (0.0, 1.0)
        for (p, q) in [(-dx, a.x - rect.minX), (dx, rect.maxX - a.x), (-dy, a.y - rect.minY), (dy, rect.maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let t = q / p
            if p < 0 { low = max(low, t) } else { high = min(high, t) }
            if low > high { return nil }
        }
        guard low.isFinite, high.isFinite else { return nil }
        let start = low == 0 ? a : MapPoint(x: a.x + dx * low, y: a.y + dy * low)
        let end = high == 1 ? b : MapPoint(x: a.x + dx * high, y: a.y + dy * high)
        return (start, end, high < 1)
    }

    private static func cross(_ a: MapPoint, _ b: MapPoint, x: Double) -> MapPoint {
        let t = (x - a.x) / (b.x - a.x)
        return MapPoint(x: x, y: a.y + (b.y - a.y) * t)
    }

    private static func cross(_ a: MapPoint, _ b: MapPoint, y: Double) -> MapPoint {
        let t = (y - a.y) / (b.y - a.y)
        return MapPoint(x: a.x + (b.x - a.x) * t, y: y)
    }
}
