import MeridianCore
import MeridianSnapshot

extension IMDFLevelLayer {
    /// The simplestyle properties a feature of this IMDF type and category
    /// carries on an indoor map drawn with `theme`.
    ///
    /// ```swift
    /// IMDFLevelLayer.style(forFeatureType: "unit", category: "restroom.male", theme: .light)["fill"]
    /// // the theme's restroom blue
    /// IMDFLevelLayer.style(forFeatureType: "opening", category: "pedestrian", theme: .light)["stroke"]
    /// // the walkway colour: doorways read as gaps in the walls
    /// ```
    ///
    /// The values are the theme's indoor colours, written into the data
    /// (as KML styles are) so the features keep their look when exported
    /// as GeoJSON, and so a user's style override has one place to win.
    /// Occupants carry none: they are drawn as their names.
    public static func style(forFeatureType type: String, category: String?, theme: Theme) -> JSONObject {
        func area(_ fill: String, opacity: Double = 1, stroke: String, width: Double) -> JSONObject {
            JSONObject([
                ("fill", .string(fill)), ("fill-opacity", .double(opacity)),
                ("stroke", .string(stroke)), ("stroke-width", .double(width)),
            ])
        }
        switch type {
        case "venue": return area(theme.venueFill, stroke: theme.levelStroke, width: 1)
        case "footprint": return area(theme.footprintFill, stroke: theme.levelStroke, width: 1)
        case "level": return area(theme.levelFill, stroke: theme.levelStroke, width: 1.5)
        case "section":
            // Half-transparent: a section (a zone of a hall) lies over the floor, not over the rooms.
            return area(theme.unitFills[.other] ?? theme.fill, opacity: 0.5, stroke: theme.unitStroke, width: 0.5)
        case "unit": return area(theme.unitFill(forCategory: category ?? ""), stroke: theme.unitStroke, width: 0.75)
        case "fixture", "kiosk": return area(theme.fixtureFill, stroke: theme.unitStroke, width: 0.5)
        case "detail": return JSONObject([("stroke", .string(theme.unitStroke)), ("stroke-width", .double(0.5))])
        case "opening":
            // Apple's sample: the walkway colour, wider than a wall, drawn over the unit outlines.
            return JSONObject([
                ("stroke", .string(theme.unitFills[.walkway] ?? theme.background)), ("stroke-width", .double(2)),
            ])
        case "amenity": return JSONObject([("marker-color", .string(theme.amenityTint))])
        default: return JSONObject()
        }
    }
}
