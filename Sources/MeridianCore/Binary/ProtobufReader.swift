/// Reads Protocol Buffers' wire format (OpenStreetMap's PBF blocks,
/// Mapbox Vector Tiles) from bytes that stay alive while it
/// reads (a mapped file, an inflated block): varints, zig-zag signed
/// values, fixed-size values, length-delimited fields and packed repeated
/// fields. Every read is checked against the end: a field that runs past it,
/// a varint of more than ten bytes or a wire type that cannot be skipped
/// makes the message invalid (``isValid`` false) and reads as empty from
/// then on, so that a lying length never reads outside the bytes.
package struct ProtobufReader {
    private var position: UnsafePointer<UInt8>
    private let end: UnsafePointer<UInt8>
    /// False once a read ran past the end or met a malformed field.
    package private(set) var isValid = true

    package init(_ bytes: UnsafeRawBufferPointer) {
        let start = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? ProtobufReader.emptyBytes
        position = start
        end = start + bytes.count
    }

    /// Where an empty message points: never read.
    nonisolated(unsafe) private static let emptyBytes: UnsafePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        pointer.initialize(to: 0)
        return UnsafePointer(pointer)
    }()

    package var isAtEnd: Bool { position >= end }

    private mutating func fail() {
        isValid = false
        position = end
    }

    /// The next field's number and wire type, or nil at the end.
    package mutating func nextField() -> (number: Int, wireType: Int)? {
        guard position < end else { return nil }
        let key = varint()
        guard isValid, key >> 3 > 0 else {
            fail()
            return nil
        }
        return (Int(truncatingIfNeeded: key >> 3), Int(key & 7))
    }

    package mutating func varint() -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while position < end {
            let byte = position.pointee
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            if shift >= 70 { break }
        }
        fail()
        return 0
    }

    package mutating func signedVarint() -> Int64 {
        let value = varint()
        return Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1)))
    }

    package mutating func int64() -> Int64 { Int64(bitPattern: varint()) }

    /// A length-delimited field's bytes.
    package mutating func bytes() -> UnsafeRawBufferPointer {
        let length = varint()
        guard isValid, length <= UInt64(end - position) else {
            fail()
            return UnsafeRawBufferPointer(start: nil, count: 0)
        }
        let start = position
        position += Int(length)
        return UnsafeRawBufferPointer(start: start, count: Int(length))
    }

    /// Skips a field of `wireType` this reader does not read.
    package mutating func skip(_ wireType: Int) {
        switch wireType {
        case 0: _ = varint()
        case 1: advance(8)
        case 2: _ = bytes()
        case 5: advance(4)
        default: fail()
        }
    }

    /// A little-endian fixed-size field (wire type 1 or 5): 8 or 4 bytes.
    package mutating func fixed(_ count: Int) -> UInt64 {
        guard end - position >= count else {
            fail()
            return 0
        }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(position[index]) << (8 * UInt64(index)) }
        position += count
        return value
    }

    private mutating func advance(_ count: Int) {
        guard end - position >= count else { return fail() }
        position += count
    }

    /// The values of a packed repeated varint field (or one unpacked value
    /// when the field is not length-delimited), handed to `body`.
    package mutating func forEachPacked(wireType: Int, _ body: (UInt64) -> Void) {
        if wireType == 0 {
            body(varint())
            return
        }
        guard wireType == 2 else { return fail() }
        var inner = ProtobufReader(bytes())
        while !inner.isAtEnd {
            let value = inner.varint()
            guard inner.isValid else { return fail() }
            body(value)
        }
    }

    /// A packed repeated field's varints.
    package mutating func packedVarints(wireType: Int) -> [UInt64] {
        var values: [UInt64] = []
        if wireType == 2 {
            let count = packedCountEstimate()
            values.reserveCapacity(count)
        }
        forEachPacked(wireType: wireType) { values.append($0) }
        return values
    }

    /// Signed (zig-zag) values of a packed field, each the running sum of
    /// the deltas the field holds when `delta` is set.
    package mutating func packedSigned(wireType: Int, delta: Bool) -> [Int64] {
        var values: [Int64] = []
        if wireType == 2 { values.reserveCapacity(packedCountEstimate()) }
        var sum: Int64 = 0
        forEachPacked(wireType: wireType) { raw in
            let value = Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
            if delta {
                sum = sum &+ value
                values.append(sum)
            } else {
                values.append(value)
            }
        }
        return values
    }

    /// The number of bytes of the length-delimited field that follows: an
    /// upper bound on its varints, within what is left.
    private func packedCountEstimate() -> Int {
        var copy = self
        let length = copy.varint()
        return copy.isValid ? Int(min(length, UInt64(end - position))) : 0
    }
}
