import MeridianCore

/// Numbers as text: the shortest decimal that reads back, and a fixed
/// count of decimals, worked out without Foundation's formatter.
extension JSONOutput {
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
    @inlinable @inline(__always)
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
    @inlinable @inline(__always)
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
    struct ByteStream: TextOutputStream {
        package var bytes: [UInt8] = []
        package mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
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
    package static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
        1e19, 1e20, 1e21, 1e22,
    ]
}
