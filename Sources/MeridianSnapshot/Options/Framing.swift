import MeridianCore

/// Which part of the world a snapshot shows, as the mutually exclusive
/// `region`, `mapRect` and `camera` of `MKMapSnapshotter.Options`, plus
/// automatic framing.
///
/// ```swift
/// options.framing = .region(CoordinateRegion(center: cambridge, latitudinalMeters: 4_000, longitudinalMeters: 4_000))
/// options.framing = .automatic(padding: 32)   // fit everything drawn
/// ```
///
/// A region or map rect is shown whole: when its shape differs from the
/// image's, the view grows on the other axis (as MapKit's snapshotter
/// does), never crops.
public enum Framing: Sendable, Hashable {
    /// Fit the region, centred.
    case region(CoordinateRegion)
    /// Fit the map rect, centred.
    case mapRect(MapRect)
    /// Look down from a camera; its heading rotates the map.
    case camera(MapCamera)
    /// Fit the bounding rect of every drawn feature, leaving `padding`
    /// points free on each side.
    case automatic(padding: Double)
}
