extension Geodesic {
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
