import CRasterizer
import MeridianLibC

/// Numbers and flags of SVG attribute values and path data, read in place:
/// `12`, `-.5`, `1e-3`, with spaces or commas between or nothing where a
/// sign or a second point starts the next number (`.76-.49`, `1.5.5`).
struct SVGNumbers {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
    }

    mutating func skipSeparators() {
        while position < end, SVGScanner.isSpace(bytes[position]) || bytes[position] == UInt8(ascii: ",") {
            position += 1
        }
    }

    var atEnd: Bool {
        mutating get {
            skipSeparators()
            return position >= end
        }
    }

    /// Whether a number starts here (after separators).
    var startsNumber: Bool {
        mutating get {
            skipSeparators()
            guard position < end else { return false }
            let byte = bytes[position]
            return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        }
    }

    mutating func number() throws(SVGPainter.Failure) -> Double {
        skipSeparators()
        var negative = false
        if position < end, bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") {
            negative = bytes[position] == UInt8(ascii: "-")
            position += 1
        }
        var mantissa: UInt64 = 0
        var exponent = 0
        var digits = 0
        while position < end, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            if mantissa < 1_000_000_000_000_000 {
                mantissa = mantissa * 10 + UInt64(bytes[position] - UInt8(ascii: "0"))
            } else {
                exponent += 1
            }
            digits += 1
            position += 1
        }
        if position < end, bytes[position] == UInt8(ascii: ".") {
            position += 1
            while position < end, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                if mantissa < 1_000_000_000_000_000 {
                    mantissa = mantissa * 10 + UInt64(bytes[position] - UInt8(ascii: "0"))
                    exponent -= 1
                }
                digits += 1
                position += 1
            }
        }
        guard digits > 0 else { throw .unsupported("a number expected") }
        if position + 1 < end, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            var at = position + 1
            var negativeExponent = false
            if bytes[at] == UInt8(ascii: "-") || bytes[at] == UInt8(ascii: "+") {
                negativeExponent = bytes[at] == UInt8(ascii: "-")
                at += 1
            }
            var value = 0
            var exponentDigits = 0
            while at < end, bytes[at] >= UInt8(ascii: "0"), bytes[at] <= UInt8(ascii: "9") {
                value = min(value * 10 + Int(bytes[at] - UInt8(ascii: "0")), 400)
                exponentDigits += 1
                at += 1
            }
            if exponentDigits > 0 {
                exponent += negativeExponent ? -value : value
                position = at
            }
        }
        var result = Double(mantissa)
        if exponent != 0 {
            var scale = 1.0
            for _ in 0..<min(abs(exponent), 400) { scale *= 10 }
            result = exponent < 0 ? result / scale : result * scale
        }
        guard result.isFinite else { throw .unsupported("a number out of range") }
        return negative ? -result : result
    }

    /// An arc's flag: `0` or `1`, which need no separator after them.
    mutating func flag() throws(SVGPainter.Failure) -> Bool {
        skipSeparators()
        guard position < end, bytes[position] == UInt8(ascii: "0") || bytes[position] == UInt8(ascii: "1") else {
            throw .unsupported("an arc flag expected")
        }
        position += 1
        return bytes[position - 1] == UInt8(ascii: "1")
    }
}

extension SVGPainter {
    /// Adds the path data `d` to cairo's current path: every command of
    /// SVG 1.1's grammar, absolute and relative; arcs as cairo arcs of the
    /// unit circle under the ellipse's own matrix, as SVG's implementation
    /// notes (F.6.5) convert them.
    func addPath(_ range: Range<Int>) throws(Failure) {
        var numbers = SVGNumbers(bytes, range)
        var current = (x: 0.0, y: 0.0)
        var subpathStart = current
        var lastControl: (x: Double, y: Double)?
        var command: UInt8 = 0
        while !numbers.atEnd {
            let byte = bytes[numbers.position]
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            if isLetter {
                command = byte
                numbers.position += 1
            } else if command == 0 {
                throw .unsupported("path data that does not start with a command")
            }
            let relative = command >= UInt8(ascii: "a")
            let base: (x: Double, y: Double) = relative ? current : (0, 0)
            var control: (x: Double, y: Double)?
            switch command | 0x20 {
            case UInt8(ascii: "m"):
                let x = try numbers.number() + base.x
                let y = try numbers.number() + base.y
                cairo.cairo_move_to(context, x, y)
                current = (x, y)
                subpathStart = current
                // Further pairs after a move are lines.
                command = relative ? UInt8(ascii: "l") : UInt8(ascii: "L")
            case UInt8(ascii: "l"):
                let x = try numbers.number() + base.x
                let y = try numbers.number() + base.y
                cairo.cairo_line_to(context, x, y)
                current = (x, y)
            case UInt8(ascii: "h"):
                current.x = try numbers.number() + base.x
                cairo.cairo_line_to(context, current.x, current.y)
            case UInt8(ascii: "v"):
                current.y = try numbers.number() + base.y
                cairo.cairo_line_to(context, current.x, current.y)
            case UInt8(ascii: "c"), UInt8(ascii: "s"):
                let first: (x: Double, y: Double)
                if command | 0x20 == UInt8(ascii: "c") {
                    first = (try numbers.number() + base.x, try numbers.number() + base.y)
                } else {
                    first = lastControl.map { (2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
                }
                let second = (x: try numbers.number() + base.x, y: try numbers.number() + base.y)
                let to = (x: try numbers.number() + base.x, y: try numbers.number() + base.y)
                cairo.cairo_curve_to(context, first.x, first.y, second.x, second.y, to.x, to.y)
                control = second
                current = to
            case UInt8(ascii: "q"), UInt8(ascii: "t"):
                let point: (x: Double, y: Double)
                if command | 0x20 == UInt8(ascii: "q") {
                    point = (try numbers.number() + base.x, try numbers.number() + base.y)
                } else {
                    point = lastControl.map { (2 * current.x - $0.x, 2 * current.y - $0.y) } ?? current
                }
                let to = (x: try numbers.number() + base.x, y: try numbers.number() + base.y)
                // The quadratic's cubic: control points 2/3 of the way to its one.
                let third = 2.0 / 3.0
                let first = (x: current.x + third * (point.x - current.x), y: current.y + third * (point.y - current.y))
                let second = (x: to.x + third * (point.x - to.x), y: to.y + third * (point.y - to.y))
                cairo.cairo_curve_to(context, first.x, first.y, second.x, second.y, to.x, to.y)
                control = point
                current = to
            case UInt8(ascii: "a"):
                let rx = abs(try numbers.number())
                let ry = abs(try numbers.number())
                let rotation = try numbers.number()
                let large = try numbers.flag()
                let sweep = try numbers.flag()
                let to = (x: try numbers.number() + base.x, y: try numbers.number() + base.y)
                addArc(from: current, to: to, rx: rx, ry: ry, degrees: rotation, large: large, sweep: sweep)
                current = to
            case UInt8(ascii: "z"):
                cairo.cairo_close_path(context)
                current = subpathStart
                command = 0
            default:
                throw .unsupported("the path command \(Character(Unicode.Scalar(command)))")
            }
            // S and T mirror the last control point only after a curve of their kind.
            lastControl = control
            if command == 0, !numbers.atEnd, !Self.isCommand(bytes[numbers.position]) {
                throw .unsupported("numbers after a closepath")
            }
        }
    }

    private static func isCommand(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")
    }

    /// An elliptical arc from `from` to `to` (SVG's endpoint form).
    func addArc(
        from: (x: Double, y: Double), to: (x: Double, y: Double), rx: Double, ry: Double, degrees: Double,
        large: Bool, sweep: Bool
    ) {
        guard from != to else { return }
        guard rx > 0, ry > 0 else {
            cairo.cairo_line_to(context, to.x, to.y)
            return
        }
        let phi = degrees * .pi / 180
        let (cosine, sine) = (cos(phi), sin(phi))
        let dx = (from.x - to.x) / 2
        let dy = (from.y - to.y) / 2
        let x1 = cosine * dx + sine * dy
        let y1 = -sine * dx + cosine * dy
        var (rx, ry) = (rx, ry)
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 {
            rx *= lambda.squareRoot()
            ry *= lambda.squareRoot()
        }
        let numerator = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
        let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
        var factor = denominator > 0 ? (max(0, numerator) / denominator).squareRoot() : 0
        if large == sweep { factor = -factor }
        let cx1 = factor * rx * y1 / ry
        let cy1 = -factor * ry * x1 / rx
        let cx = cosine * cx1 - sine * cy1 + (from.x + to.x) / 2
        let cy = sine * cx1 + cosine * cy1 + (from.y + to.y) / 2
        let start = atan2((y1 - cy1) / ry, (x1 - cx1) / rx)
        var delta = atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - start
        if sweep, delta < 0 { delta += 2 * .pi }
        if !sweep, delta > 0 { delta -= 2 * .pi }
        let matrix = MRCairoMatrix(xx: rx * cosine, yx: rx * sine, xy: -ry * sine, yy: ry * cosine, x0: cx, y0: cy)
        addUnitArc(start: start, delta: delta, under: matrix)
    }

    /// The arc of the unit circle from angle `start` through `delta`, mapped
    /// by `matrix`, as cubic Béziers of at most a quarter turn each (the
    /// curves librsvg makes of an arc; cairo_arc would cut it into as many
    /// lines as its radius asks, which for a huge radius never ends).
    func addUnitArc(start: Double, delta: Double, under matrix: MRCairoMatrix) {
        // Radii past a double's range give no angles: nothing to draw.
        guard start.isFinite, delta.isFinite, abs(delta) <= 2 * .pi + 1e-9 else { return }
        let count = max(1, Int((abs(delta) / (.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(count)
        let handle = 4 / 3 * tan(step / 4)
        func mapped(_ x: Double, _ y: Double) -> (Double, Double) {
            (matrix.xx * x + matrix.xy * y + matrix.x0, matrix.yx * x + matrix.yy * y + matrix.y0)
        }
        var angle = start
        for _ in 0..<count {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            let first = mapped(c0 - handle * s0, s0 + handle * c0)
            let second = mapped(c1 + handle * s1, s1 - handle * c1)
            let end = mapped(c1, s1)
            cairo.cairo_curve_to(context, first.0, first.1, second.0, second.1, end.0, end.1)
            angle = next
        }
    }

    /// A rectangle, its corners rounded by `rx` and `ry` (SVG's rules: one
    /// given stands for both; each at most half the side).
    func addRectangle(x: Double, y: Double, width: Double, height: Double, rx: Double?, ry: Double?) {
        let rx = min(rx ?? ry ?? 0, width / 2)
        let ry = min(ry ?? rx, height / 2)
        guard rx > 0, ry > 0 else {
            cairo.cairo_rectangle(context, x, y, width, height)
            return
        }
        cairo.cairo_move_to(context, x + rx, y)
        cairo.cairo_line_to(context, x + width - rx, y)
        addArc(from: (x + width - rx, y), to: (x + width, y + ry), rx: rx, ry: ry, degrees: 0, large: false, sweep: true)
        cairo.cairo_line_to(context, x + width, y + height - ry)
        addArc(
            from: (x + width, y + height - ry), to: (x + width - rx, y + height), rx: rx, ry: ry, degrees: 0,
            large: false, sweep: true)
        cairo.cairo_line_to(context, x + rx, y + height)
        addArc(from: (x + rx, y + height), to: (x, y + height - ry), rx: rx, ry: ry, degrees: 0, large: false, sweep: true)
        cairo.cairo_line_to(context, x, y + ry)
        addArc(from: (x, y + ry), to: (x + rx, y), rx: rx, ry: ry, degrees: 0, large: false, sweep: true)
        cairo.cairo_close_path(context)
    }
}
