import MeridianCore

/// A viewpoint above the map, as `MKMapCamera(lookingAtCenter:fromDistance:pitch:heading:)`.
///
/// ```swift
/// let camera = MapCamera(center: Coordinate(latitude: 52.2, longitude: 0.12), distance: 3_000, heading: 30)
/// options.framing = .camera(camera)   // 30 degrees clockwise from north is "up"
/// ```
///
/// Only a straight-down view is drawn: a pitch other than 0 makes
/// ``Snapshotter`` throw `snapshot.camera.pitch`, since a flat SVG cannot
/// show perspective honestly.
///
/// The distance is the eye's height above the centre. The view is taken to
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
    /// Degrees from straight down; only 0 is supported.
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
