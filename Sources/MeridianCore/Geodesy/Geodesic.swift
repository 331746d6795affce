// The type, its ellipsoid constants and series coefficients are here. The
// solutions are extensions by topic: Geodesic+Inverse (helped by
// +InverseStart, +Lambda12 and +Lengths), +Direct and +Line, +Waypoints and
// +Area. Beside them: the series (+Series, +SeriesCoefficients), exact angle
// arithmetic (+Math) and exact summation (+Accumulator).
import MeridianLibC

/// Geodesics on an ellipsoid of revolution, solved with Karney's method
/// ("Algorithms for geodesics", J. Geodesy 87, 43–55, 2013), the method
/// behind GeographicLib's `GeodSolve` and `Planimeter`.
///
/// ```swift
/// let jfk = Coordinate(latitude: 40.6413, longitude: -73.7781)
/// let lhr = Coordinate(latitude: 51.4700, longitude: -0.4543)
/// let line = Geodesic.wgs84.inverse(from: jfk, to: lhr)
/// line.distance          // 5554908.79… metres
/// line.initialBearing    // 51.3816… degrees
///
/// let there = Geodesic.wgs84.direct(from: jfk, bearing: 51.36, distance: 1_000_000)
/// let path = Geodesic.wgs84.waypoints(from: jfk, to: lhr, maximumSegmentLength: 100_000)
/// let a = Geodesic.wgs84.area(of: [jfk, lhr, Coordinate(latitude: 64.1, longitude: -21.9)])
/// ```
///
/// Results agree with GeographicLib to a few nanometres in distance and
/// about 1e-12° in bearing, everywhere on the ellipsoid: nearly antipodal
/// points, the equator and the poles included (where Vincenty's formulae
/// fail to converge or lose accuracy).
///
/// Cost: ``inverse(from:to:)`` takes a microsecond or two (a handful of
/// series evaluations and usually two to four Newton steps),
/// ``direct(from:bearing:distance:)`` well under a microsecond; neither
/// allocates. ``waypoints(from:to:maximumSegmentLength:)`` is one inverse
/// plus one cheap direct step per point, ``area(of:)`` one inverse per edge.
/// Creating a `Geodesic` evaluates its series coefficients (three small
/// arrays), so keep one around; ``wgs84`` is shared.
///
/// Latitudes must be within -90...90 and everything finite; otherwise the
/// results are NaN (never a trap). Longitudes may be any finite value.
/// Bearings are degrees clockwise from north, reported in (-180, 180].
public struct Geodesic: Sendable, Hashable {
    /// The equatorial radius *a*, in metres.
    public let equatorialRadius: Double
    /// The flattening *f* = (*a* − *b*) / *a*.
    public let flattening: Double

    // Derived constants (names follow Karney's paper).
    let f1: Double  // 1 - f
    let e2: Double  // e^2
    let ep2: Double  // e'^2
    let n: Double  // third flattening
    let b: Double  // polar semi-axis
    let c2: Double  // authalic radius squared
    let etol2: Double
    let a3x: [Double]  // A3 as a polynomial in eps (6 coefficients)
    let c3x: [Double]  // C3[l] as polynomials in eps (15 coefficients)
    let c4x: [Double]  // C4[l] as polynomials in eps (21 coefficients)

    /// The WGS-84 ellipsoid (a = 6378137 m, f = 1/298.257223563), as used by
    /// GPS, GeoJSON and KML.
    public static let wgs84 = Geodesic(equatorialRadius: 6_378_137, flattening: 1 / 298.257223563)

    /// An ellipsoid with the given equatorial radius (metres, positive) and
    /// flattening (less than 1; negative for a prolate ellipsoid). The series
    /// used are accurate for |f| ≲ 1/50.
    public init(equatorialRadius: Double, flattening: Double) {
        let a = equatorialRadius
        let f = flattening
        self.equatorialRadius = a
        self.flattening = f
        f1 = 1 - f
        e2 = f * (2 - f)
        ep2 = e2 / (f1 * f1)
        n = f / (2 - f)
        b = a * f1
        let e = abs(e2).squareRoot()
        let authalicFactor: Double
        if e2 == 0 {
            authalicFactor = 1
        } else if e2 > 0 {
            authalicFactor = e * atanh(e) / e2
        } else {
            authalicFactor = -e * atan(e) / e2
        }
        c2 = (a * a + b * b * authalicFactor) / 2
        etol2 =
            0.1 * Math.tol2
            / (max(0.001, abs(f)) * min(1.0, 1 - f / 2) / 2).squareRoot()
        a3x = Series.a3Coefficients(n: n)
        c3x = Series.c3Coefficients(n: n)
        c4x = Series.c4Coefficients(n: n)
    }

    /// Two geodesics are equal when their ellipsoids are.
    public static func == (lhs: Geodesic, rhs: Geodesic) -> Bool {
        lhs.equatorialRadius == rhs.equatorialRadius && lhs.flattening == rhs.flattening
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(equatorialRadius)
        hasher.combine(flattening)
    }

    /// The polar semi-axis *b* = *a*(1 − *f*), in metres.
    public var polarRadius: Double { b }

    /// The total surface area of the ellipsoid, in square metres.
    public var ellipsoidArea: Double { 4 * Double.pi * c2 }

    // MARK: - Series depending on n

    func a3(_ eps: Double) -> Double {
        Series.polyval(a3x, 0, 5, eps)
    }

    func c3Series(_ eps: Double) -> SeriesCoefficients {
        let p = Series.polyval
        var c = SeriesCoefficients()
        var mult = eps
        c.c1 = mult * p(c3x, 0, 4, eps)
        mult *= eps
        c.c2 = mult * p(c3x, 5, 3, eps)
        mult *= eps
        c.c3 = mult * p(c3x, 9, 2, eps)
        mult *= eps
        c.c4 = mult * p(c3x, 12, 1, eps)
        mult *= eps
        c.c5 = mult * p(c3x, 14, 0, eps)
        return c
    }

    func c4Series(_ eps: Double) -> SeriesCoefficients {
        let p = Series.polyval
        var c = SeriesCoefficients()
        var mult = eps
        c.c0 = p(c4x, 0, 5, eps)
        c.c1 = mult * p(c4x, 6, 4, eps)
        mult *= eps
        c.c2 = mult * p(c4x, 11, 3, eps)
        mult *= eps
        c.c3 = mult * p(c4x, 15, 2, eps)
        mult *= eps
        c.c4 = mult * p(c4x, 18, 1, eps)
        mult *= eps
        c.c5 = mult * p(c4x, 20, 0, eps)
        return c
    }
}
