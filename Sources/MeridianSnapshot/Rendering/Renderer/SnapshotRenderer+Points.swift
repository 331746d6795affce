import MeridianCore

/// Points, marked as `meridian:marker` says (see ``DrawingHints``) or, by
/// default, as balloons or dots by ``MarkerStyle``; and their label requests.
extension SnapshotRenderer {
    mutating func writePoints(_ item: DrawItem) {
        var base = SimpleStyle(theme: theme)
        if let color = categoryColor(item, .points) {
            base.markerColor = color
        }
        let style = SimpleStyle(properties: item.properties, over: base)
        let marker = item.hints.marker ?? (useBalloons ? .balloon : .dot)
        var drew = false
        for coordinate in item.points {
            for (x, y) in encoder.positions(of: coordinate, margin: 40) {
                drew = true
                switch marker {
                case .label: writePlaceName(item, x: x, y: y)
                case .symbol: writeSymbol(item, x: x, y: y, style: style)
                case .balloon: writeBalloon(item, x: x, y: y, style: style)
                case .dot: writeDot(item, x: x, y: y, style: style)
                case .badge: writeBadge(item, x: x, y: y, style: style)
                case .path:
                    if let path = item.hints.symbolPath {
                        writePathSymbol(item, path: path, x: x, y: y, style: style)
                    } else {
                        writeDot(item, x: x, y: y, style: style)
                    }
                }
            }
        }
        if drew {
            drawnFeatures += 1
            // A point marked by its label alone has no mark to show in the legend.
            if let category = item.category, options.showsLegend, marker != .label {
                legend.note(category: category, color: style.markerColor, kind: .point)
            }
        }
    }

    /// A name at a point, with no mark (`meridian:marker` `label`): a shop
    /// at its anchor on an indoor map, a town on a small-scale one.
    mutating func writePlaceName(_ item: DrawItem, x: Double, y: Double) {
        guard let text = item.label else { return }
        let fontSize = options.labels.fontSize - 1.5
        labels.append(
            LabelRequest(
                text: text, rank: item.hints.labelRank ?? 1, weight: options.labels.weight(of: item.properties),
                order: item.order, fontSize: fontSize,
                candidates: [
                    .init(x: x, y: y + fontSize * 0.35, alignment: .middle),
                    .init(x: x, y: y - 3, alignment: .middle),
                    .init(x: x, y: y + fontSize + 2, alignment: .middle),
                ], id: item.id, color: nil))
    }

    /// MapKit's `Marker`: a balloon tinted by `marker-color` holding the
    /// `marker-symbol` glyph or a monogram, its label beside it.
    mutating func writeBalloon(_ item: DrawItem, x: Double, y: Double, style: SimpleStyle) {
        drewBalloon = true
        let s = style.markerSize.factor
        openMark("marker", item, x: x, y: y, scale: s, title: style.title ?? item.label)
        svg.append("<use xlink:href=\"#balloon\"")
        svg.attribute("fill", escaping: style.markerColor)
        svg.append("/>")
        let glyph = MarkerGlyph.text(symbol: style.markerSymbol, title: item.label ?? style.title)
        if glyph.isEmpty {
            svg.append("<circle cy=\"-23\" r=\"4\"/>")
        } else {
            svg.append("<text y=\"-19\"")
            svg.attribute("font-size", glyph.count > 1 ? 9 : 12, decimals: 0)
            svg.append(">")
            svg.appendEscaped(glyph)
            svg.append("</text>")
        }
        svg.append("</g>\n")
        obstacles.append(LabelPlacer.Box(minX: x - 11 * s, minY: y - 34 * s, maxX: x + 11 * s, maxY: y))
        if let text = item.label {
            let fontSize = options.labels.fontSize
            let headY = y - 23 * s
            labels.append(
                LabelRequest(
                    text: text, rank: item.hints.labelRank ?? 0, weight: options.labels.weight(of: item.properties),
                    order: item.order, fontSize: fontSize,
                    candidates: [
                        .init(x: x + 13 * s, y: headY + fontSize * 0.35, alignment: .start),
                        .init(x: x - 13 * s, y: headY + fontSize * 0.35, alignment: .end),
                        .init(x: x, y: y + fontSize + 1, alignment: .middle),
                        .init(x: x, y: y - 36 * s, alignment: .middle),
                    ], id: item.id, color: nil))
        }
    }

    /// A small dot tinted by `marker-color`, for dense data; its label beside it.
    mutating func writeDot(_ item: DrawItem, x: Double, y: Double, style: SimpleStyle) {
        let r = 4 * style.markerSize.factor
        svg.append("<circle")
        writeDataAttributes(item)
        svg.attribute("cx", x)
        svg.attribute("cy", y)
        svg.attribute("r", r)
        svg.attribute("fill", escaping: style.markerColor)
        svg.append(" stroke=\"#ffffff\" stroke-width=\"1.2\"/>\n")
        obstacles.append(LabelPlacer.Box(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r))
        if let text = item.label {
            let fontSize = options.labels.fontSize - 1
            labels.append(
                LabelRequest(
                    text: text, rank: item.hints.labelRank ?? 2, weight: options.labels.weight(of: item.properties),
                    order: item.order, fontSize: fontSize,
                    candidates: [
                        .init(x: x + r + 3, y: y + fontSize * 0.35, alignment: .start),
                        .init(x: x - r - 3, y: y + fontSize * 0.35, alignment: .end),
                        .init(x: x, y: y - r - 3, alignment: .middle),
                        .init(x: x, y: y + r + fontSize, alignment: .middle),
                    ], id: item.id, color: nil))
        }
    }

    /// A map symbol (`meridian:marker` `symbol`): a small disc tinted by
    /// `marker-color` holding the `marker-symbol` glyph, named by its
    /// tooltip rather than a label, as a point of interest on a base map.
    /// Its group keeps the class `amenity`, which style sheets and scripts
    /// written when symbols were IMDF amenities rely on.
    mutating func writeSymbol(_ item: DrawItem, x: Double, y: Double, style: SimpleStyle) {
        openMark("amenity", item, x: x, y: y, title: item.label ?? item.category)
        // Two-letter glyphs ("WC", "Es") are set smaller so they stay inside the disc.
        let glyph = MarkerGlyph.symbol(style.markerSymbol)
        svg.append("<circle r=\"7.5\" fill=\"")
        svg.appendEscaped(style.markerColor)
        svg.append(
            glyph.count > 1
                ? "\" stroke=\"#ffffff\"/><text y=\"2.2\" font-size=\"6\">"
                : "\" stroke=\"#ffffff\"/><text y=\"3\" font-size=\"8.5\">")
        svg.appendEscaped(glyph)
        svg.append("</text></g>\n")
        obstacles.append(LabelPlacer.Box(minX: x - 8, minY: y - 8, maxX: x + 8, maxY: y + 8))
    }

    /// A badge (`meridian:marker` `badge`): the `marker-symbol` text (else
    /// the title's monogram) in a rounded box tinted by `marker-color`, its
    /// `meridian:anchor` on the point, and the label beside it.
    mutating func writeBadge(_ item: DrawItem, x: Double, y: Double, style: SimpleStyle) {
        let text = style.markerSymbol ?? MarkerGlyph.text(symbol: nil, title: item.label ?? style.title)
        let fontSize = 11.0
        let width = max(17, LabelPlacer.textWidth(text, fontSize: fontSize) + 10)
        let height = 17.0
        let left = x - item.hints.anchor.x * width
        let top = y - item.hints.anchor.y * height
        openMark("badge", item, x: left, y: top, title: style.title ?? item.label)
        svg.append("<rect")
        svg.attribute("width", width)
        svg.append(" height=\"17\" rx=\"8.5\"")
        svg.attribute("fill", escaping: style.markerColor)
        svg.append(" stroke=\"#ffffff\" stroke-width=\"1.2\"/><text")
        svg.attribute("x", width / 2)
        svg.append(" y=\"12.2\" font-size=\"11\" fill=\"#ffffff\">")
        svg.appendEscaped(text)
        svg.append("</text></g>\n")
        requestLabel(item, beside: LabelPlacer.Box(minX: left, minY: top, maxX: left + width, maxY: top + height))
    }

    /// A shape of the caller's own (`meridian:marker` `path`): SVG path
    /// data in a 24-point box, tinted by `marker-color`, its anchor on the
    /// point, and the label beside it. The data was checked to be path
    /// commands and numbers only (``DrawingHints/isPathData(_:)``).
    mutating func writePathSymbol(_ item: DrawItem, path: String, x: Double, y: Double, style: SimpleStyle) {
        let side = 24 * style.markerSize.factor
        let left = x - item.hints.anchor.x * side
        let top = y - item.hints.anchor.y * side
        openMark("symbol", item, x: left, y: top, scale: side / 24, scaleDecimals: 3, title: style.title ?? item.label)
        svg.append("<path")
        svg.attribute("fill", escaping: style.markerColor)
        svg.append(" stroke=\"#ffffff\" stroke-width=\"1\" d=\"")
        svg.appendTrusted(path)
        svg.append("\"/></g>\n")
        requestLabel(item, beside: LabelPlacer.Box(minX: left, minY: top, maxX: left + side, maxY: top + side))
    }

    /// The item's label beside a mark's box, which labels then avoid.
    private mutating func requestLabel(_ item: DrawItem, beside box: LabelPlacer.Box) {
        obstacles.append(box)
        guard let text = item.label else { return }
        let fontSize = options.labels.fontSize - 1
        let middle = (box.minY + box.maxY) / 2 + fontSize * 0.35
        labels.append(
            LabelRequest(
                text: text, rank: item.hints.labelRank ?? 0, weight: options.labels.weight(of: item.properties),
                order: item.order, fontSize: fontSize,
                candidates: [
                    .init(x: box.maxX + 3, y: middle, alignment: .start),
                    .init(x: box.minX - 3, y: middle, alignment: .end),
                    .init(x: (box.minX + box.maxX) / 2, y: box.maxY + fontSize + 1, alignment: .middle),
                    .init(x: (box.minX + box.maxX) / 2, y: box.minY - 3, alignment: .middle),
                ], id: item.id, color: nil))
    }

    /// Opens a mark's group: its class, data attributes, its place (and
    /// size when `scale` is not 1), and its tooltip.
    private mutating func openMark(
        _ kind: String, _ item: DrawItem, x: Double, y: Double, scale: Double = 1, scaleDecimals: Int = 2,
        title: String?
    ) {
        svg.append("<g class=\"")
        svg.appendTrusted(kind)
        svg.append("\"")
        writeDataAttributes(item)
        svg.append(" transform=\"translate(")
        svg.appendNumber(x)
        svg.append(" ")
        svg.appendNumber(y)
        if scale != 1 {
            svg.append(") scale(")
            svg.appendNumber(scale, decimals: scaleDecimals)
        }
        svg.append(")\">")
        if let title {
            svg.append("<title>")
            svg.appendEscaped(title)
            svg.append("</title>")
        }
    }
}
