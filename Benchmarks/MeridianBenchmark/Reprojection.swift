import Foundation
import MeridianCRS
import MeridianCore

/// `meridian-benchmark crs SOURCE COUNT THREADS`: carries COUNT positions
/// (easting and northing spread over SOURCE's area, made from a fixed seed)
/// from SOURCE to WGS 84 with ``SharedCoordinateTransformation``, the
/// positions cut into as many parts as THREADS, each part on its own
/// thread, as `meridian convert` does per run of features. The best of
/// three; prints positions per second in millions.
func runReprojectionBenchmark(_ arguments: [String]) throws {
    guard arguments.count == 5, let count = Int(arguments[3]), let threads = Int(arguments[4]), threads > 0 else {
        FileHandle.standardError.write(Data("usage: meridian-benchmark crs SOURCE COUNT THREADS\n".utf8))
        exit(2)
    }
    let shared = try SharedCoordinateTransformation(from: arguments[2])
    var generator = SystemRandomNumberGenerator.Seeded(seed: 7)
    // An easting of 100 to 600 km and a northing of 100 to 1 000 km: inside
    // a national grid such as EPSG:27700.
    let original = (0..<count).map { _ in
        Coordinate(
            latitude: Double.random(in: 100_000...1_000_000, using: &generator),
            longitude: Double.random(in: 100_000...600_000, using: &generator))
    }
    let parts = (0..<threads).map { part in Array(original[(count * part / threads)..<(count * (part + 1) / threads)]) }
    var best = Double.infinity
    for _ in 0..<3 {
        let start = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: threads) { part in
            var positions = parts[part]
            shared.withTransformation { $0.transform(&positions) }
            precondition(positions.allSatisfy { $0.latitude.isFinite })
        }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    print(String(format: "%.2f", Double(count) / best / 1e6))
}

extension SystemRandomNumberGenerator {
    /// SplitMix64: the same positions every run.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        init(seed: UInt64) { state = seed }
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }
}
