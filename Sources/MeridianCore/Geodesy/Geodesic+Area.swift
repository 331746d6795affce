/// Area and perimeter of a geodesic polygon (GeographicLib's `Planimeter`):
/// one inverse solution per edge, summed exactly.
extension Geodesic {
    /// The area and perimeter of the geodesic polygon with the given
    /// vertices, as `Planimeter` computes them.
    ///
    /// The ring may repeat its first vertex at the end or not. The area (m²)
    /// is positive for a counter-clockwise ring and negative for a
    /// clockwise one, and is the smaller of the two areas the ring bounds
    /// (magnitude at most half the ellipsoid). Edges are shortest geodesics;
    /// polygons may contain a pole or cross the antimeridian. Fewer than two
    /// vertices give 0; any invalid vertex gives NaN.
    public func area(of ring: [Coordinate]) -> GeodesicPolygonMeasurement {
        var count = ring.count
        if count > 1, ring[0].latitude == ring[count - 1].latitude,
            ring[0].longitude == ring[count - 1].longitude
        {
            count -= 1
        }
        guard count >= 2 else { return GeodesicPolygonMeasurement(area: 0, perimeter: 0) }
        for i in 0..<count where !Math.isUsable(ring[i]) {
            return GeodesicPolygonMeasurement(area: .nan, perimeter: .nan)
        }
        var perimeter = Accumulator()
        var areaSum = Accumulator()
        var crossings = 0
        for i in 0..<count {
            let p = ring[i]
            let q = ring[i + 1 == count ? 0 : i + 1]
            let r = solveInverse(p.latitude, p.longitude, q.latitude, q.longitude, wantArea: true)
            perimeter.add(r.s12)
            areaSum.add(r.S12)
            crossings += Math.transit(p.longitude, q.longitude)
        }
        // Reduce to the counter-clockwise-positive area of smallest magnitude.
        let area0 = ellipsoidArea
        areaSum.reduce(modulo: area0)
        if crossings & 1 != 0 {
            areaSum.add((areaSum.sum < 0 ? 1 : -1) * area0 / 2)
        }
        areaSum.negate()  // the sum is clockwise-positive
        if areaSum.sum > area0 / 2 {
            areaSum.add(-area0)
        } else if areaSum.sum <= -area0 / 2 {
            areaSum.add(area0)
        }
        return GeodesicPolygonMeasurement(area: 0 + areaSum.sum, perimeter: perimeter.sum)
    }
}
