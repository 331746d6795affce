import MeridianCore

/// Labels are collected while features are drawn and placed at the end,
/// most important first, by ``LabelPlacer``: halos under text, above
/// every layer.
extension SnapshotRenderer {
    /// A label waiting for placement.
    struct LabelRequest {
        var text: String
        var rank: Int
        var weight: Double
        var order: Int
        var fontSize: Double
        var candidates: [LabelPlacer.Candidate]
        var id: String?
        var color: String?
    }

    mutating func placeLabels() -> (bytes: [UInt8], placed: [String], dropped: Int) {
        guard !labels.isEmpty else { return ([], [], 0) }
        var placer = LabelPlacer(width: viewport.width, height: viewport.height)
        for box in obstacles { placer.addObstacle(box) }
        let ordered = labels.sorted { ($0.rank, $0.weight, $0.order) < ($1.rank, $1.weight, $1.order) }
        var placed: [(LabelRequest, LabelPlacer.Candidate)] = []
        var dropped = 0
        for request in ordered {
            if let spot = placer.place(text: request.text, fontSize: request.fontSize, candidates: request.candidates) {
                placed.append((request, spot))
            } else {
                dropped += 1
            }
        }
        placedLabelBoxes = placed.map { request, spot in
            LabelPlacer.box(
                for: spot, textWidth: LabelPlacer.textWidth(request.text, fontSize: request.fontSize),
                fontSize: request.fontSize)
        }
        var out = SVGBuffer(precision: options.precision, capacity: placed.count * 160)
        out.append("<g id=\"labels\">\n<g class=\"halo\"")
        out.attribute("fill", escaping: theme.halo)
        out.attribute("stroke", escaping: theme.halo)
        out.append(" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-opacity=\"0.85\" aria-hidden=\"true\">\n")
        for (request, spot) in placed { writeText(request, spot, into: &out, withID: false) }
        out.append("</g>\n<g class=\"text\"")
        out.attribute("fill", escaping: theme.text)
        out.append(">\n")
        for (request, spot) in placed { writeText(request, spot, into: &out, withID: true) }
        out.append("</g>\n</g>\n")
        return (out.bytes, placed.map(\.0.text), dropped)
    }

    func writeText(
        _ request: LabelRequest, _ spot: LabelPlacer.Candidate, into out: inout SVGBuffer, withID: Bool
    ) {
        out.append("<text")
        if withID, let id = request.id {
            out.attribute("data-id", escaping: id)
        }
        out.attribute("x", spot.x)
        out.attribute("y", spot.y)
        out.attribute("font-size", request.fontSize, decimals: 2)
        if spot.angle != 0 {
            out.append(" transform=\"rotate(")
            out.appendNumber(spot.angle, decimals: 1)
            out.append(" ")
            out.appendNumber(spot.x)
            out.append(" ")
            out.appendNumber(spot.y - spot.baselineShift)
            out.append(")\"")
        }
        switch spot.alignment {
        case .start: break
        case .middle: out.append(" text-anchor=\"middle\"")
        case .end: out.append(" text-anchor=\"end\"")
        }
        out.append(">")
        out.appendEscaped(request.text)
        out.append("</text>\n")
    }
}
