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
/// | `meridian:marker` | `balloon`, `dot`, `symbol`, `label`, `badge`, `path` | How a point is marked: a balloon or a dot whatever ``MarkerStyle`` says, a `symbol` (a small tinted disc holding the `marker-symbol` glyph, named by its tooltip, as a map's point of interest), a `label` (no mark, only the feature's label, centred on the point, as a place name), a `badge` (the `marker-symbol` text in a tinted rounded box) or a `path` (the SVG path data of `meridian:symbol-path`, drawn in a 24-point box, tinted). Default: ``Snapshotter/Options/markerStyle``. |
/// | `meridian:symbol-path` | SVG path data | The shape of a `path` marker, in a 24 x 24 box (as icon sets draw them): only path commands and numbers, at most 4 096 characters; anything else draws a dot. |
/// | `meridian:anchor` | `[x, y]`, each 0 to 1 | The point of a `badge` or `path` marker's box that sits on the coordinate, as SwiftUI's `UnitPoint`: `[0.5, 1]` is the middle of the bottom edge. Default `[0.5, 0.5]`. |
/// | `meridian:stroke-linecap` | `butt`, `round`, `square` | The ends of lines (SVG's `stroke-linecap`). Default `round`. |
/// | `meridian:context` | `true` | The feature is context (a building's outline under its rooms): drawn, but never labelled nor listed in the legend. |
/// | `meridian:overlay-level` | `above-roads`, `above-labels` | Where the feature lies among the map's layers, as `MKOverlayLevel`: with its layer, under every label (`above-roads`, the default), or over the labels (`above-labels`), drawn after them. |
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
    /// Under the labels (with its layer) or over them.
    public var overlayLevel: OverlayLevel
    /// The SVG path data of a `path` marker, checked.
    public var symbolPath: String?
    /// The point of a `badge` or `path` marker's box on the coordinate.
    public var anchor = UnitPoint.center

    /// The property names.
    public enum Key {
        public static let drawOrder = "meridian:draw-order"
        public static let marker = "meridian:marker"
        public static let strokeLinecap = "meridian:stroke-linecap"
        public static let context = "meridian:context"
        public static let labelRank = "meridian:label-rank"
        public static let overlayLevel = "meridian:overlay-level"
        public static let symbolPath = "meridian:symbol-path"
        public static let anchor = "meridian:anchor"

        /// Every name, in the order ``DrawingHints/properties`` writes them.
        public static let all = [
            drawOrder, marker, strokeLinecap, context, labelRank, overlayLevel, symbolPath, anchor,
        ]
    }

    /// The values of `meridian:overlay-level`, as `MKOverlayLevel`.
    public enum OverlayLevel: String, Sendable, Hashable, CaseIterable {
        case aboveRoads = "above-roads"
        case aboveLabels = "above-labels"
    }

    /// The values of `meridian:marker`.
    public enum Marker: String, Sendable, Hashable, CaseIterable {
        case balloon, dot, symbol, label, badge, path
    }

    /// The values of `meridian:stroke-linecap`, as SVG's `stroke-linecap`
    /// (which `stroke-linecap` itself also sets, see ``SimpleStyle``).
    public typealias Linecap = SimpleStyle.LineCap

    /// No hints: what a feature without any of the properties gets.
    public init(
        drawOrder: Double = 0, marker: Marker? = nil, strokeLinecap: Linecap? = nil, isContext: Bool = false,
        labelRank: Int? = nil, overlayLevel: OverlayLevel = .aboveRoads, symbolPath: String? = nil,
        anchor: UnitPoint = .center
    ) {
        self.drawOrder = drawOrder
        self.marker = marker
        self.strokeLinecap = strokeLinecap
        self.isContext = isContext
        self.labelRank = labelRank
        self.overlayLevel = overlayLevel
        self.symbolPath = symbolPath
        self.anchor = anchor
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
        if let value = properties[Key.overlayLevel]?.stringValue, let level = OverlayLevel(rawValue: value) {
            overlayLevel = level
        }
        if let value = properties[Key.symbolPath]?.stringValue, Self.isPathData(value) { symbolPath = value }
        if case .array(let members)? = properties[Key.anchor], members.count == 2,
            let x = members[0].doubleValue, let y = members[1].doubleValue, (0...1).contains(x), (0...1).contains(y)
        {
            anchor = UnitPoint(x: x, y: y)
        }
    }

    /// Whether `text` is SVG path data and nothing else: path commands,
    /// digits, signs, points, exponents, commas and spaces, at most 4 096
    /// characters, so it can go into a `d` attribute as it is.
    public static func isPathData(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard !utf8.isEmpty, utf8.count <= 4_096 else { return false }
        return utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: ","), UInt8(ascii: "."),
                UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "e"), UInt8(ascii: "E"), 0x0A, 0x09:
                return true
            default:
                return "MmLlHhVvCcSsQqTtAaZz".utf8.contains(byte)
            }
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
        if overlayLevel != .aboveRoads { result[Key.overlayLevel] = .string(overlayLevel.rawValue) }
        if let symbolPath { result[Key.symbolPath] = .string(symbolPath) }
        if anchor != .center { result[Key.anchor] = .array([.double(anchor.x), .double(anchor.y)]) }
        return result
    }
}
