import MeridianCore

/// The compass: a disc with a north needle, drawn when the map is rotated
/// (or always, on request), as MapKit's `MapCompass`.
///
/// ```swift
/// Compass(heading: 30).write(into: &svg, centerX: 990, centerY: 34, theme: .light)
/// ```
///
/// The needle points to where north is on the image: rotated by minus the
/// heading, since a camera facing east (heading 90) puts north on the left.
struct Compass {
    let heading: Double
    static let radius = 17.0

    func write(into svg: inout SVGBuffer, centerX: Double, centerY: Double, theme: Theme) {
        svg.append("<g id=\"compass\"")
        svg.attribute("data-heading", heading, decimals: 2)
        svg.append(" transform=\"translate(")
        svg.appendNumber(centerX)
        svg.append(" ")
        svg.appendNumber(centerY)
        svg.append(") rotate(")
        svg.appendNumber(-heading, decimals: 3)
        svg.append(")\"><circle r=\"17\"")
        svg.attribute("fill", escaping: theme.panel)
        svg.append(" fill-opacity=\"0.9\"")
        svg.attribute("stroke", escaping: theme.panelBorder)
        svg.append("/><path d=\"M0,-13l5,13h-10z\" fill=\"#e8453c\"/><path d=\"M0,13l5,-13h-10z\" fill=\"")
        svg.appendEscaped(theme.secondaryText)
        svg.append(
            "\"/><text y=\"-1\" font-size=\"7\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#ffffff\">N</text></g>\n"
        )
    }
}
