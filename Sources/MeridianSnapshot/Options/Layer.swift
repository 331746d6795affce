import MeridianCore

/// One input of a snapshot: features drawn together, in one SVG `<g>`.
///
/// ```swift
/// let parks = Layer(id: "parks", features: collection.features)
/// var route = Layer(id: "route")
/// route.overlays.append(.circle(Circle(center: station, radius: 400), properties: JSONObject([("fill", "#ff9500")])))
/// options.layers = [parks, route]   // route is drawn above parks
/// ```
///
/// Layers are drawn in the order given (the first at the bottom); inside a
/// layer, polygons lie below lines, lines below points, and every label of
/// every layer lies above all of them; within each of those groups,
/// features are drawn in ascending `meridian:draw-order` (see
/// ``DrawingHints``), then in the order given.
public struct Layer: Sendable, Hashable {
    /// Names the layer's `<g>` (`id="layer-<id>"`, sanitised to letters,
    /// digits, `-` and `_`).
    public var id: String
    public var features: [Feature]
    /// Shapes with no GeoJSON form (circles, geodesic polylines).
    public var overlays: [Overlay]
    /// What the layer shows (an indoor level's name): the snapshot's title
    /// when ``Snapshotter/Options/title`` is nil, taken from the first
    /// layer that has one.
    public var title: String?
    /// Whether the layer is data (the map's context) or content its author
    /// declared (``Marker``, ``MapPolyline``...).
    public var role = Role.data

    /// What a layer is to its map. Data is what a ``MapStyle`` acts on: its
    /// points pass the point-of-interest filter, and a muted emphasis dims
    /// it. Content is never filtered nor dimmed, as MapKit's `MapContent`
    /// is not by `.mapStyle`.
    public enum Role: String, Sendable, Hashable {
        case data, content
    }

    public init(id: String, features: [Feature] = [], overlays: [Overlay] = [], title: String? = nil) {
        self.id = id
        self.features = features
        self.overlays = overlays
        self.title = title
    }
}
