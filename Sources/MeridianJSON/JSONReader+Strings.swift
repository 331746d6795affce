import MeridianCore
import MeridianLibC

/// Strings: scanned eight bytes at a time, decoded only when asked.
extension JSONReader {
    /// A string token: its bytes between the quotes and whether any escape
    /// occurs (then ``string(_:)`` must decode it).
    package struct RawString {
        package var start: Int
        package var end: Int
        package var hasEscapes: Bool
    }

    /// Scans a string starting at the opening quote, checking escapes,
    /// control characters and UTF-8, and leaves the index after the
    /// closing quote.
    package mutating func scanString() throws(JSONReaderFailure) -> RawString {
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
    @inlinable @inline(__always)
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
    package func string(_ raw: RawString) -> String {
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
    @inlinable @inline(__always)
    package func equals(_ raw: RawString, _ literal: StaticString) -> Bool {
        if raw.hasEscapes { return string(raw) == literal.description }
        let count = raw.end - raw.start
        guard count == literal.utf8CodeUnitCount else { return false }
        return memcmp(base + raw.start, literal.utf8Start, count) == 0
    }

    package mutating func readString() throws(JSONReaderFailure) -> String {
        guard try peek() == 0x22 else { throw unexpected(expected: "a string") }
        return string(try scanString())
    }
}
