/// A single located point with an optional title and subtitle, as
/// `MKPointAnnotation`.
///
/// ```swift
/// let pin = PointAnnotation(coordinate: Coordinate(latitude: 52.17, longitude: 0.14),
///                           title: "Main entrance")
/// ```
public struct PointAnnotation: Shape, Hashable {
    public var coordinate: Coordinate
    public var title: String?
    public var subtitle: String?

    public init(coordinate: Coordinate, title: String? = nil, subtitle: String? = nil) {
        self.coordinate = coordinate
        self.title = title
        self.subtitle = subtitle
    }

    /// A zero-size rect at the point.
    public var boundingMapRect: MapRect {
        let point = MapPoint(coordinate)
        return MapRect(origin: point, size: MapSize(width: 0, height: 0))
    }
}
