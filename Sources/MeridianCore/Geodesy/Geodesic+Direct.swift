/// The direct problem: where a geodesic with a given start and bearing
/// arrives after a given distance, through a `Geodesic.Line`.
extension Geodesic {
    /// Solves the direct problem: where a geodesic starting at `start` with
    /// the given `bearing` (degrees clockwise from north) ends after
    /// `distance` metres (negative distances go backwards).
    ///
    /// The destination longitude is reduced to [-180, 180]; its altitude is
    /// `start.altitude`, unchanged. Invalid input gives a NaN destination.
    public func direct(from start: Coordinate, bearing: Double, distance: Double) -> GeodesicDirect {
        guard Math.isUsable(start), bearing.isFinite, distance.isFinite else {
            return GeodesicDirect(
                destination: Coordinate(latitude: .nan, longitude: .nan, altitude: start.altitude),
                finalBearing: .nan
            )
        }
        let line = Line(self, latitude: start.latitude, longitude: start.longitude, azimuth: bearing)
        let p = line.position(distance: distance)
        return GeodesicDirect(
            destination: Coordinate(latitude: p.latitude, longitude: p.longitude, altitude: start.altitude),
            finalBearing: Math.bearing(sin: p.salp2, cos: p.calp2)
        )
    }
}
