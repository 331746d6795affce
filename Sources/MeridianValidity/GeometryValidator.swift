import CGEOS
import MeridianCore

/// Checks geometries by the OGC Simple Features rules, as PostGIS, BigQuery
/// and shapely do, through GEOS's `isValidDetail`: self-intersections,
/// self-touching rings, holes outside their shell or inside another hole,
/// disconnected interiors, nested shells, rings of too few distinct points
/// and coordinates that are not finite.
///
/// ```swift
/// let validator = GeometryValidator()
/// let bowTie = Geometry.polygon([[a, b, c, d, a]])
/// validator.problems(in: bowTie)
/// // [ValidityProblem(code: "geometry.self-intersection", location: ..., polygon: 0, ring: 0, vertex: 1)]
/// ```
///
/// A problem names its code, GEOS's reason, the coordinate where GEOS found
/// it, and the polygon, ring and vertex nearest that coordinate. Rings that
/// are not closed or have fewer than four positions are left to the format's
/// structural checks (`geojson.ring.unclosed`, `geojson.ring.too-short`).
///
/// One validator owns one GEOS context: use one per thread. Cost: GEOS's
/// O(n log n) per geometry.
public final class GeometryValidator {
    private let context: GEOSContextHandle_t

    public init() {
        context = GEOS_init_r()
    }

    deinit {
        GEOS_finish_r(context)
    }

    /// The validity problems of `geometry` (empty when it is valid). A
    /// GeometryCollection's members are checked one by one.
    public func problems(in geometry: Geometry) -> [ValidityProblem] {
        if case .geometryCollection(let members) = geometry {
            return members.flatMap { problems(in: $0) }
        }
        guard let geos = makeGEOS(geometry) else { return [] }
        defer { GEOSGeom_destroy_r(context, geos) }
        var reason: UnsafeMutablePointer<CChar>?
        var location: OpaquePointer?
        let valid = GEOSisValidDetail_r(context, geos, 0, &reason, &location)
        defer {
            if let reason { GEOSFree_r(context, reason) }
            if let location { GEOSGeom_destroy_r(context, location) }
        }
        guard valid == 0, let reason else { return [] }
        let text = String(cString: reason)
        var place: Coordinate?
        if let location {
            var x = 0.0
            var y = 0.0
            if GEOSGeomGetX_r(context, location, &x) == 1, GEOSGeomGetY_r(context, location, &y) == 1 {
                place = Coordinate(latitude: y, longitude: x)
            }
        }
        var problem = ValidityProblem(code: Self.code(for: text), reason: text, location: place)
        if problem.code == "geometry.coordinate.invalid" {
            // GEOS gives no place for it: the first position that is not finite.
            (problem.polygon, problem.ring, problem.vertex) = Self.firstInvalidVertex(in: geometry)
        } else if let place {
            (problem.polygon, problem.ring, problem.vertex) = Self.nearestVertex(to: place, in: geometry)
        }
        return [problem]
    }

    /// GEOS's reasons, as codes.
    static func code(for reason: String) -> String {
        let table: [(String, String)] = [
            ("Ring Self-intersection", "geometry.ring.self-touching"),
            ("Self-intersection", "geometry.self-intersection"),
            ("Hole lies outside shell", "geometry.hole.outside"),
            ("Holes are nested", "geometry.hole.nested"),
            ("Nested holes", "geometry.hole.nested"),
            ("Interior is disconnected", "geometry.interior.disconnected"),
            ("Nested shells", "geometry.shell.nested"),
            ("Duplicate Rings", "geometry.ring.duplicate"),
            ("Too few", "geometry.ring.too-few-points"),
            ("Invalid Coordinate", "geometry.coordinate.invalid"),
            ("Ring is not closed", "geometry.ring.unclosed"),
        ]
        return table.first { reason.hasPrefix($0.0) }?.1 ?? "geometry.invalid"
    }

    /// The polygon, ring and vertex indices of the first position that is
    /// not finite.
    static func firstInvalidVertex(in geometry: Geometry) -> (Int?, Int?, Int?) {
        guard let found = positions(of: geometry).first(where: { !($0.c.latitude.isFinite && $0.c.longitude.isFinite) })
        else { return (nil, nil, nil) }
        return (found.polygon, found.ring, found.vertex)
    }

    /// The polygon, ring and vertex indices of the position nearest
    /// `point` (for lines: nil, the line's index, the vertex).
    static func nearestVertex(to point: Coordinate, in geometry: Geometry) -> (Int?, Int?, Int?) {
        func distance(_ c: Coordinate) -> Double {
            let dx = c.longitude - point.longitude
            let dy = c.latitude - point.latitude
            return dx * dx + dy * dy
        }
        guard let nearest = positions(of: geometry).min(by: { distance($0.c) < distance($1.c) }) else {
            return (nil, nil, nil)
        }
        return (nearest.polygon, nearest.ring, nearest.vertex)
    }

    /// Every position of a polygonal or linear geometry with its polygon
    /// (of a MultiPolygon), ring (or line) and vertex index, in order.
    static func positions(of geometry: Geometry) -> [(polygon: Int?, ring: Int, vertex: Int, c: Coordinate)] {
        func indexed(_ rings: [[Coordinate]], polygon: Int?) -> [(polygon: Int?, ring: Int, vertex: Int, c: Coordinate)]
        {
            rings.enumerated().flatMap { ring, positions in
                positions.enumerated().map { (polygon, ring, $0.offset, $0.element) }
            }
        }
        switch geometry {
        case .polygon(let rings): return indexed(rings, polygon: nil)
        case .multiPolygon(let polygons):
            return polygons.enumerated().flatMap { indexed($0.element, polygon: $0.offset) }
        case .lineString(let line): return indexed([line], polygon: nil)
        case .multiLineString(let lines): return indexed(lines, polygon: nil)
        default: return []
        }
    }

    // MARK: - To GEOS

    private func makeGEOS(_ geometry: Geometry) -> OpaquePointer? {
        switch geometry {
        case .polygon(let rings):
            return polygon(rings)
        case .multiPolygon(let polygons):
            return collection(GEOS_MULTIPOLYGON, polygons.map { polygon($0) })
        case .lineString(let line):
            return lineString(line)
        case .multiLineString(let lines):
            return collection(GEOS_MULTILINESTRING, lines.map { lineString($0) })
        default:
            return nil
        }
    }

    private func sequence(_ coordinates: [Coordinate]) -> OpaquePointer? {
        guard let sequence = GEOSCoordSeq_create_r(context, UInt32(coordinates.count), 2) else { return nil }
        for (index, c) in coordinates.enumerated() {
            GEOSCoordSeq_setXY_r(context, sequence, UInt32(index), c.longitude, c.latitude)
        }
        return sequence
    }

    private func lineString(_ line: [Coordinate]) -> OpaquePointer? {
        guard line.count >= 2, let sequence = sequence(line) else { return nil }
        return GEOSGeom_createLineString_r(context, sequence)
    }

    /// Nil for a polygon whose rings are not closed or too short: the
    /// format's structural checks report those.
    private func polygon(_ rings: [[Coordinate]]) -> OpaquePointer? {
        guard !rings.isEmpty, rings.allSatisfy({ $0.count >= 4 && $0.first == $0.last }) else { return nil }
        var made: [OpaquePointer] = []
        for ring in rings {
            guard let sequence = sequence(ring), let linear = GEOSGeom_createLinearRing_r(context, sequence) else {
                for ring in made { GEOSGeom_destroy_r(context, ring) }
                return nil
            }
            made.append(linear)
        }
        var holes: [OpaquePointer?] = made.dropFirst().map { $0 }
        return holes.withUnsafeMutableBufferPointer { buffer in
            GEOSGeom_createPolygon_r(context, made[0], buffer.baseAddress, UInt32(buffer.count))
        }
    }

    /// A collection of `parts`, or nil (and the parts freed) when one
    /// could not be made.
    private func collection(_ type: GEOSGeomTypes, _ parts: [OpaquePointer?]) -> OpaquePointer? {
        guard parts.allSatisfy({ $0 != nil }) else {
            for part in parts { if let part { GEOSGeom_destroy_r(context, part) } }
            return nil
        }
        var parts = parts
        return parts.withUnsafeMutableBufferPointer { buffer in
            GEOSGeom_createCollection_r(context, Int32(type.rawValue), buffer.baseAddress, UInt32(buffer.count))
        }
    }
}

/// One validity problem of a geometry.
public struct ValidityProblem: Sendable, Hashable {
    /// `geometry.self-intersection`, `geometry.hole.outside`, ...
    public var code: String
    /// GEOS's words for it ("Self-intersection").
    public var reason: String
    /// Where GEOS found it.
    public var location: Coordinate?
    /// The polygon (of a MultiPolygon), ring and vertex nearest `location`.
    public var polygon: Int?
    public var ring: Int?
    public var vertex: Int?

    public init(
        code: String, reason: String, location: Coordinate? = nil, polygon: Int? = nil, ring: Int? = nil,
        vertex: Int? = nil
    ) {
        self.code = code
        self.reason = reason
        self.location = location
        self.polygon = polygon
        self.ring = ring
        self.vertex = vertex
    }
}

/// How much of geometry validity a format's validator checks
/// (`validate --geometry`).
public enum ValidityLevel: String, Sendable, Hashable, CaseIterable {
    /// No validity checks: the format's structural rules only.
    case off
    /// The OGC rules GEOS checks (self-intersections, holes outside...).
    case errors
    /// Those, and repeated consecutive positions (warnings).
    case all
}
