import MeridianSnapshot

extension SVGPainter {
    /// An sRGB colour, 0 to 1 each, alpha included.
    struct Color {
        var red, green, blue, alpha: Double
    }

    /// The presentation attributes in force at an element: SVG's initial
    /// values, then what each ancestor and the element set (all of these
    /// inherit; `opacity`, which does not, is the element's own).
    struct Paint {
        var fill: Color? = Color(red: 0, green: 0, blue: 0, alpha: 1)
        var fillOpacity = 1.0
        var evenOdd = false
        var stroke: Color?
        var strokeOpacity = 1.0
        var strokeWidth = 1.0
        /// cairo's join (miter 0, round 1, bevel 2) and cap (butt 0, round 1, square 2).
        var lineJoin: Int32 = 0
        var lineCap: Int32 = 0
        var miterLimit = 4.0
        var dashes: [Double] = []
        var dashOffset = 0.0
        var fontSize: Double?
        var fontWeight: Int32 = 400
        var fontFamily = "sans-serif"
        /// `text-anchor`: 0 start, 0.5 middle, 1 end (of the text's advance).
        var anchor = 0.0
        var strokeFirst = false
    }

    /// Sets the presentation attribute `attribute` to `value`; attributes
    /// that do not change the picture (ids, classes, data-, aria-) pass;
    /// anything else is unsupported.
    func apply(_ attribute: Range<Int>, _ value: Range<Int>, to paint: inout Paint, scanner: SVGScanner) throws(Failure) {
        let name = scanner.string(attribute)
        switch name {
        case "fill": paint.fill = try color(value, scanner: scanner)
        case "stroke": paint.stroke = try color(value, scanner: scanner)
        case "fill-opacity": paint.fillOpacity = try number(value, scanner: scanner, clamped: true)
        case "stroke-opacity": paint.strokeOpacity = try number(value, scanner: scanner, clamped: true)
        case "stroke-width": paint.strokeWidth = try length(value, of: 0)
        case "stroke-miterlimit": paint.miterLimit = max(1, try number(value, scanner: scanner, clamped: false))
        case "stroke-dashoffset": paint.dashOffset = try length(value, of: 0)
        case "font-size": paint.fontSize = try length(value, of: 0)
        case "fill-rule":
            switch scanner.string(value) {
            case "nonzero": paint.evenOdd = false
            case "evenodd": paint.evenOdd = true
            default: throw .unsupported("fill-rule \(scanner.string(value))")
            }
        case "stroke-linejoin":
            switch scanner.string(value) {
            case "miter": paint.lineJoin = 0
            case "round": paint.lineJoin = 1
            case "bevel": paint.lineJoin = 2
            default: throw .unsupported("stroke-linejoin \(scanner.string(value))")
            }
        case "stroke-linecap":
            switch scanner.string(value) {
            case "butt": paint.lineCap = 0
            case "round": paint.lineCap = 1
            case "square": paint.lineCap = 2
            default: throw .unsupported("stroke-linecap \(scanner.string(value))")
            }
        case "stroke-dasharray":
            paint.dashes = []
            if scanner.string(value) != "none" {
                var numbers = SVGNumbers(bytes, value)
                while !numbers.atEnd { paint.dashes.append(try numbers.number()) }
                // SVG: a negative length is an error (no dashes); all zeros, solid.
                if paint.dashes.contains(where: { $0 < 0 }) || !paint.dashes.contains(where: { $0 > 0 }) {
                    paint.dashes = []
                }
            }
        case "font-weight":
            switch scanner.string(value) {
            case "normal": paint.fontWeight = 400
            case "bold": paint.fontWeight = 700
            default:
                let weight = Int32(scanner.string(value)) ?? 0
                guard (1...1000).contains(weight) else { throw .unsupported("font-weight \(scanner.string(value))") }
                paint.fontWeight = weight
            }
        case "font-family": paint.fontFamily = try scanner.decoded(value)
        case "text-anchor":
            switch scanner.string(value) {
            case "start": paint.anchor = 0
            case "middle": paint.anchor = 0.5
            case "end": paint.anchor = 1
            default: throw .unsupported("text-anchor \(scanner.string(value))")
            }
        case "paint-order":
            let order = scanner.string(value).split(separator: " ").map(String.init)
            let stroke = order.firstIndex(of: "stroke") ?? (order.contains("fill") ? order.count : 1)
            let fill = order.firstIndex(of: "fill") ?? (order.contains("stroke") ? order.count : 0)
            paint.strokeFirst = stroke < fill
        case "id", "class", "role", "version", "xmlns", "xmlns:xlink", "font-style":
            if name == "font-style", scanner.string(value) != "normal" { throw .unsupported("font-style") }
        default:
            guard name.hasPrefix("data-") || name.hasPrefix("aria-") else {
                throw .unsupported("the attribute \(name)")
            }
        }
    }

    private func number(_ range: Range<Int>, scanner: SVGScanner, clamped: Bool) throws(Failure) -> Double {
        var numbers = SVGNumbers(bytes, range)
        let value = try numbers.number()
        guard numbers.atEnd else { throw .unsupported("a number: \(scanner.string(range))") }
        return clamped ? min(max(value, 0), 1) : value
    }

    /// `none`, `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` and
    /// CSS's named colours.
    private func color(_ range: Range<Int>, scanner: SVGScanner) throws(Failure) -> Color? {
        let text = scanner.string(range).lowercased()
        if text == "none" { return nil }
        if text == "transparent" { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
        if let value = CSSColor.values[text] { return Color(rgb: value, alpha: 1) }
        let utf8 = Array(text.utf8)
        if utf8.first == UInt8(ascii: "#") {
            var digits = Array(utf8.dropFirst())
            if digits.count == 3 || digits.count == 4 { digits = digits.flatMap { [$0, $0] } }
            guard digits.count == 6 || digits.count == 8,
                let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16)
            else { throw .unsupported("the colour \(text)") }
            return digits.count == 6
                ? Color(rgb: value, alpha: 1) : Color(rgb: value >> 8, alpha: Double(value & 0xFF) / 255)
        }
        if text.hasPrefix("rgb(") || text.hasPrefix("rgba("), text.hasSuffix(")") {
            let inside = text.drop { $0 != "(" }.dropFirst().dropLast()
            let parts = inside.split(separator: ",").map { $0.filter { $0 != " " } }
            let channels = parts.prefix(3).compactMap { Double($0) }
            let alpha = parts.count == 4 ? Double(parts[3]) : 1
            guard channels.count == 3, parts.count <= 4, let alpha else { throw .unsupported("the colour \(text)") }
            return Color(
                red: min(max(channels[0], 0), 255) / 255, green: min(max(channels[1], 0), 255) / 255,
                blue: min(max(channels[2], 0), 255) / 255, alpha: min(max(alpha, 0), 1))
        }
        throw .unsupported("the colour \(text)")
    }
}

extension SVGPainter.Color {
    init(rgb: UInt32, alpha: Double) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }
}
