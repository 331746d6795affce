import MeridianCore

/// The legend: one row per category drawn, with the colour it was drawn in.
///
/// ```swift
/// var legend = Legend()
/// legend.note(category: "park", color: "#188038", kind: .area)
/// legend.size   // (width, height) of the panel, for layout
/// ```
///
/// Rows keep the order in which categories were first drawn (so the
/// output is deterministic and follows the layer order); a category is
/// listed once, with the colour of its first feature. At most
/// ``maximumRows`` rows are listed, then "+ n more".
struct Legend {
    enum Kind { case area, line, point }

    struct Row {
        var category: String
        var color: String
        var kind: Kind
    }

    private(set) var rows: [Row] = []
    private var seen: Set<String> = []
    static let maximumRows = 14
    static let rowHeight = 16.0

    mutating func note(category: String, color: String, kind: Kind) {
        guard seen.insert(category).inserted else { return }
        rows.append(Row(category: category, color: color, kind: kind))
    }

    var isEmpty: Bool { rows.isEmpty }

    private var shownRows: ArraySlice<Row> {
        rows.prefix(rows.count > Self.maximumRows ? Self.maximumRows - 1 : Self.maximumRows)
    }

    private var moreText: String? {
        rows.count > Self.maximumRows ? "+ \(rows.count - shownRows.count) more" : nil
    }

    var size: (width: Double, height: Double) {
        var widest = 0.0
        for row in shownRows { widest = max(widest, LabelPlacer.textWidth(row.category, fontSize: 10)) }
        if let moreText { widest = max(widest, LabelPlacer.textWidth(moreText, fontSize: 10)) }
        let count = Double(shownRows.count + (moreText == nil ? 0 : 1))
        return (min(widest + 34, 260), count * Self.rowHeight + 12)
    }

    func write(into svg: inout SVGBuffer, x: Double, y: Double, theme: Theme) {
        let (width, height) = size
        svg.append("<g id=\"legend\" font-size=\"10\"")
        svg.attribute("fill", escaping: theme.text)
        svg.append("><rect")
        svg.attribute("x", x)
        svg.attribute("y", y)
        svg.attribute("width", width)
        svg.attribute("height", height)
        svg.append(" rx=\"4\"")
        svg.attribute("fill", escaping: theme.panel)
        svg.append(" fill-opacity=\"0.9\"")
        svg.attribute("stroke", escaping: theme.panelBorder)
        svg.append("/>")
        var rowY = y + 6
        for row in shownRows {
            svg.append("<g")
            svg.attribute("data-category", escaping: row.category)
            svg.append(">")
            switch row.kind {
            case .area:
                svg.append("<rect")
                svg.attribute("x", x + 8)
                svg.attribute("y", rowY + 3)
                svg.append(" width=\"14\" height=\"10\"")
                svg.attribute("fill", escaping: row.color)
                svg.attribute("stroke", escaping: theme.panelBorder)
                svg.append("/>")
            case .line:
                svg.append("<path d=\"M")
                svg.appendNumber(x + 8)
                svg.append(",")
                svg.appendNumber(rowY + 8)
                svg.append("h14\"")
                svg.attribute("stroke", escaping: row.color)
                svg.append(" stroke-width=\"3\"/>")
            case .point:
                svg.append("<circle")
                svg.attribute("cx", x + 15)
                svg.attribute("cy", rowY + 8)
                svg.append(" r=\"5\"")
                svg.attribute("fill", escaping: row.color)
                svg.append(" stroke=\"#ffffff\"/>")
            }
            svg.append("<text")
            svg.attribute("x", x + 28)
            svg.attribute("y", rowY + 12)
            svg.append(">")
            svg.appendEscaped(row.category)
            svg.append("</text></g>")
            rowY += Self.rowHeight
        }
        if let moreText {
            svg.append("<text")
            svg.attribute("x", x + 28)
            svg.attribute("y", rowY + 12)
            svg.attribute("fill", escaping: theme.secondaryText)
            svg.append(">")
            svg.appendEscaped(moreText)
            svg.append("</text>")
        }
        svg.append("</g>\n")
    }
}
