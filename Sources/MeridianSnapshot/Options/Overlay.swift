import MeridianCore

/// A MapKit shape with no GeoJSON geometry of its own, drawn with
/// simplestyle `properties` like a feature.
///
/// ```swift
/// .circle(Circle(center: tower, radius: 2_000), properties: JSONObject([("stroke", "#d00")]))
/// .geodesicPolyline(GeodesicPolyline([london, tokyo]), properties: JSONObject())
/// ```
///
/// A circle is drawn as the geodesic circle (`Circle.boundary(vertexCount:)`,
/// with enough vertices for its size on screen), never as a projected
/// ellipse; a geodesic polyline follows its densified great-ellipse path.
public enum Overlay: Sendable, Hashable {
    case circle(Circle, properties: JSONObject)
    case geodesicPolyline(GeodesicPolyline, properties: JSONObject)
    case annotation(PointAnnotation, properties: JSONObject)
}
