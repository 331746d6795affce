/// A geographic position on the WGS-84 ellipsoid, in degrees, with an
/// optional altitude in metres: MapKit's `CLLocationCoordinate2D` plus the
/// third GeoJSON/KML ordinate.
///
/// ```swift
/// let cambridge = Coordinate(latitude: 52.1751, longitude: 0.1403)
/// cambridge.isValid            // true
/// cambridge.altitude           // nil
/// ```
///
/// `Coordinate` is a plain value: it never normalises or clamps what it is
/// given, so a decoder can keep exactly what a file says. Use ``isValid`` to
/// check the ranges MapKit's `CLLocationCoordinate2DIsValid` checks.
public struct Coordinate: Sendable, Hashable {
    /// Degrees north of the equator, -90...90 when valid.
    public var latitude: Double
    /// Degrees east of Greenwich, -180...180 when valid.
    public var longitude: Double
    /// The altitude, NaN when there is none. A NaN sentinel instead of an
    /// optional keeps a coordinate at 24 bytes instead of 32, a quarter
    /// less memory for every position of a decoded file.
    private var storedAltitude: Double

    /// Creates a coordinate; values are stored as given (an altitude of
    /// NaN means none).
    public init(latitude: Double, longitude: Double, altitude: Double? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.storedAltitude = altitude ?? .nan
    }

    /// Metres above the ellipsoid (GeoJSON's and KML's third ordinate), if
    /// known. Setting NaN removes it.
    public var altitude: Double? {
        get { storedAltitude.isNaN ? nil : storedAltitude }
        set { storedAltitude = newValue ?? .nan }
    }

    /// True when latitude is within -90...90 and longitude within
    /// -180...180 (NaN is never valid), as `CLLocationCoordinate2DIsValid`.
    public var isValid: Bool {
        (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude)
    }

    public static func == (lhs: Coordinate, rhs: Coordinate) -> Bool {
        lhs.latitude == rhs.latitude && lhs.longitude == rhs.longitude && lhs.altitude == rhs.altitude
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(latitude)
        hasher.combine(longitude)
        hasher.combine(altitude)
    }
}
