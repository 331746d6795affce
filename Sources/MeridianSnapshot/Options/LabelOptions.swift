import MeridianCore

/// Which text labels a snapshot writes, and how big.
///
/// ```swift
/// options.labels = LabelOptions(property: "NAME")   // Natural Earth's name field
/// options.labels = .none
/// ```
///
/// Labels are placed without overlaps: candidates are tried in priority
/// order (markers, then place names, then dots, then areas from the
/// largest down, then lines) and a label that would touch an already placed
/// label, a marker or the map furniture is dropped, never drawn over.
public struct LabelOptions: Sendable, Hashable {
    /// The property holding the text; nil tries `name`, then `title`.
    /// A language-keyed object (IMDF's LABELS, `{"en": "Gate 4"}`) gives its
    /// `en` value, else its first.
    public var property: String?
    public var isEnabled: Bool
    /// Point size of marker labels; area and line labels are one point smaller.
    public var fontSize: Double
    /// Labels areas (at the middle of their largest visible ring) when true.
    public var labelsAreas: Bool

    public init(property: String? = nil, isEnabled: Bool = true, fontSize: Double = 11, labelsAreas: Bool = true) {
        self.property = property
        self.isEnabled = isEnabled
        self.fontSize = fontSize
        self.labelsAreas = labelsAreas
    }

    public static let none = LabelOptions(isEnabled: false)
}
