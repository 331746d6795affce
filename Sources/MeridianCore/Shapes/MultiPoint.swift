/// An ordered set of points, as `MKMultiPoint`: GeoJSON's MultiPoint.
///
/// ```swift
/// let stops = MultiPoint([a, b, c])
/// stops.points.count   // 3
/// ```
public struct MultiPoint: Shape, Hashable {
    public var coordinates: [Coordinate]

    public init(_ coordinates: [Coordinate]) {
        self.coordinates = coordinates
    }

    /// The coordinates projected to map points.
    public var points: [MapPoint] { coordinates.map(MapPoint.init) }

    public var boundingMapRect: MapRect { MapRect(boundingPoints: coordinates.lazy.map(MapPoint.init)) }

    public var coordinate: Coordinate { boundingMapRect.midCoordinate }
}
