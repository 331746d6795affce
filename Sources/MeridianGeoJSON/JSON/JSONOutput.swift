import MeridianCore

/// A growable UTF-8 buffer with the JSON primitives every writer in
/// Meridian needs: escaped strings, shortest round-trip numbers or a fixed
/// count of decimals, and ``JSONValue`` trees, compact or indented.
struct JSONOutput {
    var bytes: [UInt8] = []
    /// Spaces per indentation level; 0 writes compact JSON.
    var indentWidth: Int
    /// Decimal places for coordinates; nil writes the shortest text that
    /// reads back as the same Double.
    var precision: Int?
    var level = 0
    /// The keys of the last properties written, encoded (``writeProperties(_:)``).
    private var propertyKeys = EncodedKeys()

    init(indentWidth: Int = 0, precision: Int? = nil, capacity: Int = 1 << 16) {
        self.indentWidth = indentWidth
        self.precision = precision
        bytes.reserveCapacity(capacity)
    }

    var isPretty: Bool { indentWidth > 0 }

    /// Compact, with shortest numbers: positions go through
    /// ``writeShortestPosition(_:separated:)``.
    var writesPositionsAtOnce: Bool { !isPretty && precision == nil }

    @inline(__always)
    mutating func write(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends the bytes of `buffer` with one check of the capacity and a
    /// copy (Array's `append(contentsOf:)` takes any sequence, at about a
    /// hundred instructions a call).
    @inline(__always)
    mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        appendBytes(maximumCount: buffer.count) { text in
            text.update(from: base, count: buffer.count)
            return buffer.count
        }
    }

    @inline(__always)
    mutating func write(byte: UInt8) {
        bytes.append(byte)
    }

    /// A newline and indentation in pretty mode; nothing otherwise.
    mutating func newline() {
        guard isPretty else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: level * indentWidth))
    }

    /// `": "` in pretty mode, `":"` otherwise.
    mutating func colon() {
        if isPretty { write(": ") } else { write(byte: 0x3A) }
    }

    mutating func writeString(_ string: String) {
        // A native string's bytes in place, without the copy `withUTF8`
        // (a mutating call) needs; a bridged one is made contiguous.
        let written: Void? = string.utf8.withContiguousStorageIfAvailable { writeString(utf8: $0) }
        guard written == nil else { return }
        var string = string
        string.withUTF8 { writeString(utf8: $0) }
    }

    /// A string's UTF-8, quoted and escaped.
    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
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
    @inline(__always)
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
    @inline(__always)
    mutating func writeCoordinateValue(_ value: Double) {
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
    @inline(__always)
    mutating func writeShortestPosition(_ c: Coordinate, separated: Bool) -> Bool {
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
    @inline(__always)
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

    /// Writes the shortest text of `value` that reads back as it, in
    /// positional notation, at `text`, and returns its length; or returns
    /// 0, writing nothing, for zero, non-finite values, magnitudes outside
    /// [1e-7, 1e15), and the rare value the ways below miss.
    ///
    /// For |value| in [1e-3, 1e15): the nearest decimal of 15 significant
    /// digits, found in doubles, then those of 16 and 17, worked out
    /// exactly in integers (``nearestDecimal(to:decimals:)``); the first
    /// that reads back is kept. The nearest decimal of k digits reads back
    /// whenever any of k digits does, so that is the shortest text, and
    /// the closest of its length. Down to 1e-7, 15 and 16 digits are tried
    /// in doubles.
    @inline(__always)
    static func formatShortest(_ value: Double, at text: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = abs(value)
        // False for NaN too.
        guard magnitude >= 1e-7 && magnitude < 1e15 else { return 0 }
        // The decimal exponent: 10^e <= magnitude < 10^(e + 1). The
        // binary exponent times log10(2) (78913 / 2^18) is e or e - 1.
        let binaryExponent = Int(truncatingIfNeeded: magnitude.bitPattern >> 52) - 1023
        var exponent = max(-7, (binaryExponent &* 78913) >> 18)
        while exponent < 14 && decimalPowers[exponent + 8] <= magnitude { exponent += 1 }
        if exponent >= -3 {
            // 15 digits in doubles first: the product is correctly
            // rounded, and when the integer nearest it reads back it is
            // the only decimal of 15 digits that does (they are at least
            // four times further apart than the doubles there), so the
            // closest, and without its zeros the shortest. Rounded as rint
            // does but without a call into libm: adding and taking away
            // 2^52 leaves no fraction below 2^52.
            let scale = powersOfTen[14 - exponent]
            let product = magnitude * scale
            let scaled =
                product < 4_503_599_627_370_496
                ? (product + 4_503_599_627_370_496) - 4_503_599_627_370_496 : product
            if scaled / scale == magnitude {
                return formatDecimal(UInt64(scaled), decimals: 14 - exponent, negative: value < 0, at: text)
            }
            // 16 and 17 digits exactly, in integers: there two decimals
            // of 16 digits can read back, and the closest is wanted.
            for digits in 16...17 {
                let decimals = digits - 1 - exponent
                guard let nearest = nearestDecimal(to: magnitude, decimals: decimals) else { return 0 }
                guard nearest.readsBack || digits == 17 else { continue }
                return formatDecimal(nearest.integer, decimals: decimals, negative: value < 0, at: text)
            }
        } else {
            // Below 10^-3, in doubles: n = round(|value| * 10^d), and both
            // n (< 2^53) and 10^d (d <= 22) are exact doubles, so n / 10^d
            // is correctly rounded and equals what a reader computes from
            // the text.
            for digits in 15...16 {
                let decimals = digits - 1 - exponent
                let scale = powersOfTen[decimals]
                let scaled = (magnitude * scale).rounded(.toNearestOrEven)
                guard scaled < 9_007_199_254_740_992 else { return 0 }
                if scaled / scale == magnitude {
                    return formatDecimal(UInt64(scaled), decimals: decimals, negative: value < 0, at: text)
                }
            }
        }
        return 0
    }

    /// The decimal of `decimals` places nearest to `magnitude` (ties to
    /// even), as an integer scaled by 10^decimals, and whether it reads
    /// back as `magnitude`: worked out exactly from the double's 53-bit
    /// significand m and binary exponent (magnitude = m / 2^s), with the
    /// 128-bit product m * 10^decimals. A decimal reads back when it lies
    /// within half the gap to either neighbouring double (a quarter below
    /// a power of two, where the gap below is half as wide), the bound
    /// itself included when m is even, as a reader rounds ties to even.
    /// Nil outside 1 <= s <= 64 or above 19 decimals, and when the
    /// integer would not fit in 64 bits.
    static func nearestDecimal(to magnitude: Double, decimals: Int) -> (integer: UInt64, readsBack: Bool)? {
        guard decimals >= 0, decimals <= 19, magnitude.isNormal else { return nil }
        let significand = magnitude.significandBitPattern | (1 << 52)
        let shift = 1075 - Int(magnitude.exponentBitPattern)
        guard shift >= 1, shift <= 64 else { return nil }
        let scale = DecimalParser.integerPowersOfTen[decimals]
        let (high, low) = significand.multipliedFullWidth(by: scale)
        // quotient = (high:low) >> shift; remainder = low's bits below shift.
        let quotient: UInt64
        let remainder: UInt64
        if shift == 64 {
            quotient = high
            remainder = low
        } else {
            guard high >> shift == 0 else { return nil }
            quotient = (high << (64 - shift)) | (low >> shift)
            remainder = low & ((1 << shift) - 1)
        }
        let half: UInt64 = 1 << (shift - 1)
        let roundsUp = remainder > half || (remainder == half && quotient & 1 == 1)
        guard !roundsUp || quotient < UInt64.max else { return nil }
        // The distance to the value, in units of 2^-shift / 10^decimals.
        let distance = !roundsUp ? remainder : shift == 64 ? 0 &- remainder : (1 << shift) - remainder
        let below = !roundsUp && remainder > 0
        let even = significand & 1 == 0
        let readsBack: Bool
        if below && significand == 1 << 52 {
            readsBack = distance <= UInt64.max / 4 && (even ? distance * 4 <= scale : distance * 4 < scale)
        } else {
            readsBack = distance <= UInt64.max / 2 && (even ? distance * 2 <= scale : distance * 2 < scale)
        }
        return (roundsUp ? quotient + 1 : quotient, readsBack)
    }

    /// Writes `integer / 10^decimals` (integer > 0) at `text` without its
    /// trailing zeros, in positional notation with at least one decimal
    /// (`3.0`, so that a double reads back as a double), and returns its
    /// length. The digits are formed two at a time from the end.
    @inline(__always)
    static func formatDecimal(
        _ integer: UInt64, decimals: Int, negative: Bool, at text: UnsafeMutablePointer<UInt8>
    ) -> Int {
        var integer = integer
        var places = decimals
        // A decimal of 15 digits has at most 14 trailing zeros: eight,
        // four, two and one take any count of them off in four steps (a
        // coordinate of six decimals rounded to 15 digits has seven).
        if places >= 8 && integer % 100_000_000 == 0 {
            integer /= 100_000_000
            places -= 8
        }
        if places >= 4 && integer % 10_000 == 0 {
            integer /= 10_000
            places -= 4
        }
        if places >= 2 && integer % 100 == 0 {
            integer /= 100
            places -= 2
        }
        while places > 0 && integer % 10 == 0 {
            integer /= 10
            places -= 1
        }
        // How many digits: from the bit length, log10(2) ~ 1233 / 2^12.
        let guess = ((64 - integer.leadingZeroBitCount) &* 1233) >> 12
        let digitCount = guess + (integer >= DecimalParser.integerPowersOfTen[guess] ? 1 : 0)
        let wholeCount = max(digitCount - places, 1)
        let count = (negative ? 1 : 0) + wholeCount + 1 + max(places, 1)
        let pairs = digitPairs.utf8Start
        var position = count
        // The two digits of `pair` (0...99) before what is written.
        @inline(__always) func prepend(pair: Int) {
            position -= 2
            text[position] = pairs[pair &* 2]
            text[position + 1] = pairs[pair &* 2 + 1]
        }
        // One digit (0...9) before what is written.
        @inline(__always) func prepend(digit: UInt64) {
            position -= 1
            text[position] = UInt8(truncatingIfNeeded: digit) &+ 0x30
        }
        var whole = integer
        if places == 0 { prepend(digit: 0) }
        var left = places
        while left >= 2 {
            prepend(pair: Int(whole % 100))
            whole /= 100
            left -= 2
        }
        if left == 1 {
            prepend(digit: whole % 10)
            whole /= 10
        }
        position -= 1
        text[position] = 0x2E
        while whole >= 100 {
            prepend(pair: Int(whole % 100))
            whole /= 100
        }
        if whole >= 10 { prepend(pair: Int(whole)) } else { prepend(digit: whole) }
        if negative { text[0] = 0x2D }
        return count
    }

    /// "00" to "99", two bytes each.
    static let digitPairs: StaticString = """
        0001020304050607080910111213141516171819202122232425262728293031323334353637383940414243444546474849\
        5051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899
        """

    /// Lets the standard library write a Double's digits straight into the
    /// buffer (its `_writeASCII` hook avoids creating a String).
    private struct ByteStream: TextOutputStream {
        var bytes: [UInt8] = []
        mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
        mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
    }

    /// `value` rounded to `decimals` places, trailing zeros dropped: the
    /// integer path when the scaled value fits in 2^53, else the shortest
    /// text of the rounded value.
    mutating func writeFixed(_ value: Double, decimals: Int) {
        guard value.isFinite else {
            write("null")
            return
        }
        let scale = Self.powersOfTen[min(max(decimals, 0), 17)]
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9_007_199_254_740_992, decimals <= 17 else {
            writeDouble((value * scale).rounded() / scale)
            return
        }
        var integer = Int64(scaled)
        if integer == 0 {
            bytes.append(0x30)
            return
        }
        if integer < 0 {
            bytes.append(0x2D)
            integer = -integer
        }
        var places = decimals
        while places > 0 && integer % 10 == 0 {
            integer /= 10
            places -= 1
        }
        if places == 0 {
            writeInteger(integer)
            return
        }
        let divisor = Int64(Self.powersOfTen[places])
        writeInteger(integer / divisor)
        bytes.append(0x2E)
        var fraction = integer % divisor
        var width = places
        var digits = [UInt8](repeating: 0x30, count: places)
        while width > 0 {
            digits[width - 1] = UInt8(fraction % 10) + 0x30
            fraction /= 10
            width -= 1
        }
        bytes.append(contentsOf: digits)
    }

    /// 10^-7 ... 10^15, for finding a value's decimal exponent. Literal
    /// tables are laid out at compile time (no lazy initialisation).
    static let decimalPowers: [Double] = [
        1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15,
    ]

    /// 10^0 ... 10^22, every one exact in a Double.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]

    /// Any JSON value; objects keep their key order.
    mutating func writeValue(_ value: JSONValue) {
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
    mutating func writeProperties(_ object: JSONObject) {
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

    mutating func writeObject(_ object: JSONObject) {
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
