import MeridianCore

/// The look of a shape of map content: its stroke (a colour or, for a
/// polyline, a gradient, and a ``StrokeStyle``), its fill, and whether it
/// lies under or over the labels. Set through the modifiers of
/// ``MapShapeContent``.
public struct MapShapeStyle: Sendable, Hashable {
    var stroke: MapColor?
    var strokeStyle: StrokeStyle?
    var gradient: Gradient?
    var fill: MapColor?
    var level = DrawingHints.OverlayLevel.aboveRoads

    /// The style as simplestyle, SVG stroke and drawing-hint properties.
    func properties() -> JSONObject {
        var properties = JSONObject()
        if let stroke {
            properties["stroke"] = .string(stroke.css)
            if stroke.opacity < 1 { properties["stroke-opacity"] = .double(stroke.opacity) }
        }
        if let style = strokeStyle {
            properties["stroke-width"] = .double(style.lineWidth)
            properties["stroke-linecap"] = .string(style.lineCap.rawValue)
            properties["stroke-linejoin"] = .string(style.lineJoin.rawValue)
            properties["stroke-miterlimit"] = .double(style.miterLimit)
            if !style.dash.isEmpty {
                properties["stroke-dasharray"] = .array(style.dash.map { .double($0) })
                if style.dashPhase != 0 { properties["stroke-dashoffset"] = .double(style.dashPhase) }
            }
        }
        if let gradient { properties[Self.gradientKey] = .array(gradient.colors.map { .string($0.css) }) }
        if let fill {
            properties["fill"] = .string(fill.css)
            properties["fill-opacity"] = .double(fill.opacity)
        }
        for (key, value) in DrawingHints(overlayLevel: level).properties.members { properties[key] = value }
        return properties
    }

    /// The property a gradient stroke is drawn from: its colours, start to end.
    static let gradientKey = "meridian:stroke-gradient"

    /// Refuses what no map can draw: widths and dashes that are negative,
    /// not finite or past what a style holds (see ``SimpleStyle``).
    func check(_ what: String) throws(DiagnosticError) {
        guard let style = strokeStyle else { return }
        let widthOK = style.lineWidth.isFinite && (0...100).contains(style.lineWidth)
        let limitOK = style.miterLimit.isFinite && (1...100).contains(style.miterLimit)
        let dashOK =
            style.dash.isEmpty
            || (style.dash.count <= 16 && style.dash.allSatisfy { $0.isFinite && (0...1_000).contains($0) }
                && style.dash.contains { $0 > 0 } && style.dashPhase.isFinite && abs(style.dashPhase) <= 10_000)
        guard widthOK, limitOK, dashOK else {
            throw DiagnosticError(
                code: "snapshot.content.style",
                message:
                    "\(what) has a stroke style no map can draw: a line width of 0 to 100 points, a miter limit of 1 "
                    + "to 100 and up to 16 dash lengths of 0 to 1 000 points (not all 0) are drawn")
        }
    }
}

/// Map content drawn as a shape (``MapCircle``, ``MapPolygon``,
/// ``MapPolyline``), styled with MapKit for SwiftUI's modifiers.
public protocol MapShapeContent: MapContent {
    var shapeStyle: MapShapeStyle { get set }
}

extension MapShapeContent {
    /// Strokes the shape's outline with `color`, `lineWidth` points wide.
    public func stroke(_ color: MapColor, lineWidth: Double = 1) -> Self {
        stroke(color, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round))
    }

    /// Strokes the shape's outline with `color` in `style` (width, caps,
    /// joins, miter limit, dashes).
    public func stroke(_ color: MapColor, style: StrokeStyle) -> Self {
        var copy = self
        copy.shapeStyle.stroke = color
        copy.shapeStyle.strokeStyle = style
        return copy
    }

    /// Fills the shape with `color` (a polyline has no inside: its stroke takes it).
    public func foregroundStyle(_ color: MapColor) -> Self {
        var copy = self
        if self is MapPolyline { copy.shapeStyle.stroke = color } else { copy.shapeStyle.fill = color }
        return copy
    }

    /// Under the labels (`.aboveRoads`, the default) or over them (`.aboveLabels`), as `MKOverlayLevel`.
    public func mapOverlayLevel(level: DrawingHints.OverlayLevel) -> Self {
        var copy = self
        copy.shapeStyle.level = level
        return copy
    }
}

/// A circle of a radius in metres around a centre, as MapKit for SwiftUI's
/// `MapCircle`: drawn as the geodesic circle on the ground, never as a
/// projected ellipse.
///
/// ```swift
/// MapCircle(center: station, radius: 400).foregroundStyle(.blue.opacity(0.2)).stroke(.blue, lineWidth: 2)
/// ```
public struct MapCircle: MapShapeContent {
    public var circle: Circle
    public var shapeStyle = MapShapeStyle()

    public init(center: Coordinate, radius: Double) {
        circle = Circle(center: center, radius: radius)
    }

    public init(_ circle: Circle) {
        self.circle = circle
    }

    public var mapElements: [MapElement] {
        [
            MapElement(
                kind: .circle(circle, properties: shapeStyle.properties()), describing: "MapCircle", style: shapeStyle)
        ]
    }
}

/// A polygon, with holes, as MapKit for SwiftUI's `MapPolygon`.
///
/// ```swift
/// MapPolygon(coordinates: campus).foregroundStyle(.green.opacity(0.3)).stroke(.green, lineWidth: 1)
/// ```
public struct MapPolygon: MapShapeContent {
    public var polygon: Polygon
    public var shapeStyle = MapShapeStyle()

    public init(coordinates: [Coordinate]) {
        polygon = Polygon(coordinates)
    }

    public init(_ polygon: Polygon) {
        self.polygon = polygon
    }

    public var mapElements: [MapElement] {
        // Rings closed as GeoJSON writes them.
        let rings = polygon.rings.map { ring in ring.first == ring.last ? ring : ring + ring.prefix(1) }
        let feature = Feature(geometry: .polygon(rings), properties: shapeStyle.properties())
        return [MapElement(kind: .feature(feature), describing: "MapPolygon", style: shapeStyle)]
    }
}

/// A line through coordinates, as MapKit for SwiftUI's `MapPolyline`:
/// straight on the map, or geodesic (the shortest way on the ground,
/// which curves on the map).
///
/// ```swift
/// MapPolyline(coordinates: [london, newYork], contourStyle: .geodesic).stroke(.purple, lineWidth: 3)
/// MapPolyline(coordinates: ride).stroke(Gradient(colors: [.green, .yellow, .red]), lineWidth: 6)
/// ```
public struct MapPolyline: MapShapeContent {
    /// How the line runs between its vertices, as `MapPolyline.ContourStyle`.
    public enum ContourStyle: String, Sendable, Hashable, CaseIterable {
        case straight, geodesic
    }

    public var coordinates: [Coordinate]
    public var contourStyle: ContourStyle
    public var shapeStyle = MapShapeStyle()

    public init(coordinates: [Coordinate], contourStyle: ContourStyle = .straight) {
        self.coordinates = coordinates
        self.contourStyle = contourStyle
    }

    public init(_ polyline: Polyline, contourStyle: ContourStyle = .straight) {
        self.init(coordinates: polyline.coordinates, contourStyle: contourStyle)
    }

    /// Strokes the line with colours that run from its start to its end.
    public func stroke(_ gradient: Gradient, lineWidth: Double = 1) -> MapPolyline {
        stroke(gradient, style: StrokeStyle(lineWidth: lineWidth, lineCap: .round, lineJoin: .round))
    }

    public func stroke(_ gradient: Gradient, style: StrokeStyle) -> MapPolyline {
        var copy = stroke(gradient.colors.first ?? .blue, style: style)
        copy.shapeStyle.gradient = gradient
        return copy
    }

    public var mapElements: [MapElement] {
        let properties = shapeStyle.properties()
        if contourStyle == .geodesic {
            return [
                MapElement(
                    kind: .geodesic(coordinates, properties: properties), describing: "MapPolyline", style: shapeStyle)
            ]
        }
        let feature = Feature(geometry: .lineString(coordinates), properties: properties)
        return [MapElement(kind: .feature(feature), describing: "MapPolyline", style: shapeStyle)]
    }
}
