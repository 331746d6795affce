/// Well-known binary (OGC Simple Features, ISO 19125), the geometry
/// encoding GeoPackage, GeoParquet and PostGIS share.
///
/// ```swift
/// var bytes: [UInt8] = []
/// WellKnownBinary.append(.point(c), to: &bytes)                    // ISO WKB
/// WellKnownBinary.append(.point(c), srid: 4326, to: &bytes)        // PostGIS's EWKB
/// let decoded = bytes.withUnsafeBytes { WellKnownBinary.decode($0) }
/// ```
///
/// Reading takes either byte order, 2D, Z, M and ZM in ISO's numbering
/// (1000s for Z, 2000s for M, 3000s for ZM) and in EWKB's flags, with or
/// without an SRID: Z is kept as altitude, M left out. An empty point (NaN
/// coordinates) is nil. Every count is checked against the bytes left, so
/// a blob that lies is a ``Failure``, never a read past its end or an
/// allocation it cannot fill. Writing is little-endian, with Z when any
/// position has an altitude (0 for those that have none).
public enum WellKnownBinary {
    /// Why bytes are not a geometry, and where.
    public struct Failure: Error, Sendable, Hashable {
        public var reason: String
        /// The offset in the blob where reading stopped.
        public var offset: Int
    }

    /// A decoded geometry and the SRID an EWKB blob carries.
    public struct Decoded: Sendable {
        public var geometry: Geometry?
        public var srid: Int32?
        /// The bytes the geometry took (a blob may hold more after it).
        public var count: Int
    }

    /// The deepest collections may nest.
    public static let deepestNesting = 32

    // MARK: - Reading

    /// The geometry at the start of `bytes`.
    public static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<Decoded, Failure> {
        var reader = Reader(bytes: bytes)
        do {
            let geometry = try reader.geometry(depth: 0)
            return .success(Decoded(geometry: geometry, srid: reader.srid, count: reader.position))
        } catch {
            return .failure(error)
        }
    }

    /// The geometry of `bytes`.
    public static func decode(_ bytes: [UInt8]) -> Result<Decoded, Failure> {
        bytes.withUnsafeBytes { decode($0) }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        var littleEndian = true
        var srid: Int32?

        func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: position) }

        mutating func uint32() throws(Failure) -> UInt32 {
            guard bytes.count - position >= 4 else { throw failure("the WKB is cut short") }
            let raw = bytes.loadUnaligned(fromByteOffset: position, as: UInt32.self)
            position += 4
            return littleEndian ? UInt32(littleEndian: raw) : UInt32(bigEndian: raw)
        }

        /// A count of items of at least `size` bytes each, checked against
        /// the bytes left.
        mutating func count(ofItemsOf size: Int) throws(Failure) -> Int {
            let count = Int(try uint32())
            guard count <= (bytes.count - position) / size else {
                throw failure("the WKB says it holds \(count) items, more than its \(bytes.count - position) bytes can")
            }
            return count
        }

        mutating func coordinate(_ dimensions: Int, hasZ: Bool) -> Coordinate {
            var values = (0.0, 0.0, 0.0)
            let swap = !littleEndian
            func load(_ index: Int) -> Double {
                let raw = bytes.loadUnaligned(fromByteOffset: position + 8 * index, as: UInt64.self)
                return Double(bitPattern: swap ? raw.byteSwapped : UInt64(littleEndian: raw))
            }
            values.0 = load(0)
            values.1 = load(1)
            if hasZ { values.2 = load(2) }
            position += 8 * dimensions
            return Coordinate(latitude: values.1, longitude: values.0, altitude: hasZ ? values.2 : nil)
        }

        mutating func coordinates(_ dimensions: Int, hasZ: Bool) throws(Failure) -> [Coordinate] {
            let count = try count(ofItemsOf: 8 * dimensions)
            var result: [Coordinate] = []
            result.reserveCapacity(count)
            for _ in 0..<count { result.append(coordinate(dimensions, hasZ: hasZ)) }
            return result
        }

        mutating func rings(_ dimensions: Int, hasZ: Bool) throws(Failure) -> [[Coordinate]] {
            let count = try count(ofItemsOf: 4)
            var result: [[Coordinate]] = []
            result.reserveCapacity(count)
            for _ in 0..<count { result.append(try coordinates(dimensions, hasZ: hasZ)) }
            return result
        }

        /// A header (byte order, type, SRID) and its type, dimensions and Z.
        mutating func header() throws(Failure) -> (type: Int, dimensions: Int, hasZ: Bool) {
            guard position < bytes.count else { throw failure("the WKB is cut short") }
            switch bytes[position] {
            case 0: littleEndian = false
            case 1: littleEndian = true
            default: throw failure("byte order \(bytes[position]) is neither 0 (big-endian) nor 1 (little-endian)")
            }
            position += 1
            let raw = try uint32()
            // EWKB: Z, M and SRID flags in the high bits.
            var hasZ = raw & 0x8000_0000 != 0
            var dimensions = 2 + (hasZ ? 1 : 0) + (raw & 0x4000_0000 != 0 ? 1 : 0)
            if raw & 0x2000_0000 != 0 { srid = Int32(bitPattern: try uint32()) }
            var type = Int(raw & 0x0FFF_FFFF)
            switch type / 1000 {
            case 0: break
            case 1: (hasZ, dimensions) = (true, 3)
            case 2: dimensions = 3
            case 3: (hasZ, dimensions) = (true, 4)
            default: throw failure("WKB geometry type \(raw) is not one Meridian reads")
            }
            type %= 1000
            return (type, dimensions, hasZ)
        }

        mutating func geometry(depth: Int) throws(Failure) -> Geometry? {
            guard depth < WellKnownBinary.deepestNesting else {
                throw failure("geometry collections nested more than \(WellKnownBinary.deepestNesting) deep")
            }
            let (type, dimensions, hasZ) = try header()
            switch type {
            case 1:
                guard bytes.count - position >= 8 * dimensions else { throw failure("the WKB is cut short") }
                let point = coordinate(dimensions, hasZ: hasZ)
                return point.latitude.isNaN && point.longitude.isNaN ? nil : .point(point)
            case 2:
                return .lineString(try coordinates(dimensions, hasZ: hasZ))
            case 3:
                return .polygon(try rings(dimensions, hasZ: hasZ))
            case 4, 5, 6, 7:
                let count = try count(ofItemsOf: 5)
                var points: [Coordinate] = []
                var lines: [[Coordinate]] = []
                var polygons: [[[Coordinate]]] = []
                var members: [Geometry] = []
                for _ in 0..<count {
                    let start = position
                    guard let member = try geometry(depth: depth + 1) else { continue }
                    // A multi-geometry's members are all of its one type.
                    switch (type, member) {
                    case (4, .point(let point)): points.append(point)
                    case (5, .lineString(let line)): lines.append(line)
                    case (6, .polygon(let rings)): polygons.append(rings)
                    case (7, _): members.append(member)
                    default:
                        let kind = ["MultiPoint", "MultiLineString", "MultiPolygon"][type - 4]
                        throw Failure(reason: "a \(kind) holds a \(member.typeName)", offset: start)
                    }
                }
                switch type {
                case 4: return .multiPoint(points)
                case 5: return .multiLineString(lines)
                case 6: return .multiPolygon(polygons)
                default: return .geometryCollection(members)
                }
            default:
                throw failure("WKB geometry type \(type) is not one Meridian reads (curves and surfaces are not)")
            }
        }
    }

    // MARK: - Writing

    /// Appends `geometry` as little-endian WKB: ISO's, or PostGIS's EWKB
    /// with its SRID when `srid` is given; with altitudes unless
    /// `altitudes` is false (a 2D table's).
    public static func append(
        _ geometry: Geometry, srid: Int32? = nil, altitudes: Bool = true, to out: inout [UInt8]
    ) {
        var hasZ = false
        if altitudes { geometry.forEachCoordinate { if $0.altitude != nil { hasZ = true } } }
        append(geometry, hasZ: hasZ, ewkb: srid != nil, srid: srid, to: &out)
    }

    private static func append(_ value: UInt32, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }

    private static func append(
        _ geometry: Geometry, hasZ: Bool, ewkb: Bool, srid: Int32?, to out: inout [UInt8]
    ) {
        let number: UInt32 =
            switch geometry {
            case .point: 1
            case .lineString: 2
            case .polygon: 3
            case .multiPoint: 4
            case .multiLineString: 5
            case .multiPolygon: 6
            case .geometryCollection: 7
            }
        out.append(1)
        if ewkb {
            append(number | (hasZ ? 0x8000_0000 : 0) | (srid != nil ? 0x2000_0000 : 0), to: &out)
            if let srid { append(UInt32(bitPattern: srid), to: &out) }
        } else {
            append(number + (hasZ ? 1000 : 0), to: &out)
        }
        // Positions are stored into room made for them at once (appending
        // each double's bytes took a fifth of writing GeoParquet).
        func positions(_ list: some Collection<Coordinate>) {
            let size = hasZ ? 24 : 16
            let start = out.count
            out.append(contentsOf: repeatElement(0, count: list.count * size))
            out.withUnsafeMutableBytes { raw in
                var offset = start
                for c in list {
                    raw.storeBytes(of: c.longitude.bitPattern.littleEndian, toByteOffset: offset, as: UInt64.self)
                    raw.storeBytes(of: c.latitude.bitPattern.littleEndian, toByteOffset: offset + 8, as: UInt64.self)
                    if hasZ {
                        raw.storeBytes(
                            of: (c.altitude ?? 0).bitPattern.littleEndian, toByteOffset: offset + 16, as: UInt64.self)
                    }
                    offset += size
                }
            }
        }
        func counted(_ list: [Coordinate]) {
            append(UInt32(list.count), to: &out)
            positions(list)
        }
        func member(_ geometry: Geometry) { append(geometry, hasZ: hasZ, ewkb: ewkb, srid: nil, to: &out) }
        switch geometry {
        case .point(let c): positions(CollectionOfOne(c))
        case .lineString(let line): counted(line)
        case .polygon(let rings):
            append(UInt32(rings.count), to: &out)
            rings.forEach(counted)
        case .multiPoint(let list):
            append(UInt32(list.count), to: &out)
            for c in list { member(.point(c)) }
        case .multiLineString(let lines):
            append(UInt32(lines.count), to: &out)
            for line in lines { member(.lineString(line)) }
        case .multiPolygon(let polygons):
            append(UInt32(polygons.count), to: &out)
            for polygon in polygons { member(.polygon(polygon)) }
        case .geometryCollection(let members):
            append(UInt32(members.count), to: &out)
            members.forEach(member)
        }
    }
}
