/// Geodesic measurements on WGS-84 and great-circle interpolation.
///
/// ```swift
/// let jfk = Coordinate(latitude: 40.6413, longitude: -73.7781)
/// let lhr = Coordinate(latitude: 51.4700, longitude: -0.4543)
/// jfk.distance(to: lhr)                              // 5554908.79… m
/// jfk.initialBearing(to: lhr)                        // 51.3816…°
/// jfk.destination(bearing: 90, distance: 10_000)     // 10 km due east
/// jfk.greatCircleInterpolated(to: lhr, fraction: 0.5)
/// ```
import MeridianLibC

extension Coordinate {
    /// Length in metres of the shortest geodesic to `other` on the WGS-84
    /// ellipsoid (``Geodesic/inverse(from:to:)``; altitudes are ignored).
    /// NaN if either coordinate is invalid.
    public func distance(to other: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: self, to: other).distance
    }

    /// Bearing at this point of the shortest WGS-84 geodesic to `other`, in
    /// degrees clockwise from north in (-180, 180]. NaN if either coordinate
    /// is invalid.
    public func initialBearing(to other: Coordinate) -> Double {
        Geodesic.wgs84.inverse(from: self, to: other).initialBearing
    }

    /// The point reached by following the WGS-84 geodesic that leaves this
    /// point on `bearing` (degrees clockwise from north) for `distance`
    /// metres. The altitude is carried over unchanged; invalid input gives
    /// NaN latitude and longitude.
    public func destination(bearing: Double, distance: Double) -> Coordinate {
        Geodesic.wgs84.direct(from: self, bearing: bearing, distance: distance).destination
    }

    /// The point a `fraction` of the way along the great circle (on a
    /// sphere, not the ellipsoid) from this point to `other`: spherical
    /// linear interpolation of the unit vectors.
    ///
    /// `fraction` 0 and 1 return the endpoints exactly; other values may lie
    /// outside 0...1 to extrapolate. Coincident endpoints give that point.
    /// Antipodal endpoints have no unique great circle; the one leaving this
    /// point due east is used, so the result is still a valid coordinate.
    /// When both endpoints have an altitude it is interpolated linearly.
    /// Invalid input gives NaN latitude and longitude.
    public func greatCircleInterpolated(to other: Coordinate, fraction: Double) -> Coordinate {
        if fraction == 0 { return self }
        if fraction == 1 { return other }
        var altitude: Double?
        if let h1 = self.altitude, let h2 = other.altitude {
            altitude = h1 + (h2 - h1) * fraction
        }
        guard Geodesic.Math.isUsable(self), Geodesic.Math.isUsable(other), fraction.isFinite else {
            return Coordinate(latitude: .nan, longitude: .nan, altitude: altitude)
        }
        let a = UnitVector(self)
        let b = UnitVector(other)
        let normal = a.cross(b)
        let theta = atan2(normal.length, a.dot(b))
        // Unit tangent at a, pointing along the great circle towards b.
        var tangent = normal.cross(a)
        var length = tangent.length
        if !(length > 0) {
            // Coincident or antipodal: head due east.
            let (sinLon, cosLon) = Geodesic.Math.sincosd(longitude)
            tangent = UnitVector(x: -sinLon, y: cosLon, z: 0)
            length = 1
        }
        let (s, c) = (sin(fraction * theta), cos(fraction * theta))
        let k = s / length
        let p = UnitVector(
            x: a.x * c + tangent.x * k,
            y: a.y * c + tangent.y * k,
            z: a.z * c + tangent.z * k)
        let latitude = Geodesic.Math.atan2d(p.z, hypot(p.x, p.y))
        let longitude = Geodesic.Math.atan2d(p.y, p.x)
        return Coordinate(latitude: latitude, longitude: longitude == -180 ? 180 : longitude, altitude: altitude)
    }
}

/// A point on the unit sphere, for great-circle arithmetic.
private struct UnitVector {
    var x: Double, y: Double, z: Double

    init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    init(_ coordinate: Coordinate) {
        let (sinLat, cosLat) = Geodesic.Math.sincosd(coordinate.latitude)
        let (sinLon, cosLon) = Geodesic.Math.sincosd(coordinate.longitude)
        self.init(x: cosLat * cosLon, y: cosLat * sinLon, z: sinLat)
    }

    func dot(_ o: UnitVector) -> Double { x * o.x + y * o.y + z * o.z }

    func cross(_ o: UnitVector) -> UnitVector {
        UnitVector(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x)
    }

    var length: Double { (x * x + y * y + z * z).squareRoot() }
}
