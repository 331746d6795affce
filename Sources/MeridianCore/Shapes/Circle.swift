/// A circle on the ground: a centre and a radius in metres, as `MKCircle`.
///
/// ```swift
/// let zone = Circle(center: Coordinate(latitude: 48.8584, longitude: 2.2945), radius: 500)
/// zone.contains(Coordinate(latitude: 48.86, longitude: 2.29))   // geodesic distance <= 500 m
/// zone.boundary(vertexCount: 128)   // the geodesic circle, for drawing
/// ```
///
/// The circle is the set of points within `radius` metres along the WGS-84
/// ellipsoid, so on a Mercator map it is drawn from ``boundary(vertexCount:)``,
/// never as a projected ellipse.
public struct Circle: Shape, Hashable {
    public var center: Coordinate
    /// Radius in metres.
    public var radius: Double

    public init(center: Coordinate, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// The circle around a rect's middle whose radius is half the larger
    /// of its width and height, converted to metres at the centre's
    /// latitude, as `MKCircle(mapRect:)`.
    public init(mapRect: MapRect) {
        let middle = MapPoint(x: mapRect.midX, y: mapRect.midY)
        center = middle.coordinate
        radius = max(mapRect.width, mapRect.height) / 2 * metersPerMapPoint(atLatitude: center.latitude)
    }

    public var coordinate: Coordinate { center }

    /// The square around the centre `radius` metres (in map points at the
    /// centre's latitude) each way, as `MKCircle.boundingMapRect`.
    public var boundingMapRect: MapRect {
        let middle = MapPoint(center)
        let half = radius * mapPointsPerMeter(atLatitude: center.latitude)
        return MapRect(x: middle.x - half, y: middle.y - half, width: 2 * half, height: 2 * half)
    }

    /// `vertexCount` points on the geodesic circle, clockwise from north,
    /// the first not repeated at the end.
    public func boundary(vertexCount: Int = 180) -> [Coordinate] {
        let count = max(3, vertexCount)
        return (0..<count).map { index in
            center.destination(bearing: Double(index) * 360 / Double(count), distance: radius)
        }
    }

    /// The area inside the geodesic circle, in square metres (the polygon
    /// of 720 boundary points: relative error below 1e-5).
    public var area: Double {
        abs(Geodesic.wgs84.area(of: boundary(vertexCount: 720)).area)
    }

    /// True when the geodesic distance from the centre is at most the radius.
    public func contains(_ coordinate: Coordinate) -> Bool {
        Geodesic.wgs84.inverse(from: center, to: coordinate).distance <= radius
    }
}
