import MeridianCore
import MeridianLibC

/// Converts the bytes of an already validated JSON number into the nearest
/// `Double` (round half to even), bit for bit what a correctly rounded
/// `strtod` returns.
///
/// The input must match RFC 8259's grammar
/// `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`; nothing is checked
/// again here.
///
/// The digits are read into a 64-bit decimal significand `w` (at most 19
/// significant digits) and a decimal exponent `q`, so that the number is
/// `w × 10^q` (or lies strictly between `w × 10^q` and `(w + 1) × 10^q` when
/// non-zero digits had to be dropped). Then, in order:
///
/// 1. Clinger's fast path: if `w <= 2^53` and `|q| <= 22`, both `w` and
///    `10^|q|` are exact doubles and one IEEE multiplication or division
///    rounds correctly.
/// 2. Eisel–Lemire: multiply the normalised `w` by a 128-bit approximation of
///    `5^q` (`PowersOfFive`) and read the rounded significand off the top bits
///    of the product, unless the product's known error bound straddles a
///    halfway point between two doubles.
/// 3. Otherwise (about one number in a thousand among those with more than 19
///    significant digits, practically never for shorter ones) glibc's
///    correctly rounded `strtod` on a NUL-terminated copy.
enum DecimalParser {
    package static func parse(_ start: UnsafePointer<UInt8>, count: Int) -> Double {
        if let value = parseWithoutFallback(start, count: count) {
            return value
        }
        return fallback(start, count: count)
    }

    // MARK: - Scanning

    /// Everything except the `strtod` fallback; `nil` when that is needed.
    /// Internal (rather than private) so that tests can measure how often the
    /// fallback would be taken.
    @inlinable @inline(__always)
    static func parseWithoutFallback(_ start: UnsafePointer<UInt8>, count: Int) -> Double? {
        assert(count > 0, "DecimalParser needs a validated, non-empty JSON number")
        var p = start
        let end = start + count
        let negative = p.pointee == UInt8(ascii: "-")
        if negative { p += 1 }

        // Integer part. More than 19 digits wrap around; that is detected from
        // the digit count below and handled by `significandOfLongNumber`.
        let integerStart = p
        var w: UInt64 = 0
        while p < end {
            let digit = p.pointee &- UInt8(ascii: "0")
            if digit > 9 { break }
            w = w &* 10 &+ UInt64(digit)
            p += 1
        }
        let integerCount = p - integerStart

        // Fraction.
        var fractionStart = p
        var fractionCount = 0
        if p < end && p.pointee == UInt8(ascii: ".") {
            p += 1
            fractionStart = p
            while end - p >= 8 {
                let chunk = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
                guard isEightDigits(chunk) else { break }
                w = w &* 100_000_000 &+ UInt64(valueOfEightDigits(chunk))
                p += 8
            }
            while p < end {
                let digit = p.pointee &- UInt8(ascii: "0")
                if digit > 9 { break }
                w = w &* 10 &+ UInt64(digit)
                p += 1
            }
            fractionCount = p - fractionStart
        }

        // Exponent, saturated so that absurd exponents cannot overflow `Int`.
        var exponent = 0
        if p < end {  // p points at "e" or "E"
            p += 1
            var negativeExponent = false
            if p.pointee == UInt8(ascii: "-") {
                negativeExponent = true
                p += 1
            } else if p.pointee == UInt8(ascii: "+") {
                p += 1
            }
            while p < end {
                let digit = Int(p.pointee &- UInt8(ascii: "0"))
                if exponent < 1 << 40 { exponent = exponent &* 10 &+ digit }
                p += 1
            }
            if negativeExponent { exponent = -exponent }
        }

        var q = exponent &- fractionCount
        var truncated = false
        if integerCount &+ fractionCount > 19 {
            let long = significandOfLongNumber(
                integerStart, integerCount: integerCount,
                fractionStart: fractionStart, fractionCount: fractionCount)
            if let long {
                w = long.significand
                q = q &+ long.droppedDigits
                truncated = long.truncated
            }
            // else: at most 19 significant digits after leading zeros, so the
            // wrapped accumulation is exact after all.
        }

        if !truncated { return value(significand: w, exponent: q, negative: negative) }
        if w == 0 { return negative ? -0.0 : 0.0 }

        // 2. Eisel–Lemire (Clinger's fast path is never taken when digits
        //    were dropped: then w has 19 digits and exceeds 2^53).
        guard let bits = eiselLemire(w, q) else { return nil }
        if truncated {
            // The number lies strictly between w × 10^q and (w + 1) × 10^q; if
            // both ends round to the same double, so does everything between.
            guard let upper = eiselLemire(w &+ 1, q), upper == bits else { return nil }
        }
        return Double(bitPattern: negative ? bits | (1 << 63) : bits)
    }

    /// The double nearest `w × 10^q` (negated when `negative`), by
    /// Clinger's fast path or Eisel–Lemire; nil when neither decides it.
    @inlinable @inline(__always)
    package static func value(significand w: UInt64, exponent q: Int, negative: Bool) -> Double? {
        if w == 0 { return negative ? -0.0 : 0.0 }
        // 1. Clinger's fast path.
        if w <= 1 << 53 && q >= -22 && q <= 22 {
            let m = Double(Int64(bitPattern: w))  // exact: w <= 2^53
            let value = q < 0 ? m / exactPowerOfTen(-q) : m * exactPowerOfTen(q)
            return negative ? -value : value
        }
        // 2. Eisel–Lemire.
        guard let bits = eiselLemire(w, q) else { return nil }
        return Double(bitPattern: negative ? bits | (1 << 63) : bits)
    }

    /// For a number with more than 19 digits: `nil` if at most 19 of them are
    /// significant (the rest are leading zeros), else its first 19
    /// significant digits, how many digits were dropped after them, and
    /// whether any of the dropped ones is non-zero.
    private static func significandOfLongNumber(
        _ integerStart: UnsafePointer<UInt8>, integerCount: Int,
        fractionStart: UnsafePointer<UInt8>, fractionCount: Int
    ) -> (significand: UInt64, droppedDigits: Int, truncated: Bool)? {
        // JSON integer parts have no leading zeros except a lone "0", so only
        // "0.000ddd" has leading zeros to skip.
        var leadingZeros = 0
        if integerStart.pointee == UInt8(ascii: "0") {
            leadingZeros = 1
            while leadingZeros - 1 < fractionCount
                && fractionStart[leadingZeros - 1] == UInt8(ascii: "0")
            {
                leadingZeros += 1
            }
        }
        let significantCount = integerCount + fractionCount - leadingZeros
        if significantCount <= 19 { return nil }

        // Walk the digits as one sequence, skipping the ".".
        var significand: UInt64 = 0
        var taken = 0
        var truncated = false
        for index in leadingZeros..<(integerCount + fractionCount) {
            let byte = index < integerCount ? integerStart[index] : fractionStart[index - integerCount]
            let digit = byte &- UInt8(ascii: "0")
            if taken < 19 {
                significand = significand &* 10 &+ UInt64(digit)
                taken += 1
            } else if digit != 0 {
                truncated = true
                break
            }
        }
        return (significand, significantCount - 19, truncated)
    }

    // MARK: - Eight digits at a time

    /// Whether all eight bytes of a little-endian chunk are ASCII digits.
    @inlinable @inline(__always)
    static func isEightDigits(_ chunk: UInt64) -> Bool {
        // A byte b is a digit iff its high nibble is 3 and the high nibble of
        // b + 6 is still 3 (b <= 0x39). Bytes whose high nibble is 3 cannot
        // carry into their neighbour when 6 is added.
        let highNibbles = chunk & 0xF0F0_F0F0_F0F0_F0F0
        let highNibblesPlusSix = ((chunk &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0) >> 4
        return highNibbles | highNibblesPlusSix == 0x3333_3333_3333_3333
    }

    /// How many bytes at the start (the lowest) of a little-endian chunk are
    /// ASCII digits, 0 to 8: in each byte, one that is not a digit has a
    /// high nibble other than 3, or a low nibble that carries when 6 is
    /// added (which cannot carry into the next byte).
    @inlinable @inline(__always)
    static func leadingDigitCount(_ chunk: UInt64) -> Int {
        let x = chunk ^ 0x3030_3030_3030_3030
        let notDigits = (x | ((x & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606)) & 0xF0F0_F0F0_F0F0_F0F0
        return notDigits.trailingZeroBitCount >> 3
    }

    /// The value of the first `count` (1 to 8) bytes of a little-endian
    /// chunk, all digits: moved up to the top and led by zeros, they are
    /// eight digits.
    @inlinable @inline(__always)
    static func valueOfDigits(_ chunk: UInt64, count: Int) -> UInt64 {
        let padded = (chunk << UInt64(64 - 8 * count)) | (0x3030_3030_3030_3030 >> UInt64(8 * count))
        return UInt64(valueOfEightDigits(padded))
    }

    /// 10^0 ... 10^19, every power of ten a UInt64 holds.
    static let integerPowersOfTen: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000, 10_000_000_000,
        100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000, 1_000_000_000_000_000,
        10_000_000_000_000_000, 100_000_000_000_000_000, 1_000_000_000_000_000_000,
        10_000_000_000_000_000_000,
    ]

    /// The value of eight ASCII digits, the first one in the lowest byte.
    @inlinable @inline(__always)
    static func valueOfEightDigits(_ chunk: UInt64) -> UInt32 {
        var v = chunk &- 0x3030_3030_3030_3030  // eight values 0...9
        // Combine neighbouring bytes into 2-digit values in 16-bit lanes,
        // then 4-digit values in 32-bit lanes, then the 8-digit value.
        v = (v &* (1 + (10 << 8))) >> 8
        v = v & 0x00FF_00FF_00FF_00FF
        v = (v &* (1 + (100 << 16))) >> 16
        v = v & 0x0000_FFFF_0000_FFFF
        v = (v &* (1 + (10_000 << 32))) >> 32
        return UInt32(truncatingIfNeeded: v)
    }

    // MARK: - Clinger

    @inline(__always)
    private static func exactPowerOfTen(_ n: Int) -> Double {
        powersOfTen[n]
    }

    /// 10^0 ... 10^22, all exactly representable.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    // MARK: - Eisel–Lemire

    /// The bit pattern (sign clear) of the double nearest to w × 10^q, or
    /// `nil` when the 128-bit product cannot tell which way to round.
    ///
    /// With T the table entry for q, `L = floor(log2(5^q))` and
    /// `w' = w << lz` normalised, `w × 10^q = w' × T × 2^(L - 127 + q - lz)`
    /// up to T's error. Let X be the top 128 bits of the 192-bit product
    /// w' × T (counted in units of 2^64), and P the exact w' × 5^q × 2^(127-L)
    /// in the same units:
    ///
    /// * q in 0...27: T is exact with a zero low word, so P == X.
    /// * q in 28...55: T is exact, so X <= P < X + 1.
    /// * q > 55: T is truncated, so X <= P < X + 2.
    /// * q < 0: T is rounded up, so X - 1 < P < X + 1; and P == X when 5^-q
    ///   divides w (then the number is a dyadic rational).
    ///
    /// Rounding only depends on which side of the nearest halfway point P
    /// lies (moving across a representable double does not change the
    /// rounded result), so X decides unless it is at, or one below, the
    /// halfway point. A number can only be exactly halfway between two
    /// doubles when q is in -4...23, where the product is exact (0...23) or
    /// exactness is checked (-4...-1); ties are therefore only resolved to
    /// even when X is known to be exact.
    static func eiselLemire(_ w: UInt64, _ q: Int) -> UInt64? {
        if q < PowersOfFive.minExponent { return 0 }  // w × 10^q < 2^64 × 10^-343 < 2^-1075
        if q > PowersOfFive.maxExponent { return infinityBits }  // >= 10^309

        let lz = w.leadingZeroBitCount
        let normalized = w << lz
        let index = (q &- PowersOfFive.minExponent) &* 2
        var (hi, lo) = normalized.multipliedFullWidth(by: PowersOfFive.table[index])

        // The first product ignores T's low word, which can add up to 2^64
        // units of `lo`, i.e. at most 1 to `hi`. Whatever the rounding
        // position (at least 10 bits into `hi`, see below), that only matters
        // when `hi`'s fraction bits are at, or one or two below, one half;
        // then the low 9 bits of `hi` are 0, 0x1FE or 0x1FF.
        let low9 = hi & 0x1FF
        let refined = low9 == 0 || low9 >= 0x1FE
        if refined {
            let (carryIn, _) = normalized.multipliedFullWidth(by: PowersOfFive.table[index &+ 1])
            let (sum, overflow) = lo.addingReportingOverflow(carryIn)
            lo = sum
            if overflow { hi &+= 1 }  // cannot overflow: the product is below 2^192
        }

        // `hi` is in [2^62, 2^64). Keeping its top 53 bits as the significand
        // discards `shift` = 10 or 11 bits, plus all of `lo`.
        let upperBit = Int(truncatingIfNeeded: hi >> 63)
        let log2OfPowerOfFive = (q &* 152_170) >> 16  // floor(log2(5^q)), checked by the generator
        var biasedExponent = upperBit &+ log2OfPowerOfFive &+ q &- lz &+ 1086
        var shift = 10 &+ upperBit
        if biasedExponent <= 0 {
            // Subnormal: fewer significand bits, the exponent field is 0.
            shift = shift &+ 1 &- biasedExponent
            biasedExponent = 1
            if shift > 64 { return 0 }  // below half the smallest subnormal
        }

        let significand: UInt64
        let fraction: UInt64  // the discarded bits of `hi`
        if shift == 64 {
            significand = 0
            fraction = hi
        } else {
            significand = hi >> shift
            fraction = hi & ((1 << shift) &- 1)
        }
        let half: UInt64 = 1 << (shift &- 1)

        var roundUp: Bool
        if !refined || fraction > half || fraction < half &- 1 {
            // Unrefined: `fraction` is at least 1 away from the band
            // [half - 2, half], so the sign of the comparison is settled.
            roundUp = fraction > half
        } else if fraction == half && lo == 0 {
            // X is exactly halfway.
            if isExact(w, q) {
                roundUp = significand & 1 == 1  // a true tie: to even
            } else if q >= 0 {
                roundUp = true  // P >= X and P is no tie
            } else {
                return nil  // P may be on either side
            }
        } else if fraction == half &- 1 && lo == UInt64.max {
            // X is one unit below halfway.
            if q > 55 { return nil }  // P may reach half + 1 (and is never exact)
            roundUp = false
        } else {
            roundUp = fraction == half  // with lo != 0: above; else below
        }

        // Assemble. For subnormals the implicit bit is absent and the
        // exponent field stays 0 unless rounding carries into 2^52, which
        // then reads as the smallest normal; likewise a carry into 2^53
        // bumps the exponent of a normal number.
        let bits = (UInt64(truncatingIfNeeded: biasedExponent &- 1) << 52) &+ significand &+ (roundUp ? 1 : 0)
        if biasedExponent >= 2047 || bits >= infinityBits { return infinityBits }
        return bits
    }

    private static let infinityBits: UInt64 = 0x7FF0_0000_0000_0000

    /// Whether P == X (see `eiselLemire`): always for q in 0...27, and for
    /// q in -27...-1 exactly when 5^-q divides w. Only asked in the rare
    /// case that X is exactly halfway.
    private static func isExact(_ w: UInt64, _ q: Int) -> Bool {
        if q >= 0 { return q <= 27 }
        if q < -27 { return false }
        var power: UInt64 = 1
        for _ in 0 ..< -q { power &*= 5 }
        return w % power == 0
    }

    // MARK: - Slow path

    /// glibc's `strtod` is correctly rounded (round half to even in the
    /// default rounding mode); the JSON grammar is a subset of what it
    /// accepts, and Swift programs run in the "C" numeric locale unless they
    /// call `setlocale`.
    @inline(never)
    private static func fallback(_ start: UnsafePointer<UInt8>, count: Int) -> Double {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: count + 1) { buffer in
            UnsafeMutableRawPointer(buffer.baseAddress!).copyMemory(from: start, byteCount: count)
            buffer[count] = 0
            return strtod(buffer.baseAddress!, nil)
        }
    }
}
