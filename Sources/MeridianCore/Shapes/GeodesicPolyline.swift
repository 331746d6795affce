/// A polyline that follows the shortest path on the Earth between its
/// vertices, as `MKGeodesicPolyline`: on a Mercator map it curves.
///
/// ```swift
/// let flight = GeodesicPolyline([london, tokyo])
/// flight.vertices.count       // 2, as given
/// flight.coordinates.count    // ~960: one point at least every 10 km
/// ```
///
/// Densification happens once, at initialisation, along the WGS-84
/// geodesic between each pair of vertices.
public struct GeodesicPolyline: Shape, Hashable {
    /// The points the caller gave.
    public let vertices: [Coordinate]
    /// The densified path: the vertices plus points along each geodesic.
    public let coordinates: [Coordinate]
    /// The longest segment of ``coordinates`` allowed, in metres.
    public let maximumSegmentLength: Double

    public init(_ vertices: [Coordinate], maximumSegmentLength: Double = 10_000) {
        self.vertices = vertices
        self.maximumSegmentLength = maximumSegmentLength
        var path: [Coordinate] = []
        for index in vertices.indices {
            if index == 0 {
                path.append(vertices[0])
                continue
            }
            let leg = Geodesic.wgs84.waypoints(
                from: vertices[index - 1], to: vertices[index], maximumSegmentLength: maximumSegmentLength)
            path.append(contentsOf: leg.dropFirst())
        }
        coordinates = path
    }

    /// The densified path as a plain polyline.
    public var polyline: Polyline { Polyline(coordinates) }

    public var boundingMapRect: MapRect { polyline.boundingMapRect }

    public var coordinate: Coordinate { boundingMapRect.midCoordinate }

    /// The geodesic length through the vertices, in metres.
    public var length: Double { Polyline(vertices).length }
}
