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
    package let context: GEOSContextHandle_t

    /// The last error GEOS reported (a WKT parse error...), for messages.
    package let lastError = ErrorBox()

    public init() {
        // GEOS gives no context only when it cannot allocate one.
        guard let context = libgeos.GEOS_init_r() else { preconditionFailure("GEOS cannot make a context") }
        self.context = context
        _ = libgeos.GEOSContext_setErrorMessageHandler_r(
            context,
            { message, box in
                guard let message, let box else { return }
                Unmanaged<ErrorBox>.fromOpaque(box).takeUnretainedValue().message = String(cString: message)
            }, Unmanaged.passUnretained(lastError).toOpaque())
    }

    deinit {
        libgeos.GEOS_finish_r(context)
    }

    /// Holds GEOS's last error message for this context.
    package final class ErrorBox {
        package var message: String?
    }

    /// The geometry a WKT text describes (2D: Z and M values are dropped),
    /// or GEOS's reason it is not WKT.
    public func geometry(fromWKT text: String) -> Result<Geometry?, WKTError> {
        // GEOS's WKT reader follows parentheses by recursion: deep enough,
        // they exhaust the stack before it can say no.
        var depth = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "(") {
                depth += 1
                if depth > InputLimits.maximumGeometryNesting {
                    return .failure(
                        WKTError(reason: "parentheses nested more than \(InputLimits.maximumGeometryNesting) deep"))
                }
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
            }
        }
        guard let reader = libgeos.GEOSWKTReader_create_r(context) else {
            return .failure(WKTError(reason: "GEOS failed"))
        }
        defer { libgeos.GEOSWKTReader_destroy_r(context, reader) }
        lastError.message = nil
        guard let geos = libgeos.GEOSWKTReader_read_r(context, reader, text) else {
            return .failure(WKTError(reason: lastError.message ?? "not WKT"))
        }
        defer { libgeos.GEOSGeom_destroy_r(context, geos) }
        return .success(decode(geos))
    }

    /// The validity problems of `geometry` at `level` (empty when it is
    /// valid): `.errors` lists what GEOS finds, `.all` adds repeated
    /// consecutive positions (warnings), `.off` nothing. A
    /// GeometryCollection's members are checked one by one.
    public func problems(in geometry: Geometry, level: ValidityLevel) -> [ValidityProblem] {
        guard level != .off else { return [] }
        let found = problems(in: geometry)
        return level == .all ? found + Self.repeatedPositions(in: geometry) : found
    }

    /// The validity problems GEOS finds in `geometry` (empty when it is
    /// valid). A GeometryCollection's members are checked one by one.
    public func problems(in geometry: Geometry) -> [ValidityProblem] {
        switch geometry {
        case .geometryCollection(let members):
            return members.flatMap { problems(in: $0) }
        case .lineString(let line) where Self.isPlainlyValid(line):
            return []
        case .multiLineString(let lines) where lines.allSatisfy(Self.isPlainlyValid):
            return []
        default:
            break
        }
        guard let geos = makeGEOS(geometry) else { return [] }
        defer { libgeos.GEOSGeom_destroy_r(context, geos) }
        var reason: UnsafeMutablePointer<CChar>?
        var location: OpaquePointer?
        let valid = libgeos.GEOSisValidDetail_r(context, geos, 0, &reason, &location)
        defer {
            if let reason { libgeos.GEOSFree_r(context, reason) }
            if let location { libgeos.GEOSGeom_destroy_r(context, location) }
        }
        guard valid == 0, let reason else { return [] }
        let text = String(cString: reason)
        var place: Coordinate?
        if let location {
            var x = 0.0
            var y = 0.0
            if libgeos.GEOSGeomGetX_r(context, location, &x) == 1, libgeos.GEOSGeomGetY_r(context, location, &y) == 1 {
                place = Coordinate(latitude: y, longitude: x)
            }
        }
        var problem = ValidityProblem(code: Self.code(for: text), reason: text, location: place)
        if problem.code == "geometry.coordinate.invalid" {
            // GEOS gives no place for it: the first position that is not finite.
            (problem.polygon, problem.ring, problem.vertex) = Self.firstInvalidVertex(in: geometry)
        } else if let place {
            (problem.polygon, problem.ring, problem.vertex) = Self.nearestVertex(to: place, in: geometry)
            if problem.code == "geometry.self-intersection" || problem.code == "geometry.ring.self-touching",
                let tip = Self.spike(at: place, in: geometry, polygon: problem.polygon, ring: problem.ring)
            {
                problem.code = "geometry.spike"
                problem.vertex = tip
            }
        }
        return [problem]
    }

    /// Whether GEOS can only call `line` valid: all GEOS checks of a
    /// LineString are that its coordinates are finite and that it has two
    /// distinct positions (in x and y), and this line passes both. Such a
    /// line, the common case, is not copied into GEOS at all (a line of
    /// ten million positions would take another 240 MB there).
    static func isPlainlyValid(_ line: [Coordinate]) -> Bool {
        guard let first = line.first else { return false }
        var distinct = false
        for position in line {
            guard position.latitude.isFinite, position.longitude.isFinite else { return false }
            distinct = distinct || position.latitude != first.latitude || position.longitude != first.longitude
        }
        return distinct
    }

    /// Positions that repeat the one right before them, in rings and lines
    /// (`geometry.point.repeated`, a warning: GEOS ignores them, some
    /// databases do not). A GeometryCollection's members one by one.
    public static func repeatedPositions(in geometry: Geometry) -> [ValidityProblem] {
        if case .geometryCollection(let members) = geometry {
            return members.flatMap { repeatedPositions(in: $0) }
        }
        var found: [ValidityProblem] = []
        var previous: (polygon: Int?, ring: Int, c: Coordinate)?
        for position in positions(of: geometry) {
            if let previous, previous.polygon == position.polygon, previous.ring == position.ring,
                previous.c == position.c
            {
                found.append(
                    ValidityProblem(
                        code: "geometry.point.repeated",
                        reason: "position \(position.vertex) repeats the one before it",
                        location: position.c, polygon: position.polygon, ring: position.ring, vertex: position.vertex))
            }
            previous = (position.polygon, position.ring, position.c)
        }
        return found
    }

    /// The index of a spike's tip in the ring whose crossing GEOS found at
    /// `place`: a vertex where the ring runs out and straight back, with
    /// `place` at its tip or base. Nil when the crossing is no spike.
    static func spike(at place: Coordinate, in geometry: Geometry, polygon: Int?, ring: Int?) -> Int? {
        let points = positions(of: geometry).filter { $0.polygon == polygon && $0.ring == ring }
        // Distinct consecutive positions, closing one dropped, with their indices.
        var ringPoints: [(index: Int, c: Coordinate)] = []
        for point in points where ringPoints.last?.c != point.c { ringPoints.append((point.vertex, point.c)) }
        if ringPoints.count > 1, ringPoints.first?.c == ringPoints.last?.c { ringPoints.removeLast() }
        let n = ringPoints.count
        guard n >= 3 else { return nil }
        for i in 0..<n {
            let (a, b, c) = (ringPoints[(i + n - 1) % n].c, ringPoints[i].c, ringPoints[(i + 1) % n].c)
            let (ux, uy) = (b.longitude - a.longitude, b.latitude - a.latitude)
            let (vx, vy) = (c.longitude - b.longitude, c.latitude - b.latitude)
            let turnsBack = a == c || (ux * vy - uy * vx == 0 && ux * vx + uy * vy < 0)
            if turnsBack, place == a || place == b || place == c { return ringPoints[i].index }
        }
        return nil
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

    typealias IndexedPosition = (polygon: Int?, ring: Int, vertex: Int, c: Coordinate)

    /// Every position of a polygonal or linear geometry with its polygon
    /// (of a MultiPolygon), ring (or line) and vertex index, in order;
    /// made one at a time, so that a line of millions of positions costs
    /// no copy.
    static func positions(of geometry: Geometry) -> some Sequence<IndexedPosition> {
        let polygons: [(index: Int?, rings: [[Coordinate]])] =
            switch geometry {
            case .polygon(let rings): [(nil, rings)]
            case .multiPolygon(let polygons): polygons.enumerated().map { ($0.offset, $0.element) }
            case .lineString(let line): [(nil, [line])]
            case .multiLineString(let lines): [(nil, lines)]
            default: []
            }
        return polygons.lazy.flatMap { polygon in
            polygon.rings.enumerated().lazy.flatMap { ring, positions in
                positions.enumerated().lazy.map { vertex, c -> IndexedPosition in (polygon.index, ring, vertex, c) }
            }
        }
    }
}

/// Why a text is not WKT, in GEOS's words.
public struct WKTError: Error, Sendable, Hashable {
    public var reason: String
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

extension ValidityProblem {
    /// Repeated positions are warnings; the rest are errors.
    public var severity: Diagnostic.Severity { code == "geometry.point.repeated" ? .warning : .error }

    /// The reason, where GEOS found it, and (`naming` the parts) which
    /// polygon, ring and vertex: "Self-intersection at 2.5, 1 (polygon 1,
    /// ring 0, vertex 3)".
    public func message(namingParts: Bool) -> String {
        var text = reason
        if let location, code != "geometry.point.repeated" {
            text += " at \(location.longitude), \(location.latitude)"
        }
        guard namingParts else { return text }
        let parts = [
            polygon.map { "polygon \($0)" }, ring.map { "ring \($0)" }, vertex.map { "vertex \($0)" },
        ].compactMap { $0 }
        return parts.isEmpty ? text : text + " (" + parts.joined(separator: ", ") + ")"
    }

    /// The problem as a diagnostic at `location` (a feature's place in its
    /// file), naming the polygon, ring and vertex in the message.
    public func diagnostic(at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: severity, code: code, message: message(namingParts: true), location: location)
    }
}

/// The validity problems of a stream of geometries, as diagnostics at
/// each one's place: what every format's validator does with the
/// features it reads. At `.off` it checks nothing (and makes no GEOS
/// context); problems of one code are kept `maximumPerCode` times.
public struct ValidityCollector {
    private let level: ValidityLevel
    private let validator: GeometryValidator?
    private var found: DiagnosticCollector

    public init(level: ValidityLevel, maximumPerCode: Int = 1_000) {
        self.level = level
        validator = level == .off ? nil : GeometryValidator()
        found = DiagnosticCollector(maximumPerCode: maximumPerCode)
    }

    /// Checks `geometry`, locating its problems at `location`.
    public mutating func check(_ geometry: Geometry?, at location: @autoclosure () -> SourceLocation) {
        guard let validator, let geometry else { return }
        let problems = validator.problems(in: geometry, level: level)
        guard !problems.isEmpty else { return }
        let place = location()
        found.append(contentsOf: problems.map { $0.diagnostic(at: place) })
    }

    public var diagnostics: [Diagnostic] { found.diagnostics }
}
