import MeridianCore

/// Decodes the content of one `.shp` record (its shape type and what
/// follows) into a ``Geometry``: points, multipoints, polylines and
/// polygons, in 2D, with Z (kept as altitudes) and with M (measures, which
/// GeoJSON cannot hold: left out). Every count and length is checked
/// against the record's bytes before it is used, so a record that lies
/// about them is refused, not read past.
struct ShapeDecoder {
    /// Why a record cannot be read, in words for a diagnostic.
    struct Failure: Error {
        var code: String
        var reason: String
    }

    /// The shape types, by number.
    enum Kind: Int32 {
        case null = 0
        case point = 1
        case polyline = 3
        case polygon = 5
        case multiPoint = 8
        case pointZ = 11
        case polylineZ = 13
        case polygonZ = 15
        case multiPointZ = 18
        case pointM = 21
        case polylineM = 23
        case polygonM = 25
        case multiPointM = 28
        case multiPatch = 31

        var name: String {
            switch self {
            case .null: "null"
            case .point, .pointZ, .pointM: "point"
            case .polyline, .polylineZ, .polylineM: "polyline"
            case .polygon, .polygonZ, .polygonM: "polygon"
            case .multiPoint, .multiPointZ, .multiPointM: "multipoint"
            case .multiPatch: "multipatch"
            }
        }

        var hasZ: Bool { [.pointZ, .polylineZ, .polygonZ, .multiPointZ, .multiPatch].contains(self) }
        var hasM: Bool { hasZ || [.pointM, .polylineM, .polygonM, .multiPointM].contains(self) }
    }

    /// The geometry of a record's content; nil for a null shape. Rings
    /// that are not closed are closed, and counted in `unclosedRings`.
    static func decode(_ content: UnsafeBufferPointer<UInt8>, unclosedRings: inout Int) throws(Failure) -> Geometry? {
        var reader = LittleEndianReader(content)
        guard let raw = reader.int32(at: 0) else {
            throw Failure(code: "shp.record.truncated", reason: "the record is shorter than its shape type")
        }
        guard let kind = Kind(rawValue: raw) else {
            throw Failure(code: "shp.shape.unknown", reason: "shape type \(raw) is none the format defines")
        }
        switch kind {
        case .null:
            return nil
        case .multiPatch:
            throw Failure(
                code: "shp.shape.multipatch",
                reason: "a multipatch (3D surfaces of triangle strips and fans) has no GeoJSON equivalent")
        case .point, .pointZ, .pointM:
            guard let x = reader.double(at: 4), let y = reader.double(at: 12) else {
                throw Failure(code: "shp.record.truncated", reason: "the point's record is cut short")
            }
            let z = kind.hasZ ? reader.double(at: 20) : nil
            return .point(Coordinate(latitude: y, longitude: x, altitude: z))
        case .multiPoint, .multiPointZ, .multiPointM:
            guard let count = reader.count(at: 36) else {
                throw Failure(code: "shp.record.truncated", reason: "the multipoint's record is cut short")
            }
            let points = try positions(&reader, from: 40, count: count, kind: kind)
            return .multiPoint(points)
        case .polyline, .polylineZ, .polylineM, .polygon, .polygonZ, .polygonM:
            guard let partCount = reader.count(at: 36), let pointCount = reader.count(at: 40) else {
                throw Failure(code: "shp.record.truncated", reason: "the \(kind.name)'s record is cut short")
            }
            let partsStart = 44
            guard partCount <= (content.count - partsStart) / 4 else {
                throw Failure(
                    code: "shp.record.count",
                    reason:
                        "the \(kind.name) says it has \(partCount) parts, more than its \(content.count)-byte record holds"
                )
            }
            var starts: [Int] = []
            starts.reserveCapacity(partCount)
            for part in 0..<partCount {
                let start = Int(reader.int32(at: partsStart + 4 * part)!)
                guard start >= 0, start <= pointCount, start >= (starts.last ?? 0) else {
                    throw Failure(
                        code: "shp.record.count",
                        reason:
                            "part \(part + 1) of the \(kind.name) starts at point \(start), outside 0...\(pointCount) or before the part it follows"
                    )
                }
                starts.append(start)
            }
            let all = try positions(&reader, from: partsStart + 4 * partCount, count: pointCount, kind: kind)
            var parts: [[Coordinate]] = []
            parts.reserveCapacity(partCount)
            for (index, start) in starts.enumerated() {
                let end = index + 1 < starts.count ? starts[index + 1] : all.count
                parts.append(Array(all[start..<end]))
            }
            if kind.name == "polyline" {
                return parts.count == 1 ? .lineString(parts[0]) : .multiLineString(parts)
            }
            return PolygonAssembler.polygon(of: parts, unclosedRings: &unclosedRings)
        }
    }

    /// `count` positions from `start`: x and y pairs, then (with Z) the Z
    /// range and the Z values; the M range and values that may follow are
    /// left.
    private static func positions(
        _ reader: inout LittleEndianReader, from start: Int, count: Int, kind: Kind
    ) throws(Failure) -> [Coordinate] {
        let available = reader.bytes.count - start
        guard available >= 0, count <= available / 16 else {
            throw Failure(
                code: "shp.record.count",
                reason:
                    "the \(kind.name) says it has \(count) points, more than its \(reader.bytes.count)-byte record holds"
            )
        }
        let zStart = start + 16 * count + 16
        let hasZ = kind.hasZ && zStart + 8 * count <= reader.bytes.count
        if kind.hasZ && !hasZ {
            throw Failure(code: "shp.record.truncated", reason: "the \(kind.name)'s Z values are cut short")
        }
        var positions: [Coordinate] = []
        positions.reserveCapacity(count)
        for index in 0..<count {
            let x = reader.double(at: start + 16 * index)!
            let y = reader.double(at: start + 16 * index + 8)!
            let z = hasZ ? reader.double(at: zStart + 8 * index) : nil
            positions.append(Coordinate(latitude: y, longitude: x, altitude: z))
        }
        return positions
    }
}

/// Reads little- and big-endian numbers at offsets of a buffer, nil past
/// its end.
struct LittleEndianReader {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func int32(at offset: Int) -> Int32? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        return Int32(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: Int32.self))
    }

    func bigInt32(at offset: Int) -> Int32? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        return Int32(bigEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: Int32.self))
    }

    func uint16(at offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 2 else { return nil }
        return Int(UInt16(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt16.self)))
    }

    func uint32(at offset: Int) -> Int? {
        guard offset >= 0, offset <= bytes.count - 4 else { return nil }
        return Int(UInt32(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt32.self)))
    }

    func double(at offset: Int) -> Double? {
        guard offset >= 0, offset <= bytes.count - 8 else { return nil }
        return Double(
            bitPattern: UInt64(
                littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)))
    }

    /// A count: an int32 that is not negative.
    func count(at offset: Int) -> Int? {
        guard let value = int32(at: offset), value >= 0 else { return nil }
        return Int(value)
    }
}
