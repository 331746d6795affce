import MeridianCore

/// Simplestyle properties as shared `<Style>`s in the Document, one per
/// distinct set of properties; a feature's own `styleUrl` id is kept, so
/// KML -> GeoJSON -> KML keeps style ids.
extension KMLWriter.Plan {
    static func styleProperties(_ feature: Feature) -> JSONObject {
        var style = JSONObject()
        // The keys first: a value is read (a decoder's are packed) only for a style's key.
        for (position, key) in feature.properties.keys.enumerated() where KMLStyle.propertyKeys.contains(key) {
            style[key] = feature.properties.value(at: position)
        }
        return style
    }

    static func localStyleID(_ feature: Feature) -> String? {
        feature.properties["styleUrl"]?.stringValue.flatMap { StyleTable.localID($0) }
    }

    mutating func styleID(for feature: Feature, style: JSONObject, register: Bool) -> String {
        if let id = Self.localStyleID(feature) {
            if let existing = idIndex[id] {
                if existing == style { return id }
            } else if register {
                idIndex[id] = style
                styles.append((id, style))
                styleIndex[style] = styleIndex[style] ?? id
                return id
            }
        }
        if let id = styleIndex[style] { return id }
        if !register { return "" }
        var id: String
        repeat {
            generated += 1
            id = "style-\(generated)"
        } while idIndex[id] != nil
        idIndex[id] = style
        styleIndex[style] = id
        styles.append((id, style))
        return id
    }

    func lookupStyleID(for feature: Feature, style: JSONObject) -> String? {
        if let id = Self.localStyleID(feature), idIndex[id] == style { return id }
        return styleIndex[style]
    }
}

extension KMLWriter {
    func writeStyle(id: String, _ style: JSONObject, into out: inout Output) {
        out.line(#"<Style id="\#(XMLText.escaped(id))">"#)
        func color(_ colorKey: String, _ opacityKey: String) -> String? {
            guard let css = style[colorKey]?.stringValue else { return nil }
            return KMLColor.kml(css: css, opacity: style[opacityKey]?.doubleValue)
        }
        func number(_ key: String) -> String? { style[key]?.doubleValue.map { XMLText.number($0) } }
        if style["icon"] != nil || style["icon-color"] != nil || style["icon-scale"] != nil
            || style["icon-heading"] != nil
            || style["icon-offset"] != nil
        {
            out.open("IconStyle")
            if let c = color("icon-color", "icon-opacity") { out.element("color", c) }
            if let s = number("icon-scale") { out.element("scale", s) }
            if let h = number("icon-heading") { out.element("heading", h) }
            if let href = style["icon"]?.stringValue {
                out.open("Icon")
                out.element("href", href)
                out.close("Icon")
            }
            if let offset = style["icon-offset"]?.arrayValue, offset.count == 2, let x = offset[0].doubleValue,
                let y = offset[1].doubleValue
            {
                let units = style["icon-offset-units"]?.arrayValue?.compactMap(\.stringValue) ?? []
                let xunits = units.count == 2 ? units[0] : "pixels"
                let yunits = units.count == 2 ? units[1] : "pixels"
                out.line(
                    #"<hotSpot x="\#(XMLText.number(x))" y="\#(XMLText.number(y))" xunits="\#(XMLText.escaped(xunits))" yunits="\#(XMLText.escaped(yunits))"/>"#
                )
            }
            out.close("IconStyle")
        }
        if style["label-color"] != nil || style["label-scale"] != nil {
            out.open("LabelStyle")
            if let c = color("label-color", "label-opacity") { out.element("color", c) }
            if let s = number("label-scale") { out.element("scale", s) }
            out.close("LabelStyle")
        }
        let strokeColor = color("stroke", "stroke-opacity")
        if strokeColor != nil || style["stroke-width"] != nil {
            out.open("LineStyle")
            if let strokeColor { out.element("color", strokeColor) }
            if let width = number("stroke-width") { out.element("width", width) }
            out.close("LineStyle")
        }
        let fillColor = color("fill", "fill-opacity")
        let noFill = style["fill"] == nil && style["fill-opacity"]?.doubleValue == 0
        let noOutline = style["stroke"] == nil && style["stroke-opacity"]?.doubleValue == 0
        if fillColor != nil || noFill || noOutline {
            out.open("PolyStyle")
            if let fillColor { out.element("color", fillColor) }
            if noFill { out.element("fill", "0") }
            if noOutline { out.element("outline", "0") }
            out.close("PolyStyle")
        }
        out.line("</Style>")
    }
}
