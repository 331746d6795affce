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
/// every layer lies above all of them.
public struct Layer: Sendable, Hashable {
    /// Names the layer's `<g>` (`id="layer-<id>"`, sanitised to letters,
    /// digits, `-` and `_`).
    public var id: String
    public var features: [Feature]
    /// Shapes with no GeoJSON form (circles, geodesic polylines).
    public var overlays: [Overlay]

    public init(id: String, features: [Feature] = [], overlays: [Overlay] = []) {
        self.id = id
        self.features = features
        self.overlays = overlays
    }
}
