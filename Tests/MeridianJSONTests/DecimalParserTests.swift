import MeridianTestSupport
import Testing

@testable import MeridianJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// DecimalParser against glibc's correctly rounded `strtod`, bit for bit.
/// The helpers are nested here so that they cannot clash with other files of
/// the test target.
@Suite struct DecimalParserTests {
    // MARK: - Helpers

    /// Parses a JSON number with `DecimalParser`.
    fileprivate static func parsed(_ text: String) -> Double {
        parsed(Array(text.utf8))
    }

    fileprivate static func parsed(_ bytes: [UInt8]) -> Double {
        bytes.withUnsafeBufferPointer { DecimalParser.parse($0.baseAddress!, count: $0.count) }
    }

    /// Whether `DecimalParser` needed its `strtod` fallback.
    fileprivate static func needsFallback(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { DecimalParser.parseWithoutFallback($0.baseAddress!, count: $0.count) == nil }
    }

    /// The C library's (correctly rounded) conversion.
    fileprivate static func strtodReference(_ bytes: [UInt8]) -> Double {
        (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { strtod($0.baseAddress!, nil) }
        }
    }

    fileprivate static func strtodReference(_ text: String) -> Double {
        strtodReference(Array(text.utf8))
    }

    /// RFC 8259: `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`. The
    /// parser assumes validated input, so every generated string is checked.
    fileprivate static func isJSONNumber(_ bytes: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count else { return false }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
        } else if digits() == 0 {
            return false
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            if digits() == 0 { return false }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            if digits() == 0 { return false }
        }
        return i == bytes.count
    }

    /// Compares bit patterns, so that -0.0 differs from 0.0.
    fileprivate static func sameBits(_ a: Double, _ b: Double) -> Bool {
        a.bitPattern == b.bitPattern
    }

    /// Formats with `snprintf`, e.g. `"%.17g"`.
    fileprivate static func formatted(_ value: Double, _ format: String) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        return buffer[0..<Int(n)].map { UInt8(bitPattern: $0) }
    }

    /// Appends `e<exponent>` (sign and case varied by the caller's choice).
    fileprivate static func appendExponent(_ exponent: Int, to bytes: inout [UInt8], rng: inout SeededRandom) {
        bytes.append(rng.chance(50) ? UInt8(ascii: "e") : UInt8(ascii: "E"))
        if exponent < 0 {
            bytes.append(UInt8(ascii: "-"))
        } else if rng.chance(30) {
            bytes.append(UInt8(ascii: "+"))
        }
        if rng.chance(10) { bytes.append(UInt8(ascii: "0")) }  // leading zeros are legal in exponents
        bytes.append(contentsOf: String(exponent.magnitude).utf8)
    }

    /// Writes a digit string (no sign, no leading zeros except a lone "0"
    /// before the point) as a JSON number with the decimal point placed so that
    /// `pointPosition` digits precede it (may be <= 0 or > digits.count).
    fileprivate static func appendDecimal(digits: [UInt8], pointPosition: Int, to bytes: inout [UInt8]) {
        if pointPosition <= 0 {
            bytes.append(contentsOf: "0.".utf8)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -pointPosition))
            bytes.append(contentsOf: digits)
        } else if pointPosition >= digits.count {
            bytes.append(contentsOf: digits)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: pointPosition - digits.count))
        } else {
            bytes.append(contentsOf: digits[0..<pointPosition])
            bytes.append(UInt8(ascii: "."))
            bytes.append(contentsOf: digits[pointPosition...])
        }
    }

    /// The exact decimal digits of `significand × 2^binaryExponent` and the
    /// power of ten of the last digit: the value is `digits × 10^decimalExponent`.
    /// Uses base-10^9 limbs, least significant first.
    fileprivate static func exactDecimal(significand: UInt64, binaryExponent: Int) -> (
        digits: [UInt8], decimalExponent: Int
    ) {
        let base: UInt64 = 1_000_000_000
        var limbs: [UInt64] = []
        var m = significand
        while m > 0 {
            limbs.append(m % base)
            m /= base
        }
        func multiply(by factor: UInt64) {  // factor < 2^31, limbs < 2^30
            var carry: UInt64 = 0
            for i in limbs.indices {
                let product = limbs[i] * factor + carry
                limbs[i] = product % base
                carry = product / base
            }
            while carry > 0 {
                limbs.append(carry % base)
                carry /= base
            }
        }
        var remaining = binaryExponent.magnitude
        if binaryExponent >= 0 {
            while remaining > 0 {  // × 2^k
                let k = min(remaining, 30)
                multiply(by: 1 << UInt64(k))
                remaining -= k
            }
        } else {
            while remaining > 0 {  // m × 2^-n = m × 5^n / 10^n
                let k = min(remaining, 13)
                var power: UInt64 = 1
                for _ in 0..<k { power *= 5 }
                multiply(by: power)
                remaining -= k
            }
        }
        var digits: [UInt8] = Array(String(limbs.last ?? 0).utf8)
        for limb in limbs.dropLast().reversed() {
            let text = Array(String(limb).utf8)
            digits.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 9 - text.count))
            digits.append(contentsOf: text)
        }
        var decimalExponent = binaryExponent >= 0 ? 0 : -Int(binaryExponent.magnitude)
        while digits.count > 1, digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            decimalExponent += 1
        }
        return (digits, decimalExponent)
    }

    /// The exact point halfway between the positive double with these bits and
    /// the next one up, as `(odd significand, binary exponent)`.
    fileprivate static func midpointAbove(bits: UInt64) -> (significand: UInt64, binaryExponent: Int) {
        let exponentField = Int(bits >> 52)
        let fraction = bits & ((1 << 52) - 1)
        let (m, e) = exponentField == 0 ? (fraction, -1074) : (fraction | (1 << 52), exponentField - 1075)
        return (2 * m + 1, e - 1)
    }

    /// Runs a batch of generated strings against `strtod`, collecting the first
    /// few mismatches rather than recording a million expectations.
    fileprivate struct Comparison {
        var checked = 0
        var fallbacks = 0
        var mismatches: [String] = []
        var invalid: [String] = []

        mutating func check(_ bytes: [UInt8]) {
            checked += 1
            guard isJSONNumber(bytes) else {
                if invalid.count < 10 { invalid.append(String(decoding: bytes, as: UTF8.self)) }
                return
            }
            let expected = strtodReference(bytes)
            let actual = parsed(bytes)
            if !sameBits(actual, expected), mismatches.count < 20 {
                mismatches.append(
                    "\(String(decoding: bytes, as: UTF8.self)): got \(actual) (0x\(String(actual.bitPattern, radix: 16))),"
                        + " strtod \(expected) (0x\(String(expected.bitPattern, radix: 16)))")
            }
            if needsFallback(bytes) { fallbacks += 1 }
        }

        func expectAllMatched(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
            #expect(invalid.isEmpty, "generated invalid JSON numbers: \(invalid)", sourceLocation: sourceLocation)
            #expect(
                mismatches.isEmpty, "\(mismatches.count)+ mismatches: \(mismatches)", sourceLocation: sourceLocation)
        }
    }

    /// A random finite positive double's bit pattern, uniform over bit patterns.
    fileprivate static func randomFiniteBits(_ rng: inout SeededRandom) -> UInt64 {
        while true {
            let bits = rng.next() & ~(1 << 63)
            if bits < 0x7FF0_0000_0000_0000 { return bits }
        }
    }

    fileprivate static func withRandomSign(_ bytes: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        rng.chance(50) ? [UInt8(ascii: "-")] + bytes : bytes
    }

    // MARK: - One rule per test

    @Suite struct Rules {
        @Test func negativeZeroKeepsItsSign() {
            for text in [
                "-0", "-0.0", "-0e0", "-0E+12", "-0.000000000000000000000000000000000e-999", "-0e999999999999",
            ] {
                #expect(sameBits(parsed(text), -0.0), "\(text)")
            }
        }

        @Test func zeroIsPositiveZero() {
            for text in [
                "0", "0.0", "0e0", "0e-400", "0e999999999999999999999", "0.0000000000000000000000000000000000000",
            ] {
                #expect(sameBits(parsed(text), 0.0), "\(text)")
            }
        }

        @Test func smallIntegersAreExact() {
            for n in [
                0, 1, 2, 9, 10, 42, 65_535, 1_000_000_007, 4_503_599_627_370_496, 9_007_199_254_740_991,
                9_007_199_254_740_992,
            ] {
                #expect(parsed(String(n)) == Double(n))
                #expect(parsed("-" + String(n)) == -Double(n))
            }
        }

        @Test func exactlyRepresentableDecimalsAreExact() {
            #expect(parsed("0.5") == 0.5)
            #expect(parsed("0.25") == 0.25)
            #expect(parsed("1.5e3") == 1500)
            #expect(parsed("-65.625") == -65.625)
            #expect(parsed("1e22") == 1e22)
            #expect(parsed("1e-22") == 1e-22)
        }

        @Test func canadaStyleCoordinatesMatchStrtod() {
            for text in [
                "-65.613616999999977", "43.420273000000009", "-65.61361699999998", "-65.625", "43.421379000000059",
                "-141.00275", "83.110626", "-52.6194179999999", "0.000000000000000001",
            ] {
                #expect(sameBits(parsed(text), strtodReference(text)), "\(text)")
            }
        }

        @Test func halfwayRoundsToEven() {
            // 2^53 + 1 is halfway between 2^53 and 2^53 + 2: the even significand wins.
            #expect(parsed("9007199254740993") == 9_007_199_254_740_992)
            #expect(parsed("9007199254740993.0") == 9_007_199_254_740_992)
            #expect(parsed("9007199254740993e0") == 9_007_199_254_740_992)
            #expect(parsed("90071992547409930e-1") == 9_007_199_254_740_992)
            // 2^53 + 3 is halfway between 2^53 + 2 and 2^53 + 4: up this time.
            #expect(parsed("9007199254740995") == 9_007_199_254_740_996)
            // Ties with a fractional part (w × 10^q with q in -4...-1).
            #expect(parsed("4503599627370496.5") == 4_503_599_627_370_496)
            #expect(parsed("4503599627370497.5") == 4_503_599_627_370_498)
            #expect(parsed("1125899906842624.125") == 1_125_899_906_842_624)
            #expect(parsed("1125899906842624.375") == 1_125_899_906_842_624.5)
            #expect(parsed("562949953421312.0625") == 562_949_953_421_312)
            #expect(parsed("4503599627370496.50000000000000000000000") == 4_503_599_627_370_496)
            // Ties with large positive exponents (q up to 23).
            #expect(sameBits(parsed("9007199254740993e23"), strtodReference("9007199254740993e23")))
            #expect(parsed("1.00000000000000011102230246251565404236316680908203125") == 1.0)
            #expect(parsed("1.00000000000000033306690738754696212708950042724609375") == 1.0000000000000004)
        }

        @Test func tiesWithAtMostNineteenDigitsAreResolvedWithoutStrtod() {
            // The 128-bit product is exact for q in 0...27, and for q in -4...-1
            // when 5^-q divides the significand, so such ties never fall back.
            for text in [
                "9007199254740993", "9007199254740995", "9007199254740993.0", "90071992547409930e-1",
                "4503599627370496.5", "4503599627370497.5", "1125899906842624.125", "1125899906842624.375",
                "562949953421312.0625", "9007199254740993e23", "18014398509481986", "18014398509481990",
                "9223372036854775809", "9223372036854776832",
            ] {
                #expect(!needsFallback(Array(text.utf8)), "\(text)")
                #expect(sameBits(parsed(text), strtodReference(text)), "\(text)")
            }
        }

        @Test func aboveHalfwayRoundsUp() {
            #expect(parsed("9007199254740993.0000000000000000000001") == 9_007_199_254_740_994)
            #expect(parsed("9007199254740993000000000000000000001e-21") == 9_007_199_254_740_994)
            #expect(parsed("1.00000000000000011102230246251565404236316680908203126") == 1.0000000000000002)
            #expect(parsed("1.000000000000000111022302462515654042363166809082031250000000001") == 1.0000000000000002)
        }

        @Test func belowHalfwayRoundsDown() {
            #expect(parsed("9007199254740992.9999999999999999999999") == 9_007_199_254_740_992)
            #expect(parsed("9007199254740994.9999999999999999999999") == 9_007_199_254_740_994)
            #expect(parsed("1.00000000000000011102230246251565404236316680908203124") == 1.0)
            #expect(parsed("1.000000000000000111022302462515654042363166809082031249999999999") == 1.0)
        }

        @Test func hugeExponentOverflowsToInfinity() {
            for text in [
                "1e309", "1e400", "1e999999", "1e999999999999", "1e99999999999999999999999999999",
                "1.7976931348623159e308",
                "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792",
                "0.000000000000000000000000000000000000000000000001e400",
            ] {
                #expect(parsed(text) == .infinity, "\(text)")
                #expect(parsed("-" + text) == -.infinity, "-\(text)")
            }
        }

        @Test func largestFiniteDoesNotOverflow() {
            #expect(parsed("1.7976931348623157e308") == .greatestFiniteMagnitude)
            #expect(parsed("1.7976931348623158e308") == .greatestFiniteMagnitude)
            #expect(parsed("-1.7976931348623157e308") == -.greatestFiniteMagnitude)
            // One below the halfway point to infinity still rounds down.
            #expect(
                parsed(
                    "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497791"
                ) == .greatestFiniteMagnitude)
        }

        @Test func tinyExponentUnderflowsToZero() {
            for text in [
                "1e-400", "1e-343", "1e-999999", "1e-99999999999999999999999", "2.4703282292062327e-324",
                "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
            ] {
                #expect(sameBits(parsed(text), 0.0), "\(text)")
                #expect(sameBits(parsed("-" + text), -0.0), "-\(text)")
            }
            // Just above half the smallest subnormal rounds up to it.
            #expect(parsed("2.4703282292062328e-324") == .leastNonzeroMagnitude)
            #expect(
                parsed(
                    "2.47032822920623272088284396434110686182529901307162382212792841250337753635104375932649918180817996189898282347722858865463328355177969898199387398005390939063150356595155702263922908583924491051844359318028499365361525003193704576782492193656236698636584807570015857692699037063119282795585513329278343384093519780155312465972635795746227664652728272200563740064854999770965994704540208281662262378573934507363390079677619305775067401763246736009689513405355374585166611342237666786041621596804619144672918403005300575308490487653917113865916462395249126236538818796362393732804238910186723484976682350898633885879256283027559956575244555072551893136908362547791869486679949683240497058210285131854513962138377228261454376934125320985913276672363281251e-324"
                ) == .leastNonzeroMagnitude)
        }

        @Test func subnormalsRoundCorrectly() {
            #expect(parsed("4.9406564584124654e-324") == .leastNonzeroMagnitude)
            #expect(parsed("5e-324") == .leastNonzeroMagnitude)
            #expect(parsed("1e-323") == 2 * Double.leastNonzeroMagnitude)
            #expect(parsed("2.2250738585072009e-308").bitPattern == 0x000F_FFFF_FFFF_FFFF)
            #expect(parsed("2.2250738585072014e-308") == .leastNormalMagnitude)
            #expect(parsed("-2.2250738585072014e-308") == -.leastNormalMagnitude)
            for text in ["1e-310", "3.14e-320", "1.5e-323", "7.4e-323", "1.2345678901234567e-315"] {
                #expect(sameBits(parsed(text), strtodReference(text)), "\(text)")
            }
        }

        @Test func smallestNormalBoundaryStrings() {
            // The "2.2250738585072011e-308" family: near the midpoint between the
            // largest subnormal and the smallest normal (famously hung PHP and Java).
            #expect(parsed("2.2250738585072011e-308").bitPattern == 0x000F_FFFF_FFFF_FFFF)
            #expect(parsed("2.2250738585072012e-308").bitPattern == 0x0010_0000_0000_0000)
            let midpoint =
                "2.225073858507201136057409796709131975934819546351645648023426109724822222021076945516529523908135087914149158913039621106870086438694594645527657207407820621743379988141063267329253552286881372149012981122451451889849057222307285255133155755015914397476397983411801999323962548289017107081850690630666655994938275772572015763062690663332647565300009245888316433037779791869612049497390377829704905051080609940730262937128958950003583799967207254304360284078895771796150945516748243471030702609144621572289880258182545180325707018860872113128079512233426288368622321503775666622503982534335974568884423900265498198385487948292206894721689831099698365846814022854243330660339850886445804001034933970427567186443383770486037861622771738545623065874679014086723327636718751e-308"
            #expect(parsed(midpoint).bitPattern == 0x0010_0000_0000_0000)  // just above the midpoint
            #expect(
                parsed(
                    "2.2250738585072011360574097967091319759348195463516456480234261097248222220210769455165295239081350879141491589130396211068700864386945946455276572074078206217433799881410632673292535522868813721490129811224514518898490572223072852551331557550159143974763979834118019993239625482890171070818506906306666559949382757725720157630626906633326475653000092458883164330377797918696120494973903778297049050510806099407302629371289589500035837999672072543043602840788957717961509455167482434710307026091446215722898802581825451803257070188608721131280795122334262883686223215037756666225039825343359745688844239002654981983854879482922068947216898310996983658468140228542433306603398508864458040010349339704275671864433837704860378616227717385456230658746790140867233276367187499e-308"
                ).bitPattern == 0x000F_FFFF_FFFF_FFFF)
        }

        @Test func leadingZerosAreNotSignificant() {
            #expect(parsed("0.000000000000000000000000000012345678901234567") == 1.2345678901234567e-29)
            #expect(
                sameBits(
                    parsed("0.00000000000000000000000000001234567890123456789012345"),
                    strtodReference("1.234567890123456789012345e-29")))
            #expect(parsed("0.0000000000000000000000000000000000001") == 1e-37)
        }

        @Test func trailingZerosDoNotChangeTheValue() {
            #expect(parsed("1.000000000000000000000000000000000000000") == 1.0)
            #expect(parsed("100000000000000000000000000000") == 1e29)
            #expect(parsed("123456789012345678900000000000000e-10") == 12345678901234567890000.0)
            #expect(parsed("0.10000000000000000000000000000000000000000e1") == 1.0)
        }

        @Test func longMantissasAreTruncatedWithoutLosingCorrectness() {
            // 800 digits: the first 19 decide almost always; strtod when they cannot.
            let digits = String(repeating: "31415926535897932384626433832795028841971693993751", count: 16)
            for text in [
                digits, "0." + digits, digits + "e-700", "0." + digits + "e-300", "-" + digits + "e-800",
                "9007199254740993" + String(repeating: "0", count: 700) + "1e-700",
            ] {
                #expect(sameBits(parsed(text), strtodReference(text)), "\(text.prefix(40))…")
            }
        }

        @Test func exponentSyntaxVariants() {
            for text in ["1E5", "1e5", "1e+5", "1E+05", "1e-5", "1E-0005", "-2.5e+2", "12.34e-1"] {
                #expect(sameBits(parsed(text), strtodReference(text)), "\(text)")
            }
        }

        @Test func saturatedExponentsStillCountFractionDigits() {
            #expect(parsed("1e-99999999999999999999") == 0)
            #expect(parsed("0.1e99999999999999999999") == .infinity)
            #expect(parsed("12345.6789e-99999999999999999999") == 0)
        }

        @Test func everyPowerOfTenMatchesStrtod() {
            // Exercises every entry of the powers-of-five table and both ends.
            for q in -360...330 {
                for mantissa in [
                    "1", "9", "17976931348623157", "22250738585072014", "98765432109876543", "12345678901234567890123",
                ] {
                    let text = "\(mantissa)e\(q)"
                    #expect(sameBits(parsed(text), strtodReference(text)), "\(text)")
                }
            }
        }

        @Test func clingerFastPathIsExact() {
            // w <= 2^53 and |q| <= 22: one correctly rounded IEEE operation.
            for q in -22...22 {
                for w in ["1", "3", "7", "9007199254740991", "9007199254740992", "1234567", "4503599627370497"] {
                    let text = "\(w)e\(q)"
                    #expect(sameBits(parsed(text), strtodReference(text)), "\(text)")
                    #expect(!needsFallback(Array(text.utf8)))
                }
            }
        }

        @Test func eightDigitChunksAtEveryAlignment() {
            var rng = SeededRandom(seed: 8)
            for fractionLength in 1...40 {
                for _ in 0..<50 {
                    var bytes: [UInt8] = [rng.nonZeroDigit(), rng.digit(), UInt8(ascii: ".")]
                    for _ in 0..<fractionLength { bytes.append(rng.digit()) }
                    if rng.chance(50) { appendExponent(rng.inRange(-30...30), to: &bytes, rng: &rng) }
                    #expect(
                        sameBits(parsed(bytes), strtodReference(bytes)), "\(String(decoding: bytes, as: UTF8.self))")
                }
            }
        }

        @Test func fallbackIsRareForShortNumbers() {
            // Up to 19 significant digits, strtod is needed only when the 128-bit
            // product sits exactly on a halfway boundary it cannot resolve.
            var rng = SeededRandom(seed: 1234)
            var fallbacks = 0
            for _ in 0..<100_000 {
                let bytes = formatted(Double(bitPattern: randomFiniteBits(&rng)), "%.17g")
                if needsFallback(bytes) { fallbacks += 1 }
            }
            #expect(fallbacks <= 10)
        }
    }

    // MARK: - One million random strings against strtod

    /// 1,000,000 strings in seven families (the counts add up); each family is
    /// its own test so that they run in parallel.
    @Suite struct RandomStringsAgainstStrtod {
        /// 250,000: 17 significant digits, point anywhere, exponents near zero.
        @Test func seventeenDigitMantissasNearExponentZero() {
            var rng = SeededRandom(seed: 1)
            var comparison = Comparison()
            for _ in 0..<250_000 {
                var digits: [UInt8] = [rng.nonZeroDigit()]
                for _ in 1..<17 { digits.append(rng.digit()) }
                var bytes: [UInt8] = []
                appendDecimal(digits: digits, pointPosition: rng.inRange(-3...19), to: &bytes)
                if rng.chance(30) { appendExponent(rng.inRange(-12...12), to: &bytes, rng: &rng) }
                comparison.check(withRandomSign(bytes, &rng))
            }
            comparison.expectAllMatched()
            #expect(comparison.fallbacks <= 10)
        }

        /// 200,000: random bit patterns printed with 17 significant digits.
        @Test func randomDoublesWithSeventeenDigits() {
            var rng = SeededRandom(seed: 2)
            var comparison = Comparison()
            for _ in 0..<200_000 {
                let value = Double(bitPattern: randomFiniteBits(&rng))
                comparison.check(withRandomSign(formatted(value, "%.17g"), &rng))
            }
            comparison.expectAllMatched()
            #expect(comparison.fallbacks <= 10)
        }

        /// 200,000: random bit patterns in their shortest round-trip form.
        @Test func randomDoublesInShortestForm() {
            var rng = SeededRandom(seed: 3)
            var comparison = Comparison()
            for _ in 0..<200_000 {
                let value = Double(bitPattern: randomFiniteBits(&rng))
                let bytes = Array(value.description.utf8)
                comparison.check(withRandomSign(bytes, &rng))
                if comparison.mismatches.isEmpty, !sameBits(parsed(bytes), value) {
                    comparison.mismatches.append("\(value.description) does not round-trip")
                }
            }
            comparison.expectAllMatched()
            #expect(comparison.fallbacks <= 10)
        }

        /// 100,000: subnormals and the normal/subnormal boundary.
        @Test func subnormalsAndTheSmallestNormals() {
            var rng = SeededRandom(seed: 4)
            var comparison = Comparison()
            for i in 0..<100_000 {
                var bytes: [UInt8]
                switch i % 4 {
                case 0:  // any subnormal, 17 digits
                    let value = Double(bitPattern: rng.next() & ((1 << 52) - 1))
                    bytes = formatted(value, "%.17g")
                case 1:  // the first few hundred subnormals, shortest and 17 digits
                    let value = Double(bitPattern: UInt64(rng.below(512)))
                    bytes = rng.chance(50) ? Array(value.description.utf8) : formatted(value, "%.17g")
                case 2:  // around 2.2250738585072014e-308
                    let bits = UInt64(Int64(0x0010_0000_0000_0000) + Int64(rng.inRange(-2000...2000)))
                    bytes =
                        rng.chance(50)
                        ? Array(Double(bitPattern: bits).description.utf8)
                        : formatted(Double(bitPattern: bits), "%.17g")
                default:  // random digits with exponents from -345 to -300
                    var digits: [UInt8] = [rng.nonZeroDigit()]
                    for _ in 0..<rng.inRange(0...18) { digits.append(rng.digit()) }
                    bytes = [digits[0]]
                    if digits.count > 1 {
                        bytes.append(UInt8(ascii: "."))
                        bytes.append(contentsOf: digits.dropFirst())
                    }
                    appendExponent(rng.inRange(-345 ... -300), to: &bytes, rng: &rng)
                }
                comparison.check(withRandomSign(bytes, &rng))
            }
            comparison.expectAllMatched()
            #expect(comparison.fallbacks <= 10)
        }

        /// 100,000: near overflow and far out of range.
        @Test func hugeAndTinyExponents() {
            var rng = SeededRandom(seed: 5)
            var comparison = Comparison()
            let fixed = [
                "1e308", "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e-400",
                "1e999999", "1e-999999", "1e999999999999", "9.9999999999999999e307", "8.98846567431158e307",
            ]
            for i in 0..<100_000 {
                var bytes: [UInt8]
                switch i % 4 {
                case 0 where i / 4 < fixed.count:
                    bytes = Array(fixed[i / 4].utf8)
                case 0:  // the largest doubles, shortest and 17 digits
                    let bits = 0x7FEF_FFFF_FFFF_FFFF - UInt64(rng.below(100_000))
                    bytes =
                        rng.chance(50)
                        ? Array(Double(bitPattern: bits).description.utf8)
                        : formatted(Double(bitPattern: bits), "%.17g")
                case 1:  // random digits around 1e308
                    var digits: [UInt8] = [rng.nonZeroDigit()]
                    for _ in 0..<rng.inRange(0...18) { digits.append(rng.digit()) }
                    bytes = []
                    appendDecimal(digits: digits, pointPosition: 1, to: &bytes)
                    appendExponent(rng.inRange(290...320), to: &bytes, rng: &rng)
                case 2:  // exponents far out of range, sometimes absurdly
                    bytes = [rng.nonZeroDigit(), UInt8(ascii: "."), rng.digit(), rng.digit()]
                    let magnitude = rng.chance(50) ? rng.inRange(309...100_000) : rng.inRange(1_000_000...Int.max / 2)
                    appendExponent(rng.chance(50) ? magnitude : -magnitude, to: &bytes, rng: &rng)
                default:  // mantissas far from 1 with compensating exponents
                    var digits: [UInt8] = [rng.nonZeroDigit()]
                    for _ in 0..<rng.inRange(0...25) { digits.append(rng.digit()) }
                    bytes = []
                    appendDecimal(digits: digits, pointPosition: rng.inRange(-40...40), to: &bytes)
                    appendExponent(rng.inRange(-360...330), to: &bytes, rng: &rng)
                }
                comparison.check(withRandomSign(bytes, &rng))
            }
            comparison.expectAllMatched()
        }

        /// 50,000: 20 to 800 significant digits (mostly short ones).
        @Test func longMantissas() {
            var rng = SeededRandom(seed: 6)
            var comparison = Comparison()
            for _ in 0..<50_000 {
                let count = rng.chance(80) ? rng.inRange(20...40) : rng.inRange(41...800)
                var digits: [UInt8] = [rng.nonZeroDigit()]
                let zeroRun = rng.chance(30)  // long runs of zeros after 17-19 digits
                for position in 1..<count {
                    digits.append(zeroRun && position >= 19 && position < count - 1 ? UInt8(ascii: "0") : rng.digit())
                }
                var bytes: [UInt8] = []
                appendDecimal(digits: digits, pointPosition: rng.inRange(-20...(count + 5)), to: &bytes)
                if rng.chance(50) { appendExponent(rng.inRange(-340...320), to: &bytes, rng: &rng) }
                comparison.check(withRandomSign(bytes, &rng))
            }
            comparison.expectAllMatched()
        }

        /// 100,000: exact halfway points between neighbouring doubles, and
        /// strings just above and just below them.
        @Test func exactHalfwayPointsAndTheirNeighbours() {
            var rng = SeededRandom(seed: 7)
            var comparison = Comparison()
            for i in 0..<100_000 {
                // Mostly moderate magnitudes (short expansions); every tenth
                // anywhere, up to the ~770-digit subnormal midpoints.
                let bits: UInt64
                if i % 10 == 0 {
                    bits = randomFiniteBits(&rng)
                } else if i % 10 == 1 {
                    // Midpoints m × 2^k with k in -4...10: at most about 19
                    // significant digits, so the parser must resolve true ties
                    // itself rather than leave them to strtod.
                    bits = UInt64(rng.inRange(1072...1086)) << 52 | (rng.next() >> 12)
                } else {
                    bits = UInt64(rng.inRange(900...1150)) << 52 | (rng.next() >> 12)
                }
                let midpoint = midpointAbove(bits: bits)
                var (digits, decimalExponent) = exactDecimal(
                    significand: midpoint.significand, binaryExponent: midpoint.binaryExponent)
                switch rng.below(4) {
                case 0:  // exactly halfway
                    break
                case 1:  // just above: append a non-zero digit far down
                    let zeros = rng.inRange(0...30)
                    digits.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: zeros))
                    digits.append(rng.nonZeroDigit())
                    decimalExponent -= zeros + 1
                case 2:  // just below: drop the last digit(s)
                    if digits.count > 1 {
                        let keep = max(1, digits.count - rng.inRange(1...3))
                        decimalExponent += digits.count - keep
                        digits.removeSubrange(keep...)
                    }
                default:  // just below: decrement and pad with nines
                    if let last = digits.indices.last, digits[last] > UInt8(ascii: "0") {
                        digits[last] -= 1
                        let nines = rng.inRange(1...25)
                        digits.append(contentsOf: repeatElement(UInt8(ascii: "9"), count: nines))
                        decimalExponent -= nines
                    }
                }
                var bytes: [UInt8] = []
                if rng.chance(50) {
                    // Positional: digits × 10^decimalExponent.
                    appendDecimal(digits: digits, pointPosition: digits.count + decimalExponent, to: &bytes)
                } else {
                    // Scientific, d.ddd...e±x.
                    bytes = [digits[0]]
                    if digits.count > 1 {
                        bytes.append(UInt8(ascii: "."))
                        bytes.append(contentsOf: digits.dropFirst())
                    }
                    appendExponent(decimalExponent + digits.count - 1, to: &bytes, rng: &rng)
                }
                comparison.check(withRandomSign(bytes, &rng))
            }
            comparison.expectAllMatched()
        }
    }
}
