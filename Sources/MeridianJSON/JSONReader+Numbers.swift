import MeridianCore
import MeridianLibC

/// Numbers: scanned once, with fast paths for the short integers and
/// plain decimals of coordinates.
extension JSONReader {
    /// A validated number token.
    package struct RawNumber {
        package var start: Int
        package var end: Int
        package var isInteger: Bool
    }

    /// Scans a number by RFC 8259's grammar, leaving the index after it.
    @inlinable @inline(__always)
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
    @inlinable @inline(__always)
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
    @inlinable @inline(__always)
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
    @inlinable @inline(__always)
    package mutating func readCompactPosition() -> (Double, Double)? {
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
    @inlinable @inline(__always)
    mutating func skipSpaces() {
        while index < bytes.count && base[index] == 0x20 { index += 1 }
    }

    /// Moves past a run of ASCII digits, eight at a time while eight bytes
    /// remain.
    @inlinable @inline(__always)
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
    @inlinable @inline(__always)
    package mutating func readDouble() throws(JSONReaderFailure) -> Double {
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
    package mutating func readNumberValue() throws(JSONReaderFailure) -> JSONValue {
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
}
