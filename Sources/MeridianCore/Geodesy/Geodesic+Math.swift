import MeridianLibC

extension Geodesic {
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
}
