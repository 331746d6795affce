/// The area and perimeter of a polygon whose edges are geodesics, as
/// GeographicLib's `Planimeter` reports them.
///
/// ```swift
/// let triangle = [
///     Coordinate(latitude: 40.6413, longitude: -73.7781),
///     Coordinate(latitude: 51.4700, longitude: -0.4543),
///     Coordinate(latitude: 64.1, longitude: -21.9),
/// ]
/// let m = Geodesic.wgs84.area(of: triangle)
/// m.area        // 3.3234e12 m² (positive: counter-clockwise)
/// m.perimeter   // 11644033.385 m
/// ```
///
/// Cost: a plain value of two `Double`s; ``Geodesic/area(of:)`` solves one
/// inverse problem per edge (about a microsecond or two each) and does not
/// allocate.
public struct GeodesicPolygonMeasurement: Sendable, Hashable {
    /// Signed area in square metres: positive when the ring runs
    /// counter-clockwise, negative when clockwise; its magnitude is at most
    /// half the ellipsoid's area.
    public var area: Double
    /// Total length of the edges, closing edge included, in metres.
    public var perimeter: Double

    /// Creates a measurement from its parts.
    public init(area: Double, perimeter: Double) {
        self.area = area
        self.perimeter = perimeter
    }
}
