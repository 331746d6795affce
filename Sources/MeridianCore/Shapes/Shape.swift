/// What every drawable shape has, as MapKit's `MKShape` and `MKOverlay`
/// together: a representative coordinate and a bounding map rect.
///
/// ```swift
/// let shapes: [any Shape] = geometry.shapes
/// let visible = shapes.filter { $0.intersects(viewport) }
/// ```
public protocol Shape: Sendable {
    /// A representative point: the centre of ``boundingMapRect`` for
    /// extended shapes (as MapKit's overlays), the point itself for points.
    var coordinate: Coordinate { get }
    /// The smallest map rect holding the shape; ``MapRect/null`` when empty.
    var boundingMapRect: MapRect { get }
    /// True when the shape's bounding rect meets `mapRect`, the cheap test
    /// MapKit's `MKOverlay.intersects(_:)` makes.
    func intersects(_ mapRect: MapRect) -> Bool
}

extension Shape {
    public func intersects(_ mapRect: MapRect) -> Bool {
        boundingMapRect.intersects(mapRect)
    }
}

extension MapRect {
    /// The coordinate at the rect's middle, the representative point of an
    /// extended shape; (NaN, NaN) for ``MapRect/null``.
    var midCoordinate: Coordinate {
        if isNull { return Coordinate(latitude: .nan, longitude: .nan) }
        return MapPoint(x: midX, y: midY).coordinate
    }
}
