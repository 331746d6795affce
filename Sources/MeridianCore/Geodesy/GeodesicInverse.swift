/// The solution of the inverse geodesic problem: the length of the shortest
/// path on the ellipsoid between two points and the bearings at either end.
///
/// ```swift
/// let jfk = Coordinate(latitude: 40.6413, longitude: -73.7781)
/// let lhr = Coordinate(latitude: 51.4700, longitude: -0.4543)
/// let result = Geodesic.wgs84.inverse(from: jfk, to: lhr)
/// result.distance        // 5554908.79… (metres)
/// result.initialBearing  // 51.3816… (degrees, at JFK)
/// result.finalBearing    // 107.9828… (degrees, arriving at LHR)
/// ```
///
/// Cost: a plain value of three `Double`s; computing it with
/// ``Geodesic/inverse(from:to:)`` takes a microsecond or two and does not
/// allocate.
public struct GeodesicInverse: Sendable, Hashable {
    /// Length of the geodesic, in metres (`s12` in GeographicLib).
    public var distance: Double
    /// Bearing at the start, degrees clockwise from north in (-180, 180]
    /// (`azi1`).
    public var initialBearing: Double
    /// Forward bearing on arrival at the end, degrees clockwise from north
    /// in (-180, 180] (`azi2`).
    public var finalBearing: Double

    /// Creates a result from its parts.
    public init(distance: Double, initialBearing: Double, finalBearing: Double) {
        self.distance = distance
        self.initialBearing = initialBearing
        self.finalBearing = finalBearing
    }
}
