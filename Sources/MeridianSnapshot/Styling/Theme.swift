import MeridianCore

/// The colours, widths and fonts a snapshot uses where the data says
/// nothing: the defaults under simplestyle properties.
///
/// ```swift
/// var theme = Theme.dark
/// theme.fill = "#4cc9f0"
/// theme.palette = ["#e8453c", "#1a73e8"]   // category colours, in order of first appearance
/// ```
///
/// Colours are CSS colour strings (`#rgb`, `#rrggbb` or a CSS colour name);
/// widths are in points. ``light`` suits printed pages and most screens,
/// ``dark`` dark-mode pages. A theme knows nothing of any data format:
/// the colours of an indoor map are simplestyle properties its features
/// carry (the `Meridian` module's `IndoorTheme` writes them).
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
        ])

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
        ])

    /// The theme named `light` or `dark`; nil for any other name.
    public static func named(_ name: String) -> Theme? {
        switch name {
        case "light": .light
        case "dark": .dark
        default: nil
        }
    }
}
