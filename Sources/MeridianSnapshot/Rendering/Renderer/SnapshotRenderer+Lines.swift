import MeridianCore
import MeridianLibC

/// Line strings and geodesic polylines: one `<path>` per feature, and a
/// label request along its longest visible part.
extension SnapshotRenderer {
    mutating func writeLine(_ item: DrawItem, _ encoded: EncodedPath) {
        if let colors = Self.gradient(item.properties), item.lines.contains(where: { $0.count > 1 }) {
            writeGradientLine(item, colors: colors)
            return
        }
        let anchor = encoded.lineAnchor
        let linePoints = encoded.linePoints
        let d = encoded.d
        guard !d.isEmpty else { return }
        drawnFeatures += 1
        var base = SimpleStyle(theme: theme)
        base.stroke = theme.lineStroke
        base.strokeWidth = theme.lineWidth
        if let color = categoryColor(item, .lines) { base.stroke = color }
        let style = SimpleStyle(properties: item.properties, over: base)
        svg.append("<path")
        writeDataAttributes(item)
        writeStyle(
            fill: nil, fillOpacity: nil, stroke: style.stroke, strokeWidth: style.strokeWidth,
            strokeOpacity: style.strokeOpacity,
            defaults: SimpleStyle(theme: theme), lineDefaults: true)
        // A doorway drawn as a gap in a wall wants butt ends (a hint of the indoor glue).
        writeStrokePattern(style, lineCap: style.lineCap ?? item.hints.strokeLinecap)
        svg.append(" d=\"")
        svg.append(contentsOf: d)
        svg.append("\"/>\n")
        if let category = item.category, options.showsLegend, !item.hints.isContext {
            legend.note(category: category, color: style.stroke, kind: .line)
        }
        if let text = item.label, let anchor, !item.hints.isContext {
            let fontSize = options.labels.fontSize - 1
            let textWidth = LabelPlacer.textWidth(text, fontSize: fontSize)
            if anchor.length >= textWidth {
                var candidates: [LabelPlacer.Candidate] = []
                // Along the line: turned to the chord of the stretch the text covers, kept upright.
                if let along = Self.alongLine(linePoints, span: textWidth * 1.1) {
                    candidates.append(
                        .init(
                            x: along.x, y: along.y + fontSize * 0.35, alignment: .middle, angle: along.angle,
                            baselineShift: fontSize * 0.35))
                }
                candidates += [
                    .init(x: anchor.x, y: anchor.y - 4, alignment: .middle),
                    .init(x: anchor.x, y: anchor.y + fontSize + 3, alignment: .middle),
                ]
                labels.append(
                    LabelRequest(
                        text: text, rank: item.hints.labelRank ?? 4, weight: -anchor.length, order: item.order,
                        fontSize: fontSize, candidates: candidates, id: item.id, color: nil))
            }
        }
    }

    /// The colours of a gradient stroke (`meridian:stroke-gradient`, 2 to
    /// 16 hex colours), as red, green and blue; nil for anything else.
    static func gradient(_ properties: JSONObject) -> [(Double, Double, Double)]? {
        guard case .array(let members)? = properties[MapShapeStyle.gradientKey], (2...16).contains(members.count)
        else { return nil }
        var colors: [(Double, Double, Double)] = []
        for member in members {
            guard let text = member.stringValue, let rgb = MapColor(css: text)?.rgb else { return nil }
            colors.append(rgb)
        }
        return colors
    }

    /// A line stroked with colours from its start to its end (as SwiftUI's
    /// `Gradient` on a `MapPolyline`): SVG has no gradient along a path, so
    /// each line is cut into 48 pieces of equal length on the map, each
    /// drawn in the colour at its middle; round caps close the seams.
    mutating func writeGradientLine(_ item: DrawItem, colors: [(Double, Double, Double)]) {
        var style = SimpleStyle(properties: item.properties, over: SimpleStyle(theme: theme))
        style.lineCap = style.lineCap ?? .round
        var pieces: [(d: [UInt8], color: String)] = []
        for line in item.lines where line.count > 1 {
            let points = line.map(MapPoint.init)
            let lengths = Self.cumulativeLengths(points.map { ($0.x, $0.y) })
            let total = lengths[lengths.count - 1]
            guard total > 0, total.isFinite else { continue }
            let count = 48
            var index = 0
            for piece in 0..<count {
                let start = total * Double(piece) / Double(count)
                let end = total * Double(piece + 1) / Double(count)
                var coordinates = [Self.point(at: start, points: points, lengths: lengths, from: &index)]
                var cursor = index
                while cursor + 1 < points.count, lengths[cursor + 1] < end {
                    cursor += 1
                    coordinates.append(line[cursor])
                }
                coordinates.append(Self.point(at: end, points: points, lengths: lengths, from: &cursor))
                encoder.appendLine(coordinates)
                let d = encoder.takePath()
                guard !d.isEmpty else { continue }
                let t = (Double(piece) + 0.5) / Double(count) * Double(colors.count - 1)
                let low = min(Int(t), colors.count - 2)
                let f = t - Double(low)
                let (a, b) = (colors[low], colors[low + 1])
                func mix(_ x: Double, _ y: Double) -> Int { Int((x + (y - x) * f).rounded()) }
                pieces.append((d, Self.hex(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))))
            }
        }
        guard !pieces.isEmpty else { return }
        drawnFeatures += 1
        svg.append("<g class=\"gradient\"")
        writeDataAttributes(item)
        writeStyle(
            fill: nil, fillOpacity: nil, stroke: style.stroke, strokeWidth: style.strokeWidth,
            strokeOpacity: style.strokeOpacity, defaults: SimpleStyle(theme: theme), lineDefaults: true)
        writeStrokePattern(style, lineCap: style.lineCap)
        svg.append(">")
        for piece in pieces {
            svg.append("<path stroke=\"")
            svg.appendTrusted(piece.color)
            svg.append("\" d=\"")
            svg.append(contentsOf: piece.d)
            svg.append("\"/>")
        }
        svg.append("</g>\n")
    }

    /// The coordinate `distance` along a line (map-point lengths), starting
    /// the search at segment `index` and leaving it at the segment found.
    private static func point(at distance: Double, points: [MapPoint], lengths: [Double], from index: inout Int)
        -> Coordinate
    {
        index = min(index, lengths.count - 2)
        while index + 2 < lengths.count, lengths[index + 1] < distance { index += 1 }
        let span = lengths[index + 1] - lengths[index]
        let f = span > 0 ? min(max((distance - lengths[index]) / span, 0), 1) : 0
        let a = points[index]
        let b = points[index + 1]
        return MapPoint(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f).coordinate
    }

    private static func hex(_ r: Int, _ g: Int, _ b: Int) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for value in [r, g, b] {
            let clamped = min(max(value, 0), 255)
            text.append(digits[clamped / 16])
            text.append(digits[clamped % 16])
        }
        return text
    }

    /// The middle of a line part and the angle of the chord across `span`
    /// points of it centred there (degrees, clockwise, turned to read left
    /// to right); nil when the part is shorter than `span` or bends so much
    /// that the chord is under 90% of the span (a label would leave it).
    static func alongLine(_ points: [(x: Double, y: Double)], span: Double) -> (x: Double, y: Double, angle: Double)? {
        guard points.count >= 2 else { return nil }
        let lengths = cumulativeLengths(points)
        let total = lengths[lengths.count - 1]
        guard total >= span, span > 0 else { return nil }
        func point(at distance: Double) -> (x: Double, y: Double) {
            var index = 1
            while index < points.count - 1, lengths[index] < distance { index += 1 }
            let segment = lengths[index] - lengths[index - 1]
            let t = segment > 0 ? (distance - lengths[index - 1]) / segment : 0
            return (
                points[index - 1].x + (points[index].x - points[index - 1].x) * t,
                points[index - 1].y + (points[index].y - points[index - 1].y) * t
            )
        }
        let start = point(at: (total - span) / 2)
        let end = point(at: (total + span) / 2)
        let middle = point(at: total / 2)
        let dx = end.x - start.x
        let dy = end.y - start.y
        guard (dx * dx + dy * dy).squareRoot() >= 0.9 * span else { return nil }
        var angle = atan2(dy, dx) * 180 / .pi
        if angle > 90 { angle -= 180 } else if angle < -90 { angle += 180 }
        if abs(angle) < 1 { angle = 0 }
        return (middle.x, middle.y, angle)
    }

    /// The length along a polyline to each of its points (0 at the first).
    static func cumulativeLengths(_ points: [(x: Double, y: Double)]) -> [Double] {
        var lengths = [0.0]
        lengths.reserveCapacity(points.count)
        for index in points.indices.dropFirst() {
            let dx = points[index].x - points[index - 1].x
            let dy = points[index].y - points[index - 1].y
            lengths.append(lengths[index - 1] + (dx * dx + dy * dy).squareRoot())
        }
        return lengths
    }
}
