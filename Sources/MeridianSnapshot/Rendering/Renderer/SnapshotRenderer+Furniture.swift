import MeridianCore

/// The map furniture: title panel, legend, compass, scale bar and
/// attribution, each an obstacle that labels keep clear of.
extension SnapshotRenderer {
    /// Writes the furniture and registers its boxes as obstacles for labels.
    mutating func layoutFurniture(title: String?, into out: inout SVGBuffer) {
        let width = viewport.width
        let height = viewport.height
        var nextY = 10.0
        if let title, !title.isEmpty {
            let fontSize = 15.0
            let textWidth = min(LabelPlacer.textWidth(title, fontSize: fontSize), width - 40)
            out.append("<g id=\"map-title-panel\"><rect x=\"10\" y=\"10\"")
            out.attribute("width", textWidth + 20)
            out.append(" height=\"28\" rx=\"4\"")
            out.attribute("fill", escaping: theme.panel)
            out.append(" fill-opacity=\"0.9\"")
            out.attribute("stroke", escaping: theme.panelBorder)
            out.append("/><text x=\"20\" y=\"29\" font-size=\"15\" font-weight=\"bold\"")
            out.attribute("fill", escaping: theme.text)
            out.append(">")
            out.appendEscaped(title)
            out.append("</text></g>\n")
            obstacles.append(.init(minX: 10, minY: 10, maxX: 30 + textWidth, maxY: 38))
            nextY = 46
        }
        if options.showsLegend, !legend.isEmpty {
            let size = legend.size
            legend.write(into: &out, x: 10, y: nextY, theme: theme)
            obstacles.append(.init(minX: 10, minY: nextY, maxX: 10 + size.width, maxY: nextY + size.height))
        }
        let showCompass: Bool
        switch options.compass {
        case .automatic: showCompass = viewport.heading.truncatingRemainder(dividingBy: 360) != 0
        case .always: showCompass = true
        case .never: showCompass = false
        }
        if showCompass {
            let cx = width - 10 - Compass.radius
            let cy = 10 + Compass.radius
            Compass(heading: viewport.heading).write(into: &out, centerX: cx, centerY: cy, theme: theme)
            obstacles.append(
                .init(
                    minX: cx - Compass.radius, minY: cy - Compass.radius, maxX: cx + Compass.radius,
                    maxY: cy + Compass.radius))
        }
        if let units = options.scaleBar, let bar = scaleBar(units: units) {
            bar.write(into: &out, x: 16, y: height - 12, theme: theme)
            obstacles.append(.init(minX: 10, minY: height - 32, maxX: 22 + bar.length, maxY: height - 4))
        }
        if let attribution = options.attribution, !attribution.isEmpty {
            let textWidth = LabelPlacer.textWidth(attribution, fontSize: 9)
            out.append("<text id=\"attribution\"")
            out.attribute("x", width - 6)
            out.attribute("y", height - 6)
            out.append(" font-size=\"9\" text-anchor=\"end\"")
            out.attribute("fill", escaping: theme.secondaryText)
            out.attribute("stroke", escaping: theme.background)
            out.append(" stroke-width=\"2.5\" stroke-opacity=\"0.8\" paint-order=\"stroke\">")
            out.appendEscaped(attribution)
            out.append("</text>\n")
            obstacles.append(.init(minX: width - 8 - textWidth, minY: height - 17, maxX: width, maxY: height))
        }
    }

    /// The scale bar for the centre's latitude, or nil when Mercator's
    /// change of scale across the image would make any single bar wrong by
    /// more than 25%, or the camera is pitched.
    func scaleBar(units: DistanceFormatter.Units) -> ScaleBar? {
        // A pitched view's scale changes from the bottom to the top: no one bar is right.
        guard !viewport.isPerspective else { return nil }
        let k = viewport.pointsPerMapPoint
        let center = viewport.center
        let metersPerPoint = metersPerMapPoint(atLatitude: center.coordinate.latitude) / k
        let halfHeight = max(viewport.width, viewport.height) / 2 / k
        for y in [center.y - halfHeight, center.y + halfHeight] {
            let latitude = MapPoint(x: center.x, y: min(max(y, 0), MapSize.world.height)).coordinate.latitude
            let ratio = metersPerMapPoint(atLatitude: latitude) / k / metersPerPoint
            if ratio < 0.75 || ratio > 1.25 { return nil }
        }
        return ScaleBar(metersPerPoint: metersPerPoint, units: units, maximumLength: min(140, viewport.width * 0.3))
    }
}
