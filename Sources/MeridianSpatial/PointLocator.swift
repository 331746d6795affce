import MeridianCore

/// Where points lie with respect to one polygonal geometry, answered in
/// tens of nanoseconds: the point-in-polygon test of a spatial join of
/// millions of points (GEOS's prepared geometry takes a microsecond or
/// more per point, most of it making the point).
///
/// ```swift
/// let locator = PointLocator(county.geometry!)
/// locator.locate(Coordinate(latitude: 41.76, longitude: -72.67))   // .inside
/// ```
///
/// The edges of every ring are bucketed by latitude, so a test looks only
/// at the few edges whose latitude range holds the point's, counting those
/// the ray eastward crosses (even-odd, so holes and the parts of a
/// MultiPolygon need no bookkeeping). Each crossing is decided by the sign
/// of an orientation determinant with Shewchuk's error bound: where the
/// sign is in doubt (a point on an edge, or within rounding of one), the
/// answer is ``Location/uncertain`` and the caller asks GEOS.
public final class PointLocator: Sendable {
    public enum Location: Sendable, Hashable {
        case inside, outside
        /// On an edge, or within rounding of one: GEOS must say.
        case uncertain
    }

    /// Each edge's ends: ax, ay, bx, by.
    private let edges: [Double]
    /// The edges of each bucket: `bucketEdges[bucketStart[i]..<bucketStart[i + 1]]`.
    private let bucketStart: [Int32]
    private let bucketEdges: [Int32]
    private let south: Double
    private let bucketHeight: Double
    public let boundingBox: BoundingBox?

    public init(_ geometry: Geometry) {
        boundingBox = geometry.boundingBox
        var rings: [[Coordinate]] = []
        switch geometry {
        case .polygon(let polygon): rings = polygon
        case .multiPolygon(let polygons): rings = Array(polygons.joined())
        default: break
        }
        var edges: [Double] = []
        for ring in rings where ring.count > 1 {
            for (a, b) in zip(ring, ring.dropFirst()) where a.latitude != b.latitude || a.longitude != b.longitude {
                edges += [a.longitude, a.latitude, b.longitude, b.latitude]
            }
        }
        self.edges = edges
        guard let box = boundingBox, !edges.isEmpty else {
            (bucketStart, bucketEdges, south, bucketHeight) = ([], [], 0, 1)
            return
        }
        let count = edges.count / 4
        let buckets = max(1, min(count / 2, 1 << 16))
        let south = box.south
        let height = max((box.north - box.south) / Double(buckets), .leastNormalMagnitude)
        func span(_ edge: Int) -> ClosedRange<Int> {
            let low = Self.bucket(min(edges[edge * 4 + 1], edges[edge * 4 + 3]), south, height, buckets)
            let high = Self.bucket(max(edges[edge * 4 + 1], edges[edge * 4 + 3]), south, height, buckets)
            return low...high
        }
        var counts = [Int32](repeating: 0, count: buckets + 1)
        for edge in 0..<count { for b in span(edge) { counts[b + 1] += 1 } }
        for b in 0..<buckets { counts[b + 1] += counts[b] }
        var next = counts
        var bucketEdges = [Int32](repeating: 0, count: Int(counts[buckets]))
        for edge in 0..<count {
            for b in span(edge) {
                bucketEdges[Int(next[b])] = Int32(edge)
                next[b] += 1
            }
        }
        (bucketStart, self.bucketEdges, self.south, bucketHeight) = (counts, bucketEdges, south, height)
    }

    private static func bucket(_ latitude: Double, _ south: Double, _ height: Double, _ buckets: Int) -> Int {
        max(0, min(buckets - 1, Int((latitude - south) / height)))
    }

    /// Where `point` lies: inside, outside, or on or too close to an edge
    /// to say in floating point.
    public func locate(_ point: Coordinate) -> Location {
        guard let box = boundingBox, !bucketStart.isEmpty else { return .outside }
        let x = point.longitude
        let y = point.latitude
        guard x >= box.west, x <= box.east, y >= box.south, y <= box.north else { return .outside }
        let b = Self.bucket(y, south, bucketHeight, bucketStart.count - 1)
        var inside = false
        var uncertain = false
        edges.withUnsafeBufferPointer { e in
            bucketEdges.withUnsafeBufferPointer { list in
                for slot in Int(bucketStart[b])..<Int(bucketStart[b + 1]) {
                    let at = Int(list[slot]) * 4
                    let (ax, ay, bx, by) = (e[at], e[at + 1], e[at + 2], e[at + 3])
                    guard (ay > y) != (by > y) else {
                        // Not crossed; but a point on a horizontal edge or
                        // an end is on the boundary.
                        if ay == y || by == y, x >= min(ax, bx), x <= max(ax, bx) { uncertain = true }
                        continue
                    }
                    // The orientation of (a, b, p), with its error bound.
                    let left = (ax - x) * (by - y)
                    let right = (ay - y) * (bx - x)
                    let determinant = left - right
                    if abs(determinant) <= 3.3306690738754716e-16 * (abs(left) + abs(right)) {
                        uncertain = true
                        continue
                    }
                    // The ray eastward crosses an upward edge with p on its
                    // left, a downward one with p on its right.
                    if (by > ay) == (determinant > 0) { inside.toggle() }
                }
            }
        }
        if uncertain { return .uncertain }
        return inside ? .inside : .outside
    }
}
