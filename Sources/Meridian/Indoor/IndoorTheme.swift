import MeridianCore
import MeridianSnapshot

/// The colours of an indoor map, after Apple's "Displaying an Indoor Map"
/// sample: warm floors, lavender vertical circulation, blue restrooms, grey
/// non-public space, white walkways, and openings drawn in the walkway
/// colour so doorways read as gaps in walls.
///
/// ```swift
/// IndoorTheme.light.unitFill(forCategory: "restroom.female")   // the restroom blue
/// var theme = IndoorTheme(matching: .dark)                     // the dark indoor colours
/// theme.unitFills[.room] = "#5a4b3a"
/// let floor = try IMDFLevelLayer(archive: archive, ordinal: 0, theme: .dark, indoorTheme: theme)
/// ```
///
/// The renderer never sees this type: ``IMDFLevelLayer`` writes these
/// colours into its features as simplestyle properties (see
/// ``IMDFLevelLayer/style(forFeatureType:category:theme:)``), as KML
/// styles are, so an exported level keeps its look. Colours are CSS colour
/// strings; widths in the styles are in points.
public struct IndoorTheme: Sendable, Hashable {
    /// The ``Theme`` name these colours go with (`light`, `dark`).
    public var name: String
    /// Context: the venue, the buildings' footprints and the level.
    public var venueFill: String
    public var footprintFill: String
    public var levelFill: String
    /// The outline of venue, footprint and level.
    public var levelStroke: String
    /// Units: their outline, and a fill per group of categories.
    public var unitStroke: String
    public var unitFills: [UnitCategoryGroup: String]
    /// Fixtures and kiosks.
    public var fixtureFill: String
    /// The tint of amenity symbols.
    public var amenityTint: String

    /// The light theme's indoor colours.
    public static let light = IndoorTheme(
        name: "light", venueFill: "#ebe7df", footprintFill: "#e2ddd3", levelFill: "#f7f4ee",
        levelStroke: "#8f887c", unitStroke: "#aaa294",
        unitFills: [
            .elevatorEscalatorStairs: "#d6d8f2", .restroom: "#cfe6f5", .room: "#fbf1dc",
            .nonpublic: "#dcd8d2", .walkway: "#ffffff", .structure: "#9e978b",
            .openToBelow: "#f0eeea", .outdoor: "#d3e9c6", .parking: "#e4e4e8", .other: "#f2e8d5",
        ],
        fixtureFill: "#d9cfbf", amenityTint: "#3b6fb6")

    /// The dark theme's indoor colours.
    public static let dark = IndoorTheme(
        name: "dark", venueFill: "#2b2f34", footprintFill: "#33383e", levelFill: "#2a2e33",
        levelStroke: "#7d848c", unitStroke: "#5c636b",
        unitFills: [
            .elevatorEscalatorStairs: "#45477a", .restroom: "#2f566e", .room: "#4a4335",
            .nonpublic: "#3a3d42", .walkway: "#23262a", .structure: "#7d848c",
            .openToBelow: "#1f2226", .outdoor: "#2f4a2c", .parking: "#34363c", .other: "#443e33",
        ],
        fixtureFill: "#524a3f", amenityTint: "#4e8fe6")

    public init(
        name: String, venueFill: String, footprintFill: String, levelFill: String, levelStroke: String,
        unitStroke: String, unitFills: [UnitCategoryGroup: String], fixtureFill: String, amenityTint: String
    ) {
        self.name = name
        self.venueFill = venueFill
        self.footprintFill = footprintFill
        self.levelFill = levelFill
        self.levelStroke = levelStroke
        self.unitStroke = unitStroke
        self.unitFills = unitFills
        self.fixtureFill = fixtureFill
        self.amenityTint = amenityTint
    }

    /// The indoor colours that go with a map theme: ``dark`` for a theme
    /// named `dark`, ``light`` for any other.
    public init(matching theme: Theme) {
        self = theme.name == "dark" ? .dark : .light
    }

    /// The fill of a unit of this IMDF category: its group's colour (see
    /// ``UnitCategoryGroup``), else the colour of ``UnitCategoryGroup/other``.
    public func unitFill(forCategory category: String) -> String {
        unitFills[UnitCategoryGroup(category: category)] ?? otherFill
    }

    /// The fill of sections and of units whose group has no colour.
    var otherFill: String { unitFills[.other] ?? levelFill }

    /// The walkway colour, which openings are drawn in.
    var walkwayFill: String { unitFills[.walkway] ?? levelFill }
}
