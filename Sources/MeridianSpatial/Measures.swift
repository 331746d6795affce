import MeridianCore

extension Geometry {
    /// The area on the WGS 84 ellipsoid in square metres (GeographicLib's
    /// polygon area, each ring's edges geodesics): each polygon's exterior
    /// less its holes, summed; 0 for points and lines.
    public var geodesicArea: Double {
        switch self {
        case .polygon(let rings): Self.area(rings)
        case .multiPolygon(let polygons): polygons.reduce(0) { $0 + Self.area($1) }
        case .geometryCollection(let members): members.reduce(0) { $0 + $1.geodesicArea }
        default: 0
        }
    }

    /// The length on the WGS 84 ellipsoid in metres: of lines, their
    /// length; of polygons, every ring's (their perimeter); 0 for points.
    public var geodesicLength: Double {
        switch self {
        case .point, .multiPoint: 0
        case .lineString(let line): Self.length(line)
        case .multiLineString(let lines): lines.reduce(0) { $0 + Self.length($1) }
        case .polygon(let rings): rings.reduce(0) { $0 + Self.length($1) }
        case .multiPolygon(let polygons): polygons.joined().reduce(0) { $0 + Self.length($1) }
        case .geometryCollection(let members): members.reduce(0) { $0 + $1.geodesicLength }
        }
    }

    private static func area(_ rings: [[Coordinate]]) -> Double {
        guard let exterior = rings.first else { return 0 }
        let holes = rings.dropFirst().reduce(0) { $0 + abs(Geodesic.wgs84.area(of: $1).area) }
        return max(0, abs(Geodesic.wgs84.area(of: exterior).area) - holes)
    }

    private static func length(_ path: [Coordinate]) -> Double {
        zip(path, path.dropFirst()).reduce(0) { $0 + Geodesic.wgs84.inverse(from: $1.0, to: $1.1).distance }
    }

    /// The geometry as a GeoJSON geometry object.
    public var geoJSONValue: JSONValue {
        func position(_ c: Coordinate) -> JSONValue { [.double(c.longitude), .double(c.latitude)] }
        func path(_ positions: [Coordinate]) -> JSONValue { .array(positions.map(position)) }
        func rings(_ rings: [[Coordinate]]) -> JSONValue { .array(rings.map(path)) }
        let coordinates: JSONValue
        switch self {
        case .point(let c): coordinates = position(c)
        case .multiPoint(let points): coordinates = path(points)
        case .lineString(let line): coordinates = path(line)
        case .multiLineString(let lines): coordinates = rings(lines)
        case .polygon(let polygon): coordinates = rings(polygon)
        case .multiPolygon(let polygons): coordinates = .array(polygons.map(rings))
        case .geometryCollection(let members):
            return .object(
                JSONObject([("type", "GeometryCollection"), ("geometries", .array(members.map(\.geoJSONValue)))]))
        }
        return .object(JSONObject([("type", .string(typeName)), ("coordinates", coordinates)]))
    }
}

/// What ``MeasureOperation`` adds to each feature: each measure asked
/// for, under the property name given.
public struct MeasureOptions: Sendable, Hashable {
    /// A shape derived from a feature's geometry.
    public enum Shape: String, Sendable, Hashable, CaseIterable {
        case centroid
        case pointOnSurface = "point-on-surface"
        case bbox
        case convexHull = "convex-hull"
        case concaveHull = "concave-hull"
    }

    /// Geodesic area, m² (``Geometry/geodesicArea``).
    public var area: String?
    /// Geodesic length of lines and perimeter of polygons, m
    /// (``Geometry/geodesicLength``).
    public var length: String?
    /// Shapes as properties: a point as `[longitude, latitude]`, the
    /// bounding box as `[west, south, east, north]`, a hull as a GeoJSON
    /// geometry object.
    public var shapes: [(Shape, String)]
    /// Replace the geometry by this shape.
    public var geometry: Shape?
    /// How far the concave hull reaches in: 1 is the convex hull, 0 the
    /// tightest (GEOS's ratio of edge lengths).
    public var concaveRatio: Double

    public init(
        area: String? = nil, length: String? = nil, shapes: [(Shape, String)] = [], geometry: Shape? = nil,
        concaveRatio: Double = 0.3
    ) {
        self.area = area
        self.length = length
        self.shapes = shapes
        self.geometry = geometry
        self.concaveRatio = concaveRatio
    }

    public static func == (lhs: MeasureOptions, rhs: MeasureOptions) -> Bool {
        lhs.area == rhs.area && lhs.length == rhs.length && lhs.geometry == rhs.geometry
            && lhs.concaveRatio == rhs.concaveRatio && lhs.shapes.elementsEqual(rhs.shapes) { $0 == $1 }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(area)
        hasher.combine(length)
        hasher.combine(geometry)
        hasher.combine(concaveRatio)
        for (shape, name) in shapes {
            hasher.combine(shape)
            hasher.combine(name)
        }
    }
}

/// Adds measures of each feature's geometry as properties, and replaces
/// the geometry by a derived shape when asked: `meridian measure`.
///
/// ```swift
/// let measure = MeasureOperation(options: MeasureOptions(area: "area_m2", shapes: [(.centroid, "centroid")]))
/// let measured = measure.apply(county, at: SourceLocation())
/// measured[0].properties["area_m2"]     // 1.2e9
/// ```
///
/// Areas and lengths are geodesic (WGS 84); the centroid, point on
/// surface and hulls are GEOS's, planar in longitude and latitude as
/// PostGIS's `geometry` functions are. A feature without geometry gets
/// null measures.
public final class MeasureOperation: FeatureOperation, @unchecked Sendable {
    public let options: MeasureOptions
    private let operations = GeometryOperations()
    private var found = DiagnosticCollector()

    public init(options: MeasureOptions) {
        self.options = options
    }

    public var diagnostics: [Diagnostic] { found.diagnostics }

    public func apply(_ feature: Feature, at location: @autoclosure () -> SourceLocation) -> [Feature] {
        var measured = feature
        let geometry = feature.geometry
        // Off the globe, a geodesic measure means nothing: null, and an error.
        var onGlobe = geometry
        if options.area != nil || options.length != nil, let off = geometry?.firstPositionOffTheGlobe {
            onGlobe = nil
            found.append(
                Diagnostic(
                    severity: .error, code: "measure.failed",
                    message:
                        "the area and length: the position \(off.longitude), \(off.latitude) is off the globe (a longitude beyond ±180 or a latitude beyond ±90)",
                    location: location()))
        }
        if let name = options.area { measured.properties[name] = onGlobe.map { .double($0.geodesicArea) } ?? .null }
        if let name = options.length {
            measured.properties[name] = onGlobe.map { .double($0.geodesicLength) } ?? .null
        }
        for (shape, name) in options.shapes {
            measured.properties[name] =
                geometry.flatMap { self.shape(shape, of: $0, at: location()) }?.value(of: shape)
                ?? .null
        }
        if let shape = options.geometry {
            measured.geometry = geometry.flatMap { self.shape(shape, of: $0, at: location()) }
        }
        measured.propertiesAreNull = false
        return [measured]
    }

    /// The shape derived from `geometry`; nil (and a diagnostic when GEOS
    /// failed) when there is none.
    public func shape(
        _ shape: MeasureOptions.Shape, of geometry: Geometry, at location: @autoclosure () -> SourceLocation
    ) -> Geometry? {
        do {
            switch shape {
            case .centroid: return try operations.centroid(geometry).map(Geometry.point)
            case .pointOnSurface: return operations.pointOnSurface(geometry).map(Geometry.point)
            case .bbox:
                guard let box = geometry.boundingBox else { return nil }
                let southWest = Coordinate(latitude: box.south, longitude: box.west)
                if box.west == box.east || box.south == box.north {
                    let northEast = Coordinate(latitude: box.north, longitude: box.east)
                    return southWest == northEast ? .point(southWest) : .lineString([southWest, northEast])
                }
                let corners = [
                    (box.west, box.south), (box.east, box.south), (box.east, box.north), (box.west, box.north),
                    (box.west, box.south),
                ]
                return .polygon([corners.map { Coordinate(latitude: $0.1, longitude: $0.0) }])
            case .convexHull: return try operations.convexHull(geometry)
            case .concaveHull: return try operations.concaveHull(geometry, ratio: options.concaveRatio)
            }
        } catch {
            found.append(
                Diagnostic(
                    severity: .error, code: "measure.failed", message: "the \(shape.rawValue): \(error.description)",
                    location: location()))
            return nil
        }
    }
}

extension Geometry {
    /// A derived shape as a property value.
    fileprivate func value(of shape: MeasureOptions.Shape) -> JSONValue {
        switch (shape, self) {
        case (.centroid, .point(let c)), (.pointOnSurface, .point(let c)):
            return [.double(c.longitude), .double(c.latitude)]
        case (.bbox, _):
            guard let box = boundingBox else { return .null }
            return [.double(box.west), .double(box.south), .double(box.east), .double(box.north)]
        default:
            return geoJSONValue
        }
    }
}
