/// One of the seven GeoJSON geometry types (RFC 7946, 3.1), with positions
/// as ``Coordinate``s.
///
/// ```swift
/// let square = Geometry.polygon([[
///     Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1),
///     Coordinate(latitude: 1, longitude: 1), Coordinate(latitude: 0, longitude: 0),
/// ]])
/// square.typeName          // "Polygon"
/// square.shapes            // [Polygon] for drawing and measuring
/// ```
///
/// Rings are stored closed, as written (first position equal to the last).
public indirect enum Geometry: Sendable, Hashable {
    /// RFC 7946, 3.1.2.
    case point(Coordinate)
    /// RFC 7946, 3.1.3.
    case multiPoint([Coordinate])
    /// RFC 7946, 3.1.4.
    case lineString([Coordinate])
    /// RFC 7946, 3.1.5.
    case multiLineString([[Coordinate]])
    /// RFC 7946, 3.1.6: the exterior ring first, then holes.
    case polygon([[Coordinate]])
    /// RFC 7946, 3.1.7.
    case multiPolygon([[[Coordinate]]])
    /// RFC 7946, 3.1.8.
    case geometryCollection([Geometry])

    /// The GeoJSON `type` member for this geometry.
    public var typeName: String {
        switch self {
        case .point: "Point"
        case .multiPoint: "MultiPoint"
        case .lineString: "LineString"
        case .multiLineString: "MultiLineString"
        case .polygon: "Polygon"
        case .multiPolygon: "MultiPolygon"
        case .geometryCollection: "GeometryCollection"
        }
    }

    /// Calls `body` with every position, in document order.
    public func forEachCoordinate(_ body: (Coordinate) throws -> Void) rethrows {
        switch self {
        case .point(let c): try body(c)
        case .multiPoint(let cs), .lineString(let cs): for c in cs { try body(c) }
        case .multiLineString(let lines), .polygon(let lines):
            for line in lines { for c in line { try body(c) } }
        case .multiPolygon(let polygons):
            for polygon in polygons { for ring in polygon { for c in ring { try body(c) } } }
        case .geometryCollection(let geometries):
            for geometry in geometries { try geometry.forEachCoordinate(body) }
        }
    }

    /// The first position that is no place on the globe (a latitude past
    /// ±90°, a longitude past ±180°, NaN, or an infinite altitude): what a
    /// reader of a format that does not bound its numbers (WKT, WKB) checks
    /// before passing a geometry on, since GeoJSON cannot write it. Nil
    /// when every position is a place.
    public var firstPositionOffTheGlobe: Coordinate? {
        var found: Coordinate?
        func check(_ c: Coordinate) -> Bool {
            if c.isValid, c.altitude?.isFinite ?? true { return true }
            found = c
            return false
        }
        switch self {
        case .point(let c): _ = check(c)
        case .multiPoint(let cs), .lineString(let cs): _ = cs.allSatisfy(check)
        case .multiLineString(let lines), .polygon(let lines): _ = lines.allSatisfy { $0.allSatisfy(check) }
        case .multiPolygon(let polygons): _ = polygons.allSatisfy { $0.allSatisfy { $0.allSatisfy(check) } }
        case .geometryCollection(let members):
            found = members.lazy.compactMap(\.firstPositionOffTheGlobe).first
        }
        return found
    }

    /// The number of positions.
    public var coordinateCount: Int {
        switch self {
        case .point: 1
        case .multiPoint(let positions), .lineString(let positions): positions.count
        case .multiLineString(let lines), .polygon(let lines): lines.reduce(0) { $0 + $1.count }
        case .multiPolygon(let polygons): polygons.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        case .geometryCollection(let members): members.reduce(0) { $0 + $1.coordinateCount }
        }
    }

    /// The smallest longitude/latitude box holding every position, as
    /// (west, south, east, north); nil for a geometry with no positions.
    /// It does not wrap across the antimeridian.
    public var boundingBox: BoundingBox? {
        var box = BoundingBox?.none
        forEachCoordinate { c in
            if box == nil {
                box = BoundingBox(west: c.longitude, south: c.latitude, east: c.longitude, north: c.latitude)
            } else {
                box!.extend(c)
            }
        }
        return box
    }

    /// The geometry as MapKit-style shapes: a point annotation, polyline,
    /// polygon (with interior polygons) or their multi forms; a
    /// GeometryCollection flattens into its members' shapes, as
    /// `MKGeoJSONFeature.geometry` does.
    public var shapes: [any Shape] {
        switch self {
        case .point(let c): [PointAnnotation(coordinate: c)]
        case .multiPoint(let cs): [MultiPoint(cs)]
        case .lineString(let cs): [Polyline(cs)]
        case .multiLineString(let lines): [MultiPolyline(lines.map { Polyline($0) })]
        case .polygon(let rings): [Polygon(rings: rings)]
        case .multiPolygon(let polygons): [MultiPolygon(polygons.map { Polygon(rings: $0) })]
        case .geometryCollection(let geometries): geometries.flatMap(\.shapes)
        }
    }

    /// The bounding map rect of every position; ``MapRect/null`` for none.
    public var boundingMapRect: MapRect {
        var points: [MapPoint] = []
        forEachCoordinate { points.append(MapPoint($0)) }
        return MapRect(boundingPoints: points)
    }
}
