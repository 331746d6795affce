import MeridianCore

/// Places bucketed by a grid of 0.05° cells (about 5 km), for finding the
/// nearest ones without looking at every place.
///
/// ```swift
/// var grid = PlaceGrid()
/// grid.insert(7, at: coordinate)
/// grid.nearest(5, to: point, distance: { PlaceIndex.haversine(point, places[Int($0)].coordinate) })
/// ```
struct PlaceGrid: Sendable {
    static let cell = 0.05
    private var cells: [Int64: [Int32]] = [:]
    private(set) var count = 0

    static func key(_ row: Int, _ column: Int) -> Int64 { Int64(row) << 32 | Int64(UInt32(bitPattern: Int32(column))) }

    static func cell(of coordinate: Coordinate) -> (row: Int, column: Int) {
        (Int((coordinate.latitude / cell).rounded(.down)), Int((coordinate.longitude / cell).rounded(.down)))
    }

    /// True for a coordinate the grid can hold: finite, latitude within
    /// ±90° and longitude within ±540° (data beyond is left out, never a trap).
    static func holds(_ coordinate: Coordinate) -> Bool {
        abs(coordinate.latitude) <= 90 && abs(coordinate.longitude) <= 540
    }

    mutating func insert(_ place: Int32, at coordinate: Coordinate) {
        guard Self.holds(coordinate) else { return }
        let (row, column) = Self.cell(of: coordinate)
        cells[Self.key(row, column), default: []].append(place)
        count += 1
    }

    /// The `k` places nearest to `point` by `distance` (metres), nearest
    /// first: rings of cells around the point's, until the ring is farther
    /// than the k-th distance found.
    func nearest(_ k: Int, to point: Coordinate, distance: (Int32) -> Double) -> [(place: Int32, distance: Double)] {
        guard k > 0, count > 0, Self.holds(point) else { return [] }
        let (row, column) = Self.cell(of: point)
        var found: [(place: Int32, distance: Double)] = []
        let maximumRing = Int(180 / Self.cell)
        var ring = 0
        func visit(_ r: Int, _ c: Int) {
            for place in cells[Self.key(r, c)] ?? [] { found.append((place, distance(place))) }
        }
        while ring <= maximumRing {
            if ring == 0 {
                visit(row, column)
            } else {
                for c in (column - ring)...(column + ring) {
                    visit(row - ring, c)
                    visit(row + ring, c)
                }
                for r in (row - ring + 1)...(row + ring - 1) {
                    visit(r, column - ring)
                    visit(r, column + ring)
                }
            }
            if found.count >= k {
                found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.place < $1.place }
                // Every unseen place is at least `ring` cells away; a cell is
                // narrowest east-west, 5.5 km times the cosine of the latitude.
                let reach = Double(ring) * Self.cell * 111_000 * max(cos(point.latitude * .pi / 180), 0.01)
                if found[k - 1].distance <= reach { return Array(found.prefix(k)) }
            }
            if found.count == count { break }
            ring += 1
        }
        found.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.place < $1.place }
        return Array(found.prefix(k))
    }
}
