import MeridianCore

/// Polygons and circles: one `<path>` per feature, and a label request at
/// the middle of its largest visible ring.
extension SnapshotRenderer {
    /// The theme's area defaults under the feature's simplestyle; a
    /// feature with a category and no `fill` takes its category's colour.
    func areaStyle(_ item: DrawItem) -> SimpleStyle {
        var base = SimpleStyle(theme: theme)
        if let color = categoryColor(item, .areas) {
            base.fill = color
            if item.properties["stroke"] == nil { base.stroke = color }
        }
        return SimpleStyle(properties: item.properties, over: base)
    }

    mutating func writeArea(_ item: DrawItem, _ encoded: EncodedPath) {
        let d = encoded.d
        guard !d.isEmpty else { return }
        drawnFeatures += 1
        let style = areaStyle(item)
        svg.append("<path")
        writeDataAttributes(item)
        writeStyle(
            fill: style.fill, fillOpacity: style.fillOpacity, stroke: style.stroke, strokeWidth: style.strokeWidth,
            strokeOpacity: style.strokeOpacity, defaults: SimpleStyle(theme: theme), lineDefaults: false)
        writeStrokePattern(style, lineCap: style.lineCap)
        svg.append(" d=\"")
        svg.append(contentsOf: d)
        svg.append("\"/>\n")
        if let category = item.category, options.showsLegend, !item.hints.isContext {
            legend.note(category: category, color: style.fill, kind: .area)
        }
        // Context (`meridian:context`: a venue's outline under its floor plan) is not labelled:
        // a venue's name in the middle of its own floor plan reads as a room's.
        if options.labels.labelsAreas, !item.hints.isContext, let text = item.label, let ring = encoded.ring,
            encoded.labelFits
        {
            let fontSize = options.labels.fontSize - 1
            let (x, y) = encoded.pole ?? (ring.cx, ring.cy)
            var candidates: [LabelPlacer.Candidate] = [.init(x: x, y: y + fontSize * 0.35, alignment: .middle)]
            if encoded.pole != nil {
                candidates.append(.init(x: ring.cx, y: ring.cy + fontSize * 0.35, alignment: .middle))
            }
            // An area ranked for labelling (a room) often has a symbol at its centre (a
            // lift's "E", a restroom's "WC"): then its name goes just below or above it.
            if item.hints.labelRank != nil, ring.maxY - ring.minY >= 3 * fontSize + 8 {
                candidates.insert(.init(x: x, y: y + fontSize * 0.35 + fontSize + 6, alignment: .middle), at: 1)
                candidates.insert(.init(x: x, y: y + fontSize * 0.35 - fontSize - 6, alignment: .middle), at: 2)
            }
            labels.append(
                LabelRequest(
                    text: text, rank: item.hints.labelRank ?? 3, weight: -ring.area, order: item.order,
                    fontSize: fontSize,
                    candidates: candidates, id: item.id, color: nil))
        }
    }
}
