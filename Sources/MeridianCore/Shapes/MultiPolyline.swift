/// Several polylines treated as one shape, as `MKMultiPolyline`:
/// GeoJSON's MultiLineString.
public struct MultiPolyline: Shape, Hashable {
    public var polylines: [Polyline]

    public init(_ polylines: [Polyline]) {
        self.polylines = polylines
    }

    public var boundingMapRect: MapRect {
        polylines.reduce(MapRect.null) { $0.union($1.boundingMapRect) }
    }

    public var coordinate: Coordinate { boundingMapRect.midCoordinate }

    /// The sum of the polylines' geodesic lengths, in metres.
    public var length: Double { polylines.reduce(0) { $0 + $1.length } }
}
