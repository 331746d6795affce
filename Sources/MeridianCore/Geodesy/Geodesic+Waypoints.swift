/// Points spaced evenly along the shortest geodesic between two points:
/// one inverse solution, then one step along its `Geodesic.Line` per point.
extension Geodesic {
    /// The largest number of segments ``waypoints(from:to:maximumSegmentLength:)``
    /// will produce (so at most this many + 1 points); it caps memory use
    /// for absurdly small segment lengths.
    public static let maximumWaypointSegments = 1 << 20

    /// Points along the shortest geodesic from `start` to `end`, evenly spaced
    /// by distance so that no segment is longer than `maximumSegmentLength`
    /// metres.
    ///
    /// The first and last elements are `start` and `end` exactly (as given,
    /// altitude included); there are always at least these two. Intermediate
    /// points have longitudes in [-180, 180] and, when both endpoints have
    /// an altitude, a linearly interpolated altitude. The number of segments
    /// is capped at ``maximumWaypointSegments``. If the endpoints are
    /// invalid or `maximumSegmentLength` is not a positive number, just the
    /// two endpoints are returned.
    public func waypoints(from start: Coordinate, to end: Coordinate, maximumSegmentLength: Double) -> [Coordinate] {
        guard Math.isUsable(start), Math.isUsable(end),
            maximumSegmentLength > 0, !maximumSegmentLength.isNaN
        else { return [start, end] }
        let r = solveInverse(start.latitude, start.longitude, end.latitude, end.longitude, wantArea: false)
        let ratio = (r.s12 / maximumSegmentLength).rounded(.up)
        guard ratio > 1 else { return [start, end] }
        let segments =
            ratio < Double(Geodesic.maximumWaypointSegments)
            ? Int(ratio) : Geodesic.maximumWaypointSegments
        let line = Line(
            self, latitude: start.latitude, longitude: start.longitude,
            sinAzimuth: r.salp1, cosAzimuth: r.calp1
        )
        var points: [Coordinate] = []
        points.reserveCapacity(segments + 1)
        points.append(start)
        let count = Double(segments)
        for i in 1..<segments {
            let fraction = Double(i) / count
            let p = line.position(distance: r.s12 * fraction)
            var altitude: Double?
            if let h1 = start.altitude, let h2 = end.altitude {
                altitude = h1 + (h2 - h1) * fraction
            }
            points.append(Coordinate(latitude: p.latitude, longitude: p.longitude, altitude: altitude))
        }
        points.append(end)
        return points
    }
}
