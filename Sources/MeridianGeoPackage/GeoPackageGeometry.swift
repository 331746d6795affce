import MeridianCore

/// The GeoPackage binary geometry (OGC GeoPackage 1.3, 2.1.3): a `GP`
/// header with the SRS id and an optional envelope, then ISO WKB.
///
/// ```swift
/// let blob = GeoPackageGeometry.encode(.point(c), srsID: 4326)
/// let (geometry, envelope) = try GeoPackageGeometry.decode(blob)
/// ```
///
/// Reading takes either byte order, 2D, Z, M and ZM (Z kept as altitude,
/// M dropped), and the empty flag; it refuses truncated or unknown WKB.
/// Writing is little-endian, 2D, with an XY envelope for every geometry
/// but a point (as GDAL writes them).
public enum GeoPackageGeometry {
    /// Why a blob is not a GeoPackage geometry.
    public struct Failure: Error, Sendable, Hashable {
        public var reason: String
    }

    public struct Decoded: Sendable {
        public var geometry: Geometry?
        /// minX, maxX, minY, maxY as the header gives it.
        public var envelope: (Double, Double, Double, Double)?
        public var srsID: Int32
    }

    // MARK: - Reading

    public static func decode(_ blob: [UInt8]) -> Result<Decoded, Failure> {
        guard blob.count >= 8, blob[0] == 0x47, blob[1] == 0x50 else {
            return .failure(Failure(reason: "the blob does not start with the GeoPackage magic 'GP'"))
        }
        let flags = blob[3]
        let littleHeader = flags & 1 == 1
        let envelopeKind = Int((flags >> 1) & 0x7)
        let empty = flags & 0x10 != 0
        var reader = ByteReader(bytes: blob, position: 4, littleEndian: littleHeader)
        guard let srs = reader.uint32() else { return .failure(Failure(reason: "the header is cut short")) }
        let envelopeDoubles = [0, 4, 6, 6, 8]
        guard envelopeKind < envelopeDoubles.count else {
            return .failure(Failure(reason: "envelope indicator \(envelopeKind) is not one the standard defines"))
        }
        var values: [Double] = []
        for _ in 0..<envelopeDoubles[envelopeKind] {
            guard let value = reader.double() else { return .failure(Failure(reason: "the envelope is cut short")) }
            values.append(value)
        }
        let envelope = values.count >= 4 ? (values[0], values[1], values[2], values[3]) : nil
        if empty || reader.position >= blob.count {
            return .success(Decoded(geometry: nil, envelope: envelope, srsID: Int32(bitPattern: srs)))
        }
        var wkb = ByteReader(bytes: blob, position: reader.position, littleEndian: true)
        switch readWKB(&wkb, depth: 0) {
        case .success(let geometry):
            return .success(Decoded(geometry: geometry, envelope: envelope, srsID: Int32(bitPattern: srs)))
        case .failure(let failure):
            return .failure(failure)
        }
    }

    struct ByteReader {
        let bytes: [UInt8]
        var position: Int
        var littleEndian: Bool

        mutating func uint32() -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for i in 0..<4 {
                let byte = UInt32(bytes[position + (littleEndian ? i : 3 - i)])
                value |= byte << (8 * UInt32(i))
            }
            position += 4
            return value
        }

        mutating func double() -> Double? {
            guard position + 8 <= bytes.count else { return nil }
            var value: UInt64 = 0
            for i in 0..<8 {
                let byte = UInt64(bytes[position + (littleEndian ? i : 7 - i)])
                value |= byte << (8 * UInt64(i))
            }
            position += 8
            return Double(bitPattern: value)
        }
    }

    static func readWKB(_ reader: inout ByteReader, depth: Int) -> Result<Geometry?, Failure> {
        guard depth < 32 else { return .failure(Failure(reason: "geometry collections nested more than 32 deep")) }
        guard reader.position < reader.bytes.count else { return .failure(Failure(reason: "the WKB is cut short")) }
        reader.littleEndian = reader.bytes[reader.position] == 1
        reader.position += 1
        guard let rawType = reader.uint32() else { return .failure(Failure(reason: "the WKB is cut short")) }
        // ISO WKB: 1000s for Z, 2000s for M, 3000s for ZM; EWKB's high bits too.
        var type = Int(rawType & 0x0FFF_FFFF)
        var dimensions = 2
        var hasZ = rawType & 0x8000_0000 != 0
        if rawType & 0x4000_0000 != 0 { dimensions += 1 }
        if hasZ { dimensions += 1 }
        switch type / 1000 {
        case 1: (hasZ, dimensions) = (true, 3)
        case 2: dimensions = 3
        case 3: (hasZ, dimensions) = (true, 4)
        default: break
        }
        type %= 1000
        func point() -> Coordinate? {
            var values: [Double] = []
            for _ in 0..<dimensions {
                guard let value = reader.double() else { return nil }
                values.append(value)
            }
            return Coordinate(latitude: values[1], longitude: values[0], altitude: hasZ ? values[2] : nil)
        }
        func points() -> [Coordinate]? {
            guard let count = reader.uint32(), Int(count) * dimensions * 8 <= reader.bytes.count - reader.position
            else {
                return nil
            }
            var result: [Coordinate] = []
            result.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let p = point() else { return nil }
                result.append(p)
            }
            return result
        }
        func rings() -> [[Coordinate]]? {
            guard let count = reader.uint32(), Int(count) * 4 <= reader.bytes.count - reader.position else {
                return nil
            }
            var result: [[Coordinate]] = []
            for _ in 0..<count {
                guard let ring = points() else { return nil }
                result.append(ring)
            }
            return result
        }
        func members() -> Result<[Geometry], Failure> {
            guard let count = reader.uint32(), Int(count) * 5 <= reader.bytes.count - reader.position else {
                return .failure(Failure(reason: "the WKB is cut short"))
            }
            var result: [Geometry] = []
            for _ in 0..<count {
                switch readWKB(&reader, depth: depth + 1) {
                case .success(let member?): result.append(member)
                case .success(nil): continue
                case .failure(let failure): return .failure(failure)
                }
            }
            return .success(result)
        }
        let short = Failure(reason: "the WKB is cut short")
        switch type {
        case 1:
            guard let p = point() else { return .failure(short) }
            return .success(p.latitude.isNaN && p.longitude.isNaN ? nil : .point(p))
        case 2:
            guard let line = points() else { return .failure(short) }
            return .success(.lineString(line))
        case 3:
            guard let polygon = rings() else { return .failure(short) }
            return .success(.polygon(polygon))
        case 4, 5, 6, 7:
            switch members() {
            case .failure(let failure): return .failure(failure)
            case .success(let parts):
                // A multi-geometry's members are all of its one type: any
                // other makes the blob corrupt, not a geometry with parts missing.
                let wrong = Failure(
                    reason:
                        "a \(["MultiPoint", "MultiLineString", "MultiPolygon"][min(type - 4, 2)]) holds a member of another type"
                )
                switch type {
                case 4:
                    let points = parts.compactMap { if case .point(let p) = $0 { p } else { nil } }
                    return points.count == parts.count ? .success(.multiPoint(points)) : .failure(wrong)
                case 5:
                    let lines = parts.compactMap { if case .lineString(let l) = $0 { l } else { nil } }
                    return lines.count == parts.count ? .success(.multiLineString(lines)) : .failure(wrong)
                case 6:
                    let polygons = parts.compactMap { if case .polygon(let r) = $0 { r } else { nil } }
                    return polygons.count == parts.count ? .success(.multiPolygon(polygons)) : .failure(wrong)
                default: return .success(.geometryCollection(parts))
                }
            }
        default:
            return .failure(
                Failure(reason: "WKB geometry type \(rawType) is not one Meridian reads (curves and surfaces are not)"))
        }
    }

    // MARK: - Writing

    public static func encode(_ geometry: Geometry, srsID: Int32 = 4326) -> [UInt8] {
        var out: [UInt8] = [0x47, 0x50, 0]
        let isPoint = if case .point = geometry { true } else { false }
        out.append(isPoint ? 0x01 : 0x03)  // little endian; XY envelope unless a point
        append(UInt32(bitPattern: srsID), to: &out)
        if !isPoint, let box = geometry.boundingBox {
            for value in [box.west, box.east, box.south, box.north] { append(value, to: &out) }
        }
        writeWKB(geometry, to: &out)
        return out
    }

    static func append(_ value: UInt32, to out: inout [UInt8]) {
        for i in 0..<4 { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(i)))) }
    }

    static func append(_ value: Double, to out: inout [UInt8]) {
        let bits = value.bitPattern
        for i in 0..<8 { out.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i)))) }
    }

    static func writeWKB(_ geometry: Geometry, to out: inout [UInt8]) {
        func header(_ type: UInt32) {
            out.append(1)
            append(type, to: &out)
        }
        func points(_ list: [Coordinate]) {
            append(UInt32(list.count), to: &out)
            for c in list {
                append(c.longitude, to: &out)
                append(c.latitude, to: &out)
            }
        }
        switch geometry {
        case .point(let c):
            header(1)
            append(c.longitude, to: &out)
            append(c.latitude, to: &out)
        case .lineString(let line):
            header(2)
            points(line)
        case .polygon(let rings):
            header(3)
            append(UInt32(rings.count), to: &out)
            rings.forEach(points)
        case .multiPoint(let list):
            header(4)
            append(UInt32(list.count), to: &out)
            for c in list { writeWKB(.point(c), to: &out) }
        case .multiLineString(let lines):
            header(5)
            append(UInt32(lines.count), to: &out)
            for line in lines { writeWKB(.lineString(line), to: &out) }
        case .multiPolygon(let polygons):
            header(6)
            append(UInt32(polygons.count), to: &out)
            for polygon in polygons { writeWKB(.polygon(polygon), to: &out) }
        case .geometryCollection(let members):
            header(7)
            append(UInt32(members.count), to: &out)
            for member in members { writeWKB(member, to: &out) }
        }
    }
}
