import MeridianArchive
import MeridianCore
import MeridianLibC
import MeridianPlatform

/// Where a tile set's polygons meet, so that every zoom simplifies a border
/// two polygons share the same way in both: no gap opens between
/// neighbouring states at zoom 4, no sliver of overlap appears (what
/// tippecanoe's `--detect-shared-borders` does, here by default).
///
/// A junction is a position where the neighbouring positions differ from
/// one ring to another (``ArcTopology``'s definition). Each ring is cut at
/// its junctions into arcs, and each arc is simplified in the direction of
/// its smaller end, so that both rings that run along it, one forwards and
/// one backwards, get the same positions; a ring without junctions (an
/// island, or an enclave shared whole with its neighbour's hole) starts at
/// its smallest position, in the direction of its smaller neighbour.
///
/// Found in bounded memory: every ring position is recorded as a hash of
/// its coordinates and a hash of its two neighbours, the records sorted
/// through a ``TileSpill`` (an external sort); only the junctions stay in
/// memory, 8 bytes each.
final class TileTopology {
    private let spill: TileSpill
    private var records: [TileSpill.Piece] = []

    init(budget: Int) {
        spill = TileSpill(budget: budget)
    }

    /// The junctions found, in ascending key order (after ``junctions()``).
    struct Junctions: Sendable {
        fileprivate var keys: [UInt64] = []

        /// Whether the position with this key is a junction.
        func contains(_ key: UInt64) -> Bool {
            var (low, high) = (0, keys.count)
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < key { low = middle + 1 } else { high = middle }
            }
            return low < keys.count && keys[low] == key
        }

        /// The rings of a geometry simplified to `tolerance`, arc by arc;
        /// `original`: the same geometry before projection, whose exact
        /// positions name the junctions. A ring that collapses drops out (a
        /// polygon whose exterior collapses drops out whole). Nil for a
        /// geometry that is not polygons.
        func simplified(_ projected: Geometry, original: Geometry, tolerance: Double) -> Geometry? {
            func polygon(_ rings: [[Coordinate]], _ originals: [[Coordinate]]) -> [[Coordinate]]? {
                guard rings.count == originals.count, let exterior = ring(rings[0], originals[0]) else { return nil }
                return [exterior] + zip(rings, originals).dropFirst().compactMap { ring($0, $1) }
            }
            func ring(_ ring: [Coordinate], _ original: [Coordinate]) -> [Coordinate]? {
                guard ring.count == original.count else { return nil }
                return simplified(ring: ring, keys: original.map(TileTopology.key), tolerance: tolerance)
            }
            switch (projected, original) {
            case (.polygon(let rings), .polygon(let originals)):
                return rings.isEmpty ? nil : polygon(rings, originals).map(Geometry.polygon) ?? .multiPolygon([])
            case (.multiPolygon(let polygons), .multiPolygon(let originals)) where polygons.count == originals.count:
                return .multiPolygon(zip(polygons, originals).compactMap { $0.isEmpty ? nil : polygon($0, $1) })
            default: return nil
            }
        }

        /// A closed ring simplified arc by arc; nil when it collapses.
        func simplified(ring: [Coordinate], keys: [UInt64], tolerance: Double) -> [Coordinate]? {
            let n = ring.count - 1
            guard n >= 3, keys[0] == keys[n] else { return n >= 3 ? ring : nil }
            let junctions = (0..<n).filter { contains(keys[$0]) }
            func path(from start: Int, length: Int, forward: Bool) -> [Int] {
                (0...length).map { forward ? (start + $0) % n : (start - $0 + n) % n }
            }
            var result: [Coordinate] = []
            if junctions.isEmpty {
                let start = (0..<n).min { keys[$0] < keys[$1] }!
                let forward = keys[(start + 1) % n] <= keys[(start + n - 1) % n]
                let simplified = Simplification.douglasPeucker(
                    path(from: start, length: n, forward: forward).map { ring[$0] }, tolerance: tolerance)
                result = forward ? simplified : simplified.reversed()
            } else {
                for (number, start) in junctions.enumerated() {
                    let end = junctions[(number + 1) % junctions.count]
                    var indices = path(from: start, length: end > start ? end - start : end - start + n, forward: true)
                    let (first, last) = (keys[indices[0]], keys[indices[indices.count - 1]])
                    let reversed = first > last || (first == last && keys[indices[1]] > keys[indices[indices.count - 2]])
                    if reversed { indices.reverse() }
                    var arc = Simplification.douglasPeucker(indices.map { ring[$0] }, tolerance: tolerance)
                    if reversed { arc.reverse() }
                    result += result.isEmpty ? arc[...] : arc.dropFirst()
                }
            }
            var distinct = Set<[UInt64]>()
            for position in result.prefix(4) { distinct.insert([position.longitude.bitPattern, position.latitude.bitPattern]) }
            return result.count >= 4 && distinct.count >= 3 ? result : nil
        }
    }

    /// A position's key: a hash of its exact bits.
    static func key(_ position: Coordinate) -> UInt64 {
        mix(position.longitude.bitPattern ^ mix(position.latitude.bitPattern))
    }

    /// SplitMix64's finaliser.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Records the positions of every ring of `geometry` with their neighbours.
    func add(_ geometry: Geometry) throws(DiagnosticError) {
        ArcTopology.forEachPath(geometry) { path, closed in
            guard closed, path.count >= 4 else { return }
            let keys = path.dropLast().map(Self.key)
            let n = keys.count
            for index in 0..<n {
                let (a, b) = (keys[(index + n - 1) % n], keys[(index + 1) % n])
                let neighbours = Self.mix(min(a, b) ^ Self.mix(max(a, b)))
                records.append(
                    TileSpill.Piece(
                        tile: keys[index], layer: Int(neighbours >> 32), feature: Int(neighbours & 0xFFFF_FFFF),
                        size: 0, type: 0, commands: []))
            }
        }
        if records.count >= 4096 {
            try spill.append(contentsOf: records)
            records.removeAll(keepingCapacity: true)
        }
    }

    /// The junctions: positions recorded with more than one pair of neighbours.
    func junctions() throws(DiagnosticError) -> Junctions {
        try spill.append(contentsOf: records)
        records = []
        var junctions = Junctions()
        var first: UInt64?
        var isJunction = false
        try spill.merge { record in
            let neighbours = UInt64(record.layer) << 32 | UInt64(record.feature)
            if first == nil { first = neighbours } else if neighbours != first { isJunction = true }
        } tileEnd: { key in
            if isJunction { junctions.keys.append(key) }
            first = nil
            isJunction = false
        }
        return junctions
    }
}
