/// A closed area with optional holes, as `MKPolygon` with its
/// `interiorPolygons`: GeoJSON's Polygon.
///
/// ```swift
/// let park = Polygon(rings: [outerRing, pondRing])
/// park.interiorPolygons.count                 // 1
/// park.area                                   // m^2 on the ellipsoid, pond excluded
/// park.contains(Coordinate(latitude: 51.507, longitude: -0.165))
/// ```
///
/// Rings may be given closed (first position repeated at the end, as
/// GeoJSON writes them) or open; either winding is accepted. ``area``
/// costs one geodesic polygon computation per ring; ``contains(_:)`` is a
/// linear scan of the rings (even-odd rule in longitude/latitude, edges
/// count as inside).
public struct Polygon: Shape, Hashable {
    /// The exterior ring.
    public var coordinates: [Coordinate]
    /// The holes, each a polygon of its own (their own holes are ignored).
    public var interiorPolygons: [Polygon]

    public init(_ coordinates: [Coordinate], interiorPolygons: [Polygon] = []) {
        self.coordinates = coordinates
        self.interiorPolygons = interiorPolygons
    }

    /// A polygon from GeoJSON rings: the first is the exterior, the rest
    /// are holes. No rings gives an empty polygon.
    public init(rings: [[Coordinate]]) {
        coordinates = rings.first ?? []
        interiorPolygons = rings.dropFirst().map { Polygon($0) }
    }

    /// The exterior ring followed by each hole's ring.
    public var rings: [[Coordinate]] { [coordinates] + interiorPolygons.map(\.coordinates) }

    public var points: [MapPoint] { coordinates.map(MapPoint.init) }

    /// The exterior ring's rect (holes lie inside it).
    public var boundingMapRect: MapRect { MapRect(boundingPoints: coordinates.lazy.map(MapPoint.init)) }

    public var coordinate: Coordinate { boundingMapRect.midCoordinate }

    /// The geodesic area in square metres: the exterior's area less each
    /// hole's, whatever the rings' winding.
    public var area: Double {
        let outer = abs(Geodesic.wgs84.area(of: coordinates).area)
        let holes = interiorPolygons.reduce(0) { $0 + abs(Geodesic.wgs84.area(of: $1.coordinates).area) }
        return max(0, outer - holes)
    }

    /// The geodesic length of every ring's boundary, in metres.
    public var perimeter: Double {
        rings.reduce(0) { $0 + Geodesic.wgs84.area(of: $1).perimeter }
    }

    /// True when the coordinate is inside the exterior ring and not strictly
    /// inside a hole. Points on any ring's boundary are inside.
    public func contains(_ coordinate: Coordinate) -> Bool {
        switch RingLocation.locate(coordinate, in: coordinates) {
        case .outside: return false
        case .boundary: return true
        case .inside: break
        }
        for hole in interiorPolygons where RingLocation.locate(coordinate, in: hole.coordinates) == .inside {
            return false
        }
        return true
    }
}

/// Where a point lies relative to one ring, planar in longitude/latitude.
enum RingLocation: Equatable {
    case inside, outside, boundary

    static func locate(_ point: Coordinate, in ring: [Coordinate]) -> RingLocation {
        guard ring.count >= 3 else { return .outside }
        let x = point.longitude
        let y = point.latitude
        var inside = false
        var previous = ring[ring.count - 1]
        for current in ring {
            let (x1, y1, x2, y2) = (previous.longitude, previous.latitude, current.longitude, current.latitude)
            // On the segment: collinear and within its box.
            let cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
            if cross == 0, x >= min(x1, x2), x <= max(x1, x2), y >= min(y1, y2), y <= max(y1, y2) {
                return .boundary
            }
            if (y1 > y) != (y2 > y) {
                let crossingX = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
                if x < crossingX { inside.toggle() }
            }
            previous = current
        }
        return inside ? .inside : .outside
    }
}
