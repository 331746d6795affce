/// The inverse problem: the shortest geodesic between two points
/// (GeographicLib's `GenInverse`). Its starting guess is in
/// `Geodesic+InverseStart.swift`, the function its Newton iteration drives
/// to zero in `Geodesic+Lambda12.swift`, and distances along the line in
/// `Geodesic+Lengths.swift`.
import MeridianLibC

extension Geodesic {
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
}
