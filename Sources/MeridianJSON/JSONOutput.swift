import MeridianCore

/// A growable UTF-8 buffer with the JSON primitives every writer in
/// Meridian needs: escaped strings, shortest round-trip numbers or a fixed
/// count of decimals, and ``JSONValue`` trees, compact or indented.
package struct JSONOutput {
    package var bytes: [UInt8] = []
    /// Spaces per indentation level; 0 writes compact JSON.
    package var indentWidth: Int
    /// Decimal places for coordinates; nil writes the shortest text that
    /// reads back as the same Double.
    package var precision: Int?
    package var level = 0
    /// The keys of the last properties written, encoded (``writeProperties(_:)``).
    private var propertyKeys = EncodedKeys()

    package init(indentWidth: Int = 0, precision: Int? = nil, capacity: Int = 1 << 16) {
        self.indentWidth = indentWidth
        self.precision = precision
        bytes.reserveCapacity(capacity)
    }

    package var isPretty: Bool { indentWidth > 0 }

    /// Compact, with shortest numbers: positions go through
    /// ``writeShortestPosition(_:separated:)``.
    package var writesPositionsAtOnce: Bool { !isPretty && precision == nil }

    @inlinable @inline(__always)
    package mutating func write(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends the bytes of `buffer` with one check of the capacity and a
    /// copy (Array's `append(contentsOf:)` takes any sequence, at about a
    /// hundred instructions a call).
    @inlinable @inline(__always)
    package mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        appendBytes(maximumCount: buffer.count) { text in
            text.update(from: base, count: buffer.count)
            return buffer.count
        }
    }

    @inlinable @inline(__always)
    package mutating func write(byte: UInt8) {
        bytes.append(byte)
    }

    /// A newline and indentation in pretty mode; nothing otherwise.
    package mutating func newline() {
        guard isPretty else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: level * indentWidth))
    }

    /// `": "` in pretty mode, `":"` otherwise.
    package mutating func colon() {
        if isPretty { write(": ") } else { write(byte: 0x3A) }
    }

    package mutating func writeString(_ string: String) {
        // A native string's bytes in place, without the copy `withUTF8`
        // (a mutating call) needs; a bridged one is made contiguous.
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { writeString(utf8: $0) }
        guard written == nil else { return }
        var string = string
        string.withUTF8 { writeString(utf8: $0) }
    }

    /// A string's UTF-8, quoted and escaped.
    package mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        if !Self.needsEscaping(utf8) {
            // Quotes and text in one append.
            appendBytes(maximumCount: utf8.count + 2) { text in
                text[0] = 0x22
                if let base = utf8.baseAddress { (text + 1).update(from: base, count: utf8.count) }
                text[utf8.count + 1] = 0x22
                return utf8.count + 2
            }
            return
        }
        bytes.append(0x22)
        for byte in utf8 {
            switch byte {
            case 0x22: write("\\\"")
            case 0x5C: write("\\\\")
            case 0x0A: write("\\n")
            case 0x0D: write("\\r")
            case 0x09: write("\\t")
            case 0x08: write("\\b")
            case 0x0C: write("\\f")
            case 0..<0x20:
                write("\\u00")
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 15)])
            default: bytes.append(byte)
            }
        }
        bytes.append(0x22)
    }

    /// Whether UTF-8 text holds a quote, a backslash or a control
    /// character, looked for eight bytes at a time.
    @inlinable @inline(__always)
    static func needsEscaping(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = utf8.baseAddress else { return false }
        var index = 0
        while index + 8 <= utf8.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            if JSONReader.quoteBackslashOrControl(word) != 0 { return true }
            index += 8
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == 0x22 || byte == 0x5C { return true }
            index += 1
        }
        return false
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    mutating func writeInteger(_ value: Int64) {
        if value < 0 {
            bytes.append(0x2D)
            writeUnsigned(value.magnitude)
        } else {
            writeUnsigned(UInt64(value))
        }
    }

    mutating func writeUnsigned(_ value: UInt64) {
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var count = 0
        var remaining = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(truncatingIfNeeded: remaining % 10) + 0x30
                remaining /= 10
                count += 1
            } while remaining > 0
            bytes.append(contentsOf: buffer[(20 - count)..<20])
        }
    }

    /// A coordinate or other number: fixed decimals when ``precision`` is
    /// set (trailing zeros dropped), else the shortest round-trip text.
    /// Non-finite values, which JSON cannot hold, are written as `null`.
    @inlinable @inline(__always)
    package mutating func writeCoordinateValue(_ value: Double) {
        if let precision { writeFixed(value, decimals: precision) } else { writeDouble(value) }
    }

    /// The shortest text that reads back as the same Double, and of that
    /// length the closest to it: the standard library's digits, in
    /// positional notation. Most values are written by
    /// ``formatShortest(_:at:)`` straight into the buffer; zero,
    /// non-finite values (`null`: JSON cannot hold them) and anything it
    /// leaves go the general way.
    mutating func writeDouble(_ value: Double) {
        var written = 0
        appendBytes(maximumCount: Self.maximumShortestCount) { text in
            written = Self.formatShortest(value, at: text)
            return written
        }
        if written > 0 { return }
        guard value.isFinite else {
            write("null")
            return
        }
        if value == 0 {
            if value.sign == .minus { write("-0.0") } else { write("0.0") }
            return
        }
        // Move the buffer into the stream and back, so it is never shared
        // (a shared array would be copied on the next append).
        var stream = ByteStream()
        swap(&stream.bytes, &bytes)
        value.write(to: &stream)
        swap(&stream.bytes, &bytes)
    }

    /// `[x,y]` or `[x,y,z]` (after a comma when `separated`), compact,
    /// each number's shortest text, in one append; false, with nothing
    /// written, when a number needs ``writeDouble(_:)``'s general way.
    @inlinable @inline(__always)
    package mutating func writeShortestPosition(_ c: Coordinate, separated: Bool) -> Bool {
        var written = false
        appendBytes(maximumCount: 3 * Self.maximumShortestCount + 5) { text in
            var count = 0
            if separated {
                text[0] = 0x2C
                count = 1
            }
            text[count] = 0x5B
            count += 1
            let x = Self.formatShortest(c.longitude, at: text + count)
            guard x > 0 else { return 0 }
            count += x
            text[count] = 0x2C
            count += 1
            let y = Self.formatShortest(c.latitude, at: text + count)
            guard y > 0 else { return 0 }
            count += y
            if let altitude = c.altitude {
                text[count] = 0x2C
                count += 1
                let z = Self.formatShortest(altitude, at: text + count)
                guard z > 0 else { return 0 }
                count += z
            }
            text[count] = 0x5D
            written = true
            return count + 1
        }
        return written
    }

    /// Appends what `body` writes at the pointer it is given, at most
    /// `maximumCount` bytes, returning how many: one check of the
    /// buffer's capacity for a run of bytes, not one per byte.
    @inlinable @inline(__always)
    mutating func appendBytes(maximumCount: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        bytes.append(addingCapacity: maximumCount) { span in
            span.withUnsafeMutableBufferPointer { buffer, count in
                count = body(buffer.baseAddress.unsafelyUnwrapped)
            }
        }
    }

    /// The longest text ``formatShortest(_:at:)`` writes: a sign, "0.",
    /// six zeros and 17 digits, and room to spare.
    static let maximumShortestCount = 32

    /// Any JSON value; objects keep their key order.
    package mutating func writeValue(_ value: JSONValue) {
        switch value {
        case .null: write("null")
        case .bool(let flag): flag ? write("true") : write("false")
        case .integer(let integer): writeInteger(integer)
        case .double(let double): writeDouble(double)
        case .string(let string): writeString(string)
        case .array(let elements):
            guard !elements.isEmpty else {
                write("[]")
                return
            }
            let inline = elements.allSatisfy { $0.doubleValue != nil }
            bytes.append(0x5B)
            level += 1
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(0x2C) }
                if inline { if isPretty && index > 0 { bytes.append(0x20) } } else { newline() }
                writeValue(element)
            }
            level -= 1
            if !inline { newline() }
            bytes.append(0x5D)
        case .object(let object):
            writeObject(object)
        }
    }

    /// A feature's properties: as ``writeObject(_:)``, but compact output
    /// writes keys that the previous properties shared (the same array of
    /// keys, as a decoder gives features of one shape) from their encoded
    /// bytes, `,"key":` in one copy, instead of escaping each again:
    /// ne_50m_populated_places has 1 249 features of the same 102 keys.
    package mutating func writeProperties(_ object: JSONObject) {
        guard !isPretty, object.count > 1, propertyKeys.matches(object.keys) else {
            if !isPretty { propertyKeys = EncodedKeys(keys: object.keys) }
            writeObject(object)
            return
        }
        if propertyKeys.ends.isEmpty { propertyKeys.encode() }
        let encoded = propertyKeys.bytes
        let ends = propertyKeys.ends
        bytes.append(0x7B)
        var start = 0
        encoded.withUnsafeBufferPointer { encoded in
            forEachValue(of: object) { output, index in
                let end = ends[index]
                output.append(UnsafeBufferPointer(rebasing: encoded[start..<end]))
                start = end
            }
        }
        bytes.append(0x7D)
    }

    /// Keys and, from their second use, their compact encoding.
    private struct EncodedKeys {
        /// Held so that the array's storage, compared by address, cannot be
        /// freed and given to another array while it is remembered.
        var keys: [String] = []
        /// `"first":` then `,"key":` for each other key.
        var bytes: [UInt8] = []
        /// Where each key's encoding ends in ``bytes``.
        var ends: [Int] = []

        func matches(_ other: [String]) -> Bool {
            keys.withUnsafeBufferPointer { mine in
                other.withUnsafeBufferPointer { theirs in
                    mine.count > 0 && mine.baseAddress == theirs.baseAddress && mine.count == theirs.count
                }
            }
        }

        mutating func encode() {
            var output = JSONOutput(capacity: keys.reduce(0) { $0 + $1.utf8.count + 4 })
            for (index, key) in keys.enumerated() {
                if index > 0 { output.write(byte: 0x2C) }
                output.writeString(key)
                output.write(byte: 0x3A)
                ends.append(output.bytes.count)
            }
            bytes = output.bytes
        }
    }

    /// Writes each value of `object` after what `prefix` writes for its
    /// position: in place, by index (iterating zipped pairs copied, and so
    /// retained, each key and value), packed values from their bytes.
    private mutating func forEachValue(of object: JSONObject, prefix: (inout JSONOutput, Int) -> Void) {
        if let packed = object.packedValues {
            packed.bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var reader = PackedJSONValues.Reader(base: base, count: object.count)
                for index in 0..<object.count {
                    prefix(&self, index)
                    switch reader.element() {
                    case .null: write("null")
                    case .bool(let flag): flag ? write("true") : write("false")
                    case .integer(let integer): writeInteger(integer)
                    case .double(let double): writeDouble(double)
                    case .string(let utf8): writeString(utf8: utf8)
                    case .value(let value): writeValue(value)
                    }
                }
            }
            return
        }
        object.values.withUnsafeBufferPointer { values in
            for index in values.indices {
                prefix(&self, index)
                writeValue(values[index])
            }
        }
    }

    package mutating func writeObject(_ object: JSONObject) {
        guard !object.isEmpty else {
            write("{}")
            return
        }
        bytes.append(0x7B)
        level += 1
        object.keys.withUnsafeBufferPointer { keys in
            forEachValue(of: object) { output, index in
                if index > 0 { output.bytes.append(0x2C) }
                output.newline()
                output.writeString(keys[index])
                output.colon()
            }
        }
        level -= 1
        newline()
        bytes.append(0x7D)
    }
}
