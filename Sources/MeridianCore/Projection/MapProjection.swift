/// The spherical Web Mercator projection MapKit uses for `MKMapPoint`,
/// with MapKit's constants and formulas (docs/library.md, "Map math decisions").
///
/// Everything here is a pure function of its arguments; the formulas are
/// chosen to equal MapKit's recorded values bit for bit (the `sin`/`log`
/// form of the forward projection, not `log(tan(pi/4 + lat/2))`, which
/// differs by ~3e-8 map points).
import MeridianLibC

enum MapProjection {
    /// W = 2^28, MapKit's `MKMapSizeWorld` width and height in map points.
    static let worldSize: Double = 268_435_456

    /// MapKit clamps latitudes to +-85 degrees before projecting:
    /// `MKMapPoint(lat 85.0511...)` equals y(85.0) on devices.
    static let latitudeLimit: Double = 85

    static func x(longitude: Double) -> Double {
        (longitude + 180) / 360 * worldSize
    }

    /// Latitudes beyond +-90 give y = 0, as recorded on devices; NaN stays NaN.
    static func y(latitude: Double) -> Double {
        if latitude.isNaN { return .nan }
        if abs(latitude) > 90 { return 0 }
        let clamped = min(max(latitude, -latitudeLimit), latitudeLimit)
        let s = sin(clamped * .pi / 180)
        return (0.5 - log((1 + s) / (1 - s)) / (4 * .pi)) * worldSize
    }

    static func longitude(x: Double) -> Double {
        x / worldSize * 360 - 180
    }

    static func latitude(y: Double) -> Double {
        atan(sinh(.pi - 2 * .pi * y / worldSize)) * 180 / .pi
    }

    /// Metres per degree of latitude (the series MapKit's values match).
    static func metersPerDegreeLatitude(_ latitude: Double) -> Double {
        let r = latitude * .pi / 180
        return 111_132.92 - 559.82 * cos(2 * r) + 1.175 * cos(4 * r) - 0.0023 * cos(6 * r)
    }

    /// Metres per degree of longitude.
    static func metersPerDegreeLongitude(_ latitude: Double) -> Double {
        let r = latitude * .pi / 180
        return 111_412.84 * cos(r) - 93.5 * cos(3 * r) + 0.118 * cos(5 * r)
    }
}

/// The number of metres spanned by one map point at a latitude, as
/// `MKMetersPerMapPointAtLatitude`. Beyond +-90 degrees the result is +inf.
///
/// It is the length of one degree of latitude divided by the map points
/// between latitude - 0.5 and latitude + 0.5, projected with the same
/// clamping as ``MapPoint/init(_:)``; that clamping is what gives MapKit's
/// recorded edge values (0.2540378 at 90 degrees, 0.00041677 at -90).
public func metersPerMapPoint(atLatitude latitude: Double) -> Double {
    let north = MapProjection.y(latitude: latitude - 0.5)
    let south = MapProjection.y(latitude: latitude + 0.5)
    return MapProjection.metersPerDegreeLatitude(latitude) / abs(north - south)
}

/// The number of map points per metre at a latitude, as
/// `MKMapPointsPerMeterAtLatitude`: the reciprocal of
/// ``metersPerMapPoint(atLatitude:)``.
public func mapPointsPerMeter(atLatitude latitude: Double) -> Double {
    1 / metersPerMapPoint(atLatitude: latitude)
}
