import MeridianCore
import MeridianLibC

/// A polygonal or lineal geometry projected to metres on a plane tangent
/// at the venue (equirectangular about a reference latitude), where the
/// validator measures tolerances, overlaps, slivers and self-intersections.
/// Over a venue's few kilometres the projection's error is far below the
/// centimetre tolerances it is used with.
///
/// ```swift
/// let projection = PlanarShape.Projection(reference: venueCentre)
/// let a = PlanarShape(polygons: unitA.polygons, projection: projection)
/// let b = PlanarShape(polygons: unitB.polygons, projection: projection)
/// a.overlaps(b, tolerance: 0.05)
/// ```
///
/// Building costs O(vertices). The pair tests cost O(n·m) in the two
/// shapes' vertex counts, which are small for rooms; callers pair shapes
/// through a ``SpatialIndex`` first.
struct PlanarShape: Sendable {
    typealias Point = SIMD2<Double>

    struct Projection: Sendable {
        var reference: Coordinate
        var metresPerDegreeX: Double
        var metresPerDegreeY: Double

        init(reference: Coordinate) {
            self.reference = reference
            let phi = reference.latitude * .pi / 180
            // WGS 84 metres per degree at latitude phi (series in cos 2phi).
            metresPerDegreeY = 111_132.954 - 559.822 * cos(2 * phi) + 1.175 * cos(4 * phi)
            metresPerDegreeX = 111_412.84 * cos(phi) - 93.5 * cos(3 * phi)
        }

        func project(_ c: Coordinate) -> Point {
            Point(
                (c.longitude - reference.longitude) * metresPerDegreeX,
                (c.latitude - reference.latitude) * metresPerDegreeY)
        }
    }

    /// Each polygon's rings (exterior first), closed (last == first).
    var polygons: [[[Point]]]
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    init(polygons: [Polygon], projection: Projection) {
        self.polygons = polygons.map { polygon in
            polygon.rings.map { ring in
                var points = ring.map(projection.project)
                if let first = points.first, points.last != first { points.append(first) }
                return points
            }
        }
        updateBounds()
    }

    init(lines: [[Coordinate]], projection: Projection) {
        polygons = [lines.map { $0.map(projection.project) }]
        updateBounds()
    }

    private mutating func updateBounds() {
        for polygon in polygons {
            for point in polygon.first ?? [] {
                minX = min(minX, point.x)
                minY = min(minY, point.y)
                maxX = max(maxX, point.x)
                maxY = max(maxY, point.y)
            }
        }
    }

    var box: SpatialIndex.Box { SpatialIndex.Box(minX: minX, minY: minY, maxX: maxX, maxY: maxY) }

    // MARK: Primitives

    static func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }

    static func distance(_ p: Point, _ a: Point, _ b: Point) -> Double {
        let ab = b - a
        let lengthSquared = (ab * ab).sum()
        guard lengthSquared > 0 else { return ((p - a) * (p - a)).sum().squareRoot() }
        let t = max(0, min(1, ((p - a) * ab).sum() / lengthSquared))
        let d = p - (a + t * ab)
        return (d * d).sum().squareRoot()
    }

    /// True when the closed segments share a point.
    static func segmentsIntersect(_ p1: Point, _ p2: Point, _ p3: Point, _ p4: Point) -> Bool {
        let d1 = cross(p3, p4, p1)
        let d2 = cross(p3, p4, p2)
        let d3 = cross(p1, p2, p3)
        let d4 = cross(p1, p2, p4)
        if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
        func onSegment(_ a: Point, _ b: Point, _ p: Point) -> Bool {
            min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
        }
        return (d1 == 0 && onSegment(p3, p4, p1)) || (d2 == 0 && onSegment(p3, p4, p2))
            || (d3 == 0 && onSegment(p1, p2, p3)) || (d4 == 0 && onSegment(p1, p2, p4))
    }

    static func segmentDistance(_ p1: Point, _ p2: Point, _ p3: Point, _ p4: Point) -> Double {
        if segmentsIntersect(p1, p2, p3, p4) { return 0 }
        return min(distance(p1, p3, p4), distance(p2, p3, p4), distance(p3, p1, p2), distance(p4, p1, p2))
    }

    /// Even-odd point in ring.
    static func ringContains(_ ring: [Point], _ p: Point) -> Bool {
        var inside = false
        var previous = ring.last ?? p
        for current in ring {
            if (current.y > p.y) != (previous.y > p.y) {
                let x = current.x + (p.y - current.y) * (previous.x - current.x) / (previous.y - current.y)
                if p.x < x { inside.toggle() }
            }
            previous = current
        }
        return inside
    }

    static func polygonContains(_ rings: [[Point]], _ p: Point) -> Bool {
        guard let exterior = rings.first, ringContains(exterior, p) else { return false }
        return !rings.dropFirst().contains { ringContains($0, p) }
    }

    /// Distance from a point to the nearest ring edge of the shape.
    func boundaryDistance(_ p: Point) -> Double {
        var best = Double.infinity
        for polygon in polygons {
            for ring in polygon where ring.count >= 2 {
                for i in 1..<ring.count { best = min(best, Self.distance(p, ring[i - 1], ring[i])) }
            }
        }
        return best
    }

    /// Inside one of the polygons and farther than `tolerance` from every edge.
    func containsStrictly(_ p: Point, tolerance: Double) -> Bool {
        guard p.x > minX - tolerance, p.x < maxX + tolerance, p.y > minY - tolerance, p.y < maxY + tolerance else {
            return false
        }
        guard polygons.contains(where: { Self.polygonContains($0, p) }) else { return false }
        return boundaryDistance(p) > tolerance
    }

    /// A point strictly inside a polygon: the middle of the widest span
    /// where a horizontal line through the polygon's middle crosses it.
    static func interiorPoint(_ rings: [[Point]]) -> Point? {
        guard let exterior = rings.first, exterior.count >= 4 else { return nil }
        let ys = exterior.map(\.y)
        guard let low = ys.min(), let high = ys.max(), high > low else { return nil }
        // Nudge off the middle so the line misses vertices.
        let y = low + (high - low) * 0.5012345
        var crossings: [Double] = []
        for ring in rings where ring.count >= 2 {
            for i in 1..<ring.count {
                let (a, b) = (ring[i - 1], ring[i])
                if (a.y > y) != (b.y > y) { crossings.append(a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y)) }
            }
        }
        crossings.sort()
        var best: (width: Double, x: Double)?
        var i = 0
        while i + 1 < crossings.count {
            let width = crossings[i + 1] - crossings[i]
            if width > (best?.width ?? 0) { best = (width, (crossings[i] + crossings[i + 1]) / 2) }
            i += 2
        }
        return best.map { Point($0.x, y) }
    }

    // MARK: Tests between shapes

    /// True when the two polygonal shapes share area wider than
    /// `tolerance` (metres): part of one's boundary farther than that
    /// inside the other, or one inside the other. Shared walls, and
    /// vertices on each other's edges, do not count.
    func overlaps(_ other: PlanarShape, tolerance: Double) -> Bool {
        guard box.intersects(other.box) else { return false }
        for a in polygons {
            for b in other.polygons where Self.ringBox(a[0]).intersects(Self.ringBox(b[0])) {
                if Self.polygonsOverlap(a, b, tolerance) { return true }
            }
        }
        return false
    }

    static func ringBox(_ ring: [Point]) -> SpatialIndex.Box {
        var box = SpatialIndex.Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)
        for p in ring {
            box.minX = min(box.minX, p.x)
            box.minY = min(box.minY, p.y)
            box.maxX = max(box.maxX, p.x)
            box.maxY = max(box.maxY, p.y)
        }
        return box
    }

    private static func polygonsOverlap(_ a: [[Point]], _ b: [[Point]], _ tolerance: Double) -> Bool {
        // Interiors meet exactly when a boundary point of one lies inside
        // the other, or the two are the same region. Boundary points are
        // tested where it matters: each edge is cut where it meets the
        // other's edges, and the middle of every piece is tested.
        let shapeA = PlanarShape(rings: a)
        let shapeB = PlanarShape(rings: b)
        if boundaryEnters(a, shapeB, tolerance) || boundaryEnters(b, shapeA, tolerance) { return true }
        if let p = interiorPoint(a), shapeB.containsStrictly(p, tolerance: tolerance) { return true }
        if let p = interiorPoint(b), shapeA.containsStrictly(p, tolerance: tolerance) { return true }
        return false
    }

    private static func boundaryEnters(_ rings: [[Point]], _ other: PlanarShape, _ tolerance: Double) -> Bool {
        let otherBox = other.box
        for ring in rings where ring.count >= 2 {
            for i in 1..<ring.count {
                let (p1, p2) = (ring[i - 1], ring[i])
                let edgeBox = SpatialIndex.Box(
                    minX: min(p1.x, p2.x), minY: min(p1.y, p2.y), maxX: max(p1.x, p2.x), maxY: max(p1.y, p2.y))
                guard edgeBox.intersects(otherBox) else { continue }
                if other.containsStrictly(p1, tolerance: tolerance) { return true }
                var cuts: [Double] = [0, 1]
                for otherPolygon in other.polygons {
                    for otherRing in otherPolygon where otherRing.count >= 2 {
                        for j in 1..<otherRing.count {
                            cutParameters(p1, p2, otherRing[j - 1], otherRing[j], into: &cuts)
                        }
                    }
                }
                cuts.sort()
                for k in 1..<cuts.count where cuts[k] - cuts[k - 1] > 1e-9 {
                    let t = (cuts[k] + cuts[k - 1]) / 2
                    if other.containsStrictly(p1 + t * (p2 - p1), tolerance: tolerance) { return true }
                }
            }
        }
        return false
    }

    /// Where segment p3p4 meets segment p1p2, as parameters along p1p2.
    private static func cutParameters(_ p1: Point, _ p2: Point, _ p3: Point, _ p4: Point, into cuts: inout [Double]) {
        let r = p2 - p1
        let s = p4 - p3
        let q = p3 - p1
        let denominator = r.x * s.y - r.y * s.x
        let lengthSquared = (r * r).sum()
        guard lengthSquared > 0 else { return }
        if denominator != 0 {
            let t = (q.x * s.y - q.y * s.x) / denominator
            let u = (q.x * r.y - q.y * r.x) / denominator
            if t > 0 && t < 1 && u >= 0 && u <= 1 { cuts.append(t) }
        } else if q.x * r.y - q.y * r.x == 0 {
            // Collinear: the other segment's ends, where they fall on this one.
            for end in [p3, p4] {
                let t = ((end - p1) * r).sum() / lengthSquared
                if t > 0 && t < 1 { cuts.append(t) }
            }
        }
    }

    private init(rings: [[Point]]) {
        polygons = [rings]
        updateBounds()
    }

    /// The shortest distance between the edges of this shape and those of
    /// `other` (0 when they touch or cross).
    func edgeDistance(to other: PlanarShape) -> Double {
        var best = Double.infinity
        for polygon in polygons {
            for ring in polygon where ring.count >= 2 {
                for i in 1..<ring.count {
                    for otherPolygon in other.polygons {
                        for otherRing in otherPolygon where otherRing.count >= 2 {
                            for j in 1..<otherRing.count {
                                best = min(
                                    best, Self.segmentDistance(ring[i - 1], ring[i], otherRing[j - 1], otherRing[j]))
                                if best == 0 { return 0 }
                            }
                        }
                    }
                }
            }
        }
        return best
    }

    // MARK: Measures of one ring

    /// Planar area (m^2, holes subtracted) and perimeter (m) of a polygon.
    static func measure(_ rings: [[Point]]) -> (area: Double, perimeter: Double) {
        var area = 0.0
        var perimeter = 0.0
        for (index, ring) in rings.enumerated() where ring.count >= 2 {
            var twice = 0.0
            for i in 1..<ring.count {
                twice += ring[i - 1].x * ring[i].y - ring[i].x * ring[i - 1].y
                let d = ring[i] - ring[i - 1]
                perimeter += (d * d).sum().squareRoot()
            }
            area += (index == 0 ? 1 : -1) * abs(twice) / 2
        }
        return (max(0, area), perimeter)
    }
}
