import CGEOS
import MeridianCore
import MeridianLibC
import MeridianValidity

/// How ``GeometryOperations/buffer(_:by:)`` draws a zone around a
/// geometry: its distance in metres on the ellipsoid and GEOS's (and
/// PostGIS's `ST_Buffer`) shape parameters.
public struct BufferOptions: Sendable, Hashable {
    /// How the ends of a line are drawn.
    public enum CapStyle: String, Sendable, Hashable, CaseIterable {
        case round, flat, square
    }

    /// How the outside of a corner is drawn.
    public enum JoinStyle: String, Sendable, Hashable, CaseIterable {
        case round, mitre, bevel
    }

    /// Metres; a negative distance shrinks polygons (and leaves nothing
    /// of points and lines).
    public var distance: Double
    /// Straight segments per quarter circle of a round cap or join.
    public var quadrantSegments: Int
    public var capStyle: CapStyle
    public var joinStyle: JoinStyle
    /// How far a mitre may reach, in distances, before it is bevelled.
    public var mitreLimit: Double

    public init(
        distance: Double, quadrantSegments: Int = 8, capStyle: CapStyle = .round, joinStyle: JoinStyle = .round,
        mitreLimit: Double = 5
    ) {
        self.distance = distance
        self.quadrantSegments = quadrantSegments
        self.capStyle = capStyle
        self.joinStyle = joinStyle
        self.mitreLimit = mitreLimit
    }
}

extension GeometryOperations {
    /// The zone within `options.distance` metres of `geometry`, measured
    /// along the ellipsoid (WGS 84), not in degrees.
    ///
    /// ```swift
    /// let zone = try GeometryOperations().buffer(.point(station), by: BufferOptions(distance: 500))
    /// ```
    ///
    /// The geometry is carried into an ``AzimuthalEquidistant`` plane
    /// centred on it (its edges cut into pieces of at most a tenth of a
    /// degree first, so that they keep their course), buffered there by
    /// GEOS, and the zone's edges (in pieces of at most 10 km) carried
    /// back. A geometry reaching more than 300 km from its centre, with
    /// round ends and corners, is buffered in pieces instead: its lines
    /// and rings cut into runs of at most 200 km, each buffered in a plane
    /// of its own, and the zones united (a polygon's with the polygon, or
    /// taken out of it for a negative distance). A zone that crosses the antimeridian is cut there, one that
    /// encloses a pole runs along the pole's parallel, and a distance of
    /// half the meridian or more (20 004 km) gives the whole Earth. A zone
    /// that would enclose both poles is refused (an error naming the
    /// distance). Distances are exact from the centre and stretched across
    /// the bearing by about (r/R)²/6 at r metres from it: below 4e-4 in
    /// each plane. (With flat or square ends, or mitred or bevelled
    /// corners, a wide geometry stays in one plane, as pieces would show
    /// their joints: the error grows as (r/R)²/6.)
    ///
    /// A distance of 0 keeps a polygon as it is and leaves nothing of a
    /// point or line; so does a negative distance of a point or line, or
    /// one that shrinks a polygon away. Nothing left is nil.
    public func buffer(_ geometry: Geometry, by options: BufferOptions) throws(GeometryOperationError) -> Geometry? {
        guard options.distance.isFinite else {
            throw GeometryOperationError(operation: "buffer", reason: "the distance is not a finite number")
        }
        if let off = geometry.firstPositionOffTheGlobe {
            throw GeometryOperationError(
                operation: "buffer",
                reason:
                    "the position \(off.longitude), \(off.latitude) is off the globe (a longitude beyond ±180 or a latitude beyond ±90): no zone in metres can be drawn around it"
            )
        }
        if options.distance == 0 { return geometry.isPolygonal ? geometry : nil }
        if options.distance >= Self.halfMeridian {
            let corners = [(-180.0, -90.0), (180, -90), (180, 90), (-180, 90), (-180, -90)]
            return .polygon([corners.map { Coordinate(latitude: $0.1, longitude: $0.0) }])
        }
        guard let centre = Self.centre(of: geometry) else { return nil }
        let plane = AzimuthalEquidistant(centre: centre)
        let densified = Self.densified(geometry, longestEdge: 0.1)
        var reach = 0.0
        let projected = densified.mappingCoordinates {
            let (x, y) = plane.forward($0)
            reach = max(reach, (x * x + y * y).squareRoot())
            return Coordinate(latitude: y, longitude: x)
        }
        // Too wide for one plane: the zone is the union of its pieces' zones.
        if reach > Self.widestPlane, options.capStyle == .round, options.joinStyle == .round {
            return try bufferInPieces(densified, by: options)
        }
        let source = try made(projected, "buffer")
        defer { libgeos.GEOSGeom_destroy_r(context, source) }
        guard let parameters = libgeos.GEOSBufferParams_create_r(context) else { throw failure("buffer") }
        defer { libgeos.GEOSBufferParams_destroy_r(context, parameters) }
        _ = libgeos.GEOSBufferParams_setQuadrantSegments_r(context, parameters, Int32(options.quadrantSegments))
        _ = libgeos.GEOSBufferParams_setEndCapStyle_r(context, parameters, Int32(options.capStyle.geos))
        _ = libgeos.GEOSBufferParams_setJoinStyle_r(context, parameters, Int32(options.joinStyle.geos))
        _ = libgeos.GEOSBufferParams_setMitreLimit_r(context, parameters, options.mitreLimit)
        guard
            let zone = try result(
                operation: "buffer", inputs: [source],
                { libgeos.GEOSBufferWithParams_r(context, $0[0], parameters, options.distance) })
        else { return nil }
        return try unprojected(zone, from: plane, distance: options.distance)
    }

    /// How far from its centre a geometry may reach and still be buffered
    /// in one plane: there the plane stretches distances across the
    /// bearing by 4e-4 at the most.
    static let widestPlane = 300_000.0

    /// The longest piece a wider geometry's lines and rings are cut into,
    /// each buffered in a plane of its own.
    static let longestPiece = 200_000.0

    /// The zone of a geometry too wide for one plane, with round ends and
    /// corners (the zone of a union is the union of the zones): points
    /// one by one, lines in pieces, and a polygon with the zone of its
    /// boundary added (or, for a negative distance, taken away).
    private func bufferInPieces(_ geometry: Geometry, by options: BufferOptions) throws(GeometryOperationError)
        -> Geometry?
    {
        var zones: [Geometry] = []
        var boundary = options
        boundary.distance = abs(options.distance)
        switch geometry {
        case .multiPoint(let points):
            for point in points { if let zone = try buffer(.point(point), by: options) { zones.append(zone) } }
        case .lineString, .multiLineString:
            for line in geometry.lines {
                for piece in Self.pieces(of: line) {
                    if let zone = try buffer(.lineString(piece), by: options) { zones.append(zone) }
                }
            }
        case .polygon, .multiPolygon:
            var edges: [Geometry] = []
            for ring in geometry.polygons.joined() {
                for piece in Self.pieces(of: ring) {
                    if let zone = try buffer(.lineString(piece), by: boundary) { edges.append(zone) }
                }
            }
            guard let edge = try union(of: edges) else { return geometry }
            let zone =
                options.distance > 0 ? try union(of: [geometry, edge]) : try difference(geometry, edge)
            return zone?.polygonalPart(multi: false)?.rewoundToRightHandRule()
        case .geometryCollection(let members):
            for member in members { if let zone = try buffer(member, by: options) { zones.append(zone) } }
        case .point:
            return try buffer(geometry, by: options)
        }
        return try union(of: zones)?.polygonalPart(multi: false)?.rewoundToRightHandRule()
    }

    /// The path cut into runs of at most ``longestPiece`` metres, each
    /// starting where the one before ends; a ring into two at least.
    static func pieces(of path: [Coordinate]) -> [[Coordinate]] {
        guard path.count > 2 else { return [path] }
        var pieces: [[Coordinate]] = []
        var current = [path[0]]
        var length = 0.0
        for (a, b) in zip(path, path.dropFirst()) {
            let step = Geodesic.wgs84.inverse(from: a, to: b).distance
            if length + step > longestPiece, current.count > 1 {
                pieces.append(current)
                current = [a]
                length = 0
            }
            current.append(b)
            length += step
        }
        pieces.append(current)
        // A ring in one piece would be a closed line, whose zone GEOS
        // draws with a hole where the inner side's offset folds over
        // (a ring narrower than the distance): two open halves instead.
        if pieces.count == 1, path.count > 3, path.first == path.last {
            let middle = path.count / 2
            return [Array(path[...middle]), Array(path[middle...])]
        }
        return pieces
    }

    /// Half the meridian of WGS 84, the greatest geodesic distance
    /// between two points: a zone this wide covers the Earth.
    static let halfMeridian = 20_003_931.4586

    /// The planar zone carried back to longitude and latitude.
    private func unprojected(
        _ zone: Geometry, from plane: AzimuthalEquidistant, distance: Double
    ) throws(GeometryOperationError) -> Geometry? {
        let north = plane.forward(Coordinate(latitude: 90, longitude: 0))
        let south = plane.forward(Coordinate(latitude: -90, longitude: 0))
        let polygons = zone.polygons
        let holdsNorth = polygons.contains { Self.contains($0, north.x, north.y) }
        let holdsSouth = polygons.contains { Self.contains($0, south.x, south.y) }
        if holdsNorth && holdsSouth {
            throw GeometryOperationError(
                operation: "buffer",
                reason:
                    "a zone of \(distance) m around it would enclose both poles; the most it can be is a zone around one"
            )
        }
        var parts: [[[Coordinate]]] = []
        for polygon in polygons {
            var rings: [[Coordinate]] = []
            for (index, ring) in polygon.enumerated() {
                var unwrapped = Self.unwrapped(
                    Self.densified(ring, longestEdge: 10_000).map { plane.inverse(x: $0.longitude, y: $0.latitude) },
                    near: plane.centre.longitude)
                guard let first = unwrapped.first, let last = unwrapped.last else { continue }
                if abs(last.longitude - first.longitude) > 180 {
                    // Around a pole: along its parallel and back.
                    guard index == 0 else {
                        throw GeometryOperationError(
                            operation: "buffer", reason: "a hole of the zone would enclose a pole")
                    }
                    let pole: Double = holdsNorth ? 90 : -90
                    unwrapped.append(Coordinate(latitude: pole, longitude: last.longitude))
                    unwrapped.append(Coordinate(latitude: pole, longitude: first.longitude))
                    unwrapped.append(first)
                } else {
                    unwrapped[unwrapped.count - 1] = first
                }
                rings.append(unwrapped)
            }
            if !rings.isEmpty { parts += try cutIntoWorld(rings) }
        }
        guard !parts.isEmpty else { return nil }
        var result: Geometry = parts.count == 1 ? .polygon(parts[0]) : .multiPolygon(parts)
        if !validator.problems(in: result).isEmpty {
            result =
                try unary(result, "buffer") { libgeos.GEOSMakeValid_r(context, $0) }?.polygonalPart(multi: false)
                ?? result
        }
        return result.rewoundToRightHandRule()
    }

    /// A polygon in unwrapped longitudes, cut into the parts that fall in
    /// each 360° window and shifted into [-180, 180].
    private func cutIntoWorld(_ rings: [[Coordinate]]) throws(GeometryOperationError) -> [[[Coordinate]]] {
        var west = Double.infinity
        var east = -Double.infinity
        for position in rings[0] {
            west = min(west, position.longitude)
            east = max(east, position.longitude)
        }
        if west >= -180 && east <= 180 { return [rings] }
        var parts: [[[Coordinate]]] = []
        let polygon = try made(.polygon(rings), "buffer")
        defer { libgeos.GEOSGeom_destroy_r(context, polygon) }
        let first = Int(((west + 180) / 360).rounded(.down))
        let last = Int(((east + 180) / 360).rounded(.up)) - 1
        for window in first...max(first, last) {
            let shift = Double(window) * 360
            guard
                let piece = try result(
                    operation: "buffer", inputs: [polygon],
                    { libgeos.GEOSClipByRect_r(context, $0[0], shift - 180, -90, shift + 180, 90) })
            else { continue }
            for part in piece.polygons {
                parts.append(
                    part.map { ring in
                        ring.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude - shift) }
                    })
            }
        }
        return parts
    }

    /// The middle of the geometry's extent, its longitudes taken over
    /// whichever of [-180, 180] and [0, 360) spans less (so that a
    /// geometry cut at the antimeridian is centred there).
    static func centre(of geometry: Geometry) -> Coordinate? {
        var south = Double.infinity
        var north = -Double.infinity
        var west = Double.infinity
        var east = -Double.infinity
        var westShifted = Double.infinity
        var eastShifted = -Double.infinity
        geometry.forEachCoordinate { position in
            guard position.latitude.isFinite, position.longitude.isFinite else { return }
            south = min(south, position.latitude)
            north = max(north, position.latitude)
            west = min(west, position.longitude)
            east = max(east, position.longitude)
            let shifted = position.longitude < 0 ? position.longitude + 360 : position.longitude
            westShifted = min(westShifted, shifted)
            eastShifted = max(eastShifted, shifted)
        }
        guard south <= north else { return nil }
        var longitude = eastShifted - westShifted < east - west ? (westShifted + eastShifted) / 2 : (west + east) / 2
        if longitude > 180 { longitude -= 360 }
        return Coordinate(latitude: max(-90, min(90, (south + north) / 2)), longitude: longitude)
    }

    /// Longitudes made continuous along the ring (no step over 180°), the
    /// first the one of its equivalents nearest `centre`.
    static func unwrapped(_ ring: [Coordinate], near centre: Double) -> [Coordinate] {
        guard var previous = ring.first?.longitude else { return [] }
        previous -= ((previous - centre) / 360).rounded() * 360
        var result = [Coordinate(latitude: ring[0].latitude, longitude: previous)]
        result.reserveCapacity(ring.count)
        for position in ring.dropFirst() {
            var longitude = position.longitude
            longitude -= ((longitude - previous) / 360).rounded() * 360
            result.append(Coordinate(latitude: position.latitude, longitude: longitude))
            previous = longitude
        }
        return result
    }

    /// Whether the planar polygon (rings of x = longitude, y = latitude)
    /// holds the point, by the even-odd rule.
    static func contains(_ polygon: [[Coordinate]], _ x: Double, _ y: Double) -> Bool {
        var inside = false
        for ring in polygon where ring.count > 1 {
            var previous = ring[ring.count - 1]
            for current in ring {
                if (current.latitude > y) != (previous.latitude > y) {
                    let crossing =
                        previous.longitude + (y - previous.latitude) / (current.latitude - previous.latitude)
                        * (current.longitude - previous.longitude)
                    if x < crossing { inside.toggle() }
                }
                previous = current
            }
        }
        return inside
    }

    /// The geometry with every edge longer than `longestEdge` (in its
    /// coordinates' unit) cut into equal pieces no longer.
    static func densified(_ geometry: Geometry, longestEdge: Double) -> Geometry {
        switch geometry {
        case .point, .multiPoint: geometry
        case .lineString(let line): .lineString(densified(line, longestEdge: longestEdge))
        case .multiLineString(let lines): .multiLineString(lines.map { densified($0, longestEdge: longestEdge) })
        case .polygon(let rings): .polygon(rings.map { densified($0, longestEdge: longestEdge) })
        case .multiPolygon(let polygons):
            .multiPolygon(polygons.map { $0.map { densified($0, longestEdge: longestEdge) } })
        case .geometryCollection(let members):
            .geometryCollection(members.map { densified($0, longestEdge: longestEdge) })
        }
    }

    static func densified(_ path: [Coordinate], longestEdge: Double) -> [Coordinate] {
        guard path.count > 1 else { return path }
        var result: [Coordinate] = [path[0]]
        result.reserveCapacity(path.count)
        for (a, b) in zip(path, path.dropFirst()) {
            let dx = b.longitude - a.longitude
            let dy = b.latitude - a.latitude
            let length = (dx * dx + dy * dy).squareRoot()
            if length > longestEdge, length.isFinite {
                let pieces = min(Int((length / longestEdge).rounded(.up)), 100_000)
                for step in 1..<pieces {
                    let t = Double(step) / Double(pieces)
                    result.append(Coordinate(latitude: a.latitude + t * dy, longitude: a.longitude + t * dx))
                }
            }
            result.append(b)
        }
        return result
    }
}

extension BufferOptions.CapStyle {
    var geos: UInt32 {
        switch self {
        case .round: GEOSBUF_CAP_ROUND.rawValue
        case .flat: GEOSBUF_CAP_FLAT.rawValue
        case .square: GEOSBUF_CAP_SQUARE.rawValue
        }
    }
}

extension BufferOptions.JoinStyle {
    var geos: UInt32 {
        switch self {
        case .round: GEOSBUF_JOIN_ROUND.rawValue
        case .mitre: GEOSBUF_JOIN_MITRE.rawValue
        case .bevel: GEOSBUF_JOIN_BEVEL.rawValue
        }
    }
}

extension Geometry {
    /// The lines of a LineString or MultiLineString.
    var lines: [[Coordinate]] {
        switch self {
        case .lineString(let line): [line]
        case .multiLineString(let lines): lines
        default: []
        }
    }
}
