import MeridianCore

/// A balloon marker at a coordinate, as MapKit for SwiftUI's `Marker`: a
/// balloon tinted by ``tint(_:)``, holding a monogram, a symbol or the
/// title's first letter, with the title beside it.
///
/// ```swift
/// Marker("King's College Chapel", coordinate: chapel)
/// Marker("Station", symbol: "rail", coordinate: station).tint(.orange)   // a Maki name, or one or two characters
/// Marker("Gate B", monogram: "B", coordinate: gate).tag("gate-b")
/// ```
public struct Marker: MapContent {
    public var title: String
    public var coordinate: Coordinate
    /// The glyph in the balloon: a monogram or symbol (up to two characters
    /// drawn as given, or a Maki name); nil draws the title's first letter.
    public var glyph: String?
    public var color: MapColor?
    /// The marker's id in the SVG (`data-id`) and for ``MapCameraPosition/item(_:)``.
    public var id: String?
    public var style = Style.balloon

    /// The marker styles of Apple's Web Snapshots: a balloon, a large
    /// balloon, or a dot.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        case balloon, large, dot
    }

    public init(_ title: String, coordinate: Coordinate) {
        self.title = title
        self.coordinate = coordinate
    }

    public init(_ title: String, monogram: String, coordinate: Coordinate) {
        self.init(title, coordinate: coordinate)
        glyph = String(monogram.prefix(2))
    }

    public init(_ title: String, symbol: String, coordinate: Coordinate) {
        self.init(title, coordinate: coordinate)
        glyph = symbol
    }

    /// The balloon's colour.
    public func tint(_ color: MapColor) -> Marker {
        var copy = self
        copy.color = color
        return copy
    }

    /// The marker's id, as SwiftUI's `.tag(_:)`.
    public func tag(_ id: String) -> Marker {
        var copy = self
        copy.id = id
        return copy
    }

    public var mapElements: [MapElement] {
        var properties = JSONObject([("title", .string(title))])
        if let color { properties["marker-color"] = .string(color.css) }
        if let glyph, !glyph.isEmpty { properties["marker-symbol"] = .string(glyph) }
        if style == .large { properties["marker-size"] = "large" }
        for (key, value) in DrawingHints(marker: style == .dot ? .dot : .balloon).properties.members {
            properties[key] = value
        }
        let feature = Feature(id: id.map { .string($0) }, geometry: .point(coordinate), properties: properties)
        return [MapElement(kind: .feature(feature), describing: "Marker \"\(title)\"")]
    }
}

/// What an ``Annotation`` draws at its coordinate.
public enum AnnotationContent: Sendable, Hashable {
    /// The title alone, centred on the point, as a place name.
    case label
    /// Text in a small rounded box tinted by the annotation's colour.
    case badge(String)
    /// SVG path data in a 24 x 24 box (as icon sets draw them), tinted:
    /// only path commands and numbers are accepted.
    case symbol(path: String)
}

/// Content of its own at a coordinate, as MapKit for SwiftUI's
/// `Annotation`: a label, a badge or a symbol, whose `anchor` sits on the
/// coordinate, and the title beside it.
///
/// ```swift
/// Annotation("Bike hire", coordinate: dock, anchor: .bottom) { .badge("12") }.tint(.green)
/// Annotation("Viewpoint", coordinate: hill) { .symbol(path: "M12 2 L22 22 L2 22 Z") }
/// Annotation("River Cam", coordinate: river, content: .label)
/// ```
public struct Annotation: MapContent {
    public var title: String
    public var coordinate: Coordinate
    public var anchor: UnitPoint
    public var content: AnnotationContent
    public var color: MapColor?
    public var id: String?

    public init(_ title: String, coordinate: Coordinate, anchor: UnitPoint = .center, content: AnnotationContent) {
        self.title = title
        self.coordinate = coordinate
        self.anchor = anchor
        self.content = content
    }

    public init(
        _ title: String, coordinate: Coordinate, anchor: UnitPoint = .center, content: () -> AnnotationContent
    ) {
        self.init(title, coordinate: coordinate, anchor: anchor, content: content())
    }

    public func tint(_ color: MapColor) -> Annotation {
        var copy = self
        copy.color = color
        return copy
    }

    public func tag(_ id: String) -> Annotation {
        var copy = self
        copy.id = id
        return copy
    }

    public var mapElements: [MapElement] {
        var properties = JSONObject([("title", .string(title))])
        var hints = DrawingHints(anchor: anchor)
        var problem: String?
        switch content {
        case .label:
            hints.marker = .label
        case .badge(let text):
            hints.marker = .badge
            properties["marker-symbol"] = .string(text)
        case .symbol(let path):
            hints.marker = .path
            hints.symbolPath = DrawingHints.isPathData(path) ? path : nil
            if hints.symbolPath == nil {
                problem = "its symbol is not SVG path data (path commands and numbers, at most 4 096 characters)"
            }
        }
        if let color { properties["marker-color"] = .string(color.css) }
        for (key, value) in hints.properties.members { properties[key] = value }
        let feature = Feature(id: id.map { .string($0) }, geometry: .point(coordinate), properties: properties)
        return [MapElement(kind: .feature(feature), describing: "Annotation \"\(title)\"", problem: problem)]
    }
}
