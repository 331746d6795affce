import MeridianCore

/// Line strings and geodesic polylines: one `<path>` per feature, and a
/// label request along its longest visible part.
extension SnapshotRenderer {
    mutating func writeLine(_ item: DrawItem) {
        for line in item.lines { encoder.appendLine(line) }
        let anchor = encoder.lastLineAnchor
        let d = encoder.takePath()
        guard !d.isEmpty else { return }
        drawnFeatures += 1
        var base = SimpleStyle(theme: theme)
        base.stroke = theme.lineStroke
        base.strokeWidth = theme.lineWidth
        if item.properties["stroke"] == nil, let color = categoryColor(item.category) { base.stroke = color }
        let style = SimpleStyle(properties: item.properties, over: base)
        svg.append("<path")
        writeDataAttributes(item)
        writeStyle(
            fill: nil, fillOpacity: nil, stroke: style.stroke, strokeWidth: style.strokeWidth,
            strokeOpacity: style.strokeOpacity,
            defaults: SimpleStyle(theme: theme), lineDefaults: true)
        // Round is the group's default; a doorway drawn as a gap in a wall wants butt ends.
        switch item.hints.strokeLinecap {
        case .butt: svg.append(" stroke-linecap=\"butt\"")
        case .square: svg.append(" stroke-linecap=\"square\"")
        case .round, nil: break
        }
        svg.append(" d=\"")
        svg.append(contentsOf: d)
        svg.append("\"/>\n")
        if let category = item.category, options.showsLegend, !item.hints.isContext {
            legend.note(category: category, color: style.stroke, kind: .line)
        }
        if let text = item.label, let anchor, !item.hints.isContext {
            let fontSize = options.labels.fontSize - 1
            if anchor.length >= LabelPlacer.textWidth(text, fontSize: fontSize) {
                labels.append(
                    LabelRequest(
                        text: text, rank: item.hints.labelRank ?? 4, weight: -anchor.length, order: item.order,
                        fontSize: fontSize,
                        candidates: [
                            .init(x: anchor.x, y: anchor.y - 4, alignment: .middle),
                            .init(x: anchor.x, y: anchor.y + fontSize + 3, alignment: .middle),
                        ],
                        id: item.id, color: nil))
            }
        }
    }
}
