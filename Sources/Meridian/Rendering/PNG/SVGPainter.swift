import CRasterizer
import MeridianCore
import MeridianLibC
import MeridianPlatform
import MeridianSnapshot

/// Draws a snapshot's SVG straight onto a cairo image surface and encodes
/// it as PNG: the SVG that ``SnapshotRenderer`` writes, read by a painter
/// that knows exactly that much SVG (groups, paths, rectangles, circles,
/// `use` of a `defs` element, text, the presentation attributes the
/// renderer sets, transforms and group opacity), each shape handed to cairo
/// as librsvg would hand it, so that the pictures agree.
///
/// Why not librsvg alone: it parses the whole document into a tree, cascades
/// CSS over it and opens GLib, Pango and some sixty libraries before the
/// first pixel; for a country map that was three quarters of `render -o
/// map.png`. A document with anything this painter does not know (an
/// element, an attribute that changes the picture, a unit) is
/// ``Failure/unsupported(_:)``, and ``Snapshot/pngData()`` gives it to
/// librsvg instead, so no picture is drawn wrong for want of a feature.
package struct SVGPainter {
    package enum Failure: Error {
        /// Something this painter does not draw: librsvg draws the document.
        case unsupported(String)
        /// cairo could not draw or encode (out of memory, for one).
        case failed(DiagnosticError)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let cairo: MRCairo
    let context: UnsafeMutableRawPointer
    /// `defs` children by id, as byte ranges from `<` to their end.
    private var definitions: [String: Range<Int>] = [:]
    var pango: MRPango?
    private var useDepth = 0
    /// Elements open around the one being drawn; past ``deepest``, the
    /// document is left to librsvg (a snapshot nests some five deep).
    private var depth = 0
    private static let deepest = 64
    /// How many device pixels a user unit can span at the element being
    /// drawn (the product of its transforms' norms): bounds stroke widths
    /// and font sizes in pixels, see ``largest``.
    var magnification = 1.0

    /// The document `svg` drawn to fill `width` x `height` pixels, as PNG.
    ///
    /// A large image is drawn in bands of rows (`bands`, else one a core for
    /// an image of a quarter of a megapixel or more), on every core: each band is
    /// a cairo surface over its rows of the one image, shifted by a whole
    /// number of rows, on which the whole document is drawn (cairo leaves
    /// out what falls outside it), so each pixel comes out as it would on
    /// one surface.
    package static func png(_ svg: [UInt8], width: Int, height: Int, bands: Int? = nil) throws(Failure) -> [UInt8] {
        var error = [CChar](repeating: 0, count: 512)
        guard let cairo = mr_cairo(&error, error.count)?.pointee else {
            throw .unsupported(String(nulTerminated: error))
        }
        // Mapped rather than allocated: its pages are made, zeroed, as each
        // band first draws on them, not all at once before drawing begins.
        let stride = width * 4
        guard let mapped = mmap(nil, stride * height, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            mapped != MAP_FAILED
        else {
            throw .failed(DiagnosticError(code: "snapshot.png.failed", message: "no memory for the image"))
        }
        defer { munmap(mapped, stride * height) }
        let pixels = mapped.assumingMemoryBound(to: UInt8.self)
        let image = Image(cairo: cairo, pixels: pixels, stride: stride)
        let count = min(bands ?? (width * height < 1 << 18 ? 1 : min(Platform.onlineProcessors, 8)), height)
        let bandRows = (0..<count).map { height * $0 / count..<height * ($0 + 1) / count }
        // Each band deflates its rows once drawn, while others still draw.
        let results = OrderedWorkPool.results(of: bandRows, threads: count) { rows -> Result<Part, Failure> in
            if let failure = image.paint(svg, rows: rows, width: width, height: height) { return .failure(failure) }
            return image.deflate(rows, width: width, height: height)
        }
        var parts: [Part] = []
        defer { for index in parts.indices { mr_png_rows_free(&parts[index].rows) } }
        var failure: Failure?
        for result in results {
            switch result {
            case .success(let part): parts.append(part)
            case .failure(let error): failure = failure ?? error
            }
        }
        if let failure { throw failure }
        // Opaque rows are RGB; when any are not, all are RGBA.
        if parts.contains(where: { $0.channels == 4 }) {
            for index in parts.indices where parts[index].channels == 3 {
                mr_png_rows_free(&parts[index].rows)
                parts[index] = try image.deflate(parts[index].range, width: width, height: height, channels: 4).get()
            }
        }
        var length = 0
        guard
            let png = parts.map(\.rows).withUnsafeBufferPointer({
                mr_png_join(
                    $0.baseAddress!, Int32($0.count), Int32(width), Int32(height), parts[0].channels, &length, &error,
                    error.count)
            })
        else {
            throw .failed(DiagnosticError(code: "snapshot.png.failed", message: String(nulTerminated: error)))
        }
        defer { mr_free(png) }
        return Array(UnsafeBufferPointer(start: png, count: length))
    }

    /// Opens cairo, if it can be opened.
    static func prepare() {
        var error = [CChar](repeating: 0, count: 256)
        _ = mr_cairo(&error, error.count)
    }

    /// A band's rows, drawn and deflated as PNG scanlines of `channels`.
    private struct Part: @unchecked Sendable {
        var rows: MRPNGRows
        let channels: Int32
        let range: Range<Int>
    }

    /// The image's pixels, which each band draws its rows of.
    private struct Image: @unchecked Sendable {
        let cairo: MRCairo
        let pixels: UnsafeMutablePointer<UInt8>
        let stride: Int

        /// Draws the document on `rows` of the image, `width` x `height`
        /// pixels in all; what failed, if anything.
        func paint(_ svg: [UInt8], rows: Range<Int>, width: Int, height: Int) -> Failure? {
            let failed = Failure.failed(
                DiagnosticError(code: "snapshot.png.failed", message: "cairo cannot draw the map"))
            guard
                let band = cairo.cairo_image_surface_create_for_data(
                    pixels + rows.lowerBound * stride, 0, Int32(width), Int32(rows.count), Int32(stride))
            else { return failed }
            defer { cairo.cairo_surface_destroy(band) }
            cairo.cairo_surface_set_device_offset(band, 0, -Double(rows.lowerBound))
            guard cairo.cairo_surface_status(band) == 0, let context = cairo.cairo_create(band) else { return failed }
            defer { cairo.cairo_destroy(context) }
            do throws(Failure) {
                try svg.withUnsafeBufferPointer { (document) throws(Failure) in
                    var painter = SVGPainter(bytes: document, cairo: cairo, context: context)
                    try painter.paintDocument(width: Double(width), height: Double(height))
                }
            } catch {
                return error
            }
            let status = cairo.cairo_status(context)
            guard status == 0 else {
                let reason = String(cString: cairo.cairo_status_to_string(status))
                return .failed(
                    DiagnosticError(code: "snapshot.png.failed", message: "cairo cannot draw the map: \(reason)"))
            }
            cairo.cairo_surface_flush(band)
            return nil
        }

        /// `rows` of the image as PNG scanlines of `channels`: 3 (RGB) when
        /// not given and the rows are opaque, else 4 (RGBA).
        func deflate(_ rows: Range<Int>, width: Int, height: Int, channels: Int32? = nil) -> Result<Part, Failure> {
            let (first, count) = (Int32(rows.lowerBound), Int32(rows.count))
            let channels =
                channels ?? (mr_png_rows_opaque(pixels, Int32(width), Int32(stride), first, count) != 0 ? 3 : 4)
            var part = MRPNGRows()
            var error = [CChar](repeating: 0, count: 256)
            guard
                mr_png_deflate_rows(
                    pixels, Int32(width), Int32(stride), first, count, channels, rows.upperBound == height ? 1 : 0,
                    &part, &error, error.count) == 0
            else {
                return .failure(
                    .failed(DiagnosticError(code: "snapshot.png.failed", message: String(nulTerminated: error))))
            }
            return .success(Part(rows: part, channels: channels, range: rows))
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, cairo: MRCairo, context: UnsafeMutableRawPointer) {
        self.bytes = bytes
        self.cairo = cairo
        self.context = context
    }

    // MARK: - The document

    private mutating func paintDocument(width: Double, height: Double) throws(Failure) {
        var scanner = SVGScanner(bytes, range: 0..<bytes.count)
        while let token = try scanner.next() {
            switch token {
            case .text: continue
            case .end: throw .unsupported("an end tag without its start")
            case .start(let name, _, let closed):
                guard scanner.equals(name, "svg") else { throw .unsupported("a document that is not <svg>") }
                var paint = Paint()
                var viewBox: [Double]?
                var size = (width: 0.0, height: 0.0)
                for (attribute, value) in scanner.attributes {
                    switch scanner.string(attribute) {
                    case "viewBox":
                        var numbers = SVGNumbers(bytes, value)
                        var box: [Double] = []
                        while !numbers.atEnd { box.append(try numbers.number()) }
                        guard box.count == 4, box[2] > 0, box[3] > 0 else { throw .unsupported("a viewBox") }
                        viewBox = box
                    case "width": size.width = try length(value, of: 0)
                    case "height": size.height = try length(value, of: 0)
                    default: try apply(attribute, value, to: &paint, scanner: scanner)
                    }
                }
                // librsvg's fit of the document to the image: its viewBox (else
                // its size) scaled uniformly and centred (xMidYMid meet).
                let box = viewBox ?? [0, 0, size.width, size.height]
                guard box[2] > 0, box[3] > 0 else { throw .unsupported("a document without a size") }
                let scale = min(width / box[2], height / box[3])
                var matrix = MRCairoMatrix(
                    xx: scale, yx: 0, xy: 0, yy: scale, x0: (width - box[2] * scale) / 2 - box[0] * scale,
                    y0: (height - box[3] * scale) / 2 - box[1] * scale)
                cairo.cairo_transform(context, &matrix)
                magnification = scale
                viewport = (box[2], box[3])
                if !closed { try paintChildren(&scanner, paint: paint) }
            }
        }
    }

    /// The user space's width and height, for percentages.
    private var viewport = (width: 0.0, height: 0.0)

    /// Draws elements until the end tag of the element whose children they are.
    private mutating func paintChildren(_ scanner: inout SVGScanner, paint: Paint) throws(Failure) {
        while let token = try scanner.next() {
            switch token {
            case .text: continue
            case .end: return
            case .start(let name, let at, let closed):
                try paintElement(&scanner, name: name, at: at, closed: closed, inherited: paint)
            }
        }
        throw .unsupported("an element left open")
    }

    private mutating func paintElement(
        _ scanner: inout SVGScanner, name: Range<Int>, at: Int, closed: Bool, inherited: Paint
    ) throws(Failure) {
        let element = scanner.string(name)
        switch element {
        case "title", "desc", "metadata":
            if !closed { try scanner.skipElement() }
            return
        case "defs":
            if !closed { try readDefinitions(&scanner) }
            return
        case "g", "path", "rect", "circle", "text", "use":
            break
        default:
            throw .unsupported("the element <\(element)>")
        }
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.deepest else { throw .unsupported("elements nested past \(Self.deepest)") }
        var paint = inherited
        var geometry: [String: Range<Int>] = [:]
        var transform: MRCairoMatrix?
        var opacity = 1.0
        for (attribute, value) in scanner.attributes {
            let key = scanner.string(attribute)
            switch key {
            case "d", "x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "xlink:href", "href":
                geometry[key] = value
            case "transform": transform = try self.transform(value)
            case "opacity": opacity = try fraction(value)
            default: try apply(attribute, value, to: &paint, scanner: scanner)
            }
        }
        let outer = magnification
        defer { magnification = outer }
        if let transform {
            var matrix = transform
            magnification *= max(abs(matrix.xx) + abs(matrix.xy), abs(matrix.yx) + abs(matrix.yy))
            guard magnification <= Self.largest else { throw .unsupported("a transform past \(Self.largest)") }
            cairo.cairo_save(context)
            cairo.cairo_transform(context, &matrix)
        }
        if opacity < 1 { cairo.cairo_push_group(context) }
        switch element {
        case "g":
            if !closed { try paintChildren(&scanner, paint: paint) }
        case "text":
            let content = closed ? "" : try textContent(&scanner)
            try paintText(
                content, x: try length(geometry["x"], of: viewport.width),
                y: try length(geometry["y"], of: viewport.height), paint: paint)
        case "use":
            guard let reference = geometry["xlink:href"] ?? geometry["href"] else {
                throw .unsupported("a <use> without a reference")
            }
            let id = scanner.string(reference)
            guard id.hasPrefix("#"), let range = definitions[String(id.dropFirst())], useDepth < 8 else {
                throw .unsupported("a <use> of \(id)")
            }
            let x = try length(geometry["x"], of: viewport.width)
            let y = try length(geometry["y"], of: viewport.height)
            cairo.cairo_save(context)
            var shift = MRCairoMatrix(xx: 1, yx: 0, xy: 0, yy: 1, x0: x, y0: y)
            cairo.cairo_transform(context, &shift)
            useDepth += 1
            var inner = SVGScanner(bytes, range: range)
            guard case .start(let name, let at, let closed)? = try inner.next() else {
                throw .unsupported("a <use> of \(id)")
            }
            try paintElement(&inner, name: name, at: at, closed: closed, inherited: paint)
            useDepth -= 1
            cairo.cairo_restore(context)
            if !closed { try scanner.skipElement() }
        default:
            try addShape(element, geometry, scanner: scanner)
            try fillAndStroke(paint)
            // A shape's children (a <title>) draw nothing.
            if !closed { try scanner.skipElement() }
        }
        if opacity < 1 {
            cairo.cairo_pop_group_to_source(context)
            cairo.cairo_paint_with_alpha(context, opacity)
        }
        if transform != nil { cairo.cairo_restore(context) }
    }

    private mutating func readDefinitions(_ scanner: inout SVGScanner) throws(Failure) {
        while let token = try scanner.next() {
            switch token {
            case .text: continue
            case .end: return
            case .start(_, let at, let closed):
                let id = scanner.attributes.first { scanner.equals($0.name, "id") }.map { scanner.string($0.value) }
                if !closed { try scanner.skipElement() }
                if let id { definitions[id] = at..<scanner.position }
            }
        }
        throw .unsupported("<defs> left open")
    }

    private func addShape(_ element: String, _ geometry: [String: Range<Int>], scanner: SVGScanner) throws(Failure) {
        func value(_ key: String, of whole: Double) throws(Failure) -> Double? {
            guard let range = geometry[key] else { return nil }
            return try length(range, of: whole)
        }
        cairo.cairo_new_path(context)
        switch element {
        case "path":
            if let d = geometry["d"] { try addPath(d) }
        case "rect":
            let width = try value("width", of: viewport.width) ?? 0
            let height = try value("height", of: viewport.height) ?? 0
            guard width > 0, height > 0 else { return }
            addRectangle(
                x: try value("x", of: viewport.width) ?? 0, y: try value("y", of: viewport.height) ?? 0,
                width: width, height: height, rx: try value("rx", of: viewport.width),
                ry: try value("ry", of: viewport.height))
        default:
            let r =
                try value(
                    "r",
                    of: (viewport.width * viewport.width + viewport.height * viewport.height)
                        .squareRoot() / 2.squareRoot()) ?? 0
            guard r > 0 else { return }
            let cx = try value("cx", of: viewport.width) ?? 0
            let cy = try value("cy", of: viewport.height) ?? 0
            cairo.cairo_move_to(context, cx + r, cy)
            addUnitArc(start: 0, delta: 2 * .pi, under: MRCairoMatrix(xx: r, yx: 0, xy: 0, yy: r, x0: cx, y0: cy))
            cairo.cairo_close_path(context)
        }
    }

    /// Fills, then strokes (or the other way, by `paint-order`) the current
    /// path, as SVG paints a shape; then clears it.
    func fillAndStroke(_ paint: Paint) throws(Failure) {
        let fill = { [cairo, context] in
            guard let color = paint.fill else { return }
            cairo.cairo_set_fill_rule(context, paint.evenOdd ? 1 : 0)
            cairo.cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha * paint.fillOpacity)
            cairo.cairo_fill_preserve(context)
        }
        guard paint.stroke == nil || paint.strokeWidth * magnification <= Self.largest else {
            throw .unsupported("a stroke wider than \(Self.largest) pixels")
        }
        let stroke = { [cairo, context] in
            guard let color = paint.stroke, paint.strokeWidth > 0 else { return }
            cairo.cairo_set_line_width(context, paint.strokeWidth)
            cairo.cairo_set_line_join(context, paint.lineJoin)
            cairo.cairo_set_line_cap(context, paint.lineCap)
            cairo.cairo_set_miter_limit(context, paint.miterLimit)
            cairo.cairo_set_dash(context, paint.dashes, Int32(paint.dashes.count), paint.dashOffset)
            cairo.cairo_set_source_rgba(
                context, color.red, color.green, color.blue, color.alpha * paint.strokeOpacity)
            cairo.cairo_stroke_preserve(context)
        }
        if paint.strokeFirst {
            stroke()
            fill()
        } else {
            fill()
            stroke()
        }
        cairo.cairo_new_path(context)
    }

    // MARK: - Values

    /// An optional length, 0 when absent.
    func length(_ range: Range<Int>?, of whole: Double) throws(Failure) -> Double {
        guard let range else { return 0 }
        return try length(range, of: whole)
    }

    /// The largest length or transform factor drawn: past it (a snapshot's
    /// are in the thousands) cairo's pens and dashes would take unbounded
    /// time, so the document is left to librsvg's own limits.
    static let largest = 1e6

    /// A length in user units: a number, `px`, or a percentage of `whole`.
    func length(_ range: Range<Int>, of whole: Double) throws(Failure) -> Double {
        var numbers = SVGNumbers(bytes, range)
        let value = try numbers.number()
        guard abs(value) <= Self.largest else { throw .unsupported("a length past \(Self.largest)") }
        let unit = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[numbers.position..<range.upperBound]), as: UTF8.self)
        switch unit.trimmingSpaces {
        case "", "px": return value
        case "%": return value / 100 * whole
        default: throw .unsupported("the unit \(unit)")
        }
    }

    /// A number from 0 to 1 (opacities), clamped as CSS clamps them.
    private func fraction(_ range: Range<Int>) throws(Failure) -> Double {
        var numbers = SVGNumbers(bytes, range)
        var value = try numbers.number()
        if numbers.position < range.upperBound, bytes[numbers.position] == UInt8(ascii: "%") {
            value /= 100
            numbers.position += 1
        }
        guard numbers.atEnd else { throw .unsupported("an opacity") }
        return min(max(value, 0), 1)
    }

    /// `translate`, `rotate`, `scale` and `matrix`, one after another.
    private func transform(_ range: Range<Int>) throws(Failure) -> MRCairoMatrix {
        var result = MRCairoMatrix(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        var numbers = SVGNumbers(bytes, range)
        while !numbers.atEnd {
            let nameStart = numbers.position
            while numbers.position < range.upperBound, bytes[numbers.position] != UInt8(ascii: "(") {
                numbers.position += 1
            }
            let name = String(
                decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<numbers.position]), as: UTF8.self)
            numbers.position += 1
            var arguments: [Double] = []
            while numbers.startsNumber { arguments.append(try numbers.number()) }
            numbers.skipSeparators()
            guard numbers.position < range.upperBound, bytes[numbers.position] == UInt8(ascii: ")") else {
                throw .unsupported("a transform")
            }
            numbers.position += 1
            var next: MRCairoMatrix
            switch (name.trimmingSpaces, arguments.count) {
            case ("translate", 1), ("translate", 2):
                next = MRCairoMatrix(
                    xx: 1, yx: 0, xy: 0, yy: 1, x0: arguments[0], y0: arguments.count > 1 ? arguments[1] : 0)
            case ("scale", 1), ("scale", 2):
                next = MRCairoMatrix(
                    xx: arguments[0], yx: 0, xy: 0, yy: arguments.count > 1 ? arguments[1] : arguments[0], x0: 0, y0: 0)
            case ("rotate", 1), ("rotate", 3):
                let angle = arguments[0] * .pi / 180
                let (c, s) = (cos(angle), sin(angle))
                let (px, py) = arguments.count == 3 ? (arguments[1], arguments[2]) : (0, 0)
                next = MRCairoMatrix(xx: c, yx: s, xy: -s, yy: c, x0: px - c * px + s * py, y0: py - s * px - c * py)
            case ("matrix", 6):
                next = MRCairoMatrix(
                    xx: arguments[0], yx: arguments[1], xy: arguments[2], yy: arguments[3], x0: arguments[4],
                    y0: arguments[5])
            default:
                throw .unsupported("the transform \(name)")
            }
            guard [next.xx, next.yx, next.xy, next.yy, next.x0, next.y0].allSatisfy({ abs($0) <= Self.largest }) else {
                throw .unsupported("a transform past \(Self.largest)")
            }
            result = result.then(next)
        }
        return result
    }
}

extension MRCairoMatrix {
    /// This matrix followed, in the element's own space, by `inner`
    /// (`transform="a b"` applies b first): self × inner.
    func then(_ inner: MRCairoMatrix) -> MRCairoMatrix {
        MRCairoMatrix(
            xx: xx * inner.xx + xy * inner.yx, yx: yx * inner.xx + yy * inner.yx,
            xy: xx * inner.xy + xy * inner.yy, yy: yx * inner.xy + yy * inner.yy,
            x0: xx * inner.x0 + xy * inner.y0 + x0, y0: yx * inner.x0 + yy * inner.y0 + y0)
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        let utf8 = self.utf8
        let start = utf8.firstIndex { !SVGScanner.isSpace($0) } ?? utf8.endIndex
        let end = utf8.lastIndex { !SVGScanner.isSpace($0) }.map(utf8.index(after:)) ?? start
        return self[start..<end]
    }
}
