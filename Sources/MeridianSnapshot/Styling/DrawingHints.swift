import MeridianCore

/// Meridian's own drawing properties, read beside simplestyle's: the draw
/// order, how a point is marked, line caps, and what is labelled.
///
/// ```swift
/// var hints = DrawingHints()
/// hints.drawOrder = -70          // beneath plain features (0) in the same layer
/// hints.labelRank = 2            // labelled before other areas
/// let properties = hints.properties    // {"meridian:draw-order": -70, "meridian:label-rank": 2}
/// DrawingHints(properties: properties).drawOrder   // -70
/// ```
///
/// simplestyle says how a feature is painted; these say what it is on the
/// map, in words that fit any data, so the renderer never needs to know
/// where a feature came from (the IMDF glue of the `Meridian` module
/// writes them for an indoor level; a user can write them into any
/// GeoJSON). Every property is optional, and a value of the wrong type or
/// out of range is ignored, as a simplestyle value is:
///
/// | property | value | meaning |
/// |---|---|---|
/// | `meridian:draw-order` | number | Within a layer's areas, lines and points, features are drawn in ascending order, later on top; equal values keep input order. Default 0. |
/// | `meridian:marker` | `balloon`, `dot`, `symbol`, `label` | How a point is marked: a balloon or a dot whatever ``MarkerStyle`` says, a `symbol` (a small tinted disc holding the `marker-symbol` glyph, named by its tooltip, as a map's point of interest) or a `label` (no mark, only the feature's label, centred on the point, as a place name). Default: ``Snapshotter/Options/markerStyle``. |
/// | `meridian:stroke-linecap` | `butt`, `round`, `square` | The ends of lines (SVG's `stroke-linecap`). Default `round`. |
/// | `meridian:context` | `true` | The feature is context (a building's outline under its rooms): drawn, but never labelled nor listed in the legend. |
/// | `meridian:label-rank` | integer | When the feature's label is placed: lower first. Defaults: balloons 0, `label` points 1, dots 2, areas 3, lines 4. An area given a rank is labelled like a room: when its centre is taken (a room's symbol often sits there), just below or above it. |
public struct DrawingHints: Sendable, Hashable {
    /// Where a feature lies among the others of its layer and kind.
    public var drawOrder: Double
    /// How a point is marked; nil follows the snapshot's ``MarkerStyle``.
    public var marker: Marker?
    /// The ends of lines; nil draws them round.
    public var strokeLinecap: Linecap?
    /// Context is drawn but neither labelled nor listed in the legend.
    public var isContext: Bool
    /// The label's place in the placement order; nil takes the default
    /// for what is drawn.
    public var labelRank: Int?

    /// The property names.
    public enum Key {
        public static let drawOrder = "meridian:draw-order"
        public static let marker = "meridian:marker"
        public static let strokeLinecap = "meridian:stroke-linecap"
        public static let context = "meridian:context"
        public static let labelRank = "meridian:label-rank"

        /// Every name, in the order ``DrawingHints/properties`` writes them.
        public static let all = [drawOrder, marker, strokeLinecap, context, labelRank]
    }

    /// The values of `meridian:marker`.
    public enum Marker: String, Sendable, Hashable, CaseIterable {
        case balloon, dot, symbol, label
    }

    /// The values of `meridian:stroke-linecap`, as SVG's `stroke-linecap`.
    public enum Linecap: String, Sendable, Hashable, CaseIterable {
        case butt, round, square
    }

    /// No hints: what a feature without any of the properties gets.
    public init(
        drawOrder: Double = 0, marker: Marker? = nil, strokeLinecap: Linecap? = nil, isContext: Bool = false,
        labelRank: Int? = nil
    ) {
        self.drawOrder = drawOrder
        self.marker = marker
        self.strokeLinecap = strokeLinecap
        self.isContext = isContext
        self.labelRank = labelRank
    }

    /// The hints a feature's properties carry; wrong types and values out
    /// of range are ignored.
    public init(properties: JSONObject) {
        self.init()
        // Bounded so that sorting and placing never meet an infinity or a
        // rank that overflows; no map needs more than a million steps.
        if let value = properties[Key.drawOrder]?.doubleValue, value.isFinite, abs(value) <= 1e6 {
            drawOrder = value
        }
        if let value = properties[Key.marker]?.stringValue { marker = Marker(rawValue: value) }
        if let value = properties[Key.strokeLinecap]?.stringValue { strokeLinecap = Linecap(rawValue: value) }
        isContext = properties[Key.context]?.boolValue ?? false
        if let value = properties[Key.labelRank]?.doubleValue, value.isFinite, abs(value) <= 1e6 {
            labelRank = Int(value.rounded())
        }
    }

    /// The hints as properties, only those that differ from no hints.
    public var properties: JSONObject {
        var result = JSONObject()
        if drawOrder != 0, drawOrder.isFinite {
            let whole = abs(drawOrder) < 1e15 && drawOrder.rounded() == drawOrder
            result[Key.drawOrder] = whole ? .integer(Int64(drawOrder)) : .double(drawOrder)
        }
        if let marker { result[Key.marker] = .string(marker.rawValue) }
        if let strokeLinecap { result[Key.strokeLinecap] = .string(strokeLinecap.rawValue) }
        if isContext { result[Key.context] = .bool(true) }
        if let labelRank { result[Key.labelRank] = .integer(Int64(labelRank)) }
        return result
    }
}
