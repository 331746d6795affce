/// JSON values one after another in one array of bytes, each a tag byte
/// and what it needs: how a decoder keeps the values of a feature's
/// properties. A ``JSONValue`` takes 24 bytes and a string of more than 15
/// bytes an allocation besides; here a number takes 2 to 9 bytes, a string
/// its length and its bytes, and the whole object one allocation. The
/// properties of a 200 MB FeatureCollection take 32 MB instead of 98.
///
/// Values are packed by a ``Writer`` and read back in order (``Reader``,
/// ``forEach(count:_:)``, ``values(count:)``) or one by its position
/// (``value(at:count:)``). An object of more than 16 values starts with
/// the offset of every sixteenth (8 bytes each), so that finding one
/// passes over at most 15 others: Natural Earth's features have a hundred
/// properties, and their names come late. The count is the object's: this
/// type does not keep it.
package struct PackedJSONValues: Sendable {
    @usableFromInline package let bytes: [UInt8]

    @usableFromInline enum Tag: UInt8 {
        case null, falseValue, trueValue
        /// Integers in the fewest bytes that hold them (little-endian).
        case integer8, integer16, integer32, integer64
        case double
        /// A string of fewer than 256 bytes: its length in a byte, then its UTF-8.
        case shortString
        /// A longer string: its length in eight bytes, then its UTF-8.
        case string
        /// The element count in eight bytes, then the elements.
        case array
        /// The member count in eight bytes, then each key (as a string) and value.
        case object
    }

    /// One value as ``forEach(count:_:)`` hands it over: a string as its
    /// UTF-8 in place, arrays and objects as values.
    package enum Element {
        case null
        case bool(Bool)
        case integer(Int64)
        case double(Double)
        case string(UnsafeBufferPointer<UInt8>)
        case value(JSONValue)
    }

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    // MARK: - Reading

    /// How many values pass between two of the offsets at the start.
    @usableFromInline static let stride = 16

    /// The size of the offsets at the start of the bytes of `count` values.
    @inlinable static func tableSize(count: Int) -> Int {
        count > stride ? (count - 1) / stride * 8 : 0
    }

    /// The first `count` values, in order.
    package func values(count: Int) -> [JSONValue] {
        var values: [JSONValue] = []
        values.reserveCapacity(count)
        forEach(count: count) { _, element in values.append(element.value) }
        return values
    }

    /// The value at `position` (counted from 0) of `count`: from the
    /// offset of the sixteenth before it, passing over those in between.
    package func value(at position: Int, count: Int) -> JSONValue {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(base: buffer.baseAddress!, count: count)
            let checkpoint = position / Self.stride
            if checkpoint > 0 { reader.offset = Int(reader.load(at: (checkpoint - 1) * 8)) }
            for _ in 0..<(position % Self.stride) { reader.skip() }
            return reader.element().value
        }
    }

    /// Calls `body` with each of the first `count` values and its position.
    package func forEach(count: Int, _ body: (Int, Element) throws -> Void) rethrows {
        guard count > 0 else { return }
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = Reader(base: buffer.baseAddress!, count: count)
            for position in 0..<count { try body(position, reader.element()) }
        }
    }

    /// Reads the values in order from the start of ``bytes`` (a writer
    /// reads them in place, in its own loop). The bytes come from a
    /// ``Writer``, so every tag and length is one it wrote.
    package struct Reader {
        @usableFromInline var base: UnsafePointer<UInt8>
        @usableFromInline var offset: Int

        /// A reader at the first of the `count` values whose bytes start at `base`.
        @inlinable package init(base: UnsafePointer<UInt8>, count: Int) {
            self.base = base
            offset = PackedJSONValues.tableSize(count: count)
        }

        @inlinable func load(at offset: Int) -> UInt64 {
            UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
        }

        @inlinable mutating func load<T: FixedWidthInteger>(_: T.Type) -> T {
            let value = T(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: T.self))
            offset += MemoryLayout<T>.size
            return value
        }

        @inlinable @inline(__always) mutating func tag() -> Tag {
            // A tag a writer wrote: a case's number is its raw value
            // (`init(rawValue:)` was a call of its own for every value).
            let tag = unsafeBitCast(base[offset], to: Tag.self)
            offset += 1
            return tag
        }

        @inlinable mutating func utf8(_ tag: Tag) -> UnsafeBufferPointer<UInt8> {
            let count = tag == .shortString ? Int(load(UInt8.self)) : Int(load(UInt64.self))
            defer { offset += count }
            return UnsafeBufferPointer(start: base + offset, count: count)
        }

        /// The next value.
        @inlinable @inline(__always) package mutating func element() -> Element {
            let tag = tag()
            switch tag {
            case .null: return .null
            case .falseValue: return .bool(false)
            case .trueValue: return .bool(true)
            case .integer8: return .integer(Int64(Int8(bitPattern: load(UInt8.self))))
            case .integer16: return .integer(Int64(Int16(bitPattern: load(UInt16.self))))
            case .integer32: return .integer(Int64(Int32(bitPattern: load(UInt32.self))))
            case .integer64: return .integer(Int64(bitPattern: load(UInt64.self)))
            case .double: return .double(Double(bitPattern: load(UInt64.self)))
            case .shortString, .string: return .string(utf8(tag))
            case .array, .object: return .value(nested(tag))
            }
        }

        /// An array or object, whose tag has been read.
        @usableFromInline mutating func nested(_ tag: Tag) -> JSONValue {
            let count = Int(load(UInt64.self))
            if tag == .array { return .array((0..<count).map { _ in element().value }) }
            var object = JSONObject()
            for _ in 0..<count {
                let key = String(decoding: utf8(self.tag()), as: UTF8.self)
                object.appendUnchecked(key: key, value: element().value)
            }
            return .object(object)
        }

        mutating func skip() {
            switch tag() {
            case .null, .falseValue, .trueValue: break
            case .integer8: offset += 1
            case .integer16: offset += 2
            case .integer32: offset += 4
            case .integer64, .double: offset += 8
            case .shortString: offset += Int(load(UInt8.self))
            case .string: offset += Int(load(UInt64.self))
            case .array:
                for _ in 0..<Int(load(UInt64.self)) { skip() }
            case .object:
                for _ in 0..<Int(load(UInt64.self)) {
                    skip()
                    skip()
                }
            }
        }
    }

    // MARK: - Packing

    /// Packs values one after another into storage it keeps between
    /// objects (a decoder has one), and copies them out into storage of
    /// their size. Not for more than one thread at a time.
    package final class Writer {
        // Unchecked: the writer is one thread's, and checking each access
        // at run time took a fifth of decoding populated places.
        @exclusivity(unchecked) @usableFromInline var base: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) @usableFromInline var count = 0
        @exclusivity(unchecked) @usableFromInline var capacity: Int
        /// How deep in an array or object the value being packed is (0: a
        /// value of the object), how many values of the object have been
        /// begun, and where every sixteenth begins.
        @exclusivity(unchecked) @usableFromInline var depth = 0
        @exclusivity(unchecked) @usableFromInline var valueCount = 0
        @exclusivity(unchecked) @usableFromInline var checkpoints: [Int] = []

        package init(capacity: Int = 1024) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
        }

        deinit {
            base.deallocate()
        }

        /// The values packed since the last ``removeAll()``, after the
        /// offsets of every sixteenth.
        package var packed: PackedJSONValues {
            let table = PackedJSONValues.tableSize(count: valueCount)
            assert(table == checkpoints.count * 8)
            return PackedJSONValues(
                bytes: [UInt8](unsafeUninitializedCapacity: table + count) { buffer, initialized in
                    let start = UnsafeMutableRawPointer(buffer.baseAddress!)
                    for (index, checkpoint) in checkpoints.enumerated() {
                        start.storeBytes(of: UInt64(table + checkpoint).littleEndian, toByteOffset: index * 8, as: UInt64.self)
                    }
                    if count > 0 { (buffer.baseAddress! + table).initialize(from: base, count: count) }
                    initialized = table + count
                })
        }

        /// Forgets the values, keeping the storage for the next object.
        @inlinable package func removeAll() {
            count = 0
            depth = 0
            valueCount = 0
            checkpoints.removeAll(keepingCapacity: true)
        }

        /// Notes that a value begins here: where every sixteenth of the
        /// object's own begins (the members of arrays and objects in it are
        /// not its values).
        @inlinable func begin() {
            guard depth == 0 else { return }
            if valueCount > 0 && valueCount % PackedJSONValues.stride == 0 { checkpoints.append(count) }
            valueCount += 1
        }

        /// Room for `needed` more bytes.
        @inlinable func reserve(_ needed: Int) {
            if capacity - count < needed { grow(needed) }
        }

        @usableFromInline func grow(_ needed: Int) {
            let larger = max(capacity * 2, count + needed)
            let new = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
            new.initialize(from: base, count: count)
            base.deallocate()
            base = new
            capacity = larger
        }

        @inlinable func put(_ tag: Tag) {
            base[count] = tag.rawValue
            count += 1
        }

        @inlinable func put<T: FixedWidthInteger>(_ value: T) {
            UnsafeMutableRawPointer(base + count).storeBytes(of: value.littleEndian, as: T.self)
            count += MemoryLayout<T>.size
        }

        @inlinable package func appendNull() {
            begin()
            reserve(1)
            put(.null)
        }

        @inlinable package func append(bool: Bool) {
            begin()
            reserve(1)
            put(bool ? .trueValue : .falseValue)
        }

        @inlinable package func append(integer: Int64) {
            begin()
            reserve(9)
            if let small = Int8(exactly: integer) {
                put(.integer8)
                put(small)
            } else if let small = Int16(exactly: integer) {
                put(.integer16)
                put(small)
            } else if let small = Int32(exactly: integer) {
                put(.integer32)
                put(small)
            } else {
                put(.integer64)
                put(integer)
            }
        }

        @inlinable package func append(double: Double) {
            begin()
            reserve(9)
            put(.double)
            put(double.bitPattern)
        }

        /// A string from its UTF-8, which must be valid.
        @inlinable package func append(utf8: UnsafeBufferPointer<UInt8>) {
            begin()
            reserve(9 + utf8.count)
            if utf8.count < 256 {
                put(.shortString)
                put(UInt8(utf8.count))
            } else {
                put(.string)
                put(UInt64(utf8.count))
            }
            if let start = utf8.baseAddress { (base + count).initialize(from: start, count: utf8.count) }
            count += utf8.count
        }

        package func append(string: String) {
            var string = string
            string.withUTF8 { append(utf8: $0) }
        }

        package func append(_ value: JSONValue) {
            switch value {
            case .null: appendNull()
            case .bool(let flag): append(bool: flag)
            case .integer(let integer): append(integer: integer)
            case .double(let double): append(double: double)
            case .string(let string): append(string: string)
            case .array(let elements):
                appendNested(.array, count: elements.count) {
                    for element in elements { append(element) }
                }
            case .object(let object):
                appendNested(.object, count: object.count) {
                    for (key, member) in object.members {
                        append(string: key)
                        append(member)
                    }
                }
            }
        }

        /// An array or object: its tag and count, then what `members` packs,
        /// which are not values of the object being packed.
        private func appendNested(_ tag: Tag, count: Int, members: () -> Void) {
            begin()
            reserve(9)
            put(tag)
            put(UInt64(count))
            depth += 1
            members()
            depth -= 1
        }
    }
}

extension PackedJSONValues.Element {
    /// The element as a value of its own (a string copied out).
    @inlinable package var value: JSONValue {
        switch self {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .integer(let integer): .integer(integer)
        case .double(let double): .double(double)
        case .string(let utf8): .string(String(decoding: utf8, as: UTF8.self))
        case .value(let value): value
        }
    }
}
