import CGEOS
import MeridianCore
import MeridianValidity

/// GEOS's overlay, union, buffer and hull operations on Meridian's
/// geometries: the geometry engine of ``Buffer``, ``Dissolver``,
/// ``Overlay``, ``SpatialJoin`` and ``Cleaner``.
///
/// ```swift
/// let operations = GeometryOperations()
/// let both = try operations.intersection(parcel, park)      // nil when they do not meet
/// let merged = try operations.union(of: [a, b, c])
/// ```
///
/// Geometries go to GEOS as longitude (x) and latitude (y): unions,
/// intersections and hulls are planar in degrees, as PostGIS's
/// `geometry` functions and shapely compute them; ``buffer(_:by:)``
/// works in metres on the ellipsoid. When GEOS refuses an input (its
/// TopologyException on an invalid polygon), the operation is run again
/// on the inputs made valid by GEOS's MakeValid; only if that fails too
/// is ``GeometryOperationError`` thrown, with GEOS's reason.
///
/// One instance owns one GEOS context: use one per thread.
public final class GeometryOperations {
    let validator = GeometryValidator()
    var context: GEOSContextHandle_t { validator.context }

    public init() {}

    // MARK: - Overlay

    /// The part of space both geometries cover; nil when they do not meet.
    public func intersection(_ a: Geometry, _ b: Geometry) throws(GeometryOperationError) -> Geometry? {
        try binary(a, b, "intersection") { libgeos.GEOSIntersection_r(context, $0, $1) }
    }

    /// The part of `a` outside `b`; nil when `b` covers all of `a`.
    public func difference(_ a: Geometry, _ b: Geometry) throws(GeometryOperationError) -> Geometry? {
        try binary(a, b, "difference") { libgeos.GEOSDifference_r(context, $0, $1) }
    }

    /// The parts of each geometry the other does not cover.
    public func symmetricDifference(_ a: Geometry, _ b: Geometry) throws(GeometryOperationError) -> Geometry? {
        try binary(a, b, "symmetric difference") { libgeos.GEOSSymDifference_r(context, $0, $1) }
    }

    /// All of `geometries` as one geometry: polygons merged across their
    /// shared borders, lines noded, points kept once (GEOS's UnaryUnion).
    /// Polygons that tile the plane without overlapping (a coverage, such
    /// as counties of a state) are merged by GEOS's CoverageUnion, which
    /// only drops the shared edges, many times faster; a result that shows
    /// they overlapped after all is made again by UnaryUnion.
    public func union(of geometries: [Geometry]) throws(GeometryOperationError) -> Geometry? {
        let parts = geometries.flatMap(\.simpleParts)
        guard !parts.isEmpty else { return nil }
        if parts.count == 1, case .polygon = parts[0] { return parts[0] }
        let polygonal = parts.allSatisfy(\.isPolygonal)
        let collection = try made(.geometryCollection(parts), "union")
        defer { libgeos.GEOSGeom_destroy_r(context, collection) }
        if polygonal, let merged = coverageUnion(collection, parts) { return merged }
        return try result(operation: "union", inputs: [collection]) { libgeos.GEOSUnaryUnion_r(context, $0[0]) }
    }

    /// CoverageUnion's result when it is one: valid, and of the area of
    /// the parts (overlapping parts would make it smaller).
    private func coverageUnion(_ collection: OpaquePointer, _ parts: [Geometry]) -> Geometry? {
        lastErrorReset()
        guard let union = libgeos.GEOSCoverageUnion_r(context, collection) else { return nil }
        defer { libgeos.GEOSGeom_destroy_r(context, union) }
        guard libgeos.GEOSisValid_r(context, union) == 1 else { return nil }
        var unionArea = 0.0
        var partsArea = 0.0
        guard libgeos.GEOSArea_r(context, union, &unionArea) == 1,
            libgeos.GEOSArea_r(context, collection, &partsArea) == 1,
            abs(unionArea - partsArea) <= 1e-9 * partsArea
        else { return nil }
        return validator.decode(union)
    }

    // MARK: - Shapes derived from one geometry

    /// The smallest convex polygon holding every position (a line or point
    /// when they are collinear or one).
    public func convexHull(_ geometry: Geometry) throws(GeometryOperationError) -> Geometry? {
        try unary(geometry, "convex hull") { libgeos.GEOSConvexHull_r(context, $0) }
    }

    /// A polygon hugging the positions more closely than the convex hull
    /// (GEOS's ConcaveHull, as PostGIS's `ST_ConcaveHull` and shapely's
    /// `concave_hull`): `ratio` 1 is the convex hull, smaller values let it
    /// in further, down to 0.
    public func concaveHull(_ geometry: Geometry, ratio: Double) throws(GeometryOperationError) -> Geometry? {
        try unary(geometry, "concave hull") { libgeos.GEOSConcaveHull_r(context, $0, ratio, 0) }
    }

    /// The centre of mass of the geometry's highest dimension (areas for
    /// polygons, lengths for lines), in longitude and latitude, as
    /// PostGIS's `ST_Centroid(geometry)`.
    public func centroid(_ geometry: Geometry) throws(GeometryOperationError) -> Coordinate? {
        guard case .point(let c)? = try unary(geometry, "centroid", { libgeos.GEOSGetCentroid_r(context, $0) })
        else { return nil }
        return c
    }

    /// A point guaranteed to lie on the geometry (inside a polygon).
    public func pointOnSurface(_ geometry: Geometry) -> Coordinate? {
        validator.pointOnSurface(geometry)
    }

    /// Whether the two geometries share any point (boundaries included).
    public func intersects(_ a: Geometry, _ b: Geometry) throws(GeometryOperationError) -> Bool {
        let first = try made(a, "intersects")
        defer { libgeos.GEOSGeom_destroy_r(context, first) }
        let second = try made(b, "intersects")
        defer { libgeos.GEOSGeom_destroy_r(context, second) }
        guard let prepared = libgeos.GEOSPrepare_r(context, first) else { throw failure("intersects") }
        defer { libgeos.GEOSPreparedGeom_destroy_r(context, prepared) }
        let answer = libgeos.GEOSPreparedIntersects_r(context, prepared, second)
        guard answer != 2 else { throw failure("intersects") }
        return answer == 1
    }

    /// GEOS's planar area of the geometry, in square degrees (0 for points
    /// and lines): what ordering by size uses.
    public func planarArea(_ geometry: Geometry) -> Double {
        validator.area(geometry)
    }

    // MARK: - The GEOS round trip

    func binary(
        _ a: Geometry, _ b: Geometry, _ operation: String,
        _ body: (OpaquePointer, OpaquePointer) -> OpaquePointer?
    ) throws(GeometryOperationError) -> Geometry? {
        let first = try made(a, operation)
        defer { libgeos.GEOSGeom_destroy_r(context, first) }
        let second = try made(b, operation)
        defer { libgeos.GEOSGeom_destroy_r(context, second) }
        return try result(operation: operation, inputs: [first, second]) { body($0[0], $0[1]) }
    }

    func unary(
        _ geometry: Geometry, _ operation: String, _ body: (OpaquePointer) -> OpaquePointer?
    ) throws(GeometryOperationError) -> Geometry? {
        let made = try made(geometry, operation)
        defer { libgeos.GEOSGeom_destroy_r(context, made) }
        return try result(operation: operation, inputs: [made]) { body($0[0]) }
    }

    /// `geometry` in GEOS, or the reason it cannot be.
    func made(_ geometry: Geometry, _ operation: String) throws(GeometryOperationError) -> OpaquePointer {
        guard let made = validator.makeAnyGEOS(geometry) else {
            throw GeometryOperationError(
                operation: operation, reason: "a ring is not closed or has fewer than four positions, or a line has one"
            )
        }
        return made
    }

    /// The body's result decoded; when GEOS fails, the body again on the
    /// inputs made valid, and then the failure.
    func result(
        operation: String, inputs: [OpaquePointer], _ body: ([OpaquePointer]) -> OpaquePointer?
    ) throws(GeometryOperationError) -> Geometry? {
        lastErrorReset()
        if let done = body(inputs) {
            defer { libgeos.GEOSGeom_destroy_r(context, done) }
            return validator.decode(done)
        }
        let reason = validator.lastError.message
        var valid: [OpaquePointer] = []
        defer { for geometry in valid { libgeos.GEOSGeom_destroy_r(context, geometry) } }
        for input in inputs {
            guard let made = libgeos.GEOSMakeValid_r(context, input) else { throw failure(operation, reason) }
            valid.append(made)
        }
        guard let done = body(valid) else { throw failure(operation, reason) }
        defer { libgeos.GEOSGeom_destroy_r(context, done) }
        return validator.decode(done)
    }

    func lastErrorReset() { validator.lastError.message = nil }

    func failure(_ operation: String, _ reason: String? = nil) -> GeometryOperationError {
        GeometryOperationError(operation: operation, reason: reason ?? validator.lastError.message ?? "GEOS failed")
    }
}

/// Why GEOS could not carry out an operation, in its words.
public struct GeometryOperationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// "union", "buffer", "intersection"...
    public var operation: String
    public var reason: String

    public init(operation: String, reason: String) {
        self.operation = operation
        self.reason = reason
    }

    public var description: String { "GEOS could not compute the \(operation): \(reason)" }
}

extension Geometry {
    /// The geometry's single parts (a MultiPolygon's polygons, a
    /// collection's members, flattened).
    var simpleParts: [Geometry] {
        switch self {
        case .multiPoint(let points): points.map(Geometry.point)
        case .multiLineString(let lines): lines.map(Geometry.lineString)
        case .multiPolygon(let polygons): polygons.map(Geometry.polygon)
        case .geometryCollection(let members): members.flatMap(\.simpleParts)
        default: [self]
        }
    }
}
