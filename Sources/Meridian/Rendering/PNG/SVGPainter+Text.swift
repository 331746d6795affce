import CRasterizer

extension SVGPainter {
    /// The text of a `<text>` element up to its end tag, references
    /// replaced and white space collapsed as SVG's default `xml:space` does.
    mutating func textContent(_ scanner: inout SVGScanner) throws(Failure) -> String {
        var text = ""
        while let token = try scanner.next() {
            switch token {
            case .text(let range): text += try scanner.decoded(range)
            case .start: throw .unsupported("an element inside <text>")
            case .end:
                var collapsed = ""
                var space = false
                for character in text {
                    if character == " " || character == "\n" || character == "\t" || character == "\r" {
                        space = !collapsed.isEmpty
                    } else {
                        if space { collapsed.append(" ") }
                        space = false
                        collapsed.append(character)
                    }
                }
                return collapsed
            }
        }
        throw .unsupported("<text> left open")
    }

    /// Lays the text out with Pango and paints its outline, as librsvg does:
    /// the same fonts (the `font-family` list through fontconfig), no hinting
    /// and unrounded glyph positions, the baseline at `y`, the advance
    /// placed by `text-anchor`.
    mutating func paintText(_ text: String, x: Double, y: Double, paint: Paint) throws(Failure) {
        guard !text.isEmpty else { return }
        guard let size = paint.fontSize, size > 0 else { throw .unsupported("text without a font size") }
        guard size * magnification <= 10_000 else { throw .unsupported("text past 10 000 pixels") }
        if pango == nil {
            var error = [CChar](repeating: 0, count: 256)
            guard let table = mr_pango(&error, error.count)?.pointee else {
                throw .unsupported(String(nulTerminated: error))
            }
            pango = table
        }
        guard let pango, let layout = pango.pango_cairo_create_layout(context) else {
            throw .failed(.init(code: "snapshot.png.failed", message: "Pango cannot lay out text"))
        }
        defer { pango.g_object_unref(layout) }
        let pangoContext = pango.pango_layout_get_context(layout)
        if let options = cairo.cairo_font_options_create() {
            cairo.cairo_font_options_set_antialias(options, 2)  // grey
            cairo.cairo_font_options_set_hint_style(options, 1)  // none
            cairo.cairo_font_options_set_hint_metrics(options, 1)  // off
            pango.pango_cairo_context_set_font_options(pangoContext, options)
            cairo.cairo_font_options_destroy(options)
        }
        pango.pango_context_set_round_glyph_positions(pangoContext, 0)
        pango.pango_layout_context_changed(layout)
        if let description = pango.pango_font_description_new() {
            let families = paint.fontFamily.filter { $0 != "'" && $0 != "\"" }
            pango.pango_font_description_set_family(description, families)
            pango.pango_font_description_set_absolute_size(description, size * 1024)
            pango.pango_font_description_set_weight(description, paint.fontWeight)
            pango.pango_layout_set_font_description(layout, description)
            pango.pango_font_description_free(description)
        }
        var utf8 = Array(text.utf8)
        utf8.append(0)
        pango.pango_layout_set_text(layout, utf8, Int32(utf8.count - 1))
        var logical = MRPangoRectangle()
        pango.pango_layout_get_extents(layout, nil, &logical)
        let baseline = Double(pango.pango_layout_get_baseline(layout)) / 1024
        let advance = Double(logical.width) / 1024
        cairo.cairo_new_path(context)
        cairo.cairo_move_to(context, x - advance * paint.anchor, y - baseline)
        pango.pango_cairo_layout_path(context, layout)
        try fillAndStroke(paint)
    }
}
