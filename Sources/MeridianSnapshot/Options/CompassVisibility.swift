import MeridianCore

/// When a snapshot draws a compass.
public enum CompassVisibility: String, Sendable, Hashable, CaseIterable {
    /// Only when the map is rotated (heading not 0), as MapKit's compass.
    case automatic
    case always
    case never
}
