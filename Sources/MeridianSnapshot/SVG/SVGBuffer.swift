import MeridianCore

/// The bytes of an SVG document being written, with the few primitives the
/// renderer needs: raw ASCII, escaped text, and fixed-decimal numbers.
///
/// ```swift
/// var svg = SVGBuffer(precision: 2)
/// svg.append("<text")
/// svg.attribute("x", 12.345)                   // ` x="12.35"`
/// svg.attribute("fill", escaping: "a\"b")      // ` fill="a&quot;b"`
/// svg.append(">")
/// svg.appendEscaped("<script>")                // "&lt;script&gt;"
/// ```
///
/// Why not `String(format:)`: a country map writes hundreds of thousands of
/// numbers, and printf-style formatting (plus Foundation) costs more than
/// everything else together. Numbers here are rounded to an integer count
/// of 10^-precision units and written digit by digit, trailing zeros and a
/// leading "0" before the point dropped ("0.50" -> ".5"), which SVG's number
/// grammar allows. Cost: O(digits) per number, no allocation beyond the
/// growing byte array.
struct SVGBuffer {
    private(set) var bytes: [UInt8] = []
    /// Decimals written for coordinates.
    let precision: Int
    /// 10^precision, the size of one unit of the last written decimal.
    let unitsPerPoint: Double

    init(precision: Int, capacity: Int = 1 << 16) {
        self.precision = max(0, min(precision, 8))
        var scale = 1.0
        for _ in 0..<self.precision { scale *= 10 }
        unitsPerPoint = scale
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func append(contentsOf other: [UInt8]) {
        bytes.append(contentsOf: other)
    }

    /// What was written before the last ``append(part:)``, in parts.
    private var earlierParts: [[UInt8]] = []

    /// Appends bytes written elsewhere as a part of their own, not copied:
    /// a large map's layers are written in runs on every core, some 90 KB
    /// each, and kept as they are (copying them into one buffer cost a
    /// 17 MB copy and its page faults on the thread joining them).
    mutating func append(part: [UInt8]) {
        if !bytes.isEmpty {
            earlierParts.append(bytes)
            bytes = []
            bytes.reserveCapacity(1 << 12)
        }
        earlierParts.append(part)
    }

    /// Everything written, in order: joined, the document's bytes.
    var parts: [[UInt8]] { bytes.isEmpty ? earlierParts : earlierParts + [bytes] }

    var isEmpty: Bool { bytes.isEmpty && earlierParts.isEmpty }

    /// Appends text that is known to need no escaping (generated names).
    mutating func appendTrusted(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends text from data, escaped for both element content and
    /// attribute values (`&`, `<`, `>`, `"`, `'`). Characters XML 1.0 forbids
    /// (C0 controls other than tab, newline and return, U+FFFE, U+FFFF) are
    /// dropped, since no escape can make them well-formed.
    mutating func appendEscaped(_ text: String) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: append("&amp;")
            case 0x3C: append("&lt;")
            case 0x3E: append("&gt;")
            case 0x22: append("&quot;")
            case 0x27: append("&#39;")
            case 0x09, 0x0A, 0x0D: bytes.append(UInt8(scalar.value))
            case 0x00..<0x20, 0xFFFE, 0xFFFF: continue
            default: bytes.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// Appends ` name="value"`: the number rounded to ``precision``
    /// decimals, or to `decimals` (``appendNumber(_:decimals:)``).
    mutating func attribute(_ name: StaticString, _ value: Double, decimals: Int? = nil) {
        attributeStart(name)
        if let decimals { appendNumber(value, decimals: decimals) } else { appendNumber(value) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends ` name="value"`, the value escaped (``appendEscaped(_:)``).
    mutating func attribute(_ name: StaticString, escaping value: String) {
        attributeStart(name)
        appendEscaped(value)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func attributeStart(_ name: StaticString) {
        bytes.append(UInt8(ascii: " "))
        append(name)
        bytes.append(UInt8(ascii: "="))
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a number rounded to ``precision`` decimals.
    mutating func appendNumber(_ value: Double) {
        appendUnits(quantize(value))
    }

    /// Appends a number with at most `decimals` decimals (for style values
    /// such as opacities, which need not follow the coordinate precision).
    /// Clamped as ``quantize(_:)`` clamps, so no value can trap.
    mutating func appendNumber(_ value: Double, decimals: Int) {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        appendFixed(scaled.isFinite ? Int64(max(-4.5e15, min(4.5e15, scaled))) : 0, decimals: decimals)
    }

    /// The value as a whole count of 10^-precision units. Values beyond
    /// +-2^52 units are clamped: they lie far outside any viewport.
    func quantize(_ value: Double) -> Int64 {
        let scaled = (value * unitsPerPoint).rounded()
        guard scaled.isFinite else { return 0 }
        return Int64(max(-4.5e15, min(4.5e15, scaled)))
    }

    /// Appends a quantized number.
    mutating func appendUnits(_ units: Int64) {
        appendFixed(units, decimals: precision)
    }

    private mutating func appendFixed(_ units: Int64, decimals: Int) {
        let magnitude = units.magnitude
        if units < 0 { bytes.append(UInt8(ascii: "-")) }
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        let integer = magnitude / divisor
        var fraction = magnitude % divisor
        if integer != 0 || fraction == 0 { appendDigits(integer) }
        guard fraction != 0 else { return }
        var digits = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        bytes.append(UInt8(ascii: "."))
        // Leading zeros of the fraction, then its significant digits.
        var width = 1
        var probe = fraction
        while probe >= 10 {
            probe /= 10
            width += 1
        }
        for _ in 0..<(digits - width) { bytes.append(UInt8(ascii: "0")) }
        appendDigits(fraction)
    }

    private mutating func appendDigits(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var scratch: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &scratch) { buffer in
            var index = buffer.count
            var rest = value
            while rest > 0 {
                index -= 1
                buffer[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            bytes.append(contentsOf: buffer[index...])
        }
    }

    /// Appends an integer.
    mutating func appendInteger(_ value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(UInt64(value.magnitude))
    }
}
