/// Protocol Buffers' wire format, written: varints, zig-zag, and
/// length-delimited fields.
package struct ProtobufWriter {
    package var bytes: [UInt8] = []

    package init() {}

    package mutating func varint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    package mutating func key(_ field: Int, _ wireType: Int) { varint(UInt64(field << 3 | wireType)) }

    package mutating func field(_ field: Int, varint value: UInt64) {
        key(field, 0)
        varint(value)
    }

    package mutating func field(_ field: Int, bytes value: [UInt8]) {
        key(field, 2)
        varint(UInt64(value.count))
        bytes += value
    }

    package mutating func field(_ field: Int, string: String) { self.field(field, bytes: Array(string.utf8)) }

    package mutating func field(_ field: Int, double value: Double) {
        key(field, 1)
        var bits = value.bitPattern
        for _ in 0..<8 {
            bytes.append(UInt8(bits & 0xFF))
            bits >>= 8
        }
    }

    /// A packed repeated field of varints.
    package mutating func field(_ field: Int, packed values: [UInt32]) {
        guard !values.isEmpty else { return }
        var inner = ProtobufWriter()
        for value in values { inner.varint(UInt64(value)) }
        self.field(field, bytes: inner.bytes)
    }

    package static func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
}

