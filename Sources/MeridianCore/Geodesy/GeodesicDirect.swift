/// The solution of the direct geodesic problem: where a geodesic that
/// leaves a point with a given bearing arrives after a given distance.
///
/// ```swift
/// let jfk = Coordinate(latitude: 40.6413, longitude: -73.7781)
/// let result = Geodesic.wgs84.direct(from: jfk, bearing: 51.36, distance: 1_000_000)
/// result.destination     // latitude 45.8443…, longitude -63.7123…
/// result.finalBearing    // 58.2725… (degrees)
/// ```
///
/// Cost: a plain value (a ``Coordinate`` and a `Double`); computing it with
/// ``Geodesic/direct(from:bearing:distance:)`` takes well under a
/// microsecond and does not allocate.
public struct GeodesicDirect: Sendable, Hashable {
    /// The end point; longitude in [-180, 180], altitude copied from the
    /// start.
    public var destination: Coordinate
    /// Forward bearing at the destination, degrees clockwise from north in
    /// (-180, 180] (`azi2` in GeographicLib).
    public var finalBearing: Double

    /// Creates a result from its parts.
    public init(destination: Coordinate, finalBearing: Double) {
        self.destination = destination
        self.finalBearing = finalBearing
    }
}
