import MeridianCore

/// A viewpoint above the map, as `MKMapCamera(lookingAtCenter:fromDistance:pitch:heading:)`.
///
/// ```swift
/// let camera = MapCamera(center: Coordinate(latitude: 52.2, longitude: 0.12), distance: 3_000, heading: 30)
/// options.framing = .camera(camera)   // 30 degrees clockwise from north is "up"
/// ```
///
/// A pitch tilts the camera back from straight down about the centre, up to
/// ``maximumPitch``: the map plane is then drawn in true perspective (a
/// pinhole camera's view of it; ``Snapshot/point(for:)`` and
/// ``Snapshot/coordinate(for:)`` follow it exactly), nearer things larger,
/// with no scale bar (no one bar is right). A tall image takes less pitch,
/// so that its top edge still sees the ground, as MapKit limits the pitch;
/// geometry behind the eye is clipped away, never drawn mirrored.
///
/// The distance is from the eye to the centre, along the view. The view is taken to
/// have a 30 degree field of view across the shorter side of the image, so
/// that side covers `2 * distance * tan(15 deg)` (about 0.54 * distance)
/// metres. MapKit does not publish its field of view; 30 degrees is the
/// usual estimate and makes a 1 000 m camera show a neighbourhood.
public struct MapCamera: Sendable, Hashable {
    public var center: Coordinate
    /// Metres from the eye to the centre.
    public var distance: Double
    /// Degrees clockwise from north of the direction at the top of the image.
    public var heading: Double
    /// Degrees from straight down, 0 to ``maximumPitch``.
    public var pitch: Double

    public init(center: Coordinate, distance: Double, heading: Double = 0, pitch: Double = 0) {
        self.center = center
        self.distance = distance
        self.heading = heading
        self.pitch = pitch
    }

    /// The steepest pitch a camera takes, in degrees from straight down.
    public static let maximumPitch = 60.0

    /// Half the assumed field of view, in radians (15 degrees).
    static let halfFieldOfView = 15.0 * .pi / 180
}
