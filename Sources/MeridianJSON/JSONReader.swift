import MeridianCore
import MeridianLibC

/// A strict RFC 8259 reader over UTF-8 bytes: the one tokenizer every JSON
/// path in Meridian uses (the generic ``JSONValue`` parser, the GeoJSON
/// decoder that reads coordinates straight into arrays, and the validator's
/// located tree).
///
/// It never builds more than the caller asks for: ``skipValue()`` walks
/// past a value without allocating, ``readDouble()`` converts a number
/// without creating a string, and keys can be compared as bytes. Errors
/// carry the byte offset; ``JSONReaderFailure/diagnostic(in:file:)`` turns
/// one into a located ``Diagnostic``.
///
/// Unsafe by construction: it holds a buffer pointer, so it must not
/// outlive the `withUnsafeBufferPointer` call that made it.
package struct JSONReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    package let base: UnsafePointer<UInt8>
    package var index: Int
    package var depth = 0
    package let maximumDepth: Int

    package init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = InputLimits.maximumNesting) {
        self.bytes = bytes
        // An empty buffer may have a nil base address; any valid pointer
        // will do, as nothing is read from it.
        self.base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.index = 0
        self.maximumDepth = maximumDepth
    }

    package var isAtEnd: Bool { index >= bytes.count }

    // MARK: - Whitespace and punctuation

    @inlinable @inline(__always)
    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next non-whitespace byte, without consuming it.
    @inlinable @inline(__always)
    package mutating func peek() throws(JSONReaderFailure) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw fail(.unexpectedEnd, "unexpected end of input") }
        return base[index]
    }

    /// Consumes `byte` after optional whitespace, or fails saying what was expected.
    @inlinable @inline(__always)
    package mutating func expect(_ byte: UInt8, _ what: StaticString) throws(JSONReaderFailure) {
        let next = try peek()
        guard next == byte else { throw unexpected(expected: what) }
        index += 1
    }

    /// After a member or element: true for a comma (more follow), false for
    /// the closing bracket `close`.
    @inlinable @inline(__always)
    mutating func nextSeparator(close: UInt8) throws(JSONReaderFailure) -> Bool {
        let next = try peek()
        index += 1
        if next == 0x2C { return true }
        if next == close { return false }
        index -= 1
        throw unexpected(expected: close == 0x5D ? "',' or ']'" : "',' or '}'")
    }

    /// Consumes `byte` when it is the next byte, after spaces when
    /// `afterSpaces` (no other whitespace skipped); the index unmoved when
    /// it is not there.
    @inlinable @inline(__always)
    package mutating func consume(_ byte: UInt8, afterSpaces: Bool = false) -> Bool {
        var p = index
        if afterSpaces { while p < bytes.count && base[p] == 0x20 { p += 1 } }
        guard p < bytes.count, base[p] == byte else { return false }
        index = p + 1
        return true
    }

    /// Requires that only whitespace remains.
    package mutating func expectEnd() throws(JSONReaderFailure) {
        skipWhitespace()
        if index < bytes.count {
            throw fail(.trailingContent, "unexpected \(describe(at: index)) after the JSON value")
        }
    }

    // MARK: - Containers

    /// Opens an object: consumes `{` and returns false when it is empty
    /// (having consumed the `}` too).
    package mutating func beginObject() throws(JSONReaderFailure) -> Bool {
        try expect(0x7B, "'{'")
        try enter()
        if try peek() == 0x7D {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Opens an array: consumes `[` and returns false when it is empty.
    package mutating func beginArray() throws(JSONReaderFailure) -> Bool {
        try expect(0x5B, "'['")
        try enter()
        if try peek() == 0x5D {
            index += 1
            depth -= 1
            return false
        }
        return true
    }

    /// Reads a member name and its colon; returns the raw key bytes' range
    /// and whether it contains escapes.
    package mutating func readKey() throws(JSONReaderFailure) -> RawString {
        guard try peek() == 0x22 else { throw unexpected(expected: "a string key") }
        let key = try scanString()
        try expect(0x3A, "':'")
        return key
    }

    /// After the last member or element of a container: true for more.
    package mutating func nextMember() throws(JSONReaderFailure) -> Bool {
        let more = try nextSeparator(close: 0x7D)
        if !more { depth -= 1 }
        return more
    }

    package mutating func nextElement() throws(JSONReaderFailure) -> Bool {
        let more = try nextSeparator(close: 0x5D)
        if !more { depth -= 1 }
        return more
    }

    @inlinable @inline(__always)
    package mutating func enter() throws(JSONReaderFailure) {
        depth += 1
        if depth > maximumDepth {
            index -= 1
            throw fail(.tooDeep, "nesting is deeper than the limit of \(maximumDepth)")
        }
    }

    // MARK: - Literals and values

    package mutating func scanLiteral(_ literal: StaticString) throws(JSONReaderFailure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count, memcmp(base + index, literal.utf8Start, count) == 0 else {
            throw unexpected(expected: "a JSON value")
        }
        index += count
        if index < bytes.count, base[index] | 0x20 >= 0x61 && base[index] | 0x20 <= 0x7A {
            throw unexpected(expected: "',' or a closing bracket")
        }
    }

    /// Reads any value into a ``JSONValue``. With `duplicateKeys`, the
    /// offsets and names of repeated object keys are recorded (the last
    /// value wins either way).
    package mutating func readValue(duplicateKeys: UnsafeMutablePointer<[DuplicateKey]>? = nil) throws(JSONReaderFailure)
        -> JSONValue
    {
        switch try peek() {
        case 0x7B:
            var object = JSONObject()
            guard try beginObject() else { return .object(object) }
            // Repeated keys are found through 64-bit hashes of the key
            // bytes: a scan while the object is small, then a hash index
            // (Natural Earth features carry over a hundred properties).
            // Strings are compared only when hashes match.
            var keyIndex = KeyIndex()
            repeat {
                let keyOffset = index
                let raw = try readKey()
                let key = string(raw)
                let hash =
                    raw.hasEscapes
                    ? Self.hash(Array(key.utf8)) : Self.hash(base + raw.start, count: raw.end - raw.start)
                let value = try readValue(duplicateKeys: duplicateKeys)
                if keyIndex.position(of: hash, where: { object.keys[$0] == key }) != nil {
                    duplicateKeys?.pointee.append(DuplicateKey(name: key, offset: keyOffset))
                    object[key] = value
                } else {
                    keyIndex.append(hash)
                    object.appendUnchecked(key: key, value: value)
                }
            } while try nextMember()
            return .object(object)
        case 0x5B:
            var array: [JSONValue] = []
            guard try beginArray() else { return .array(array) }
            repeat {
                array.append(try readValue(duplicateKeys: duplicateKeys))
            } while try nextElement()
            return .array(array)
        case 0x22:
            return .string(string(try scanString()))
        case 0x74:
            try scanLiteral("true")
            return .bool(true)
        case 0x66:
            try scanLiteral("false")
            return .bool(false)
        case 0x6E:
            try scanLiteral("null")
            return .null
        case 0x2D, 0x30...0x39:
            return try readNumberValue()
        default:
            throw unexpected(expected: "a JSON value")
        }
    }

    /// Reads a value as ``readValue(duplicateKeys:)`` does, but an object
    /// whose keys come in the order of `shape`'s (all of them, or the first
    /// ones) takes `shape`'s key strings instead of making its own, and
    /// needs no search for repeated keys; an object that departs from the
    /// shape is read again the general way and becomes the shape. The keys
    /// of a FeatureCollection's properties usually repeat feature after
    /// feature.
    package mutating func readValue(following shape: KeyShape) throws(JSONReaderFailure) -> JSONValue {
        guard try peek() == 0x7B, shape.isWorthFollowing else { return try readValue() }
        let start = index
        let startDepth = depth
        guard try beginObject() else { return .object(JSONObject()) }
        shape.packed.removeAll()
        var count = 0
        repeat {
            let raw = try readKey()
            guard !raw.hasEscapes, shape.matches(key: count, base + raw.start, count: raw.end - raw.start) else {
                index = start
                depth = startDepth
                let value = try readValue()
                shape.learn(value)
                return value
            }
            try readValue(packingInto: shape.packed)
            count += 1
        } while try nextMember()
        shape.hits += 1
        let packed = shape.packed.packed
        guard count == shape.keys.count else {
            return .object(JSONObject(distinctKeys: Array(shape.keys[0..<count]), packed: packed))
        }
        return .object(JSONObject(distinctKeys: shape.keys, packed: packed, index: shape.index))
    }

    /// Reads any value onto the end of `packed`: strings and numbers
    /// straight from the text, arrays and objects through ``readValue()``.
    package mutating func readValue(packingInto packed: PackedJSONValues.Writer) throws(JSONReaderFailure) {
        switch try peek() {
        case 0x22:
            let raw = try scanString()
            if raw.hasEscapes {
                packed.append(string: string(raw))
            } else {
                packed.append(utf8: UnsafeBufferPointer(start: base + raw.start, count: raw.end - raw.start))
            }
        case 0x2D, 0x30...0x39:
            // The two forms ``readNumberValue()`` tries first, packed as
            // they are read: through a `JSONValue` in between, converting
            // populated places took 2 % more instructions.
            if let integer = readShortInteger() {
                packed.append(integer: integer)
            } else if let value = readPlainDecimal() {
                packed.append(double: value)
            } else {
                packed.append(try readNumberValue())
            }
        case 0x6E:
            try scanLiteral("null")
            packed.appendNull()
        default:
            packed.append(try readValue())
        }
    }

    /// Walks past any value, checking it fully but keeping nothing.
    mutating func skipValue() throws(JSONReaderFailure) {
        switch try peek() {
        case 0x7B:
            guard try beginObject() else { return }
            repeat {
                _ = try readKey()
                try skipValue()
            } while try nextMember()
        case 0x5B:
            guard try beginArray() else { return }
            repeat { try skipValue() } while try nextElement()
        case 0x22: _ = try scanString()
        case 0x74: try scanLiteral("true")
        case 0x66: try scanLiteral("false")
        case 0x6E: try scanLiteral("null")
        case 0x2D, 0x30...0x39:
            let raw = try scanNumber()
            if !raw.isInteger || raw.end - raw.start > 15 {
                let value = DecimalParser.parse(base + raw.start, count: raw.end - raw.start)
                if value.isInfinite {
                    index = raw.start
                    throw fail(.numberOutOfRange, "number is too large for a 64-bit float")
                }
            }
        default:
            throw unexpected(expected: "a JSON value")
        }
    }

    /// FNV-1a over a key's bytes (decoded bytes for keys with escapes, so
    /// that every spelling of a key hashes alike).
    package static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { hash($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: $0.count) }
    }

    @inlinable @inline(__always)
    package static func hash(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in 0..<count {
            hash = (hash ^ UInt64(start[offset])) &* 0x100_0000_01b3
        }
        return hash
    }

    // MARK: - Errors

    package func fail(_ kind: JSONReaderFailure.Kind, _ message: String) -> JSONReaderFailure {
        JSONReaderFailure(kind: kind, message: message, offset: index)
    }

    package func unexpected(expected: StaticString) -> JSONReaderFailure {
        if index >= bytes.count {
            return JSONReaderFailure(
                kind: .unexpectedEnd, message: "unexpected end of input, expected \(expected)", offset: index)
        }
        return JSONReaderFailure(
            kind: .unexpectedCharacter, message: "expected \(expected), found \(describe(at: index))", offset: index)
    }

    /// A short description of the byte at `position` for messages.
    package func describe(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = base[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0xEF, position + 2 < bytes.count, base[position + 1] == 0xBB, base[position + 2] == 0xBF {
            return "a byte order mark (JSON must not start with one)"
        }
        return "byte 0x\(Self.hex(byte))"
    }

    package static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    @inlinable @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x37
        case 0x61...0x66: byte - 0x57
        default: nil
        }
    }

    /// The offset of the first byte that breaks UTF-8 (overlong forms,
    /// surrogates and values past U+10FFFF included), or nil.
    static func firstInvalidUTF8(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var i = start
        while i < end {
            let b0 = base[i]
            if b0 < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return i
            }
            guard i + length <= end else { return i }
            let b1 = base[i + 1]
            if b1 < low || b1 > high { return i + 1 }
            for k in 2..<length where base[i + k] & 0xC0 != 0x80 { return i + k }
            i += length
        }
        return nil
    }
}

/// The hashes of an object's keys, in member order, for finding repeated
/// keys: a linear scan up to 16 keys, an open-addressing table beyond.
package struct KeyIndex {
    private var hashes: [UInt64] = []
    /// Slots holding member positions, -1 when empty; empty until needed.
    private var slots: [Int32] = []

    /// The position of a member whose hash matches and for which `matches`
    /// confirms the key, if any.
    @inlinable @inline(__always)
    package func position(of hash: UInt64, where matches: (Int) -> Bool) -> Int? {
        if slots.isEmpty {
            for position in hashes.indices where hashes[position] == hash && matches(position) {
                return position
            }
            return nil
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let position = Int(slots[slot])
            if hashes[position] == hash && matches(position) { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }

    package mutating func append(_ hash: UInt64) {
        hashes.append(hash)
        if slots.isEmpty {
            if hashes.count > 16 { rebuild(capacity: 64) }
        } else if hashes.count * 2 > slots.count {
            rebuild(capacity: slots.count * 2)
        } else {
            insert(hashes.count - 1)
        }
    }

    private mutating func rebuild(capacity: Int) {
        slots = [Int32](repeating: -1, count: capacity)
        for position in hashes.indices { insert(position) }
    }

    private mutating func insert(_ position: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[position]) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(position)
    }
}

/// A repeated key in a JSON object: its name and the offset of its second
/// (or later) occurrence.
package struct DuplicateKey: Sendable, Hashable {
    package var name: String
    package var offset: Int
}

/// The keys of the last object read by ``JSONReader/readValue(following:)``
/// (one reader's, or one stream's: not shared between threads), as strings
/// and as the raw bytes they were read from.
package final class KeyShape {
    package private(set) var keys: [String] = []
    private var bytes: [UInt8] = []
    private var ends: [Int] = [0]
    package var hits = 0
    private var misses = 0
    /// Where an object's values are packed as they are read, before they
    /// are copied into storage of their size.
    package let packed = PackedJSONValues.Writer()
    private var builtIndex: JSONObject.KeyIndex?
    private var indexIsBuilt = false

    package init() {}

    /// The keys' index, for objects of many members (so that each looks a
    /// key up by hash, not by scanning): built once for the shape, shared
    /// by every object that follows it.
    package var index: JSONObject.KeyIndex? {
        if !indexIsBuilt {
            builtIndex = keys.count > JSONObject.indexedCount ? JSONObject.index(of: keys) : nil
            indexIsBuilt = true
        }
        return builtIndex
    }

    /// False once objects have departed from the shape far more often than
    /// they followed it (keys that differ from object to object).
    var isWorthFollowing: Bool { misses <= hits + 16 }

    /// Whether key number `position` of the shape is these bytes.
    @inlinable @inline(__always)
    package func matches(key position: Int, _ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        guard position < keys.count, ends[position + 1] - ends[position] == count else { return false }
        // Compared here, eight bytes at a time: keys are short, and a call
        // to memcmp for each cost more than the comparison.
        return bytes.withUnsafeBufferPointer { buffer in
            let mine = UnsafeRawPointer(buffer.baseAddress! + ends[position])
            let theirs = UnsafeRawPointer(start)
            var offset = 0
            while offset + 8 <= count {
                guard
                    mine.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        == theirs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            while offset < count {
                guard
                    mine.load(fromByteOffset: offset, as: UInt8.self)
                        == theirs.load(fromByteOffset: offset, as: UInt8.self)
                else { return false }
                offset += 1
            }
            return true
        }
    }

    /// Takes the keys of `value` as the shape (none when it is not an object).
    package func learn(_ value: JSONValue) {
        misses += 1
        keys = []
        builtIndex = nil
        indexIsBuilt = false
        bytes = []
        ends = [0]
        guard case .object(let object) = value else { return }
        keys = object.keys
        for key in keys {
            bytes += key.utf8
            ends.append(bytes.count)
        }
    }
}
