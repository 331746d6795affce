import MeridianCore

/// How point features are drawn.
///
/// ```swift
/// options.markerStyle = .balloon   // MapKit's Marker: a tinted balloon with a glyph
/// options.markerStyle = .dot       // a small tinted dot, for dense data
/// ```
public enum MarkerStyle: String, Sendable, Hashable, CaseIterable {
    /// Balloons when at most ``automaticBalloonLimit`` points are visible, dots otherwise,
    /// so a handful of places reads like MapKit and ten thousand towns still read at all.
    case automatic
    /// A balloon (MapKit's `Marker`) tinted by `marker-color`, with a
    /// monogram or `marker-symbol` glyph.
    case balloon
    /// A small dot tinted by `marker-color`.
    case dot

    /// The most visible points drawn as balloons by ``automatic``.
    public static let automaticBalloonLimit = 60
}
