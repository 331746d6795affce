extension Geodesic {
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
}
