import MeridianCore
import MeridianLibC

/// Places bucketed by a grid of square cells (in degrees): the cells that
/// hold places, in order of their keys, and each cell's places. Answers
/// "the nearest places to a point" and "the places in a region" without
/// looking at every place.
///
/// ```swift
/// let cells = CellIndex(keys: keys, starts: starts, places: places, size: CellIndex.addressCell)
/// cells.nearest(5, to: point) { PlaceIndex.haversine(point, coordinate(of: $0)) }
/// ```
struct CellIndex: @unchecked Sendable {
    /// 0.05°, about 5 km: for the nearest addresses.
    static let addressCell = 0.05
    /// 0.25°, about 28 km: for the places of a search region.
    static let regionCell = 0.25
    /// Rows and columns are offset by this, so keys sort by row, then column.
    private static let bias = 1 << 20

    let keys: UnsafeBufferPointer<Int64>
    let starts: UnsafeBufferPointer<UInt32>
    let places: UnsafeBufferPointer<UInt32>
    let size: Double

    static func key(row: Int, column: Int) -> Int64 { Int64(row + bias) << 32 | Int64(column + bias) }

    static func cell(_ coordinate: Coordinate, size: Double) -> (row: Int, column: Int) {
        (Int((coordinate.latitude / size).rounded(.down)), Int((coordinate.longitude / size).rounded(.down)))
    }

    /// The key of a coordinate's cell; nil for one the grid cannot hold
    /// (not finite, latitude beyond ±90° or longitude beyond ±540°).
    static func key(_ coordinate: Coordinate, size: Double) -> Int64? {
        guard abs(coordinate.latitude) <= 90, abs(coordinate.longitude) <= 540 else { return nil }
        let (row, column) = cell(coordinate, size: size)
        return key(row: row, column: column)
    }

    /// The positions of `keys` (cell keys of this `size`, or `.max` for
    /// none) sorted by key, then position: one sort of packed integers
    /// (each cell's rank on the grid above the position) rather than a
    /// sort with a comparison closure.
    static func order(of keys: [Int64], size: Double) -> [Int] {
        let rows = Int(90 / size) + 1
        let columns = Int(540 / size) + 1
        let none = UInt64((2 * rows + 1) * (2 * columns + 1))
        var packed = [UInt64](repeating: 0, count: keys.count)
        for (position, key) in keys.enumerated() {
            var rank = none
            if key != .max {
                let row = Int(key >> 32) - bias
                let column = Int(key & 0xFFFF_FFFF) - bias
                rank = UInt64((row + rows) * (2 * columns + 1) + column + columns)
            }
            packed[position] = rank << 32 | UInt64(position)
        }
        packed.sort()
        return packed.map { Int($0 & 0xFFFF_FFFF) }
    }

    /// The arrays of a cell index: sorted keys, each cell's start, and the
    /// places, cell by cell.
    struct Sections {
        var keys: [Int64] = []
        var starts: [UInt32] = [0]
        var places: [UInt32] = []
    }

    /// The cell index of places whose keys (cells of this `size`) are
    /// `keys[place]`, `.max` for a place left out.
    static func sections(keys: [Int64], size: Double) -> Sections {
        var result = Sections()
        result.starts = []
        for place in order(of: keys, size: size) {
            let key = keys[place]
            if key == .max { break }
            if result.keys.last != key {
                result.keys.append(key)
                result.starts.append(UInt32(result.places.count))
            }
            result.places.append(UInt32(place))
        }
        result.starts.append(UInt32(result.places.count))
        return result
    }

    /// The position of the first key not below `key`.
    private func lowerBound(_ key: Int64) -> Int { keys.lowerBound(key) }

    private func places(ofCellAt position: Int) -> UnsafeBufferPointer<UInt32> {
        UnsafeBufferPointer(rebasing: places[Int(starts[position])..<Int(starts[position + 1])])
    }

    /// The places in a region's cells (a few more around its edges), as
    /// ranges of positions, or nil when they are more than `limit`. Only
    /// for a grid of places numbered in the order of their cells (as an
    /// index numbers them), so that a row of cells is one range.
    func ranges(in region: CoordinateRegion, limit: Int) -> (ranges: [Range<UInt32>], count: Int)? {
        let south = region.center.latitude - region.span.latitudeDelta / 2
        let north = region.center.latitude + region.span.latitudeDelta / 2
        let west = region.center.longitude - region.span.longitudeDelta / 2
        let east = region.center.longitude + region.span.longitudeDelta / 2
        guard [south, north, west, east].allSatisfy(\.isFinite), east - west < 360 else { return nil }
        let rows = Int((max(south, -90) / size).rounded(.down))...Int((min(north, 90) / size).rounded(.down))
        let columns = Int((west / size).rounded(.down))...Int((east / size).rounded(.down))
        guard rows.count <= 4 * limit else { return nil }
        var ranges: [Range<UInt32>] = []
        var count = 0
        for row in rows {
            let first = lowerBound(Self.key(row: row, column: columns.lowerBound))
            let end = lowerBound(Self.key(row: row, column: columns.upperBound) + 1)
            guard first < end else { continue }
            let size = Int(starts[end] - starts[first])
            // Empty cells are never written; a hostile file's would point past the places.
            guard size > 0 else { continue }
            count += size
            if count > limit { return nil }
            let start = places[Int(starts[first])]
            ranges.append(start..<(start + UInt32(size)))
        }
        return (ranges, count)
    }

    /// The `k` places nearest to `point` by `distance` (metres), nearest
    /// first: rings of cells around the point's, until the ring is farther
    /// than the k-th distance found; far from every place, the occupied
    /// cells in order of their ring instead.
    func nearest(_ k: Int, to point: Coordinate, distance: (UInt32) -> Double) -> [(place: UInt32, distance: Double)] {
        guard k > 0, !keys.isEmpty, abs(point.latitude) <= 90, abs(point.longitude) <= 540 else { return [] }
        let (row, column) = Self.cell(point, size: size)
        // Every unseen place is at least `ring` cells away; a cell is
        // narrowest east-west, its size times the cosine of the latitude.
        let cellMetres = size * 111_000 * max(cos(point.latitude * .pi / 180), 0.01)
        var found: [(place: UInt32, distance: Double)] = []
        func settled(_ ring: Int) -> Bool {
            guard found.count >= k else { return false }
            found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.place < $1.place }
            return found[k - 1].distance <= Double(ring) * cellMetres
        }
        func visit(_ position: Int) {
            for place in places(ofCellAt: position) { found.append((place, distance(place))) }
        }
        let nearRings = 16
        for ring in 0...nearRings {
            for r in (row - ring)...(row + ring) {
                let edge = r == row - ring || r == row + ring
                let first = Self.key(row: r, column: column - ring)
                if edge {
                    var position = lowerBound(first)
                    let last = Self.key(row: r, column: column + ring)
                    while position < keys.count, keys[position] <= last {
                        visit(position)
                        position += 1
                    }
                } else {
                    for c in [column - ring, column + ring] {
                        let position = lowerBound(Self.key(row: r, column: c))
                        if position < keys.count, keys[position] == Self.key(row: r, column: c) { visit(position) }
                    }
                }
            }
            if settled(ring) { return Array(found.prefix(k)) }
        }
        // Far from the nearest places: every occupied cell beyond, by ring.
        var beyond: [(ring: Int, position: Int)] = []
        for (position, key) in keys.enumerated() {
            let r = Int(key >> 32) - Self.bias
            let c = Int(key & 0xFFFF_FFFF) - Self.bias
            let ring = max(abs(r - row), abs(c - column))
            if ring > nearRings { beyond.append((ring, position)) }
        }
        beyond.sort { $0.ring != $1.ring ? $0.ring < $1.ring : $0.position < $1.position }
        var i = 0
        while i < beyond.count {
            let ring = beyond[i].ring
            while i < beyond.count, beyond[i].ring == ring {
                visit(beyond[i].position)
                i += 1
            }
            if settled(ring) { return Array(found.prefix(k)) }
        }
        found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.place < $1.place }
        return Array(found.prefix(k))
    }
}

extension UnsafeBufferPointer where Element: Comparable {
    /// In sorted elements, the position of the first not below `value`.
    func lowerBound(_ value: Element) -> Int {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
