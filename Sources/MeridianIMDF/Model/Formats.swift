/// The string formats IMDF names (language tags, E.164 phones, http(s)
/// URIs, ISO country and subdivision codes, RFC 3339 date-times, UUIDs),
/// checked by hand-written scanners: no regular expressions, no
/// Foundation, linear in the string's length.
///
/// ```swift
/// Formats.isUUID("a1000002-0000-4000-8000-000000000002")   // true
/// Formats.isPhone("+441223245151")                          // true
/// ```
enum Formats {
    private static func isHex(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)
    }

    private static func isAlpha(_ c: UInt8) -> Bool { (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A }
    private static func isDigit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }

    /// 8-4-4-4-12 hexadecimal digits, either case.
    static func isUUID(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                if byte != 0x2D { return false }
            } else if !isHex(byte) {
                return false
            }
        }
        return true
    }

    /// Lower case and version 4 with the RFC 4122 variant, as IMDF asks.
    static func isCanonicalUUIDv4(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard isUUID(string), string == string.lowercased() else { return false }
        return bytes[14] == 0x34 && [0x38, 0x39, 0x61, 0x62].contains(bytes[19])
    }

    /// A BCP 47 tag in its common shape: 2-3 letters, then subtags of 1-8
    /// letters or digits (`en`, `ja-JP`, `zh-Hant-TW`, `es-419`).
    static func isLanguageTag(_ string: String) -> Bool {
        let parts = string.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.utf8.count), first.utf8.allSatisfy(isAlpha) else {
            return false
        }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.utf8.count) && part.utf8.allSatisfy { isAlpha($0) || isDigit($0) }
        }
    }

    /// E.164: a plus and 2 to 15 digits; spaces, dashes, dots and
    /// parentheses between them are tolerated (common in real data).
    static func isPhone(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.first == 0x2B else { return false }
        var digits = 0
        for byte in bytes.dropFirst() {
            if isDigit(byte) { digits += 1 } else if ![0x20, 0x2D, 0x2E, 0x28, 0x29].contains(byte) { return false }
        }
        return (2...15).contains(digits)
    }

    static func isWebsite(_ string: String) -> Bool {
        let lower = string.lowercased()
        for scheme in ["http://", "https://"] where lower.hasPrefix(scheme) {
            return lower.count > scheme.count && !lower.contains(" ")
        }
        return false
    }

    /// OSM opening_hours is a grammar of its own; this accepts the
    /// characters it uses and rejects empty strings, which is what real
    /// data gets wrong.
    static func isOpeningHours(_ string: String) -> Bool {
        guard !string.allSatisfy(\.isWhitespace) else { return false }
        return string.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// ISO 3166-1 alpha-2: two upper-case letters.
    static func isCountryCode(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        return bytes.count == 2 && bytes.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
    }

    /// ISO 3166-2: the country code, a dash, 1-3 letters or digits.
    static func isSubdivisionCode(_ string: String) -> Bool {
        let parts = string.split(separator: "-", omittingEmptySubsequences: false)
        return parts.count == 2 && isCountryCode(String(parts[0]))
            && (1...3).contains(parts[1].utf8.count)
            && parts[1].utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || isDigit($0) }
    }

    /// RFC 3339 date-time: `YYYY-MM-DDThh:mm:ss[.frac](Z|±hh:mm)`.
    static func isDateTime(_ string: String) -> Bool {
        let b = Array(string.utf8)
        guard b.count >= 20 else { return false }
        let digitsAt = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18]
        guard digitsAt.allSatisfy({ isDigit(b[$0]) }), b[4] == 0x2D, b[7] == 0x2D, (b[10] | 0x20) == 0x74,
            b[13] == 0x3A, b[16] == 0x3A
        else { return false }
        var i = 19
        if b[i] == 0x2E {
            i += 1
            let start = i
            while i < b.count, isDigit(b[i]) { i += 1 }
            if i == start { return false }
        }
        guard i < b.count else { return false }
        if (b[i] | 0x20) == 0x7A { return i == b.count - 1 }
        guard b[i] == 0x2B || b[i] == 0x2D, b.count - i == 6 else { return false }
        return isDigit(b[i + 1]) && isDigit(b[i + 2]) && b[i + 3] == 0x3A && isDigit(b[i + 4]) && isDigit(b[i + 5])
    }
}
