import Foundation
import Meridian

/// `meridian-benchmark places DATA QUERIES`: reads DATA (any input) into
/// places, builds the index, writes it beside DATA (`DATA.idx`) and opens
/// it from there (the best of five opens), then times every query of
/// QUERIES (a completion fragment per line, or `search:` and a query) on
/// the opened index, one at a time on this thread (each three times, its
/// best time kept), and 200 reverse
/// geocodings around the places; prints the build rate, the index's size
/// against DATA's, the open time, each kind's p50 and p99 in
/// milliseconds, and the five slowest completions.
func runPlacesBenchmark(_ arguments: [String]) throws {
    guard arguments.count == 4 else {
        FileHandle.standardError.write(Data("usage: meridian-benchmark places DATA QUERIES\n".utf8))
        exit(2)
    }
    func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    var start = now()
    let (places, _) = try PlaceExtractor.places(fromPaths: [arguments[2]])
    let read = now() - start
    // Best of three builds: the first also pays for the process's first use
    // of its memory, which on a virtual machine varies from run to run.
    var builds: [Double] = []
    var last: PlaceIndex?
    for _ in 0..<3 {
        start = now()
        last = try PlaceIndex(places)
        builds.append(now() - start)
    }
    let built = last!
    let build = builds.min()!
    let file = arguments[2] + ".idx"
    try PlaceIndexFile.write(built, to: file)
    var open = Double.infinity
    var index = built
    for _ in 0..<5 {
        let t = now()
        index = try PlaceIndex(contentsOf: file)
        open = min(open, now() - t)
    }
    let inputSize = (try FileManager.default.attributesOfItem(atPath: arguments[2])[.size] as? Int) ?? 1
    let indexSize = index.withSerializedBytes { $0.count }
    let lines = try String(contentsOfFile: arguments[3], encoding: .utf8).split(separator: "\n").map(String.init)
    let region = CoordinateRegion(
        center: Coordinate(latitude: 51.5, longitude: -0.12), latitudinalMeters: 50_000, longitudinalMeters: 50_000)
    var completion: [Double] = []
    var slowest: [(seconds: Double, query: String)] = []
    var search: [Double] = []
    var found = 0
    // Each query three times, its best time kept: what it costs, without
    // the noise of a shared machine.
    func best(_ body: () -> Int) -> Double {
        var fastest = Double.infinity
        for _ in 0..<3 {
            let t = now()
            found += body()
            fastest = min(fastest, now() - t)
        }
        return fastest
    }
    for line in lines {
        if line.hasPrefix("search:") {
            search.append(
                best {
                    index.search(String(line.dropFirst(7)), options: SearchOptions(region: region, limit: 25)).count
                })
        } else {
            completion.append(best { index.completions(for: line, options: SearchOptions(region: region)).count })
            slowest.append((completion.last!, line))
        }
    }
    var reverse: [Double] = []
    var random = SystemRandomNumberGenerator()
    for _ in 0..<200 {
        let place = places[Int.random(in: 0..<places.count, using: &random)]
        reverse.append(best { index.reverse(place.coordinate).nearby.count })
    }
    func percentile(_ values: [Double], _ p: Double) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "-" }
        return String(format: "%.3f", sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] * 1000)
    }
    print("places \(places.count) read \(String(format: "%.2f", read)) s")
    print(
        "build \(String(format: "%.2f", build)) s (\(Int(Double(places.count) / build)) places/s), best of 3; "
            + "the first \(String(format: "%.2f", builds[0])) s")
    print(
        "index \(indexSize / 1_000_000) MB (\(String(format: "%.2f", Double(indexSize) / Double(inputSize)))x the input), "
            + "open \(String(format: "%.2f", open * 1000)) ms")
    print(
        "complete p50 \(percentile(completion, 0.5)) ms p99 \(percentile(completion, 0.99)) ms (\(completion.count) queries)"
    )
    print("search p50 \(percentile(search, 0.5)) ms p99 \(percentile(search, 0.99)) ms (\(search.count) queries)")
    print("reverse p50 \(percentile(reverse, 0.5)) ms p99 \(percentile(reverse, 0.99)) ms (\(reverse.count) queries)")
    let worst = slowest.sorted { $0.seconds > $1.seconds }.prefix(5)
    print(
        "slowest completions: "
            + worst.map { "\"\($0.query)\" \(String(format: "%.1f", $0.seconds * 1000)) ms" }.joined(separator: ", "))
    if found == -1 { print("") }
}
