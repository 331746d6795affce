import MeridianCore
import MeridianLibC

/// The azimuthal equidistant projection on the ellipsoid, centred on a
/// point (GeographicLib's `AzimuthalEquidistant`): every position is put
/// at its geodesic distance from the centre, in the direction of its
/// initial bearing, so distances from the centre are exact and others are
/// stretched across the bearing by about (r/R)²/6 at r metres from it
/// (1.6e-4 at 200 km, 1e-3 at 500 km). Where ``Buffer`` draws its zones.
///
/// ```swift
/// let plane = AzimuthalEquidistant(centre: Coordinate(latitude: 52.2, longitude: 0.12))
/// let (x, y) = plane.forward(Coordinate(latitude: 52.21, longitude: 0.13))   // metres east, north
/// plane.inverse(x: x, y: y)                                                  // the position again
/// ```
///
/// Cost: one geodesic inverse or direct problem per position (about a
/// microsecond).
public struct AzimuthalEquidistant: Sendable, Hashable {
    public var centre: Coordinate
    public var geodesic: Geodesic

    public init(centre: Coordinate, geodesic: Geodesic = .wgs84) {
        self.centre = centre
        self.geodesic = geodesic
    }

    /// Metres east (x) and north (y) of the centre, along the geodesic.
    public func forward(_ position: Coordinate) -> (x: Double, y: Double) {
        let solution = geodesic.inverse(from: centre, to: position)
        let bearing = solution.initialBearing * .pi / 180
        return (solution.distance * sin(bearing), solution.distance * cos(bearing))
    }

    /// The position `x` metres east and `y` north of the centre; its
    /// longitude in [-180, 180].
    public func inverse(x: Double, y: Double) -> Coordinate {
        let distance = (x * x + y * y).squareRoot()
        guard distance > 0 else { return centre }
        return geodesic.direct(from: centre, bearing: atan2(x, y) * 180 / .pi, distance: distance).destination
    }
}
