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
/// Among points of the same kind, the more important go first, so dense
/// points are thinned by importance rather than by their order in the
/// file: by ``priority``, or else by the first of `population`, `pop_max`,
/// `POP_MAX` (larger first), `scalerank`, `SCALERANK`, `rank` (smaller
/// first) that a point has.
public struct LabelOptions: Sendable, Hashable {
    /// The property holding the text; nil tries `name`, then `title`.
    /// A language-keyed object (IMDF's LABELS, `{"en": "Gate 4"}`) gives its
    /// `en` value, else its first.
    public var property: String?
    public var isEnabled: Bool
    /// Point size of marker labels; area and line labels are one point smaller.
    public var fontSize: Double
    /// Labels areas (at their pole of inaccessibility) when true.
    public var labelsAreas: Bool
    /// The numeric property that orders point labels, larger first (or
    /// smaller first when ``priorityAscending``); nil looks for the usual ones.
    public var priority: String?
    public var priorityAscending = false

    /// The properties read for a point's importance when ``priority`` is nil,
    /// and whether smaller values come first.
    static let usualPriorities = [
        ("population", false), ("pop_max", false), ("POP_MAX", false), ("scalerank", true), ("SCALERANK", true),
        ("rank", true),
    ]

    /// Where a point's label comes among points of its kind: lower first.
    func weight(of properties: JSONObject) -> Double {
        if let priority {
            guard let value = properties[priority]?.doubleValue, value.isFinite else { return .infinity }
            return priorityAscending ? value : -value
        }
        for (key, ascending) in Self.usualPriorities {
            if let value = properties[key]?.doubleValue, value.isFinite { return ascending ? value : -value }
        }
        return 0
    }

    public init(property: String? = nil, isEnabled: Bool = true, fontSize: Double = 11, labelsAreas: Bool = true) {
        self.property = property
        self.isEnabled = isEnabled
        self.fontSize = fontSize
        self.labelsAreas = labelsAreas
    }

    public static let none = LabelOptions(isEnabled: false)
}
