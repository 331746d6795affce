import MeridianCore

/// Something drawn on a map, declared as MapKit for SwiftUI declares map
/// content: ``Marker``, ``Annotation``, ``MapCircle``, ``MapPolygon``,
/// ``MapPolyline``, a ``Layer`` of features read from a file, and groups of
/// them (``MapContentGroup``, ``ForEach``), composed with
/// ``MapContentBuilder``.
///
/// ```swift
/// let map = Map {
///     MapPolyline(coordinates: route).stroke(.blue, lineWidth: 5)
///     ForEach(stops) { stop in Marker(stop.name, coordinate: stop.coordinate) }
///     if showsArea { MapCircle(center: station, radius: 400).foregroundStyle(.orange.opacity(0.3)) }
/// }
/// ```
///
/// Content is drawn in the order it is declared, the first at the bottom,
/// within MapKit's grouping: areas under lines under points, all under the
/// labels unless `.mapOverlayLevel(level: .aboveLabels)` lifts them.
public protocol MapContent: Sendable {
    /// What the content draws, in order.
    var mapElements: [MapElement] { get }
}

/// One drawn thing of map content: a feature with its style, a shape with
/// no GeoJSON form (a circle, a geodesic polyline), or a whole layer.
public struct MapElement: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case feature(Feature)
        case circle(Circle, properties: JSONObject)
        /// Densified only once its vertices are checked.
        case geodesic([Coordinate], properties: JSONObject)
        case layer(Layer)
    }

    let kind: Kind
    /// What the element is, for messages: "Marker \"Gate B\"".
    let describing: String
    /// Its stroke style, checked before drawing.
    var style: MapShapeStyle?
    /// Why it cannot be drawn, found when it was declared (reported when the map is drawn).
    var problem: String?
}

/// Composes map content the way SwiftUI's `@MapContentBuilder` does:
/// sequences, `if` and `if`/`else`, optionals, and `for` loops.
@resultBuilder public enum MapContentBuilder {
    public static func buildExpression(_ content: some MapContent) -> [MapElement] { content.mapElements }
    public static func buildBlock(_ parts: [MapElement]...) -> [MapElement] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [MapElement]?) -> [MapElement] { part ?? [] }
    public static func buildEither(first part: [MapElement]) -> [MapElement] { part }
    public static func buildEither(second part: [MapElement]) -> [MapElement] { part }
    public static func buildArray(_ parts: [[MapElement]]) -> [MapElement] { parts.flatMap { $0 } }
    public static func buildLimitedAvailability(_ part: [MapElement]) -> [MapElement] { part }
    public static func buildFinalResult(_ elements: [MapElement]) -> MapContentGroup {
        MapContentGroup(elements: elements)
    }
}

/// Content declared with ``MapContentBuilder``, kept as one piece.
public struct MapContentGroup: MapContent, Hashable {
    public let mapElements: [MapElement]

    public init(@MapContentBuilder _ content: () -> MapContentGroup) {
        self = content()
    }

    init(elements: [MapElement]) {
        mapElements = elements
    }
}

/// The same content for each element of a collection, as SwiftUI's
/// `ForEach` in a map.
///
/// ```swift
/// ForEach(stations) { station in Marker(station.name, coordinate: station.coordinate) }
/// ```
public struct ForEach<Data: Sequence>: MapContent where Data: Sendable {
    public let mapElements: [MapElement]

    public init(_ data: Data, @MapContentBuilder content: (Data.Element) -> MapContentGroup) {
        mapElements = data.flatMap { content($0).mapElements }
    }
}

extension Layer: MapContent {
    /// The layer's features, drawn with their own simplestyle, as a layer
    /// of their own.
    public var mapElements: [MapElement] { [MapElement(kind: .layer(self), describing: "layer \"\(id)\"")] }
}
