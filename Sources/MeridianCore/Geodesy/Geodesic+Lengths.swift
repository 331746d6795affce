/// Distance and reduced length along a geodesic, from the series A1, C1, A2
/// and C2: used by each step of the inverse solution.
extension Geodesic {
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
}
