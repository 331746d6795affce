#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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

    // MARK: - Public API

    /// Solves the inverse problem: the shortest geodesic between two points.
    ///
    /// Distance is in metres; bearings are degrees clockwise from north in
    /// (-180, 180], `initialBearing` at `start` and `finalBearing` (the
    /// forward azimuth) at `end`, as `GeodSolve -i` reports azi1 and azi2.
    /// Altitudes are ignored. Invalid input gives NaN in every field.
    public func inverse(from start: Coordinate, to end: Coordinate) -> GeodesicInverse {
        guard Math.isUsable(start), Math.isUsable(end) else {
            return GeodesicInverse(distance: .nan, initialBearing: .nan, finalBearing: .nan)
        }
        let r = solveInverse(start.latitude, start.longitude, end.latitude, end.longitude, wantArea: false)
        return GeodesicInverse(
            distance: r.s12,
            initialBearing: Math.bearing(sin: r.salp1, cos: r.calp1),
            finalBearing: Math.bearing(sin: r.salp2, cos: r.calp2)
        )
    }

    /// Solves the direct problem: where a geodesic starting at `start` with
    /// the given `bearing` (degrees clockwise from north) ends after
    /// `distance` metres (negative distances go backwards).
    ///
    /// The destination longitude is reduced to [-180, 180]; its altitude is
    /// `start.altitude`, unchanged. Invalid input gives a NaN destination.
    public func direct(from start: Coordinate, bearing: Double, distance: Double) -> GeodesicDirect {
        guard Math.isUsable(start), bearing.isFinite, distance.isFinite else {
            return GeodesicDirect(
                destination: Coordinate(latitude: .nan, longitude: .nan, altitude: start.altitude),
                finalBearing: .nan
            )
        }
        let line = Line(self, latitude: start.latitude, longitude: start.longitude, azimuth: bearing)
        let p = line.position(distance: distance)
        return GeodesicDirect(
            destination: Coordinate(latitude: p.latitude, longitude: p.longitude, altitude: start.altitude),
            finalBearing: Math.bearing(sin: p.salp2, cos: p.calp2)
        )
    }

    /// The largest number of segments ``waypoints(from:to:maximumSegmentLength:)``
    /// will produce (so at most this many + 1 points); it caps memory use
    /// for absurdly small segment lengths.
    public static let maximumWaypointSegments = 1 << 20

    /// Points along the shortest geodesic from `start` to `end`, evenly spaced
    /// by distance so that no segment is longer than `maximumSegmentLength`
    /// metres.
    ///
    /// The first and last elements are `start` and `end` exactly (as given,
    /// altitude included); there are always at least these two. Intermediate
    /// points have longitudes in [-180, 180] and, when both endpoints have
    /// an altitude, a linearly interpolated altitude. The number of segments
    /// is capped at ``maximumWaypointSegments``. If the endpoints are
    /// invalid or `maximumSegmentLength` is not a positive number, just the
    /// two endpoints are returned.
    public func waypoints(from start: Coordinate, to end: Coordinate, maximumSegmentLength: Double) -> [Coordinate] {
        guard Math.isUsable(start), Math.isUsable(end),
            maximumSegmentLength > 0, !maximumSegmentLength.isNaN
        else { return [start, end] }
        let r = solveInverse(start.latitude, start.longitude, end.latitude, end.longitude, wantArea: false)
        let ratio = (r.s12 / maximumSegmentLength).rounded(.up)
        guard ratio > 1 else { return [start, end] }
        let segments =
            ratio < Double(Geodesic.maximumWaypointSegments)
            ? Int(ratio) : Geodesic.maximumWaypointSegments
        let line = Line(
            self, latitude: start.latitude, longitude: start.longitude,
            sinAzimuth: r.salp1, cosAzimuth: r.calp1
        )
        var points: [Coordinate] = []
        points.reserveCapacity(segments + 1)
        points.append(start)
        let count = Double(segments)
        for i in 1..<segments {
            let fraction = Double(i) / count
            let p = line.position(distance: r.s12 * fraction)
            var altitude: Double?
            if let h1 = start.altitude, let h2 = end.altitude {
                altitude = h1 + (h2 - h1) * fraction
            }
            points.append(Coordinate(latitude: p.latitude, longitude: p.longitude, altitude: altitude))
        }
        points.append(end)
        return points
    }

    /// The area and perimeter of the geodesic polygon with the given
    /// vertices, as `Planimeter` computes them.
    ///
    /// The ring may repeat its first vertex at the end or not. The area (m²)
    /// is positive for a counter-clockwise ring and negative for a
    /// clockwise one, and is the smaller of the two areas the ring bounds
    /// (magnitude at most half the ellipsoid). Edges are shortest geodesics;
    /// polygons may contain a pole or cross the antimeridian. Fewer than two
    /// vertices give 0; any invalid vertex gives NaN.
    public func area(of ring: [Coordinate]) -> GeodesicPolygonMeasurement {
        var count = ring.count
        if count > 1, ring[0].latitude == ring[count - 1].latitude,
            ring[0].longitude == ring[count - 1].longitude
        {
            count -= 1
        }
        guard count >= 2 else { return GeodesicPolygonMeasurement(area: 0, perimeter: 0) }
        for i in 0..<count where !Math.isUsable(ring[i]) {
            return GeodesicPolygonMeasurement(area: .nan, perimeter: .nan)
        }
        var perimeter = Accumulator()
        var areaSum = Accumulator()
        var crossings = 0
        for i in 0..<count {
            let p = ring[i]
            let q = ring[i + 1 == count ? 0 : i + 1]
            let r = solveInverse(p.latitude, p.longitude, q.latitude, q.longitude, wantArea: true)
            perimeter.add(r.s12)
            areaSum.add(r.S12)
            crossings += Math.transit(p.longitude, q.longitude)
        }
        // Reduce to the counter-clockwise-positive area of smallest magnitude.
        let area0 = ellipsoidArea
        areaSum.reduce(modulo: area0)
        if crossings & 1 != 0 {
            areaSum.add((areaSum.sum < 0 ? 1 : -1) * area0 / 2)
        }
        areaSum.negate()  // the sum is clockwise-positive
        if areaSum.sum > area0 / 2 {
            areaSum.add(-area0)
        } else if areaSum.sum <= -area0 / 2 {
            areaSum.add(area0)
        }
        return GeodesicPolygonMeasurement(area: 0 + areaSum.sum, perimeter: perimeter.sum)
    }

    // MARK: - Inverse problem

    /// Everything the inverse solution produces that callers here need.
    struct InverseSolution {
        var a12: Double  // arc length on the auxiliary sphere, degrees
        var s12: Double  // distance, metres
        var salp1: Double, calp1: Double
        var salp2: Double, calp2: Double
        var S12: Double  // area between the geodesic and the equator
    }

    /// Karney's inverse solution (GeographicLib's GenInverse). Expects
    /// finite arguments; NaN propagates and the iteration is bounded.
    func solveInverse(
        _ latitude1: Double, _ longitude1: Double,
        _ latitude2: Double, _ longitude2: Double,
        wantArea: Bool
    ) -> InverseSolution {
        typealias M = Math
        // Longitude difference, carefully (exact error term in lon12s).
        var (lon12, lon12s) = M.angDiff(longitude1, longitude2)
        var lonsign: Double = lon12.sign == .minus ? -1 : 1
        lon12 *= lonsign
        lon12s *= lonsign
        let lam12 = lon12 * M.degree
        let (slam12, clam12) = M.sincosde(lon12, lon12s)
        lon12s = (180 - lon12) - lon12s  // supplementary longitude difference

        var lat1 = M.angRound(M.latFix(latitude1))
        var lat2 = M.angRound(M.latFix(latitude2))
        // Put the point with the larger |latitude| first, then make lat1 <= -0.
        let swapp: Double = abs(lat1) < abs(lat2) || lat2.isNaN ? -1 : 1
        if swapp < 0 {
            lonsign *= -1
            swap(&lat1, &lat2)
        }
        let latsign: Double = lat1.sign == .minus ? 1 : -1
        lat1 *= latsign
        lat2 *= latsign
        // Now 0 <= lon12 <= 180, -90 <= lat1 <= -0, lat1 <= lat2 <= -lat1.

        var (sbet1, cbet1) = M.sincosd(lat1)
        sbet1 *= f1
        M.norm(&sbet1, &cbet1)
        cbet1 = Double.maximum(M.tiny, cbet1)

        var (sbet2, cbet2) = M.sincosd(lat2)
        sbet2 *= f1
        M.norm(&sbet2, &cbet2)
        cbet2 = Double.maximum(M.tiny, cbet2)

        // Force bet2 = ±bet1 exactly when the difference vanishes.
        if cbet1 < -sbet1 {
            if cbet2 == cbet1 { sbet2 = Double(signOf: sbet2, magnitudeOf: sbet1) }
        } else {
            if abs(sbet2) == -sbet1 { cbet2 = cbet1 }
        }

        let dn1 = (1 + ep2 * sbet1 * sbet1).squareRoot()
        let dn2 = (1 + ep2 * sbet2 * sbet2).squareRoot()

        var a12 = 0.0
        var sig12 = 0.0
        var s12x = 0.0
        var salp1 = 0.0
        var calp1 = 0.0
        var salp2 = 0.0
        var calp2 = 0.0
        var omg12 = 0.0
        var somg12 = 2.0
        var comg12 = 0.0  // somg12 == 2: not computed yet

        var meridian = lat1 == -90 || slam12 == 0
        if meridian {
            // Both points on one full meridian: the geodesic may follow it.
            calp1 = clam12
            salp1 = slam12  // head to the target longitude
            calp2 = 1
            salp2 = 0  // arrive heading north
            let ssig1 = sbet1
            let csig1 = calp1 * cbet1
            let ssig2 = sbet2
            let csig2 = calp2 * cbet2
            sig12 = atan2(
                Double.maximum(0, csig1 * ssig2 - ssig1 * csig2) + 0,
                csig1 * csig2 + ssig1 * ssig2)
            let l = lengths(
                eps: n, sig12: sig12, ssig1: ssig1, csig1: csig1, dn1: dn1,
                ssig2: ssig2, csig2: csig2, dn2: dn2, distance: true, reduced: true)
            var m12x = l.m12b
            s12x = l.s12b
            if sig12 < 1 || m12x >= 0 {
                if sig12 < 3 * M.tiny || (sig12 < M.tol0 && (s12x < 0 || m12x < 0)) {
                    sig12 = 0
                    m12x = 0
                    s12x = 0
                }
                s12x *= b
                a12 = sig12 / M.degree
            } else {
                meridian = false  // prolate and too close to antipodal
            }
        }

        if !meridian && sbet1 == 0 && (flattening <= 0 || lon12s >= flattening * 180) {
            // Geodesic runs along the equator.
            calp1 = 0
            calp2 = 0
            salp1 = 1
            salp2 = 1
            s12x = equatorialRadius * lam12
            sig12 = lam12 / f1
            omg12 = sig12
            a12 = lon12 / f1
        } else if !meridian {
            let start = inverseStart(
                sbet1: sbet1, cbet1: cbet1, dn1: dn1,
                sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                lam12: lam12, slam12: slam12, clam12: clam12)
            sig12 = start.sig12
            salp1 = start.salp1
            calp1 = start.calp1
            if sig12 >= 0 {
                // Short line: the spherical estimate is already accurate.
                salp2 = start.salp2
                calp2 = start.calp2
                let dnm = start.dnm
                s12x = sig12 * b * dnm
                a12 = sig12 / M.degree
                omg12 = lam12 / (f1 * dnm)
            } else {
                // Newton's method on lambda12(alp1) - lam12 = 0, safeguarded by
                // a bracket (alp1a, alp1b) and bisection.
                var l = Lambda12Result()
                var numit = 0
                var salp1a = M.tiny
                var calp1a = 1.0
                var salp1b = M.tiny
                var calp1b = -1.0
                var tripn = false
                var tripb = false
                while true {
                    l = lambda12(
                        sbet1: sbet1, cbet1: cbet1, dn1: dn1,
                        sbet2: sbet2, cbet2: cbet2, dn2: dn2,
                        salp1: salp1, calp1: calp1, slam120: slam12, clam120: clam12,
                        diffp: numit < M.maxit1)
                    let v = l.lam12
                    // Reversed test lets NaN escape.
                    if tripb || !(abs(v) >= (tripn ? 8 : 1) * M.tol0) || numit == M.maxit2 {
                        break
                    }
                    if v > 0 && (numit > M.maxit1 || calp1 / salp1 > calp1b / salp1b) {
                        salp1b = salp1
                        calp1b = calp1
                    } else if v < 0 && (numit > M.maxit1 || calp1 / salp1 < calp1a / salp1a) {
                        salp1a = salp1
                        calp1a = calp1
                    }
                    let newtonStep = numit < M.maxit1
                    numit += 1
                    if newtonStep && l.dlam12 > 0 {
                        let dalp1 = -v / l.dlam12
                        if abs(dalp1) < Double.pi {
                            let sdalp1 = sin(dalp1)
                            let cdalp1 = cos(dalp1)
                            let nsalp1 = salp1 * cdalp1 + calp1 * sdalp1
                            if nsalp1 > 0 {
                                calp1 = calp1 * cdalp1 - salp1 * sdalp1
                                salp1 = nsalp1
                                M.norm(&salp1, &calp1)
                                // Where convergence is not quadratic (slope -> 0)
                                // require convergence to epsilon.
                                tripn = abs(v) <= 16 * M.tol0
                                continue
                            }
                        }
                    }
                    // Bisect the bracket.
                    salp1 = (salp1a + salp1b) / 2
                    calp1 = (calp1a + calp1b) / 2
                    M.norm(&salp1, &calp1)
                    tripn = false
                    tripb =
                        abs(salp1a - salp1) + (calp1a - calp1) < M.tolb
                        || abs(salp1 - salp1b) + (calp1 - calp1b) < M.tolb
                }
                sig12 = l.sig12
                salp2 = l.salp2
                calp2 = l.calp2
                let len = lengths(
                    eps: l.eps, sig12: sig12,
                    ssig1: l.ssig1, csig1: l.csig1, dn1: dn1,
                    ssig2: l.ssig2, csig2: l.csig2, dn2: dn2,
                    distance: true, reduced: false)
                s12x = len.s12b * b
                a12 = sig12 / M.degree
                if wantArea {
                    // omg12 = lam12 - domg12
                    let sdomg12 = sin(l.domg12)
                    let cdomg12 = cos(l.domg12)
                    somg12 = slam12 * cdomg12 - clam12 * sdomg12
                    comg12 = clam12 * cdomg12 + slam12 * sdomg12
                }
            }
        }

        var S12 = 0.0
        if wantArea {
            let salp0 = salp1 * cbet1
            let calp0 = hypot(calp1, salp1 * sbet1)
            if calp0 != 0 && salp0 != 0 {
                var ssig1 = sbet1
                var csig1 = calp1 * cbet1
                var ssig2 = sbet2
                var csig2 = calp2 * cbet2
                let k2 = calp0 * calp0 * ep2
                let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
                // a^2 e^2 cos(alp0) sin(alp0)
                let a4 = equatorialRadius * equatorialRadius * calp0 * salp0 * e2
                M.norm(&ssig1, &csig1)
                M.norm(&ssig2, &csig2)
                let c4 = c4Series(eps)
                let b41 = Series.cosSeries(ssig1, csig1, c4)
                let b42 = Series.cosSeries(ssig2, csig2, c4)
                S12 = a4 * (b42 - b41)
            }
            if !meridian && somg12 == 2 {
                somg12 = sin(omg12)
                comg12 = cos(omg12)
            }
            let alp12: Double
            if !meridian && comg12 > -0.7071 && sbet2 - sbet1 < 1.75 {
                // tan(Gamma/2) = tan(omg12/2) (tan(bet1/2) + tan(bet2/2)) /
                //                (1 + tan(bet1/2) tan(bet2/2))
                let domg12 = 1 + comg12
                let dbet1 = 1 + cbet1
                let dbet2 = 1 + cbet2
                alp12 =
                    2
                    * atan2(
                        somg12 * (sbet1 * dbet2 + sbet2 * dbet1),
                        domg12 * (sbet1 * sbet2 + dbet1 * dbet2))
            } else {
                var salp12 = salp2 * calp1 - calp2 * salp1
                var calp12 = calp2 * calp1 + salp2 * salp1
                if salp12 == 0 && calp12 < 0 {
                    salp12 = M.tiny * calp1
                    calp12 = -1
                }
                alp12 = atan2(salp12, calp12)
            }
            S12 += c2 * alp12
            S12 *= swapp * lonsign * latsign
            S12 += 0
        }

        // Undo the canonical transformation.
        if swapp < 0 {
            swap(&salp1, &salp2)
            swap(&calp1, &calp2)
        }
        salp1 *= swapp * lonsign
        calp1 *= swapp * latsign
        salp2 *= swapp * lonsign
        calp2 *= swapp * latsign

        return InverseSolution(
            a12: a12, s12: 0 + s12x,
            salp1: salp1, calp1: calp1, salp2: salp2, calp2: calp2,
            S12: S12)
    }

    /// Distance (s12b) and reduced length (m12b), both divided by b, and the
    /// coefficient m0 of the secular term of the reduced length.
    func lengths(
        eps: Double, sig12: Double,
        ssig1: Double, csig1: Double, dn1: Double,
        ssig2: Double, csig2: Double, dn2: Double,
        distance: Bool, reduced: Bool
    ) -> (s12b: Double, m12b: Double, m0: Double) {
        typealias S = Series
        var s12b = 0.0
        var m12b = 0.0
        var m0 = 0.0
        var j12 = 0.0
        var a1 = 0.0
        var a2 = 0.0
        var ca = SeriesCoefficients()
        var cb = SeriesCoefficients()
        if distance || reduced {
            a1 = S.a1m1(eps)
            ca = S.c1(eps)
            if reduced {
                a2 = S.a2m1(eps)
                cb = S.c2(eps)
                m0 = a1 - a2
                a2 = 1 + a2
            }
            a1 = 1 + a1
        }
        if distance {
            let b1 = S.sinSeries(ssig2, csig2, ca) - S.sinSeries(ssig1, csig1, ca)
            s12b = a1 * (sig12 + b1)
            if reduced {
                let b2 = S.sinSeries(ssig2, csig2, cb) - S.sinSeries(ssig1, csig1, cb)
                j12 = m0 * sig12 + (a1 * b1 - a2 * b2)
            }
        } else if reduced {
            cb.c1 = a1 * ca.c1 - a2 * cb.c1
            cb.c2 = a1 * ca.c2 - a2 * cb.c2
            cb.c3 = a1 * ca.c3 - a2 * cb.c3
            cb.c4 = a1 * ca.c4 - a2 * cb.c4
            cb.c5 = a1 * ca.c5 - a2 * cb.c5
            cb.c6 = a1 * ca.c6 - a2 * cb.c6
            j12 = m0 * sig12 + (S.sinSeries(ssig2, csig2, cb) - S.sinSeries(ssig1, csig1, cb))
        }
        if reduced {
            // Parenthesised for exact cancellation with coincident points.
            m12b = dn2 * (csig1 * ssig2) - dn1 * (ssig1 * csig2) - csig1 * csig2 * j12
        }
        return (s12b, m12b, m0)
    }

    struct InverseStartResult {
        var sig12 = -1.0
        var salp1 = 0.0, calp1 = 0.0
        var salp2 = 0.0, calp2 = 0.0
        var dnm = 0.0
    }

    /// Starting guess for alp1 (and, for very short lines, the answer:
    /// then sig12 >= 0). Nearly antipodal cases use the astroid solution.
    func inverseStart(
        sbet1: Double, cbet1: Double, dn1: Double,
        sbet2: Double, cbet2: Double, dn2: Double,
        lam12: Double, slam12: Double, clam12: Double
    ) -> InverseStartResult {
        typealias M = Math
        var r = InverseStartResult()
        // bet12 = bet2 - bet1 in [0, pi); bet12a = bet2 + bet1 in (-pi, 0]
        let sbet12 = sbet2 * cbet1 - cbet2 * sbet1
        let cbet12 = cbet2 * cbet1 + sbet2 * sbet1
        let sbet12a = sbet2 * cbet1 + cbet2 * sbet1
        let shortline = cbet12 >= 0 && sbet12 < 0.5 && cbet2 * lam12 < 0.5
        var somg12: Double
        var comg12: Double
        if shortline {
            var sbetm2 = (sbet1 + sbet2) * (sbet1 + sbet2)
            sbetm2 /= sbetm2 + (cbet1 + cbet2) * (cbet1 + cbet2)
            r.dnm = (1 + ep2 * sbetm2).squareRoot()
            let omg12 = lam12 / (f1 * r.dnm)
            somg12 = sin(omg12)
            comg12 = cos(omg12)
        } else {
            somg12 = slam12
            comg12 = clam12
        }

        r.salp1 = cbet2 * somg12
        r.calp1 =
            comg12 >= 0
            ? sbet12 + cbet2 * sbet1 * somg12 * somg12 / (1 + comg12)
            : sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)

        let ssig12 = hypot(r.salp1, r.calp1)
        let csig12 = sbet1 * sbet2 + cbet1 * cbet2 * comg12

        if shortline && ssig12 < etol2 {
            // Really short lines.
            r.salp2 = cbet1 * somg12
            r.calp2 =
                sbet12 - cbet1 * sbet2
                * (comg12 >= 0 ? somg12 * somg12 / (1 + comg12) : 1 - comg12)
            M.norm(&r.salp2, &r.calp2)
            r.sig12 = atan2(ssig12, csig12)
        } else if abs(n) > 0.1 || csig12 >= 0
            || ssig12 >= 6 * abs(n) * Double.pi * cbet1 * cbet1
        {
            // The zeroth-order spherical approximation is good enough.
        } else {
            // Nearly antipodal: scale to coordinates where the antipode is at
            // the origin and the singular point at y = 0, x = -1.
            let x: Double
            let y: Double
            let lamscale: Double
            let betscale: Double
            let lam12x = atan2(-slam12, -clam12)  // lam12 - pi
            if flattening >= 0 {
                let k2 = sbet1 * sbet1 * ep2
                let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
                lamscale = flattening * cbet1 * a3(eps) * Double.pi
                betscale = lamscale * cbet1
                x = lam12x / lamscale
                y = sbet12a / betscale
            } else {
                let cbet12a = cbet2 * cbet1 - sbet2 * sbet1
                let bet12a = atan2(sbet12a, cbet12a)
                let l = lengths(
                    eps: n, sig12: Double.pi + bet12a,
                    ssig1: sbet1, csig1: -cbet1, dn1: dn1,
                    ssig2: sbet2, csig2: cbet2, dn2: dn2,
                    distance: false, reduced: true)
                x = -1 + l.m12b / (cbet1 * cbet2 * l.m0 * Double.pi)
                betscale = x < -0.01 ? sbet12a / x : -flattening * cbet1 * cbet1 * Double.pi
                lamscale = betscale / cbet1
                y = lam12x / lamscale
            }

            if y > -M.tol1 && x > -1 - M.xthresh {
                // Strip near the cut.
                if flattening >= 0 {
                    r.salp1 = Double.minimum(1, -x)
                    r.calp1 = -(1 - r.salp1 * r.salp1).squareRoot()
                } else {
                    r.calp1 = Double.maximum(x > -M.tol1 ? 0 : -1, x)
                    r.salp1 = (1 - r.calp1 * r.calp1).squareRoot()
                }
            } else {
                // Estimate omg12 from the astroid, then alp1 spherically.
                let k = Math.astroid(x, y)
                let omg12a = lamscale * (flattening >= 0 ? -x * k / (1 + k) : -y * (1 + k) / k)
                somg12 = sin(omg12a)
                comg12 = -cos(omg12a)
                r.salp1 = cbet2 * somg12
                r.calp1 = sbet12a - cbet2 * sbet1 * somg12 * somg12 / (1 - comg12)
            }
        }
        // Sanity check on the starting guess (written to let NaN through).
        if !(r.salp1 <= 0) {
            M.norm(&r.salp1, &r.calp1)
        } else {
            r.salp1 = 1
            r.calp1 = 0
        }
        return r
    }

    struct Lambda12Result {
        var lam12 = 0.0  // lambda12(alp1) - lam120
        var salp2 = 0.0, calp2 = 0.0, sig12 = 0.0
        var ssig1 = 0.0, csig1 = 0.0, ssig2 = 0.0, csig2 = 0.0
        var eps = 0.0, domg12 = 0.0, dlam12 = 0.0
    }

    /// The longitude difference reached by the geodesic leaving point 1 with
    /// azimuth alp1 when it gets to latitude bet2, minus the target, and its
    /// derivative with respect to alp1.
    func lambda12(
        sbet1: Double, cbet1: Double, dn1: Double,
        sbet2: Double, cbet2: Double, dn2: Double,
        salp1: Double, calp1 calp1In: Double,
        slam120: Double, clam120: Double, diffp: Bool
    ) -> Lambda12Result {
        typealias M = Math
        var r = Lambda12Result()
        var calp1 = calp1In
        if sbet1 == 0 && calp1 == 0 {
            calp1 = -M.tiny  // break the degeneracy of the equatorial line
        }
        let salp0 = salp1 * cbet1
        let calp0 = hypot(calp1, salp1 * sbet1)  // > 0

        // tan(bet1) = tan(sig1) cos(alp1); tan(omg1) = sin(alp0) tan(sig1)
        var ssig1 = sbet1
        var csig1 = calp1 * cbet1
        let somg1 = salp0 * sbet1
        let comg1 = calp1 * cbet1
        M.norm(&ssig1, &csig1)

        // Enforce symmetries when |bet2| = -bet1.
        r.salp2 = cbet2 != cbet1 ? salp0 / cbet2 : salp1
        r.calp2 =
            cbet2 != cbet1 || abs(sbet2) != -sbet1
            ? ((calp1 * cbet1) * (calp1 * cbet1)
                + (cbet1 < -sbet1
                    ? (cbet2 - cbet1) * (cbet1 + cbet2)
                    : (sbet1 - sbet2) * (sbet1 + sbet2)))
                .squareRoot() / cbet2
            : abs(calp1)
        var ssig2 = sbet2
        var csig2 = r.calp2 * cbet2
        let somg2 = salp0 * sbet2
        let comg2 = r.calp2 * cbet2
        M.norm(&ssig2, &csig2)

        // sig12 = sig2 - sig1, in [0, pi]
        r.sig12 = atan2(
            Double.maximum(0, csig1 * ssig2 - ssig1 * csig2) + 0,
            csig1 * csig2 + ssig1 * ssig2)
        // omg12 = omg2 - omg1, in [0, pi]
        let somg12 = Double.maximum(0, comg1 * somg2 - somg1 * comg2) + 0
        let comg12 = comg1 * comg2 + somg1 * somg2
        // eta = omg12 - lam120
        let eta = atan2(
            somg12 * clam120 - comg12 * slam120,
            comg12 * clam120 + somg12 * slam120)
        let k2 = calp0 * calp0 * ep2
        let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
        let c3 = c3Series(eps)
        let b312 = Series.sinSeries(ssig2, csig2, c3) - Series.sinSeries(ssig1, csig1, c3)
        r.domg12 = -flattening * a3(eps) * salp0 * (r.sig12 + b312)
        r.lam12 = eta + r.domg12

        if diffp {
            if r.calp2 == 0 {
                r.dlam12 = -2 * f1 * dn1 / sbet1
            } else {
                r.dlam12 =
                    lengths(
                        eps: eps, sig12: r.sig12,
                        ssig1: ssig1, csig1: csig1, dn1: dn1,
                        ssig2: ssig2, csig2: csig2, dn2: dn2,
                        distance: false, reduced: true
                    ).m12b
                r.dlam12 *= f1 / (r.calp2 * cbet2)
            }
        }
        r.ssig1 = ssig1
        r.csig1 = csig1
        r.ssig2 = ssig2
        r.csig2 = csig2
        r.eps = eps
        return r
    }

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

extension Geodesic {
    // MARK: - Geodesic line (direct problem)

    /// A geodesic from a given point and azimuth, with the series for
    /// positions along it precomputed (GeographicLib's GeodesicLine, restricted
    /// to latitude, longitude and azimuth by distance).
    struct Line {
        let lon1: Double
        let f1: Double, b: Double
        let salp0: Double, calp0: Double
        let ssig1: Double, csig1: Double, somg1: Double, comg1: Double
        let a1m1: Double, b11: Double, stau1: Double, ctau1: Double
        let c1p: SeriesCoefficients
        let c3: SeriesCoefficients
        let a3c: Double, b31: Double

        init(_ g: Geodesic, latitude: Double, longitude: Double, azimuth: Double) {
            let azi1 = Math.angNormalize(azimuth)
            // AngRound guards against underflow in salp0 and turns -0 into +0.
            let (salp1, calp1) = Math.sincosd(Math.angRound(azi1))
            self.init(g, latitude: latitude, longitude: longitude, sinAzimuth: salp1, cosAzimuth: calp1)
        }

        init(_ g: Geodesic, latitude: Double, longitude: Double, sinAzimuth salp1: Double, cosAzimuth calp1: Double) {
            typealias M = Math
            typealias S = Series
            lon1 = longitude
            f1 = g.f1
            b = g.b
            var (sbet1, cbet1) = M.sincosd(M.angRound(M.latFix(latitude)))
            sbet1 *= g.f1
            M.norm(&sbet1, &cbet1)
            cbet1 = Double.maximum(M.tiny, cbet1)

            salp0 = salp1 * cbet1  // alp0 in [0, pi/2 - |bet1|]
            calp0 = hypot(calp1, salp1 * sbet1)
            // sig = 0 is the nearest northward crossing of the equator.
            var ssig1 = sbet1
            var csig1 = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
            somg1 = salp0 * sbet1
            comg1 = csig1
            M.norm(&ssig1, &csig1)
            self.ssig1 = ssig1
            self.csig1 = csig1

            let k2 = calp0 * calp0 * g.ep2
            let eps = k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)

            a1m1 = S.a1m1(eps)
            let c1 = S.c1(eps)
            b11 = S.sinSeries(ssig1, csig1, c1)
            let s = sin(b11)
            let c = cos(b11)
            // tau1 = sig1 + B11
            stau1 = ssig1 * c + csig1 * s
            ctau1 = csig1 * c - ssig1 * s
            c1p = S.c1p(eps)

            c3 = g.c3Series(eps)
            a3c = -g.flattening * salp0 * g.a3(eps)
            b31 = S.sinSeries(ssig1, csig1, c3)
        }

        /// Latitude, longitude (in [-180, 180]) and the azimuth's sine/cosine
        /// (unnormalised) at `distance` metres along the line.
        func position(distance s12: Double) -> (latitude: Double, longitude: Double, salp2: Double, calp2: Double) {
            typealias M = Math
            typealias S = Series
            let tau12 = s12 / (b * (1 + a1m1))
            let s = sin(tau12)
            let c = cos(tau12)
            // tau2 = tau1 + tau12
            let b12 = -S.sinSeries(stau1 * c + ctau1 * s, ctau1 * c - stau1 * s, c1p)
            let sig12 = tau12 - (b12 - b11)
            let ssig12 = sin(sig12)
            let csig12 = cos(sig12)

            // sig2 = sig1 + sig12
            let ssig2 = ssig1 * csig12 + csig1 * ssig12
            var csig2 = csig1 * csig12 - ssig1 * ssig12
            // sin(bet2) = cos(alp0) sin(sig2)
            let sbet2 = calp0 * ssig2
            var cbet2 = hypot(salp0, calp0 * csig2)
            if cbet2 == 0 {
                // salp0 = 0 and csig2 = 0: break the degeneracy.
                cbet2 = M.tiny
                csig2 = M.tiny
            }
            // tan(alp0) = cos(sig2) tan(alp2)
            let salp2 = salp0
            let calp2 = calp0 * csig2

            // tan(omg2) = sin(alp0) tan(sig2)
            let somg2 = salp0 * ssig2
            let comg2 = csig2
            let omg12 = atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
            let lam12 = omg12 + a3c * (sig12 + (S.sinSeries(ssig2, csig2, c3) - b31))
            let lon12 = lam12 / M.degree
            let lon2 = M.angNormalize(M.angNormalize(lon1) + M.angNormalize(lon12))
            let lat2 = M.atan2d(sbet2, f1 * cbet2)
            return (lat2, lon2, salp2, calp2)
        }
    }

    // MARK: - Series

    /// Coefficients c0...c6 of a trigonometric series, stored inline so that
    /// evaluating series never allocates.
    struct SeriesCoefficients {
        var c0 = 0.0, c1 = 0.0, c2 = 0.0, c3 = 0.0, c4 = 0.0, c5 = 0.0, c6 = 0.0
    }

    /// The order-6 series of Karney (2013), eqs. (15)–(25) and (64).
    enum Series {
        /// Horner evaluation of p[o] x^m + p[o+1] x^(m-1) + ... + p[o+m].
        @inline(__always)
        static func polyval(_ p: [Double], _ o: Int, _ m: Int, _ x: Double) -> Double {
            var y = p[o]
            var i = 1
            while i <= m {
                y = y * x + p[o + i]
                i += 1
            }
            return y
        }

        /// sum(c[i] sin(2 i sig), i = 1...6) by Clenshaw summation, given sin
        /// and cos of sig.
        @inline(__always)
        static func sinSeries(_ sinx: Double, _ cosx: Double, _ c: SeriesCoefficients) -> Double {
            let ar = 2 * (cosx - sinx) * (cosx + sinx)  // 2 cos(2x)
            var y1 = c.c6
            var y0 = ar * y1 + c.c5
            y1 = ar * y0 - y1 + c.c4
            y0 = ar * y1 - y0 + c.c3
            y1 = ar * y0 - y1 + c.c2
            y0 = ar * y1 - y0 + c.c1
            return 2 * sinx * cosx * y0  // sin(2x) y0
        }

        /// sum(c[i] cos((2 i + 1) sig), i = 0...5) by Clenshaw summation.
        @inline(__always)
        static func cosSeries(_ sinx: Double, _ cosx: Double, _ c: SeriesCoefficients) -> Double {
            let ar = 2 * (cosx - sinx) * (cosx + sinx)
            var y1 = c.c5
            var y0 = ar * y1 + c.c4
            y1 = ar * y0 - y1 + c.c3
            y0 = ar * y1 - y0 + c.c2
            y1 = ar * y0 - y1 + c.c1
            y0 = ar * y1 - y0 + c.c0
            return cosx * (y0 - y1)
        }

        /// A1 - 1, eq. (17).
        static func a1m1(_ eps: Double) -> Double {
            let eps2 = eps * eps
            let t = (((eps2 + 4) * eps2 + 64) * eps2 + 0) / 256
            return (t + eps) / (1 - eps)
        }

        /// C1[l], eq. (18).
        static func c1(_ eps: Double) -> SeriesCoefficients {
            let eps2 = eps * eps
            var d = eps
            var c = SeriesCoefficients()
            c.c1 = d * ((-eps2 + 6) * eps2 - 16) / 32
            d *= eps
            c.c2 = d * ((-9 * eps2 + 64) * eps2 - 128) / 2048
            d *= eps
            c.c3 = d * (9 * eps2 - 16) / 768
            d *= eps
            c.c4 = d * (3 * eps2 - 5) / 512
            d *= eps
            c.c5 = d * -7 / 1280
            d *= eps
            c.c6 = d * -7 / 2048
            return c
        }

        /// C1'[l], the reversion of C1, eq. (21).
        static func c1p(_ eps: Double) -> SeriesCoefficients {
            let eps2 = eps * eps
            var d = eps
            var c = SeriesCoefficients()
            c.c1 = d * ((205 * eps2 - 432) * eps2 + 768) / 1536
            d *= eps
            c.c2 = d * ((4005 * eps2 - 4736) * eps2 + 3840) / 12288
            d *= eps
            c.c3 = d * (-225 * eps2 + 116) / 384
            d *= eps
            c.c4 = d * (-7173 * eps2 + 2695) / 7680
            d *= eps
            c.c5 = d * 3467 / 7680
            d *= eps
            c.c6 = d * 38081 / 61440
            return c
        }

        /// A2 - 1, eq. (42).
        static func a2m1(_ eps: Double) -> Double {
            let eps2 = eps * eps
            let t = (((-11 * eps2 - 28) * eps2 - 192) * eps2 + 0) / 256
            return (t - eps) / (1 + eps)
        }

        /// C2[l], eq. (43).
        static func c2(_ eps: Double) -> SeriesCoefficients {
            let eps2 = eps * eps
            var d = eps
            var c = SeriesCoefficients()
            c.c1 = d * ((eps2 + 2) * eps2 + 16) / 32
            d *= eps
            c.c2 = d * ((35 * eps2 + 64) * eps2 + 384) / 2048
            d *= eps
            c.c3 = d * (15 * eps2 + 80) / 768
            d *= eps
            c.c4 = d * (7 * eps2 + 35) / 512
            d *= eps
            c.c5 = d * 63 / 1280
            d *= eps
            c.c6 = d * 77 / 2048
            return c
        }

        /// Evaluates a table of polynomials in n: each entry is the polynomial's
        /// coefficients (highest power first) followed by a divisor; `orders`
        /// gives each polynomial's order.
        private static func evaluate(_ table: [Double], orders: [Int], n: Double) -> [Double] {
            var result: [Double] = []
            result.reserveCapacity(orders.count)
            var o = 0
            for m in orders {
                result.append(polyval(table, o, m, n) / table[o + m + 1])
                o += m + 2
            }
            return result
        }

        /// Coefficients of A3 (eq. 24) as a polynomial in eps, highest power first.
        static func a3Coefficients(n: Double) -> [Double] {
            let table: [Double] = [
                -3, 128,  // eps^5
                -2, -3, 64,  // eps^4
                -1, -3, -1, 16,  // eps^3
                3, -1, -2, 8,  // eps^2
                1, -1, 2,  // eps^1
                1, 1,  // eps^0
            ]
            return evaluate(table, orders: [0, 1, 2, 2, 1, 0], n: n)
        }

        /// Coefficients of C3[l], l = 1...5 (eq. 25), each a polynomial in eps
        /// (highest power first, ending at eps^l).
        static func c3Coefficients(n: Double) -> [Double] {
            let table: [Double] = [
                // C3[1]: eps^5 ... eps^1
                3, 128,
                2, 5, 128,
                -1, 3, 3, 64,
                -1, 0, 1, 8,
                -1, 1, 4,
                // C3[2]: eps^5 ... eps^2
                5, 256,
                1, 3, 128,
                -3, -2, 3, 64,
                1, -3, 2, 32,
                // C3[3]: eps^5 ... eps^3
                7, 512,
                -10, 9, 384,
                5, -9, 5, 192,
                // C3[4]: eps^5, eps^4
                7, 512,
                -14, 7, 512,
                // C3[5]: eps^5
                21, 2560,
            ]
            return evaluate(table, orders: [0, 1, 2, 2, 1, 0, 1, 2, 2, 0, 1, 2, 0, 1, 0], n: n)
        }

        /// Coefficients of C4[l], l = 0...5 (eq. 64), each a polynomial in eps
        /// (highest power first, ending at eps^l).
        static func c4Coefficients(n: Double) -> [Double] {
            let table: [Double] = [
                // C4[0]: eps^5 ... eps^0
                97, 15015,
                1088, 156, 45045,
                -224, -4784, 1573, 45045,
                -10656, 14144, -4576, -858, 45045,
                64, 624, -4576, 6864, -3003, 15015,
                100, 208, 572, 3432, -12012, 30030, 45045,
                // C4[1]: eps^5 ... eps^1
                1, 9009,
                -2944, 468, 135135,
                5792, 1040, -1287, 135135,
                5952, -11648, 9152, -2574, 135135,
                -64, -624, 4576, -6864, 3003, 135135,
                // C4[2]: eps^5 ... eps^2
                8, 10725,
                1856, -936, 225225,
                -8448, 4992, -1144, 225225,
                -1440, 4160, -4576, 1716, 225225,
                // C4[3]: eps^5 ... eps^3
                -136, 63063,
                1024, -208, 105105,
                3584, -3328, 1144, 315315,
                // C4[4]: eps^5, eps^4
                -128, 135135,
                -2560, 832, 405405,
                // C4[5]: eps^5
                128, 99099,
            ]
            return evaluate(
                table,
                orders: [0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 0, 1, 2, 3, 0, 1, 2, 0, 1, 0],
                n: n
            )
        }
    }

    // MARK: - Exact angle arithmetic

    /// Degree-based helpers that reduce arguments exactly before converting to
    /// radians (GeographicLib's Math class).
    enum Math {
        static let degree = Double.pi / 180
        static let tol0 = Double.ulpOfOne
        static let tol1 = 200 * tol0
        static let tol2 = tol0.squareRoot()
        static let tolb = tol0
        static let xthresh = 1000 * tol2
        static let tiny = Double.leastNormalMagnitude.squareRoot()
        static let maxit1 = 20
        static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10

        /// Finite, with latitude in -90...90.
        @inline(__always)
        static func isUsable(_ c: Coordinate) -> Bool {
            abs(c.latitude) <= 90 && c.longitude.isFinite
        }

        /// An azimuth in degrees in (-180, 180] from its sine and cosine.
        @inline(__always)
        static func bearing(sin s: Double, cos c: Double) -> Double {
            let angle = atan2d(s, c)
            return angle == -180 ? 180 : angle
        }

        @inline(__always)
        static func norm(_ x: inout Double, _ y: inout Double) {
            let r = hypot(x, y)
            x /= r
            y /= r
        }

        /// Error-free sum: u + v = s + t exactly.
        @inline(__always)
        static func sum(_ u: Double, _ v: Double) -> (s: Double, t: Double) {
            let s = u + v
            var up = s - v
            var vpp = s - up
            up -= u
            vpp -= v
            return (s, s != 0 ? 0 - (up + vpp) : s)
        }

        /// x reduced to [-180, 180].
        static func angNormalize(_ x: Double) -> Double {
            let y = x.remainder(dividingBy: 360)
            return abs(y) == 180 ? Double(signOf: x, magnitudeOf: 180) : y
        }

        static func latFix(_ x: Double) -> Double {
            abs(x) > 90 ? .nan : x
        }

        /// y - x reduced to [-180, 180] exactly, plus the rounding error e.
        static func angDiff(_ x: Double, _ y: Double) -> (d: Double, e: Double) {
            var (d, t) = sum((-x).remainder(dividingBy: 360), y.remainder(dividingBy: 360))
            (d, t) = sum(d.remainder(dividingBy: 360), t)
            if d == 0 || abs(d) == 180 {
                d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
            }
            return (d, t)
        }

        /// Rounds tiny angles to multiples of 2^-57 so that values very near
        /// zero are treated as zero.
        static func angRound(_ x: Double) -> Double {
            let z = 1.0 / 16
            var y = abs(x)
            let w = z - y
            y = w > 0 ? z - w : y
            return Double(signOf: x, magnitudeOf: y)
        }

        @inline(__always)
        private static func quadrant(_ q: Int32, _ s: Double, _ c: Double, _ x: Double) -> (Double, Double) {
            var sinx: Double
            var cosx: Double
            switch q & 3 {
            case 0:
                sinx = s
                cosx = c
            case 1:
                sinx = c
                cosx = -s
            case 2:
                sinx = -s
                cosx = -c
            default:
                sinx = -c
                cosx = s
            }
            cosx += 0
            if sinx == 0 { sinx = Double(signOf: x, magnitudeOf: sinx) }
            return (sinx, cosx)
        }

        /// sin and cos of x degrees, with exact reduction to [-45, 45].
        static func sincosd(_ x: Double) -> (sin: Double, cos: Double) {
            var q: Int32 = 0
            let r = remquo(x, 90, &q) * degree
            return quadrant(q, sin(r), cos(r), x)
        }

        /// sin and cos of (x + t) degrees, t a small correction.
        static func sincosde(_ x: Double, _ t: Double) -> (sin: Double, cos: Double) {
            var q: Int32 = 0
            let r = angRound(remquo(x, 90, &q) + t) * degree
            return quadrant(q, sin(r), cos(r), x)
        }

        /// atan2(y, x) in degrees, computed in the octant where it is accurate.
        static func atan2d(_ yIn: Double, _ xIn: Double) -> Double {
            var x = xIn
            var y = yIn
            var q = 0
            if abs(y) > abs(x) {
                swap(&x, &y)
                q = 2
            }
            if x.sign == .minus {
                x = -x
                q += 1
            }
            let ang = atan2(y, x) / degree
            switch q {
            case 1: return Double(signOf: y, magnitudeOf: 180) - ang
            case 2: return 90 - ang
            case 3: return -90 + ang
            default: return ang
            }
        }

        /// Positive root k of k^4 + 2k^3 - (x^2 + y^2 - 1)k^2 - 2y^2 k - y^2 = 0.
        static func astroid(_ x: Double, _ y: Double) -> Double {
            let p = x * x
            let q = y * y
            let r = (p + q - 1) / 6
            guard !(q == 0 && r <= 0) else { return 0 }
            let s = p * q / 4  // r^3 s
            let r2 = r * r
            let r3 = r * r2
            // Discriminant of the quadratic for T3; zero on the evolute
            // p^(1/3) + q^(1/3) = 1.
            let disc = s * (s + 2 * r3)
            var u = r
            if disc >= 0 {
                var t3 = s + r3
                // Pick the sign of the root maximising |T3| to avoid cancellation.
                t3 += t3 < 0 ? -disc.squareRoot() : disc.squareRoot()  // (r t)^3
                let t = cbrt(t3)  // real root
                u += t + (t != 0 ? r2 / t : 0)
            } else {
                // T is complex, but u is real.
                let ang = atan2((-disc).squareRoot(), -(s + r3))
                u += 2 * r * cos(ang / 3)
            }
            let v = (u * u + q).squareRoot()  // > 0
            let uv = u < 0 ? q / (v - u) : u + v  // u + v > 0
            let w = (uv - q) / (2 * v)
            return uv / ((uv + w * w).squareRoot() + w)
        }

        /// +1 or -1 if the edge from lon1 to lon2 crosses the prime meridian
        /// eastwards or westwards, else 0 (used to count polygon windings).
        static func transit(_ lon1: Double, _ lon2: Double) -> Int {
            let lon12 = angDiff(lon1, lon2).d
            let l1 = angNormalize(lon1)
            let l2 = angNormalize(lon2)
            if lon12 > 0 && ((l1 < 0 && l2 >= 0) || (l1 > 0 && l2 == 0)) { return 1 }
            if lon12 < 0 && l1 >= 0 && l2 < 0 { return -1 }
            return 0
        }
    }

    /// A double-double accumulator (Shewchuk), so that summing many signed
    /// edge areas loses no precision.
    struct Accumulator {
        private(set) var sum = 0.0
        private var t = 0.0

        mutating func add(_ y: Double) {
            let (z, u) = Math.sum(y, t)
            (sum, t) = Math.sum(z, sum)
            if sum == 0 {
                sum = u
            } else {
                t += u
            }
        }

        /// Reduces the sum to [-y/2, y/2].
        mutating func reduce(modulo y: Double) {
            sum = sum.remainder(dividingBy: y)
            add(0)
        }

        mutating func negate() {
            sum = -sum
            t = -t
        }
    }
}
