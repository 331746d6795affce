import MeridianCore

/// Style attributes shared by areas, lines and points: only what differs
/// from the enclosing group's defaults is written.
extension SnapshotRenderer {
    mutating func writeDataAttributes(_ item: DrawItem) {
        if let id = item.id {
            svg.attribute("data-id", escaping: id)
        }
        if let category = item.category {
            svg.attribute("data-category", escaping: category)
        }
        if let featureType = item.featureType {
            svg.attribute("data-feature-type", escaping: featureType)
        }
        for (property, attribute) in dataAttributes {
            guard let text = DrawItem.text(of: item.properties[property]) else { continue }
            svg.append(" data-")
            svg.appendTrusted(attribute)
            svg.append("=\"")
            svg.appendEscaped(text)
            svg.append("\"")
        }
    }

    /// The `data-` attribute name of each of ``Snapshotter/Options/dataProperties``.
    static func dataAttributes(_ properties: [String]) -> [(property: String, attribute: String)] {
        var result: [(String, String)] = []
        for property in properties {
            var name = ""
            for scalar in property.lowercased().unicodeScalars {
                let keep = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                name.unicodeScalars.append(keep || scalar == "_" ? scalar : "-")
            }
            let reserved = ["", "id", "category", "feature-type", "layer", "theme", "meters"]
            guard !reserved.contains(name), !result.contains(where: { $0.1 == name }) else { continue }
            result.append((property, name))
        }
        return result
    }

    /// The tint of the item's category when the item has no colour of its
    /// own for `part` (`fill`, `stroke` or `marker-color`): the theme's
    /// palette, handed out by ``assignCategoryColors(_:_:paths:part:)``.
    func categoryColor(_ item: DrawItem, _ part: Part) -> String? {
        guard let category = item.category, Self.takesCategoryColor(item, part) else { return nil }
        return categoryColors[category]
    }

    static func takesCategoryColor(_ item: DrawItem, _ part: Part) -> Bool {
        switch part {
        case .areas: item.properties["fill"] == nil
        case .lines: item.properties["stroke"] == nil
        case .points: item.properties["marker-color"] == nil
        }
    }

    /// Hands out the palette to the categories of the items at
    /// `positions`, in drawing order, before they are written: a category
    /// takes the next colour when first met on an area or line that is
    /// drawn (its path is not empty), or on any point, with no colour of
    /// its own. Writing then only looks colours up, so runs of a layer can
    /// be written on every core and give the same document.
    mutating func assignCategoryColors(_ items: [DrawItem], _ positions: [Int], paths: [EncodedPath], part: Part) {
        guard !theme.palette.isEmpty else { return }
        for (index, position) in positions.enumerated() {
            guard let category = items[position].category, categoryColors[category] == nil,
                part == .points || !paths[index].d.isEmpty, Self.takesCategoryColor(items[position], part)
            else { continue }
            categoryColors[category] = theme.palette[categoryColors.count % theme.palette.count]
        }
    }

    mutating func writeStyle(
        fill: String?, fillOpacity: Double?, stroke: String, strokeWidth: Double, strokeOpacity: Double,
        defaults: SimpleStyle, lineDefaults: Bool
    ) {
        if let fill, fill != defaults.fill {
            svg.attribute("fill", escaping: fill)
        }
        if let fillOpacity, fillOpacity != defaults.fillOpacity {
            svg.attribute("fill-opacity", fillOpacity, decimals: 3)
        }
        if stroke != (lineDefaults ? theme.lineStroke : defaults.stroke) {
            svg.attribute("stroke", escaping: stroke)
        }
        if strokeWidth != (lineDefaults ? theme.lineWidth : defaults.strokeWidth) {
            svg.attribute("stroke-width", strokeWidth, decimals: 3)
        }
        if strokeOpacity != defaults.strokeOpacity {
            svg.attribute("stroke-opacity", strokeOpacity, decimals: 3)
        }
    }

    /// Dashes, caps, joins and miters (``SimpleStyle``): checked numbers and
    /// names only. `lineCap` is the style's cap, or a hint's.
    mutating func writeStrokePattern(_ style: SimpleStyle, lineCap: SimpleStyle.LineCap?) {
        if let dashes = style.dashArray {
            svg.append(" stroke-dasharray=\"")
            for (index, length) in dashes.enumerated() {
                if index > 0 { svg.append(" ") }
                svg.appendNumber(length, decimals: 2)
            }
            svg.append("\"")
            if style.dashOffset != 0 {
                svg.attribute("stroke-dashoffset", style.dashOffset, decimals: 2)
            }
        }
        // Round is the groups' default.
        if let lineCap, lineCap != .round {
            svg.append(" stroke-linecap=\"")
            svg.appendTrusted(lineCap.rawValue)
            svg.append("\"")
        }
        if let join = style.lineJoin, join != .round {
            svg.append(" stroke-linejoin=\"")
            svg.appendTrusted(join.rawValue)
            svg.append("\"")
        }
        if let limit = style.miterLimit {
            svg.attribute("stroke-miterlimit", limit, decimals: 2)
        }
    }
}
