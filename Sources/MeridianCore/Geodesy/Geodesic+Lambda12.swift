/// The function the inverse solution's Newton iteration drives to zero: the
/// longitude difference reached for a given initial azimuth, and its
/// derivative.
import MeridianLibC

extension Geodesic {
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
}
