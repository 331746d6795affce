/// A connected line through points, as `MKPolyline`: GeoJSON's LineString.
///
/// ```swift
/// let route = Polyline([start, middle, end])
/// route.length   // metres along the WGS-84 ellipsoid
/// ```
///
/// ``length`` solves one geodesic inverse problem per segment (about a
/// microsecond each).
public struct Polyline: Shape, Hashable {
    public var coordinates: [Coordinate]

    public init(_ coordinates: [Coordinate]) {
        self.coordinates = coordinates
    }

    public var points: [MapPoint] { coordinates.map(MapPoint.init) }

    /// ``MapRect/null`` for an empty polyline, as MapKit.
    public var boundingMapRect: MapRect { MapRect(boundingPoints: coordinates.lazy.map(MapPoint.init)) }

    public var coordinate: Coordinate { boundingMapRect.midCoordinate }

    /// The geodesic length in metres, the sum of each segment's ellipsoidal
    /// distance.
    public var length: Double {
        guard coordinates.count > 1 else { return 0 }
        var total = 0.0
        for index in 1..<coordinates.count {
            total += Geodesic.wgs84.inverse(from: coordinates[index - 1], to: coordinates[index]).distance
        }
        return total
    }
}
