/// A rectangular geographic region: a centre and a span, as
/// `MKCoordinateRegion`.
///
/// ```swift
/// let region = CoordinateRegion(
///     center: Coordinate(latitude: 0, longitude: 0),
///     latitudinalMeters: 1000, longitudinalMeters: 2000)
/// region.span.latitudeDelta    // 0.009043695025814083
/// MapRect(region)              // the same area on the map plane
/// ```
public struct CoordinateRegion: Sendable, Hashable {
    public var center: Coordinate
    public var span: CoordinateSpan

    public init(center: Coordinate, span: CoordinateSpan) {
        self.center = center
        self.span = span
    }

    /// A region `latitudinalMeters` tall and `longitudinalMeters` wide
    /// around `center`, as `MKCoordinateRegion(center:latitudinalMeters:longitudinalMeters:)`.
    ///
    /// The span divides the distances by the length of a degree of latitude
    /// and of longitude at the centre (the series MapKit's values match).
    public init(center: Coordinate, latitudinalMeters: Double, longitudinalMeters: Double) {
        self.center = center
        span = CoordinateSpan(
            latitudeDelta: latitudinalMeters / MapProjection.metersPerDegreeLatitude(center.latitude),
            longitudeDelta: longitudinalMeters / MapProjection.metersPerDegreeLongitude(center.latitude))
    }

    /// The region a map rect covers, as `MKCoordinateRegion(_:)`: the
    /// centre is the coordinate of the rect's middle; the latitude span runs
    /// from its top edge to its bottom edge, the longitude span is its width
    /// in degrees. The world rect gives (170.10225755961318, 360).
    public init(_ mapRect: MapRect) {
        center = MapPoint(x: mapRect.midX, y: mapRect.midY).coordinate
        span = CoordinateSpan(
            latitudeDelta: MapProjection.latitude(y: mapRect.minY) - MapProjection.latitude(y: mapRect.maxY),
            longitudeDelta: mapRect.width / MapProjection.worldSize * 360)
    }
}
