/// SplitMix64: a small, fast generator fully determined by its seed, so a
/// test over generated data fails the same way every time.
public struct SeededRandom: RandomNumberGenerator {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<n (the modulo bias is irrelevant for tests).
    public mutating func below(_ n: Int) -> Int {
        Int(truncatingIfNeeded: next() % UInt64(n))
    }

    public mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    public mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    public mutating func digit() -> UInt8 {
        UInt8(ascii: "0") + UInt8(below(10))
    }

    public mutating func nonZeroDigit() -> UInt8 {
        UInt8(ascii: "1") + UInt8(below(9))
    }
}
