/// The grammar of TOML's numbers and dates (the words that are neither
/// strings, booleans, arrays nor tables).
enum TOMLScalars {
    /// An integer (decimal, 0x, 0o, 0b; underscores between digits; in 64
    /// bits) or a float (fraction and/or exponent, inf, nan); nil when the
    /// text is neither.
    static func number(_ text: ArraySlice<UInt8>) -> TOMLValue? {
        var body = text
        let sign = body.first
        let signed = sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")
        if signed { body = body.dropFirst() }
        let negative = sign == UInt8(ascii: "-")
        if body.elementsEqual("inf".utf8) { return .float(negative ? -.infinity : .infinity) }
        if body.elementsEqual("nan".utf8) { return .float(.nan) }
        if !signed, body.count > 2, body.first == UInt8(ascii: "0") {
            let radix: UInt64
            switch body[body.startIndex + 1] {
            case UInt8(ascii: "x"): radix = 16
            case UInt8(ascii: "o"): radix = 8
            case UInt8(ascii: "b"): radix = 2
            default: radix = 0
            }
            if radix > 0 {
                guard let value = integer(body.dropFirst(2), radix: radix), value <= UInt64(Int64.max) else {
                    return nil
                }
                return .integer(Int64(value))
            }
        }
        // Integer part: 0, or digits without a leading zero.
        let integerEnd =
            body.firstIndex { $0 == UInt8(ascii: ".") || $0 | 0x20 == UInt8(ascii: "e") } ?? body.endIndex
        let integerPart = body[..<integerEnd]
        guard let magnitude = integer(integerPart, radix: 10),
            integerPart.count == 1 || integerPart.first != UInt8(ascii: "0")
        else { return nil }
        var rest = body[integerEnd...]
        if rest.isEmpty {
            if negative {
                return magnitude <= UInt64(Int64.max) + 1 ? .integer(Int64(truncatingIfNeeded: 0 &- magnitude)) : nil
            }
            return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : nil
        }
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            let end = rest.firstIndex { $0 | 0x20 == UInt8(ascii: "e") } ?? rest.endIndex
            guard isDigitRun(rest[..<end], radix: 10) else { return nil }
            rest = rest[end...]
        }
        if !rest.isEmpty {
            rest = rest.dropFirst()  // e or E
            if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
            guard isDigitRun(rest, radix: 10) else { return nil }
        }
        let digits = String(decoding: text.lazy.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
        return Double(digits).map { .float($0) }
    }

    /// The value of digits in `radix` with single underscores between
    /// them; nil for anything else, or past 64 bits.
    private static func integer(_ text: ArraySlice<UInt8>, radix: UInt64) -> UInt64? {
        guard isDigitRun(text, radix: radix) else { return nil }
        var value: UInt64 = 0
        for byte in text where byte != UInt8(ascii: "_") {
            let digit = UInt64(
                byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10)
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            if overflow || carry { return nil }
            value = sum
        }
        return value
    }

    /// One or more digits of `radix`, any two separated by at most one `_`.
    private static func isDigitRun(_ text: ArraySlice<UInt8>, radix: UInt64) -> Bool {
        guard !text.isEmpty, text.first != UInt8(ascii: "_"), text.last != UInt8(ascii: "_") else { return false }
        var previousUnderscore = false
        for byte in text {
            if byte == UInt8(ascii: "_") {
                if previousUnderscore { return false }
                previousUnderscore = true
                continue
            }
            previousUnderscore = false
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
                digit = UInt64((byte | 0x20) - UInt8(ascii: "a") + 10)
            default: return false
            }
            if digit >= radix { return false }
        }
        return true
    }

    /// An offset date-time, local date-time, local date or local time
    /// (RFC 3339, with a space allowed for the T), in the calendar.
    static func isDateTime(_ text: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(text)
        var at = 0
        func number(_ count: Int, _ range: ClosedRange<Int>) -> Int? {
            guard at + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[at..<(at + count)] {
                guard TOMLParser.isDigit(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            at += count
            return range.contains(value) ? value : nil
        }
        func take(_ character: Character) -> Bool {
            guard at < bytes.count, bytes[at] == character.asciiValue! else { return false }
            at += 1
            return true
        }
        func time() -> Bool {
            guard number(2, 0...23) != nil, take(":"), number(2, 0...59) != nil, take(":"),
                number(2, 0...59) != nil
            else { return false }
            if take(".") {
                let start = at
                while at < bytes.count, TOMLParser.isDigit(bytes[at]) { at += 1 }
                if at == start { return false }
            }
            return true
        }
        if bytes.count >= 3, bytes[2] == UInt8(ascii: ":") { return time() && at == bytes.count }
        guard let year = number(4, 0...9999), take("-"), let month = number(2, 1...12), take("-"),
            let day = number(2, 1...31)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        guard day <= days else { return false }
        if at == bytes.count { return true }
        guard take("T") || take("t") || take(" "), time() else { return false }
        if at == bytes.count || take("Z") || take("z") { return at == bytes.count }
        guard take("+") || take("-"), number(2, 0...23) != nil, take(":"), number(2, 0...59) != nil else {
            return false
        }
        return at == bytes.count
    }
}
