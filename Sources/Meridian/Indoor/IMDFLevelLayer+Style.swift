import MeridianCore
import MeridianSnapshot

extension IMDFLevelLayer {
    /// The properties that make a feature of this IMDF type and category
    /// look, on an indoor map drawn with `theme`, the way Apple's
    /// "Displaying an Indoor Map" sample draws it: simplestyle colours and
    /// widths, and the renderer's ``DrawingHints``.
    ///
    /// ```swift
    /// IMDFLevelLayer.style(forFeatureType: "unit", category: "restroom.male", theme: .light)["fill"]
    /// // the theme's restroom blue
    /// IMDFLevelLayer.style(forFeatureType: "opening", category: "pedestrian", theme: .light)["stroke"]
    /// // the walkway colour: doorways read as gaps in the walls
    /// IMDFLevelLayer.style(forFeatureType: "amenity", category: "atm", theme: .light)["marker-symbol"]
    /// // "atm"
    /// ```
    ///
    /// The values are written into the data (as KML styles are) so the
    /// features keep their look when exported as GeoJSON, so a user's
    /// style override has one place to win, and so the renderer needs to
    /// know nothing of IMDF:
    ///
    /// - Draw order (`meridian:draw-order`, in steps of 10 so a user's own
    ///   features can go between): venue -110, footprint -100, level -90,
    ///   section -80, unit -70, fixture -60, kiosk -50, detail -40,
    ///   opening -30, amenity -20, occupant -10; all below a plain
    ///   feature (0) in the same layer.
    /// - Venue, footprint and level, details and openings are context
    ///   (`meridian:context`): not labelled (the level's name is the
    ///   title; a venue's name in the middle of its floor plan reads as a
    ///   room's) and not in the legend.
    /// - Units are labelled before other areas (`meridian:label-rank` 2,
    ///   the rank of dots).
    /// - Openings have butt line caps (`meridian:stroke-linecap`), so a
    ///   doorway is exactly as wide as it is.
    /// - Amenities are symbols (`meridian:marker` `symbol`) with the
    ///   ``AmenitySymbol`` of their category; occupants are their names
    ///   alone (`meridian:marker` `label`).
    public static func style(forFeatureType type: String, category: String?, theme: IndoorTheme) -> JSONObject {
        var style: JSONObject
        var hints = DrawingHints()
        func area(_ fill: String, opacity: Double = 1, stroke: String, width: Double) -> JSONObject {
            JSONObject([
                ("fill", .string(fill)), ("fill-opacity", .double(opacity)),
                ("stroke", .string(stroke)), ("stroke-width", .double(width)),
            ])
        }
        switch type {
        case "venue":
            style = area(theme.venueFill, stroke: theme.levelStroke, width: 1)
            (hints.drawOrder, hints.isContext) = (-110, true)
        case "footprint":
            style = area(theme.footprintFill, stroke: theme.levelStroke, width: 1)
            (hints.drawOrder, hints.isContext) = (-100, true)
        case "level":
            style = area(theme.levelFill, stroke: theme.levelStroke, width: 1.5)
            (hints.drawOrder, hints.isContext) = (-90, true)
        case "section":
            // Half-transparent: a section (a zone of a hall) lies over the floor, not over the rooms.
            style = area(theme.otherFill, opacity: 0.5, stroke: theme.unitStroke, width: 0.5)
            hints.drawOrder = -80
        case "unit":
            style = area(theme.unitFill(forCategory: category ?? ""), stroke: theme.unitStroke, width: 0.75)
            (hints.drawOrder, hints.labelRank) = (-70, 2)
        case "fixture", "kiosk":
            style = area(theme.fixtureFill, stroke: theme.unitStroke, width: 0.5)
            hints.drawOrder = type == "fixture" ? -60 : -50
        case "detail":
            style = JSONObject([("stroke", .string(theme.unitStroke)), ("stroke-width", .double(0.5))])
            (hints.drawOrder, hints.isContext) = (-40, true)
        case "opening":
            // Apple's sample: the walkway colour, wider than a wall, drawn over the unit outlines.
            style = JSONObject([("stroke", .string(theme.walkwayFill)), ("stroke-width", .double(2))])
            (hints.drawOrder, hints.isContext, hints.strokeLinecap) = (-30, true, .butt)
        case "amenity":
            style = JSONObject([("marker-color", .string(theme.amenityTint))])
            if let symbol = AmenitySymbol.name(forCategory: category) { style["marker-symbol"] = .string(symbol) }
            (hints.drawOrder, hints.marker) = (-20, .symbol)
        case "occupant":
            // Drawn as their names alone, so no colours.
            style = JSONObject()
            (hints.drawOrder, hints.marker) = (-10, .label)
        default:
            return JSONObject()
        }
        for (key, value) in hints.properties.members { style[key] = value }
        return style
    }

    /// Every property name ``style(forFeatureType:category:theme:)`` may
    /// write: styling of the map, not data of the venue (the preview's
    /// properties panel leaves them out).
    public static let styleKeys: Set<String> = Set(
        ["fill", "fill-opacity", "stroke", "stroke-width", "stroke-opacity", "marker-color", "marker-symbol"]
            + DrawingHints.Key.all)
}
