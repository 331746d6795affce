import CGEOS
import MeridianCore
import MeridianPlatform

/// A geometry made valid, and what was changed to get there.
public struct GeometryRepair: Sendable, Hashable {
    /// The valid geometry; nil when nothing valid remains (a polygon whose
    /// every ring collapsed, a point that is not finite).
    public var geometry: Geometry?
    /// Each change, in the order made; empty when the geometry was valid
    /// and nothing was asked of it.
    public var changes: [GeometryChange]
}

/// One change a repair made: a `fix.*` code and what it did.
public struct GeometryChange: Sendable, Hashable {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// A change is a note; a geometry dropped, or kept at full precision,
    /// a warning; a geometry left unrepaired (GEOS ran out of time or
    /// failed), an error.
    public var severity: Diagnostic.Severity {
        switch code {
        case "fix.geometry.unrepaired": .error
        case "fix.geometry.dropped", "fix.precision.kept": .warning
        default: .info
        }
    }
}

extension GeometryValidator {
    /// What ``repair(_:options:)`` does beyond making the geometry valid.
    public struct RepairOptions: Sendable, Hashable {
        /// Snap coordinates to this many decimal places, without creating
        /// new invalidity (GEOS's precision reduction, which keeps
        /// polygons valid); nil keeps them as they are.
        public var precision: Int?
        /// Rewind polygon rings to the right-hand rule (RFC 7946 3.1.6:
        /// exterior counter-clockwise, holes clockwise).
        public var rewind: Bool
        /// The most seconds GEOS may spend rebuilding one geometry; nil for
        /// no bound. A polygon whose edges cross each other O(n²) times
        /// can take GEOS minutes and gigabytes: past this bound, or past
        /// ``GeometryValidator/repairMemory``, it is left as it was, with a
        /// `fix.geometry.unrepaired` error. (Geometries of more than 48
        /// positions are rebuilt in a worker process that enforces both.)
        public var timeLimit: Double?

        /// Ten seconds: a ring of 200 000 vertices with a spike across it
        /// is rebuilt in about two.
        public static let defaultTimeLimit = 10.0

        public init(precision: Int? = nil, rewind: Bool = true, timeLimit: Double? = defaultTimeLimit) {
            self.precision = precision
            self.rewind = rewind
            self.timeLimit = timeLimit
        }
    }

    /// `geometry` made valid with the smallest change, as PostGIS's
    /// `ST_MakeValid` and shapely's `make_valid` do, and a list of what
    /// changed. First the local faults are cleaned without touching the
    /// area: positions that are not finite are dropped, repeated
    /// consecutive positions removed, unclosed rings closed, spikes (a
    /// vertex where the ring turns straight back) cut off, and rings left
    /// with fewer than three distinct positions dropped. A polygon still
    /// invalid (self-intersections, holes that escape their shell or
    /// overlap) is then rebuilt by GEOS's MakeValid (the linework method,
    /// shapely's default): a bow-tie becomes two triangles, an escaped hole
    /// a polygon of its own; what collapses to lines or points is dropped,
    /// so polygons stay polygons. Finally coordinates are snapped to
    /// `options.precision` and rings rewound, when asked.
    ///
    /// ```swift
    /// let repair = GeometryValidator().repair(.polygon([[a, c, b, d, a]]))   // a bow-tie
    /// repair.geometry      // .multiPolygon of two triangles
    /// repair.changes       // [fix.geometry.made-valid "Self-intersection at ...: rebuilt as 2 polygons"]
    /// ```
    ///
    /// Cost: linear in the positions for the cleaning, GEOS's O(n log n)
    /// check, and MakeValid's noding only for geometries still invalid.
    public func repair(_ geometry: Geometry, options: RepairOptions = RepairOptions()) -> GeometryRepair {
        var changes: [GeometryChange] = []
        let repaired = repair(geometry, options: options, changes: &changes)
        return GeometryRepair(geometry: repaired, changes: changes)
    }

    private func repair(_ geometry: Geometry, options: RepairOptions, changes: inout [GeometryChange]) -> Geometry? {
        var result: Geometry?
        switch geometry {
        case .point(let c):
            guard c.isFinitePosition else {
                changes.append(GeometryChange(code: "fix.geometry.dropped", message: "the point is not finite"))
                return nil
            }
            result = geometry
        case .multiPoint(let points):
            let finite = points.filter(\.isFinitePosition)
            noteDropped(points.count - finite.count, &changes)
            result = finite.isEmpty ? nil : .multiPoint(finite)
        case .lineString(let line):
            result = cleanLine(line, index: nil, changes: &changes).map(Geometry.lineString)
        case .multiLineString(let lines):
            let kept = lines.enumerated().compactMap { cleanLine($1, index: $0, changes: &changes) }
            result = kept.isEmpty ? nil : .multiLineString(kept)
        case .polygon, .multiPolygon:
            result = repairPolygonal(geometry, options: options, changes: &changes)
        case .geometryCollection(let members):
            let kept = members.compactMap { repair($0, options: options, changes: &changes) }
            result = kept.isEmpty ? nil : .geometryCollection(kept)
        }
        if result == nil, !changes.contains(where: { $0.code == "fix.geometry.dropped" }) {
            changes.append(
                GeometryChange(
                    code: "fix.geometry.dropped", message: "nothing valid remains of the \(geometry.typeName)"))
        }
        guard var result else { return nil }
        if let precision = options.precision, !result.isPolygonal, !result.isGeometryCollection {
            let snapped = result.mappingCoordinates { $0.rounded(to: precision) }.removingRepeatedPositions
            if snapped.hasDegenerateLine {
                changes.append(keptPrecision(precision, "a line collapses to one position"))
            } else {
                result = snapped
            }
        }
        return result
    }

    private func keptPrecision(_ precision: Int, _ why: String) -> GeometryChange {
        GeometryChange(
            code: "fix.precision.kept",
            message: "kept at full precision: at \(precision) decimal place\(precision == 1 ? "" : "s") \(why)")
    }

    // MARK: - Lines

    private func cleanLine(_ line: [Coordinate], index: Int?, changes: inout [GeometryChange]) -> [Coordinate]? {
        var kept = line.filter(\.isFinitePosition)
        noteDropped(line.count - kept.count, &changes)
        let before = kept.count
        kept = Self.removingRepeats(kept)
        let name = index.map { "line \($0)" } ?? "the line"
        if kept.count < before {
            changes.append(
                GeometryChange(
                    code: "fix.point.removed",
                    message: "removed \(before - kept.count) repeated consecutive position(s) of \(name)"))
        }
        guard kept.count >= 2 else {
            changes.append(
                GeometryChange(code: "fix.line.dropped", message: "dropped \(name): fewer than 2 distinct positions"))
            return nil
        }
        return kept
    }

    // MARK: - Polygons

    private func repairPolygonal(_ geometry: Geometry, options: RepairOptions, changes: inout [GeometryChange])
        -> Geometry?
    {
        let polygons: [[[Coordinate]]]
        let isMulti: Bool
        switch geometry {
        case .polygon(let rings): (polygons, isMulti) = ([rings], false)
        case .multiPolygon(let parts): (polygons, isMulti) = (parts, true)
        default: return geometry
        }
        var cleaned: [[[Coordinate]]] = []
        for (p, rings) in polygons.enumerated() {
            var kept: [[Coordinate]] = []
            for (r, ring) in rings.enumerated() {
                let name = (isMulti ? "polygon \(p) " : "") + "ring \(r)"
                guard let ring = cleanRing(ring, name: name, changes: &changes) else {
                    let message =
                        r == 0
                        ? "dropped \(isMulti ? "polygon \(p)" : "the polygon"): its exterior ring has fewer than 3 distinct positions"
                        : "dropped \(name): fewer than 3 distinct positions"
                    changes.append(GeometryChange(code: "fix.ring.dropped", message: message))
                    if r == 0 { break } else { continue }
                }
                kept.append(ring)
            }
            if !kept.isEmpty { cleaned.append(kept) }
        }
        guard !cleaned.isEmpty else { return nil }
        var result: Geometry = isMulti ? .multiPolygon(cleaned) : .polygon(cleaned[0])
        let problem = problems(in: result).first
        var rebuilt = false
        if problem != nil || options.precision != nil {
            // GEOS's work, only for a polygon still invalid or to be snapped.
            guard let geos = makeGEOS(result) else { return nil }
            var current = geos
            defer { libgeos.GEOSGeom_destroy_r(context, current) }
            if let problem {
                let valid: OpaquePointer
                switch makeValid(current, positions: result.coordinateCount, timeLimit: options.timeLimit) {
                case .success(let made): valid = made
                case .failure(let why):
                    // Not dropped: a geometry GEOS could not rebuild stays as it was, and says so.
                    changes.append(
                        GeometryChange(
                            code: "fix.geometry.unrepaired",
                            message: "\(problem.message(namingParts: true)): \(why); the geometry is left as it was"))
                    return geometry
                }
                libgeos.GEOSGeom_destroy_r(context, current)
                current = valid
                guard let polygons = decode(current).flatMap({ $0.polygonalPart(multi: isMulti) }) else {
                    changes.append(
                        GeometryChange(
                            code: "fix.geometry.dropped",
                            message: "\(problem.message(namingParts: true)): nothing of area remains once made valid"))
                    return nil
                }
                result = polygons
                rebuilt = true
                let parts = if case .multiPolygon(let p) = polygons { p.count } else { 1 }
                changes.append(
                    GeometryChange(
                        code: "fix.geometry.made-valid",
                        message:
                            "\(problem.message(namingParts: true)): rebuilt by GEOS's MakeValid as \(parts) polygon\(parts == 1 ? "" : "s")"
                    ))
            }
            if let precision = options.precision {
                // Snapping never makes a valid geometry invalid or drops it:
                // what would collapse keeps its precision.
                let snapped = libgeos.GEOSGeom_setPrecision_r(
                    context, current, (0..<precision).reduce(1.0) { grid, _ in grid / 10 },
                    Int32(GEOS_PREC_VALID_OUTPUT.rawValue))
                let polygons = snapped.flatMap { snapped in
                    defer { libgeos.GEOSGeom_destroy_r(context, snapped) }
                    return decode(snapped).flatMap { $0.polygonalPart(multi: isMulti) }
                }
                if let polygons, polygons.polygonCount == result.polygonCount {
                    // GEOS's grid values are the nearest doubles to the decimals: print them so.
                    result = polygons.mappingCoordinates { $0.rounded(to: precision) }
                } else {
                    changes.append(keptPrecision(precision, "its polygons collapse"))
                }
            }
        }
        if options.rewind, !result.followsRightHandRule {
            result = result.rewoundToRightHandRule()
            // GEOS winds what it rebuilds its own way: not a change to report.
            if !rebuilt {
                changes.append(
                    GeometryChange(
                        code: "fix.ring.rewound",
                        message: "rewound rings to the right-hand rule (exterior counter-clockwise, holes clockwise)"))
            }
        }
        return result
    }

    /// The ring with non-finite and repeated positions and spikes removed,
    /// closed; nil when fewer than 3 distinct positions remain.
    private func cleanRing(_ ring: [Coordinate], name: String, changes: inout [GeometryChange]) -> [Coordinate]? {
        var points = ring.filter(\.isFinitePosition)
        noteDropped(ring.count - points.count, &changes)
        let closed = points.first == points.last
        if closed, points.count > 1 { points.removeLast() }
        let before = points.count
        points = Self.removingRepeats(points)
        if points.count > 1, points.first == points.last { points.removeLast() }
        if points.count < before {
            changes.append(
                GeometryChange(
                    code: "fix.point.removed",
                    message: "removed \(before - points.count) repeated consecutive position(s) of \(name)"))
        }
        let spikes = Self.removeSpikes(&points)
        if spikes > 0 {
            changes.append(
                GeometryChange(code: "fix.spike.removed", message: "cut \(spikes) spike(s) off \(name)"))
        }
        guard points.count >= 3 else { return nil }
        if !closed, ring.count > 1 {
            changes.append(
                GeometryChange(code: "fix.ring.closed", message: "closed \(name): it now ends where it starts"))
        }
        points.append(points[0])
        return points
    }

    static func removingRepeats(_ points: [Coordinate]) -> [Coordinate] {
        var kept: [Coordinate] = []
        kept.reserveCapacity(points.count)
        for point in points where kept.last != point { kept.append(point) }
        return kept
    }

    /// Removes vertices where an open ring (last != first) turns straight
    /// back on itself, and the repeats that leaves, until none remain;
    /// returns how many were cut. Linear: each removal steps back one.
    static func removeSpikes(_ points: inout [Coordinate]) -> Int {
        var removed = 0
        var stack: [Coordinate] = []
        stack.reserveCapacity(points.count)
        func isSpike(_ a: Coordinate, _ b: Coordinate, _ c: Coordinate) -> Bool {
            if a == c { return true }
            let (ux, uy) = (b.longitude - a.longitude, b.latitude - a.latitude)
            let (vx, vy) = (c.longitude - b.longitude, c.latitude - b.latitude)
            return ux * vy - uy * vx == 0 && ux * vx + uy * vy < 0
        }
        for point in points {
            if stack.last == point { continue }
            while stack.count >= 2, isSpike(stack[stack.count - 2], stack[stack.count - 1], point) {
                stack.removeLast()
                removed += 1
                if stack.last == point { break }
            }
            if stack.last != point { stack.append(point) }
        }
        // The seam: the ring closes from the last vertex to the first.
        var changed = true
        while changed, stack.count >= 3 {
            changed = false
            let n = stack.count
            if isSpike(stack[n - 2], stack[n - 1], stack[0]) {
                stack.removeLast()
                removed += 1
                changed = true
            } else if isSpike(stack[n - 1], stack[0], stack[1]) {
                stack.removeFirst()
                removed += 1
                changed = true
            }
            if stack.count >= 2, stack.first == stack.last {
                stack.removeLast()
                changed = true
            }
        }
        points = stack
        return removed
    }

    private func noteDropped(_ count: Int, _ changes: inout [GeometryChange]) {
        guard count > 0 else { return }
        changes.append(
            GeometryChange(
                code: "fix.coordinate.dropped",
                message: "dropped \(count) position(s) that were not finite (NaN or infinite)"
            ))
    }

    /// The most positions a geometry may have for MakeValid to run in this
    /// process: at 48, however its edges cross, GEOS takes well under a
    /// second and a few megabytes (a 40-point star of 400 crossings: 0.3 s).
    static let inProcessPositions = 48

    /// The most memory, beyond what this process has mapped, that MakeValid
    /// of a larger geometry may take in its worker.
    public static let repairMemory = 512 << 20

    /// GEOS's MakeValid, linework method, collapsed parts not kept; for a
    /// geometry of more than ``inProcessPositions`` positions, in a worker
    /// process bounded by `timeLimit` seconds and ``repairMemory`` bytes,
    /// since GEOS cannot be interrupted in the middle of its overlays. The
    /// failure is why, in words.
    private func makeValid(_ geometry: OpaquePointer, positions: Int, timeLimit: Double?) -> Result<
        OpaquePointer, RepairFailure
    > {
        lastError.message = nil
        if positions > Self.inProcessPositions, let timeLimit {
            var result: OpaquePointer?
            var message = [CChar](repeating: 0, count: 512)
            let memory = "GEOS's MakeValid needed more than \(Self.repairMemory >> 20) MB"
            switch mr_geos_make_valid_bounded(context, geometry, timeLimit, Self.repairMemory, &result, &message, 512) {
            case MR_GEOS_BOUNDED_DONE:
                if let result { return .success(result) }
            case MR_GEOS_BOUNDED_TIMED_OUT:
                return .failure(RepairFailure("GEOS's MakeValid did not finish within \(timeLimit.formatted) s"))
            case MR_GEOS_BOUNDED_NO_WORKER:
                // No process could be made: the work is done here, unbounded.
                break
            case MR_GEOS_BOUNDED_GEOS_ERROR:
                let reason = String(nulTerminated: message)
                return .failure(
                    RepairFailure(
                        reason.containsText("bad_alloc")
                            ? memory : "GEOS's MakeValid failed (\(reason.isEmpty ? "no reason given" : reason))"))
            default:
                return .failure(RepairFailure(memory))
            }
        }
        guard let parameters = libgeos.GEOSMakeValidParams_create_r(context) else {
            return .failure(RepairFailure("GEOS's MakeValid failed (out of memory)"))
        }
        defer { libgeos.GEOSMakeValidParams_destroy_r(context, parameters) }
        _ = libgeos.GEOSMakeValidParams_setMethod_r(context, parameters, GEOS_MAKE_VALID_LINEWORK)
        _ = libgeos.GEOSMakeValidParams_setKeepCollapsed_r(context, parameters, 0)
        guard let valid = libgeos.GEOSMakeValidWithParams_r(context, geometry, parameters) else {
            return .failure(RepairFailure("GEOS's MakeValid failed (\(lastError.message ?? "no reason given"))"))
        }
        return .success(valid)
    }
}

/// Why GEOS could not rebuild a geometry.
struct RepairFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension Double {
    /// Seconds as a user wrote them: 10, 0.5.
    fileprivate var formatted: String { self == rounded() ? String(Int(self)) : String(self) }
}

extension Coordinate {
    var isFinitePosition: Bool { latitude.isFinite && longitude.isFinite }

    func rounded(to places: Int) -> Coordinate {
        Coordinate(
            latitude: MeridianCore.rounded(latitude, toPlaces: places),
            longitude: MeridianCore.rounded(longitude, toPlaces: places))
    }
}

extension Geometry {
    package var isPolygonal: Bool {
        switch self {
        case .polygon, .multiPolygon: true
        default: false
        }
    }

    var isGeometryCollection: Bool {
        if case .geometryCollection = self { true } else { false }
    }

    var polygonCount: Int { polygons.count }

    /// Lines without their repeated consecutive positions (rounding makes them).
    var removingRepeatedPositions: Geometry {
        switch self {
        case .lineString(let line): .lineString(GeometryValidator.removingRepeats(line))
        case .multiLineString(let lines): .multiLineString(lines.map(GeometryValidator.removingRepeats))
        default: self
        }
    }

    /// True when a line has fewer than two positions.
    var hasDegenerateLine: Bool {
        switch self {
        case .lineString(let line): line.count < 2
        case .multiLineString(let lines): lines.contains { $0.count < 2 }
        default: false
        }
    }

    /// The polygons of a GEOS result (a collection may mix in collapsed
    /// lines and points): a MultiPolygon when there are several or `multi`
    /// asks for one, else a Polygon; nil when there are none.
    package func polygonalPart(multi: Bool) -> Geometry? {
        let polygons = self.polygons
        if polygons.isEmpty { return nil }
        return polygons.count == 1 && !multi ? .polygon(polygons[0]) : .multiPolygon(polygons)
    }

    /// The polygons of the geometry (a collection's, flattened), each as its rings.
    package var polygons: [[[Coordinate]]] {
        switch self {
        case .polygon(let rings): [rings]
        case .multiPolygon(let parts): parts
        case .geometryCollection(let members): members.flatMap(\.polygons)
        default: []
        }
    }

    package func mappingCoordinates(_ transform: (Coordinate) -> Coordinate) -> Geometry {
        switch self {
        case .point(let c): .point(transform(c))
        case .multiPoint(let points): .multiPoint(points.map(transform))
        case .lineString(let line): .lineString(line.map(transform))
        case .multiLineString(let lines): .multiLineString(lines.map { $0.map(transform) })
        case .polygon(let rings): .polygon(rings.map { $0.map(transform) })
        case .multiPolygon(let polygons): .multiPolygon(polygons.map { $0.map { $0.map(transform) } })
        case .geometryCollection(let members): .geometryCollection(members.map { $0.mappingCoordinates(transform) })
        }
    }
}
