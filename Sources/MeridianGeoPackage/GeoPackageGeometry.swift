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
        let start = reader.position
        let decoded = blob.withUnsafeBytes { WellKnownBinary.decode(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        switch decoded {
        case .success(let wkb):
            return .success(Decoded(geometry: wkb.geometry, envelope: envelope, srsID: Int32(bitPattern: srs)))
        case .failure(let failure):
            return .failure(Failure(reason: failure.reason))
        }
    }

    struct ByteReader {
        let bytes: [UInt8]
        var position: Int
        var littleEndian: Bool

        mutating func uint32() -> UInt32? { integer() }

        mutating func double() -> Double? { (integer() as UInt64?).map(Double.init(bitPattern:)) }

        /// The next `T`'s bytes in the header's byte order, if they are there.
        private mutating func integer<T: FixedWidthInteger>() -> T? {
            let size = MemoryLayout<T>.size
            guard position + size <= bytes.count else { return nil }
            var value: T = 0
            for i in 0..<size {
                value |= T(bytes[position + (littleEndian ? i : size - 1 - i)]) << (8 * i)
            }
            position += size
            return value
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
        WellKnownBinary.append(geometry, altitudes: false, to: &out)
        return out
    }

    static func append(_ value: UInt32, to out: inout [UInt8]) {
        for i in 0..<4 { out.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(i)))) }
    }

    static func append(_ value: Double, to out: inout [UInt8]) {
        let bits = value.bitPattern
        for i in 0..<8 { out.append(UInt8(truncatingIfNeeded: bits >> (8 * UInt64(i)))) }
    }
}
