import CPROJ
import MeridianCore

/// Positions carried from one coordinate reference system to another by
/// PROJ: a national grid to WGS 84, WGS 84 to Web Mercator, one datum to
/// another.
///
/// ```swift
/// let toWGS84 = try CoordinateTransformation(from: "EPSG:27700")   // British National Grid
/// var positions = [Coordinate(latitude: 180_000, longitude: 530_000)]  // northing, easting
/// toWGS84.transform(&positions)
/// // positions[0] ≈ Coordinate(latitude: 51.4965, longitude: -0.1297)
/// ```
///
/// A system is named as PROJ reads it: `EPSG:n` (or any authority's
/// code), WKT 1 or 2, PROJJSON or a PROJ string. Positions go in and come
/// out in the traditional GIS order whatever a system's own axis order:
/// x (easting, or longitude) in ``Coordinate/longitude`` and y (northing,
/// or latitude) in ``Coordinate/latitude``, as GDAL's
/// `OAMS_TRADITIONAL_GIS_ORDER` reads them; EPSG:4326, latitude first by
/// its definition, is never swapped. PROJ picks the most accurate
/// operation it has for the area of the positions (grids when installed).
///
/// One transformation holds one PROJ context: use one per thread.
public final class CoordinateTransformation {
    /// The source system's name, and its code (`EPSG:27700`) when it has one.
    public let sourceName: String
    public let sourceCode: String?
    /// The target system's name, and its code when it has one.
    public let targetName: String
    public let targetCode: String?
    /// Where the source system is meant to be used, in longitude and
    /// latitude (west may be east of east across the antimeridian); nil
    /// when PROJ does not know.
    public let sourceArea: BoundingBox?
    /// The target system in WKT 1 (as GDAL writes it into a GeoPackage or
    /// a `.prj`); nil when PROJ cannot write it so.
    public let targetWKT: String?
    /// The target system in PROJJSON (as GeoParquet records it).
    public let targetPROJJSON: String?

    private let proj: MRPROJ
    private let context: OpaquePointer
    private let operation: OpaquePointer

    /// The transformation from `source` to `target` (WGS 84, longitude and
    /// latitude, unless given), or why PROJ cannot make it: a system it
    /// cannot read, or no operation between the two.
    public init(from source: String, to target: String = "EPSG:4326") throws(CoordinateSystemError) {
        var message = [CChar](repeating: 0, count: 256)
        guard let proj = mr_proj(&message, message.count)?.pointee else {
            let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            throw CoordinateSystemError(.libraryMissing, String(decoding: text, as: UTF8.self))
        }
        guard let context = proj.proj_context_create() else {
            throw CoordinateSystemError(.libraryMissing, "PROJ cannot make a context")
        }
        // PROJ's reasons come back in the errors thrown, not on standard error.
        _ = proj.proj_log_level(context, PJ_LOG_NONE)
        // Declared first, so run last: PROJ's objects go before their context.
        var made = false
        defer { if !made { _ = proj.proj_context_destroy(context) } }
        func make(
            _ object: OpaquePointer?, _ kind: CoordinateSystemError.Kind, _ what: String
        ) throws(CoordinateSystemError) -> OpaquePointer {
            if let object { return object }
            let reason = proj.proj_context_errno_string(context, proj.proj_context_errno(context))
            throw CoordinateSystemError(kind, reason.map { "\(what): \(String(cString: $0))" } ?? what)
        }
        let (from, to) = (Self.quoted(source), Self.quoted(target))
        let sourceSystem = try make(
            proj.proj_create(context, Self.system(source)), .unreadable,
            "PROJ cannot read the coordinate system \(from)")
        defer { _ = proj.proj_destroy(sourceSystem) }
        let targetSystem = try make(
            proj.proj_create(context, Self.system(target)), .unreadable, "PROJ cannot read the coordinate system \(to)")
        defer { _ = proj.proj_destroy(targetSystem) }
        let raw = try make(
            proj.proj_create_crs_to_crs_from_pj(context, sourceSystem, targetSystem, nil, nil), .noTransformation,
            "PROJ has no transformation from \(from) to \(to)")
        defer { _ = proj.proj_destroy(raw) }
        let operation = try make(
            proj.proj_normalize_for_visualization(context, raw), .noTransformation,
            "PROJ cannot order the axes of \(from) to \(to)")
        made = true
        self.proj = proj
        self.context = context
        self.operation = operation
        (sourceName, sourceCode) = Self.identity(of: sourceSystem, proj)
        (targetName, targetCode) = Self.identity(of: targetSystem, proj)
        targetWKT = proj.proj_as_wkt(context, targetSystem, PJ_WKT1_GDAL, nil).map { String(cString: $0) }
        targetPROJJSON = proj.proj_as_projjson(context, targetSystem, nil).map { String(cString: $0) }
        var (west, south, east, north) = (-1000.0, -1000.0, -1000.0, -1000.0)
        sourceArea =
            proj.proj_get_area_of_use(context, sourceSystem, &west, &south, &east, &north, nil) == 1 && west > -1000
            ? BoundingBox(west: west, south: south, east: east, north: north) : nil
    }

    deinit {
        _ = proj.proj_destroy(operation)
        _ = proj.proj_context_destroy(context)
    }

    /// Transforms `positions` in place (x in `longitude`, y in `latitude`,
    /// altitudes when present). A position PROJ cannot transform (outside
    /// the system's domain) becomes infinite: check with
    /// ``Coordinate/isValid`` or `isFinite`.
    public func transform(_ positions: inout [Coordinate]) {
        guard !positions.isEmpty else { return }
        let stride = MemoryLayout<Coordinate>.stride
        positions.withUnsafeMutableBufferPointer { buffer in
            let base = UnsafeMutableRawPointer(buffer.baseAddress!)
            let x = (base + MemoryLayout<Coordinate>.offset(of: \.longitude)!).assumingMemoryBound(to: Double.self)
            let y = (base + MemoryLayout<Coordinate>.offset(of: \.latitude)!).assumingMemoryBound(to: Double.self)
            _ = proj.proj_trans_generic(
                operation, PJ_FWD, x, stride, buffer.count, y, stride, buffer.count, nil, 0, 0, nil, 0, 0)
        }
    }

    /// Transforms `x` and `y` (as many of each) in place.
    public func transform(x: inout [Double], y: inout [Double]) {
        precondition(x.count == y.count, "as many x as y")
        guard !x.isEmpty else { return }
        let stride = MemoryLayout<Double>.stride
        x.withUnsafeMutableBufferPointer { xs in
            y.withUnsafeMutableBufferPointer { ys in
                _ = proj.proj_trans_generic(
                    operation, PJ_FWD, xs.baseAddress, stride, xs.count, ys.baseAddress, stride, ys.count, nil, 0, 0,
                    nil, 0, 0)
            }
        }
    }

    private static func identity(of system: OpaquePointer, _ proj: MRPROJ) -> (String, String?) {
        let name = proj.proj_get_name(system).map { String(cString: $0) } ?? "unnamed"
        guard let authority = proj.proj_get_id_auth_name(system, 0), let code = proj.proj_get_id_code(system, 0) else {
            return (name, nil)
        }
        return (name, String(cString: authority) + ":" + String(cString: code))
    }

    /// A PROJ string names a system, as GDAL reads one, without
    /// `+type=crs` (which PROJ asks for, to tell it from an operation).
    private static func system(_ definition: String) -> String {
        let trimmed = definition.drop { $0 == " " }
        guard trimmed.hasPrefix("+proj="), !definition.containsText("+type=crs") else { return definition }
        return definition + " +type=crs"
    }

    private static func quoted(_ definition: String) -> String {
        let line = definition.prefix { $0 != "\n" }
        return line.count > 60 ? "\"\(line.prefix(57))...\"" : "\"\(line)\""
    }
}

/// Why a coordinate system or a transformation between two cannot be made,
/// in PROJ's words.
public struct CoordinateSystemError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// PROJ's library or its database cannot be opened.
        case libraryMissing
        /// A definition PROJ cannot read as a coordinate system.
        case unreadable
        /// Two systems PROJ knows no operation between.
        case noTransformation
    }

    public var kind: Kind
    public var message: String
    public var description: String { message }

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
