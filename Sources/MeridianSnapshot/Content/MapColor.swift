import MeridianCore

/// A colour of map content: a CSS colour checked once, with an opacity, and
/// the system colours of Apple's light appearance under SwiftUI's names.
///
/// ```swift
/// MapPolyline(coordinates: route).stroke(.blue, lineWidth: 4)
/// MapCircle(center: station, radius: 300).foregroundStyle(.orange.opacity(0.25))
/// MapColor(css: "#0a7f3f")          // a colour of your own
/// MapColor(css: "red\" onload=")   // nil: only hex colours and CSS names
/// ```
public struct MapColor: Sendable, Hashable {
    /// The colour as CSS: a hex colour or a CSS name.
    public let css: String
    /// 0 (transparent) to 1.
    public let opacity: Double

    /// The colour CSS names `css` (`#rgb`, `#rrggbb`, `#rrggbbaa`, or one of
    /// CSS's named colours), or nil for anything else.
    public init?(css: String) {
        guard let checked = CSSColor.validated(css) else { return nil }
        self.css = checked
        opacity = 1
    }

    private init(checked: String, opacity: Double) {
        css = checked
        self.opacity = opacity
    }

    /// The colour at `opacity` (0 to 1; clamped) times its own.
    public func opacity(_ opacity: Double) -> MapColor {
        let clamped = opacity.isFinite ? min(max(opacity, 0), 1) : 1
        return MapColor(checked: css, opacity: self.opacity * clamped)
    }

    /// The red, green and blue of a hex colour (0 to 255 each), for blending
    /// a gradient; nil for a named colour.
    var rgb: (Double, Double, Double)? {
        var digits = Array(css.utf8.dropFirst())
        guard css.hasPrefix("#") else { return nil }
        if digits.count == 3 || digits.count == 4 { digits = digits.prefix(3).flatMap { [$0, $0] } }
        guard digits.count >= 6 else { return nil }
        func channel(_ at: Int) -> Double? {
            UInt8(String(decoding: digits[at..<(at + 2)], as: UTF8.self), radix: 16).map(Double.init)
        }
        guard let r = channel(0), let g = channel(2), let b = channel(4) else { return nil }
        return (r, g, b)
    }

    public static let red = MapColor(checked: "#ff3b30", opacity: 1)
    public static let orange = MapColor(checked: "#ff9500", opacity: 1)
    public static let yellow = MapColor(checked: "#ffcc00", opacity: 1)
    public static let green = MapColor(checked: "#34c759", opacity: 1)
    public static let mint = MapColor(checked: "#00c7be", opacity: 1)
    public static let teal = MapColor(checked: "#30b0c7", opacity: 1)
    public static let cyan = MapColor(checked: "#32ade6", opacity: 1)
    public static let blue = MapColor(checked: "#007aff", opacity: 1)
    public static let indigo = MapColor(checked: "#5856d6", opacity: 1)
    public static let purple = MapColor(checked: "#af52de", opacity: 1)
    public static let pink = MapColor(checked: "#ff2d55", opacity: 1)
    public static let brown = MapColor(checked: "#a2845e", opacity: 1)
    public static let gray = MapColor(checked: "#8e8e93", opacity: 1)
    public static let black = MapColor(checked: "#000000", opacity: 1)
    public static let white = MapColor(checked: "#ffffff", opacity: 1)
    public static let clear = MapColor(checked: "none", opacity: 1)
}

/// Colours along a line, from its start to its end, as SwiftUI's
/// `Gradient` stroking a `MapPolyline`.
public struct Gradient: Sendable, Hashable {
    public var colors: [MapColor]

    public init(colors: [MapColor]) {
        self.colors = colors
    }
}

/// How a stroke is drawn, as SwiftUI's `StrokeStyle`: width in points,
/// caps, joins, miter limit, and a dash pattern with its phase.
public struct StrokeStyle: Sendable, Hashable {
    public var lineWidth: Double
    public var lineCap: SimpleStyle.LineCap
    public var lineJoin: SimpleStyle.LineJoin
    public var miterLimit: Double
    public var dash: [Double]
    public var dashPhase: Double

    public init(
        lineWidth: Double = 1, lineCap: SimpleStyle.LineCap = .butt, lineJoin: SimpleStyle.LineJoin = .miter,
        miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }
}
