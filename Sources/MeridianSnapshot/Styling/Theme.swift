import MeridianCore

/// The colours, widths and fonts a snapshot uses where the data says
/// nothing: the defaults under simplestyle properties.
///
/// ```swift
/// var theme = Theme.dark
/// theme.fill = "#4cc9f0"
/// Theme.light.unitFill(forCategory: "restroom.female")   // the restroom colour
/// ```
///
/// Colours are CSS colour strings (`#rgb`, `#rrggbb` or a CSS colour name);
/// widths are in points. ``light`` suits printed pages and most screens,
/// ``dark`` dark-mode pages. The indoor colours follow Apple's "Displaying
/// an Indoor Map" sample: warm floors, lavender vertical circulation, blue
/// restrooms, grey non-public space, white walkways, with openings drawn
/// in the walkway colour so doorways read as gaps in walls.
public struct Theme: Sendable, Hashable {
    public var name: String
    public var background: String
    /// Area defaults (simplestyle `fill`, `fill-opacity`, `stroke`...).
    public var fill: String
    public var fillOpacity: Double
    public var stroke: String
    public var strokeWidth: Double
    public var strokeOpacity: Double
    /// Line defaults.
    public var lineStroke: String
    public var lineWidth: Double
    /// The default marker tint (MapKit's red) and its glyph colour.
    public var markerTint: String
    public var glyph: String
    /// Label text and the halo drawn under it so it reads over any fill.
    public var text: String
    public var halo: String
    /// Furniture: panel background, panel border and secondary text.
    public var panel: String
    public var panelBorder: String
    public var secondaryText: String
    /// Tints given to categories, in order of first appearance, when a
    /// point or area has a category but no colour of its own.
    public var palette: [String]
    /// Indoor context: venue, footprint and level.
    public var venueFill: String
    public var footprintFill: String
    public var levelFill: String
    public var levelStroke: String
    /// Indoor units: their outline, and a fill per group.
    public var unitStroke: String
    public var unitFills: [UnitCategoryGroup: String]
    public var fixtureFill: String
    public var amenityTint: String

    /// The light theme.
    public static let light = Theme(
        name: "light", background: "#f4f2ee",
        fill: "#5b8fd6", fillOpacity: 0.35, stroke: "#2f6db5", strokeWidth: 0.75, strokeOpacity: 1,
        lineStroke: "#2f6db5", lineWidth: 2,
        markerTint: "#e8453c", glyph: "#ffffff", text: "#26282b", halo: "#ffffff",
        panel: "#ffffff", panelBorder: "#c9c5bd", secondaryText: "#5f6368",
        palette: [
            "#e8453c", "#1a73e8", "#188038", "#f29900", "#9334e6", "#e52592", "#12b5cb", "#795548", "#5f6368",
            "#b06000",
        ],
        venueFill: "#ebe7df", footprintFill: "#e2ddd3", levelFill: "#f7f4ee", levelStroke: "#8f887c",
        unitStroke: "#aaa294",
        unitFills: [
            .elevatorEscalatorStairs: "#d6d8f2", .restroom: "#cfe6f5", .room: "#fbf1dc",
            .nonpublic: "#dcd8d2", .walkway: "#ffffff", .structure: "#9e978b",
            .openToBelow: "#f0eeea", .outdoor: "#d3e9c6", .parking: "#e4e4e8", .other: "#f2e8d5",
        ],
        fixtureFill: "#d9cfbf", amenityTint: "#3b6fb6")

    /// The dark theme.
    public static let dark = Theme(
        name: "dark", background: "#1d2024",
        fill: "#6ea8ff", fillOpacity: 0.3, stroke: "#8ab8ff", strokeWidth: 0.75, strokeOpacity: 1,
        lineStroke: "#8ab8ff", lineWidth: 2,
        markerTint: "#ff5a4f", glyph: "#ffffff", text: "#eceff1", halo: "#1d2024",
        panel: "#2a2e33", panelBorder: "#4a4f56", secondaryText: "#aab0b6",
        palette: [
            "#ff6b61", "#6ea8ff", "#5dd27a", "#ffc04d", "#c08bff", "#ff7bc2", "#4fd6e8", "#c4a484", "#aab0b6",
            "#ff9f43",
        ],
        venueFill: "#2b2f34", footprintFill: "#33383e", levelFill: "#2a2e33", levelStroke: "#7d848c",
        unitStroke: "#5c636b",
        unitFills: [
            .elevatorEscalatorStairs: "#45477a", .restroom: "#2f566e", .room: "#4a4335",
            .nonpublic: "#3a3d42", .walkway: "#23262a", .structure: "#7d848c",
            .openToBelow: "#1f2226", .outdoor: "#2f4a2c", .parking: "#34363c", .other: "#443e33",
        ],
        fixtureFill: "#524a3f", amenityTint: "#4e8fe6")

    /// The theme named `light` or `dark`; nil for any other name.
    public static func named(_ name: String) -> Theme? {
        switch name {
        case "light": .light
        case "dark": .dark
        default: nil
        }
    }

    /// The fill of an IMDF unit of this category: its group's colour
    /// (see ``UnitCategoryGroup``). The IMDF glue calls this to give units a
    /// simplestyle `fill`; the renderer calls it for units that have none.
    public func unitFill(forCategory category: String) -> String {
        let group = UnitCategoryGroup(category: category)
        return unitFills[group] ?? unitFills[.other] ?? fill
    }

    /// ``unitFill(forCategory:)`` of the light theme.
    public static func unitFill(forCategory category: String) -> String {
        light.unitFill(forCategory: category)
    }
}
