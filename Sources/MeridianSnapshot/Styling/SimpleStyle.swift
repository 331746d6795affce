import MeridianCore

/// A feature's drawing style: the simplestyle-spec 1.1.0 properties it
/// carries, each validated, over the defaults of a ``Theme``.
///
/// ```swift
/// let style = SimpleStyle(properties: JSONObject([("fill", "#0a0"), ("fill-opacity", 0.5)]), theme: .light)
/// style.fill          // "#0a0"
/// style.strokeWidth   // the theme's 0.75
/// ```
///
/// Beside simplestyle's own, the SVG stroke properties people ask for on
/// published maps are read under their SVG names: `stroke-dasharray` (an
/// array of numbers, or a string of them separated by spaces or commas),
/// `stroke-dashoffset`, `stroke-linecap` (`butt`, `round`, `square`),
/// `stroke-linejoin` (`miter`, `round`, `bevel`) and `stroke-miterlimit`.
///
/// A value of the wrong type or out of range (a colour that is not a CSS
/// colour, a negative width, an opacity outside 0...1, a dash pattern that
/// is not 1 to 16 numbers of 0 to 1 000 with some length) is ignored and
/// the default used: a snapshot never fails over a style, and only
/// checked numbers and names reach the SVG.
public struct SimpleStyle: Sendable, Hashable {
    public var fill: String
    public var fillOpacity: Double
    public var stroke: String
    public var strokeWidth: Double
    public var strokeOpacity: Double
    public var markerColor: String
    public var markerSymbol: String?
    public var markerSize: MarkerSize
    public var title: String?
    /// Dash lengths, in points; nil draws a solid stroke.
    public var dashArray: [Double]?
    /// Where in the dash pattern the stroke starts, in points.
    public var dashOffset: Double = 0
    /// The ends of strokes and the corners between segments; nil keeps
    /// what the renderer draws by default (round, on lines and areas).
    public var lineCap: LineCap?
    public var lineJoin: LineJoin?
    /// The longest miter, in stroke widths, before a corner is bevelled.
    public var miterLimit: Double?

    /// SVG's `stroke-linecap`.
    public enum LineCap: String, Sendable, Hashable, CaseIterable {
        case butt, round, square
    }

    /// SVG's `stroke-linejoin`.
    public enum LineJoin: String, Sendable, Hashable, CaseIterable {
        case miter, round, bevel
    }

    /// simplestyle's `marker-size`.
    public enum MarkerSize: String, Sendable, Hashable, CaseIterable {
        case small, medium, large

        /// How much bigger than medium a marker is drawn.
        var factor: Double {
            switch self {
            case .small: 0.75
            case .medium: 1
            case .large: 1.3
            }
        }
    }

    /// The theme's defaults, for areas.
    public init(theme: Theme) {
        fill = theme.fill
        fillOpacity = theme.fillOpacity
        stroke = theme.stroke
        strokeWidth = theme.strokeWidth
        strokeOpacity = theme.strokeOpacity
        markerColor = theme.markerTint
        markerSymbol = nil
        markerSize = .medium
        title = nil
    }

    /// `defaults` overridden by whichever simplestyle properties are present and valid.
    public init(properties: JSONObject, over defaults: SimpleStyle) {
        self = defaults
        if let value = properties["fill"]?.stringValue, let color = CSSColor.validated(value) { fill = color }
        if let value = properties["stroke"]?.stringValue, let color = CSSColor.validated(value) { stroke = color }
        if let value = properties["marker-color"]?.stringValue, let color = CSSColor.validated(value) {
            markerColor = color
        }
        if let value = Self.unitInterval(properties["fill-opacity"]) { fillOpacity = value }
        if let value = Self.unitInterval(properties["stroke-opacity"]) { strokeOpacity = value }
        if let value = properties["stroke-width"]?.doubleValue, value.isFinite, value >= 0, value <= 100 {
            strokeWidth = value
        }
        if let value = properties["marker-size"]?.stringValue, let size = MarkerSize(rawValue: value) {
            markerSize = size
        }
        if let value = properties["marker-symbol"]?.stringValue, !value.isEmpty { markerSymbol = value }
        if let value = properties["title"]?.stringValue, !value.isEmpty { title = value }
        if let value = properties["stroke-dasharray"], let dashes = Self.dashes(value) { dashArray = dashes }
        if let value = properties["stroke-dashoffset"]?.doubleValue, value.isFinite, abs(value) <= 10_000 {
            dashOffset = value
        }
        if let value = properties["stroke-linecap"]?.stringValue, let cap = LineCap(rawValue: value) { lineCap = cap }
        if let value = properties["stroke-linejoin"]?.stringValue, let join = LineJoin(rawValue: value) {
            lineJoin = join
        }
        if let value = properties["stroke-miterlimit"]?.doubleValue, value.isFinite, (1...100).contains(value) {
            miterLimit = value
        }
    }

    /// A dash pattern: 1 to 16 finite lengths of 0 to 1 000 points, not all
    /// zero, as a JSON array of numbers or a string of numbers.
    static func dashes(_ value: JSONValue) -> [Double]? {
        var lengths: [Double] = []
        switch value {
        case .array(let members):
            for member in members {
                guard let number = member.doubleValue else { return nil }
                lengths.append(number)
            }
        case .string(let text):
            for part in text.split(whereSeparator: { $0 == " " || $0 == "," }) {
                guard let number = Double(part) else { return nil }
                lengths.append(number)
            }
        default: return nil
        }
        guard (1...16).contains(lengths.count), lengths.allSatisfy({ $0.isFinite && (0...1_000).contains($0) }),
            lengths.contains(where: { $0 > 0 })
        else { return nil }
        return lengths
    }

    public init(properties: JSONObject, theme: Theme) {
        self.init(properties: properties, over: SimpleStyle(theme: theme))
    }

    private static func unitInterval(_ value: JSONValue?) -> Double? {
        guard let number = value?.doubleValue, number.isFinite, (0...1).contains(number) else { return nil }
        return number
    }
}
