/// The inverse solution's starting guess for the initial azimuth: on a
/// sphere, or from the astroid for nearly antipodal points.
import MeridianLibC

extension Geodesic {
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
}
