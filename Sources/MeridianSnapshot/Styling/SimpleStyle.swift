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
/// A value of the wrong type or out of range (a colour that is not a CSS
/// colour, a negative width, an opacity outside 0...1) is ignored and the
/// default used: a snapshot never fails over a style.
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
    }

    public init(properties: JSONObject, theme: Theme) {
        self.init(properties: properties, over: SimpleStyle(theme: theme))
    }

    private static func unitInterval(_ value: JSONValue?) -> Double? {
        guard let number = value?.doubleValue, number.isFinite, (0...1).contains(number) else { return nil }
        return number
    }
}
