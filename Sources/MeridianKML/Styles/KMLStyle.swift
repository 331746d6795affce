import MeridianCore

/// A KML `<Style>` as simplestyle properties: what Meridian's renderer and
/// GeoJSON users read (see ../shared/docs/kml.md, "Styles").
///
/// ```swift
/// let style = KMLStyle(element: styleElement)
/// style.properties["stroke"]          // "#ff0000"
/// style.properties["stroke-opacity"]  // 0.5
/// ```
///
/// - LineStyle: `stroke`, `stroke-opacity`, `stroke-width`
/// - PolyStyle: `fill`, `fill-opacity`; `<fill>0` gives fill-opacity 0 and
///   `<outline>0` stroke-opacity 0
/// - IconStyle: `icon`, `icon-color`, `icon-opacity`, `icon-scale`,
///   `icon-heading`, `icon-offset` and `icon-offset-units` (the hotSpot)
/// - LabelStyle: `label-color`, `label-opacity`, `label-scale`
///
/// PolyStyle is read first and LineStyle after it, so an explicit line
/// colour's opacity wins over `<outline>0`, as in togeojson. An inline
/// style overrides a shared one key by key (``merged(over:)``).
struct KMLStyle: Sendable, Hashable {
    var properties: JSONObject

    init(properties: JSONObject = JSONObject()) {
        self.properties = properties
    }

    init(element: KMLElement) {
        var properties = JSONObject()
        func color(_ element: KMLElement, _ colorKey: String, _ opacityKey: String) {
            guard let text = element.value(.color), let color = KMLColor(text) else { return }
            if let opacity = color.opacity { properties[opacityKey] = .double(opacity) }
            properties[colorKey] = .string(color.css)
        }
        func number(_ element: KMLElement, _ tag: KMLTag, _ key: String) {
            if let text = element.value(tag), let value = KMLNumber.json(text) { properties[key] = value }
        }
        if let poly = element.child(.PolyStyle) {
            color(poly, "fill", "fill-opacity")
            if let fill = poly.value(.fill), fill == "0" || fill == "false" { properties["fill-opacity"] = 0 }
            if let outline = poly.value(.outline), outline == "0" || outline == "false" {
                properties["stroke-opacity"] = 0
            }
        }
        if let line = element.child(.LineStyle) {
            color(line, "stroke", "stroke-opacity")
            number(line, .width, "stroke-width")
        }
        if let label = element.child(.LabelStyle) {
            color(label, "label-color", "label-opacity")
            number(label, .scale, "label-scale")
        }
        if let icon = element.child(.IconStyle) {
            color(icon, "icon-color", "icon-opacity")
            number(icon, .scale, "icon-scale")
            number(icon, .heading, "icon-heading")
            if let hotSpot = icon.child(.hotSpot), let x = hotSpot.attribute("x").flatMap({ Double($0) }),
                let y = hotSpot.attribute("y").flatMap({ Double($0) })
            {
                properties["icon-offset"] = .array([KMLNumber.json(x), KMLNumber.json(y)])
                properties["icon-offset-units"] = .array([
                    .string(hotSpot.attribute("xunits") ?? ""), .string(hotSpot.attribute("yunits") ?? ""),
                ])
            }
            if let href = icon.child(.Icon)?.value(.href) { properties["icon"] = .string(href) }
        }
        self.properties = properties
    }

    /// This style's properties laid over `base`, key by key.
    func merged(over base: KMLStyle) -> KMLStyle {
        var result = base
        for (key, value) in properties.members { result.properties[key] = value }
        return result
    }

    /// The simplestyle keys a style produces: the writer turns these back
    /// into KML styles rather than ExtendedData.
    static let propertyKeys: Set<String> = [
        "stroke", "stroke-opacity", "stroke-width", "fill", "fill-opacity", "label-color", "label-opacity",
        "label-scale", "icon", "icon-color", "icon-opacity", "icon-scale", "icon-heading", "icon-offset",
        "icon-offset-units",
    ]
}
