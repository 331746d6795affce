import MeridianLibC

extension Geodesic {
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
}
