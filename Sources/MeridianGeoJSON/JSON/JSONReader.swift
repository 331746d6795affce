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
struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let base: UnsafePointer<UInt8>
    var index: Int
    var depth = 0
    let maximumDepth: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int = InputLimits.maximumNesting) {
        self.bytes = bytes
        // An empty buffer may have a nil base address; any valid pointer
        // will do, as nothing is read from it.
        self.base = bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!
        self.index = 0
        self.maximumDepth = maximumDepth
    }

    var isAtEnd: Bool { index >= bytes.count }

    // MARK: - Whitespace and punctuation

    @inline(__always)
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next non-whitespace byte, without consuming it.
    @inline(__always)
    mutating func peek() throws(JSONReaderFailure) -> UInt8 {
        skipWhitespace()
        guard index < bytes.count else { throw fail(.unexpectedEnd, "unexpected end of input") }
        return base[index]
    }

    /// Consumes `byte` after optional whitespace, or fails saying what was expected.
    @inline(__always)
    mutating func expect(_ byte: UInt8, _ what: StaticString) throws(JSONReaderFailure) {
        let next = try peek()
        guard next == byte else { throw unexpected(expected: what) }
        index += 1
    }

    /// After a member or element: true for a comma (more follow), false for
    /// the closing bracket `close`.
    @inline(__always)
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
    @inline(__always)
    mutating func consume(_ byte: UInt8, afterSpaces: Bool = false) -> Bool {
        var p = index
        if afterSpaces { while p < bytes.count && base[p] == 0x20 { p += 1 } }
        guard p < bytes.count, base[p] == byte else { return false }
        index = p + 1
        return true
    }

    /// Requires that only whitespace remains.
    mutating func expectEnd() throws(JSONReaderFailure) {
        skipWhitespace()
        if index < bytes.count {
            throw fail(.trailingContent, "unexpected \(describe(at: index)) after the JSON value")
        }
    }

    // MARK: - Containers

    /// Opens an object: consumes `{` and returns false when it is empty
    /// (having consumed the `}` too).
    mutating func beginObject() throws(JSONReaderFailure) -> Bool {
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
    mutating func beginArray() throws(JSONReaderFailure) -> Bool {
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
    mutating func readKey() throws(JSONReaderFailure) -> RawString {
        guard try peek() == 0x22 else { throw unexpected(expected: "a string key") }
        let key = try scanString()
        try expect(0x3A, "':'")
        return key
    }

    /// After the last member or element of a container: true for more.
    mutating func nextMember() throws(JSONReaderFailure) -> Bool {
        let more = try nextSeparator(close: 0x7D)
        if !more { depth -= 1 }
        return more
    }

    mutating func nextElement() throws(JSONReaderFailure) -> Bool {
        let more = try nextSeparator(close: 0x5D)
        if !more { depth -= 1 }
        return more
    }

    @inline(__always)
    mutating func enter() throws(JSONReaderFailure) {
        depth += 1
        if depth > maximumDepth {
            index -= 1
            throw fail(.tooDeep, "nesting is deeper than the limit of \(maximumDepth)")
        }
    }

    // MARK: - Strings

    /// A string token: its bytes between the quotes and whether any escape
    /// occurs (then ``string(_:)`` must decode it).
    struct RawString {
        var start: Int
        var end: Int
        var hasEscapes: Bool
    }

    /// Scans a string starting at the opening quote, checking escapes,
    /// control characters and UTF-8, and leaves the index after the
    /// closing quote.
    mutating func scanString() throws(JSONReaderFailure) -> RawString {
        index += 1
        let start = index
        var hasEscapes = false
        var ascii = true
        // The high bits of the bytes passed eight at a time (any set: not ASCII).
        var highBits: UInt64 = 0
        while true {
            // Eight bytes at a time while none of them needs a look: no
            // quote, backslash or control character.
            while bytes.count - index >= 8 {
                let chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let special = Self.quoteBackslashOrControl(chunk)
                if special == 0 {
                    highBits |= chunk
                    index += 8
                    continue
                }
                let plain = special.trailingZeroBitCount >> 3
                if plain > 0 {
                    highBits |= chunk & (1 << UInt64(8 * plain) &- 1)
                    index += plain
                }
                break
            }
            guard index < bytes.count else {
                index = start - 1
                throw fail(.unterminatedString, "unterminated string")
            }
            let byte = base[index]
            if byte == 0x22 { break }
            if byte == 0x5C {
                hasEscapes = true
                index += 1
                guard index < bytes.count else { continue }
                switch base[index] {
                case 0x22, 0x5C, 0x2F, 0x62, 0x66, 0x6E, 0x72, 0x74: index += 1
                case 0x75:
                    for offset in 1...4 {
                        guard index + offset < bytes.count, Self.hexValue(base[index + offset]) != nil else {
                            index -= 1
                            throw fail(.invalidEscape, "\\u must be followed by four hexadecimal digits")
                        }
                    }
                    index += 5
                default:
                    index -= 1
                    throw fail(.invalidEscape, "invalid escape sequence \(describe(at: index + 1))")
                }
                continue
            }
            if byte < 0x20 {
                throw fail(.controlCharacter, "control character U+\(Self.hex(byte)) must be escaped in a string")
            }
            if byte >= 0x80 { ascii = false }
            index += 1
        }
        let end = index
        index += 1
        if highBits & 0x8080_8080_8080_8080 != 0 { ascii = false }
        if !ascii, let bad = Self.firstInvalidUTF8(base, from: start, to: end) {
            index = bad
            throw fail(.invalidUTF8, "invalid UTF-8 byte 0x\(Self.hex(base[bad])) in a string")
        }
        return RawString(start: start, end: end, hasEscapes: hasEscapes)
    }

    /// A chunk's bytes (the first in the lowest byte) that are a quote, a
    /// backslash or a control character, as their high bits: exact up to
    /// the lowest one flagged (a borrow can only flag bytes above a true
    /// one), which is all a scan needs.
    @inline(__always)
    static func quoteBackslashOrControl(_ chunk: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quote = chunk ^ 0x2222_2222_2222_2222
        let backslash = chunk ^ 0x5C5C_5C5C_5C5C_5C5C
        let zeroQuote = (quote &- ones) & ~quote
        let zeroBackslash = (backslash &- ones) & ~backslash
        let control = (chunk &- 0x2020_2020_2020_2020) & ~chunk
        return (zeroQuote | zeroBackslash | control) & 0x8080_8080_8080_8080
    }

    /// The Swift string a scanned token stands for. Lone surrogates
    /// (allowed by RFC 8259's grammar but not by Unicode) become U+FFFD.
    func string(_ raw: RawString) -> String {
        let buffer = UnsafeBufferPointer(start: base + raw.start, count: raw.end - raw.start)
        if !raw.hasEscapes { return String(decoding: buffer, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(buffer.count)
        var i = 0
        func unit(at position: Int) -> UInt32 {
            var value: UInt32 = 0
            for k in 0..<4 { value = value << 4 | UInt32(Self.hexValue(buffer[position + k])!) }
            return value
        }
        while i < buffer.count {
            let byte = buffer[i]
            guard byte == 0x5C else {
                decoded.append(byte)
                i += 1
                continue
            }
            let kind = buffer[i + 1]
            i += 2
            switch kind {
            case 0x62: decoded.append(0x08)
            case 0x66: decoded.append(0x0C)
            case 0x6E: decoded.append(0x0A)
            case 0x72: decoded.append(0x0D)
            case 0x74: decoded.append(0x09)
            case 0x75:
                var scalar = unit(at: i)
                i += 4
                if (0xD800..<0xDC00).contains(scalar), i + 5 < buffer.count, buffer[i] == 0x5C, buffer[i + 1] == 0x75 {
                    let low = unit(at: i + 2)
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                decoded.append(contentsOf: String(character).utf8)
            default: decoded.append(kind)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// True when the token's bytes equal `literal` (for keys and type names).
    @inline(__always)
    func equals(_ raw: RawString, _ literal: StaticString) -> Bool {
        if raw.hasEscapes { return string(raw) == literal.description }
        let count = raw.end - raw.start
        guard count == literal.utf8CodeUnitCount else { return false }
        return memcmp(base + raw.start, literal.utf8Start, count) == 0
    }

    mutating func readString() throws(JSONReaderFailure) -> String {
        guard try peek() == 0x22 else { throw unexpected(expected: "a string") }
        return string(try scanString())
    }

    // MARK: - Numbers

    /// A validated number token.
    struct RawNumber {
        var start: Int
        var end: Int
        var isInteger: Bool
    }

    /// Scans a number by RFC 8259's grammar, leaving the index after it.
    @inline(__always)
    mutating func scanNumber() throws(JSONReaderFailure) -> RawNumber {
        let start = index
        var isInteger = true
        if index < bytes.count, base[index] == 0x2D { index += 1 }
        guard index < bytes.count else { throw fail(.invalidNumber, "a number needs digits") }
        if base[index] == 0x30 {
            index += 1
        } else if base[index] >= 0x31 && base[index] <= 0x39 {
            index += 1
            skipDigits()
        } else {
            throw fail(.invalidNumber, "a number needs digits, found \(describe(at: index))")
        }
        if index < bytes.count, base[index] == 0x2E {
            isInteger = false
            index += 1
            let digits = index
            skipDigits()
            if index == digits { throw fail(.invalidNumber, "a decimal point must be followed by digits") }
        }
        if index < bytes.count, base[index] | 0x20 == 0x65 {
            isInteger = false
            index += 1
            if index < bytes.count, base[index] == 0x2B || base[index] == 0x2D { index += 1 }
            let digits = index
            while index < bytes.count, base[index] &- 0x30 < 10 { index += 1 }
            if index == digits { throw fail(.invalidNumber, "an exponent must have digits") }
        }
        // "01", "1a", "-": a number must not run into other token characters.
        if index < bytes.count {
            let next = base[index]
            if next &- 0x30 < 10 || next == 0x2E || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A) {
                throw fail(.invalidNumber, "invalid number: unexpected \(describe(at: index))")
            }
        }
        return RawNumber(start: start, end: index, isInteger: isInteger)
    }

    /// `-?D{1,7}` followed by neither a point nor a letter, read from one
    /// 8-byte load; nil (the index unmoved) for anything else, which the
    /// general way then reads or refuses with its own message: longer
    /// integers, leading zeros, exponents, and `-0`, which stays a double.
    @inline(__always)
    mutating func readShortInteger() -> Int64? {
        var p = index
        let negative = p < bytes.count && base[p] == 0x2D
        if negative { p += 1 }
        guard bytes.count - p >= 8 else { return nil }
        let chunk = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
        let count = DecimalParser.leadingDigitCount(chunk)
        guard count > 0, count < 8, base[p] != 0x30 || (count == 1 && !negative) else { return nil }
        // A point, an exponent or a letter next: the general way reads or refuses it.
        let next = base[p + count]
        guard next != 0x2E, !(next | 0x20 >= 0x61 && next | 0x20 <= 0x7A) else { return nil }
        let value = Int64(DecimalParser.valueOfDigits(chunk, count: count))
        index = p + count
        return negative ? -value : value
    }

    /// The form most coordinates take, `-?D+.D+` with at most 19 digits
    /// and no exponent, checked and converted in one pass over its bytes;
    /// nil (the index unmoved) for any other form, valid or not, which
    /// ``scanNumber()`` then reads (and refuses) the general way.
    @inline(__always)
    mutating func readPlainDecimal() -> Double? {
        var p = index
        let end = bytes.count
        let negative = p < end && base[p] == 0x2D
        if negative { p += 1 }
        guard p < end else { return nil }
        var w: UInt64
        var integerCount: Int
        if end - p >= 8 {
            // The integer digits at once (a coordinate has one to three).
            let chunk = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
            integerCount = DecimalParser.leadingDigitCount(chunk)
            // None, too many for this way, or a leading zero of several.
            guard integerCount > 0, integerCount < 8, base[p] != 0x30 || integerCount == 1 else { return nil }
            w = DecimalParser.valueOfDigits(chunk, count: integerCount)
            p += integerCount
        } else {
            w = UInt64(base[p] &- 0x30)
            guard w < 10 else { return nil }
            p += 1
            integerCount = 1
            if w != 0 {
                while p < end, base[p] &- 0x30 < 10 {
                    w = w &* 10 &+ UInt64(base[p] &- 0x30)
                    p += 1
                    integerCount += 1
                }
            }
        }
        guard p < end, base[p] == 0x2E else { return nil }
        p += 1
        let fractionStart = p
        while end - p >= 8 {
            let chunk = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
            let digits = DecimalParser.leadingDigitCount(chunk)
            if digits == 8 {
                w = w &* 100_000_000 &+ UInt64(DecimalParser.valueOfEightDigits(chunk))
                p += 8
                continue
            }
            // The last (fewer than eight) at once.
            if digits > 0 {
                w = w &* DecimalParser.integerPowersOfTen[digits] &+ DecimalParser.valueOfDigits(chunk, count: digits)
                p += digits
            }
            break
        }
        while p < end, base[p] &- 0x30 < 10 {
            w = w &* 10 &+ UInt64(base[p] &- 0x30)
            p += 1
        }
        let fractionCount = p - fractionStart
        // More than 19 digits may have wrapped `w`; an exponent, or a
        // number running into a letter or a point, is the general way's.
        guard fractionCount > 0, integerCount + fractionCount <= 19 else { return nil }
        if p < end {
            let next = base[p]
            if next == 0x2E || (next | 0x20 >= 0x61 && next | 0x20 <= 0x7A) { return nil }
        }
        guard let value = DecimalParser.value(significand: w, exponent: -fractionCount, negative: negative) else {
            return nil
        }
        index = p
        return value
    }

    /// `[x,y]` where both are plain decimals (``readPlainDecimal()``), with
    /// at most spaces before it and around them (`[ x, y ]`, as Python
    /// writes JSON), read in one pass as `beginArray`, two numbers and
    /// `nextElement` would read it (the depth is left as it was, and an
    /// array one level too deep is left to them). Nil, the index unmoved,
    /// for anything else.
    @inline(__always)
    mutating func readCompactPosition() -> (Double, Double)? {
        let start = index
        guard depth < maximumDepth, consume(0x5B, afterSpaces: true) else { return nil }
        skipSpaces()
        guard let x = readPlainDecimal(), consume(0x2C, afterSpaces: true) else {
            index = start
            return nil
        }
        skipSpaces()
        guard let y = readPlainDecimal(), consume(0x5D, afterSpaces: true) else {
            index = start
            return nil
        }
        return (x, y)
    }

    /// Moves past spaces (only: other blanks are the general way's).
    @inline(__always)
    mutating func skipSpaces() {
        while index < bytes.count && base[index] == 0x20 { index += 1 }
    }

    /// Moves past a run of ASCII digits, eight at a time while eight bytes
    /// remain.
    @inline(__always)
    mutating func skipDigits() {
        while bytes.count - index >= 8 {
            let chunk = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let digits = DecimalParser.leadingDigitCount(chunk)
            index += digits
            if digits < 8 { return }
        }
        while index < bytes.count, base[index] &- 0x30 < 10 { index += 1 }
    }

    /// Reads a number as the correctly rounded Double. Numbers too large
    /// for a Double (1e999999) are an error, not infinity.
    @inline(__always)
    mutating func readDouble() throws(JSONReaderFailure) -> Double {
        if let value = readPlainDecimal() { return value }
        let raw = try scanNumber()
        let value = DecimalParser.parse(base + raw.start, count: raw.end - raw.start)
        if value.isInfinite {
            index = raw.start
            throw fail(.numberOutOfRange, "number is too large for a 64-bit float")
        }
        return value
    }

    /// Reads a number as a ``JSONValue``: integers that fit in Int64 stay
    /// integers; anything else becomes a Double.
    mutating func readNumberValue() throws(JSONReaderFailure) -> JSONValue {
        // A short integer (a population, a rank, a code) at once.
        if let integer = readShortInteger() { return .integer(integer) }
        // A plain decimal (`-?D+.D+`, the form most non-integers take) in one pass.
        if let value = readPlainDecimal() { return .double(value) }
        let raw = try scanNumber()
        if raw.isInteger, let integer = integerValue(raw) { return .integer(integer) }
        let value = DecimalParser.parse(base + raw.start, count: raw.end - raw.start)
        if value.isInfinite {
            index = raw.start
            throw fail(.numberOutOfRange, "number is too large for a 64-bit float")
        }
        // "-0" keeps its sign as a double.
        return .double(value)
    }

    func integerValue(_ raw: RawNumber) -> Int64? {
        var position = raw.start
        let negative = base[position] == 0x2D
        if negative { position += 1 }
        if raw.end - position > 19 { return nil }
        if negative && raw.end - position == 1 && base[position] == 0x30 { return nil }
        var value: Int64 = 0
        while position < raw.end {
            let digit = Int64(base[position] &- 0x30)
            let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) =
                negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = sum
            position += 1
        }
        return value
    }

    // MARK: - Literals and values

    mutating func scanLiteral(_ literal: StaticString) throws(JSONReaderFailure) {
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
    mutating func readValue(duplicateKeys: UnsafeMutablePointer<[DuplicateKey]>? = nil) throws(JSONReaderFailure)
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
    mutating func readValue(following shape: KeyShape) throws(JSONReaderFailure) -> JSONValue {
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
    mutating func readValue(packingInto packed: PackedJSONValues.Writer) throws(JSONReaderFailure) {
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
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { hash($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: $0.count) }
    }

    @inline(__always)
    static func hash(_ start: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for offset in 0..<count {
            hash = (hash ^ UInt64(start[offset])) &* 0x100_0000_01b3
        }
        return hash
    }

    // MARK: - Errors

    func fail(_ kind: JSONReaderFailure.Kind, _ message: String) -> JSONReaderFailure {
        JSONReaderFailure(kind: kind, message: message, offset: index)
    }

    func unexpected(expected: StaticString) -> JSONReaderFailure {
        if index >= bytes.count {
            return JSONReaderFailure(
                kind: .unexpectedEnd, message: "unexpected end of input, expected \(expected)", offset: index)
        }
        return JSONReaderFailure(
            kind: .unexpectedCharacter, message: "expected \(expected), found \(describe(at: index))", offset: index)
    }

    /// A short description of the byte at `position` for messages.
    func describe(at position: Int) -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = base[position]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0xEF, position + 2 < bytes.count, base[position + 1] == 0xBB, base[position + 2] == 0xBF {
            return "a byte order mark (JSON must not start with one)"
        }
        return "byte 0x\(Self.hex(byte))"
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }

    @inline(__always)
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
struct KeyIndex {
    private var hashes: [UInt64] = []
    /// Slots holding member positions, -1 when empty; empty until needed.
    private var slots: [Int32] = []

    /// The position of a member whose hash matches and for which `matches`
    /// confirms the key, if any.
    @inline(__always)
    func position(of hash: UInt64, where matches: (Int) -> Bool) -> Int? {
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

    mutating func append(_ hash: UInt64) {
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
struct DuplicateKey: Sendable, Hashable {
    var name: String
    var offset: Int
}

/// The keys of the last object read by ``JSONReader/readValue(following:)``
/// (one reader's, or one stream's: not shared between threads), as strings
/// and as the raw bytes they were read from.
final class KeyShape {
    private(set) var keys: [String] = []
    private var bytes: [UInt8] = []
    private var ends: [Int] = [0]
    var hits = 0
    private var misses = 0
    /// Where an object's values are packed as they are read, before they
    /// are copied into storage of their size.
    let packed = PackedJSONValues.Writer()
    private var builtIndex: JSONObject.KeyIndex?
    private var indexIsBuilt = false

    /// The keys' index, for objects of many members (so that each looks a
    /// key up by hash, not by scanning): built once for the shape, shared
    /// by every object that follows it.
    var index: JSONObject.KeyIndex? {
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
    @inline(__always)
    func matches(key position: Int, _ start: UnsafePointer<UInt8>, count: Int) -> Bool {
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
    func learn(_ value: JSONValue) {
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
