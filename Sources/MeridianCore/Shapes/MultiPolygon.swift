/// Several polygons treated as one shape, as `MKMultiPolygon`:
/// GeoJSON's MultiPolygon.
public struct MultiPolygon: Shape, Hashable {
    public var polygons: [Polygon]

    public init(_ polygons: [Polygon]) {
        self.polygons = polygons
    }

    public var boundingMapRect: MapRect {
        polygons.reduce(MapRect.null) { $0.union($1.boundingMapRect) }
    }

    public var coordinate: Coordinate { boundingMapRect.midCoordinate }

    /// The sum of the polygons' geodesic areas, in square metres.
    public var area: Double { polygons.reduce(0) { $0 + $1.area } }

    /// True when any polygon contains the coordinate.
    public func contains(_ coordinate: Coordinate) -> Bool {
        polygons.contains { $0.contains(coordinate) }
    }
}
