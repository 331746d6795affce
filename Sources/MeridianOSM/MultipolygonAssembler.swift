import MeridianCore

/// Builds the polygons of an area from the lines of its ways: a closed way
/// alone, or the member ways of a `multipolygon` or `boundary` relation.
///
/// 1. Segments that the member ways hold twice (two holes that share an
///    edge, a way listed twice) cancel out, as in osmium's assembler, so
///    that holes sharing an edge become one hole. Ways are then joined end
///    to end, at shared positions, into closed rings; a ring that cannot be
///    closed is a problem naming where it stops.
/// 2. A ring that passes a position twice (rings touching at a point, a
///    figure eight) is split there into rings that do not.
/// 3. Each ring's role comes from containment, not from the members'
///    roles (which are often wrong in the data): a ring inside an odd
///    number of others is a hole of the smallest ring around it, the rest
///    are outer rings; roles that disagree are reported by the caller.
/// 4. Outer rings are turned counterclockwise and holes clockwise, as RFC
///    7946 asks.
///
/// The caller then checks the polygons with GEOS. Where they are not
/// valid and the rings are (rings that overlap, or touch along an edge),
/// the area is what an even-odd fill of the rings covers, as renderers
/// draw a multipolygon: GEOS's symmetric difference of the rings. An area
/// is written only when it is then valid.
struct MultipolygonAssembler {
    enum Problem: Error {
        /// A ring that cannot be closed: it ends at this position.
        case openRing(OSMLocation)
        /// No ring of three or more distinct positions.
        case noRings
    }

    struct Ring {
        var points: [Int64]
        var area: Double
        var west: Int32, south: Int32, east: Int32, north: Int32
        var depth = 0
        var parent: Int?

        init(_ points: [Int64]) {
            self.points = points
            (west, south, east, north) = MultipolygonAssembler.bounds(points)
            area = Ring.signedArea(points)
        }

        /// Twice the signed area in the plane of 1e-7 degrees, relative to
        /// the first point (positive: counterclockwise).
        static func signedArea(_ points: [Int64]) -> Double {
            guard points.count > 3 else { return 0 }
            let origin = OSMLocation(packed: points[0])
            var sum = 0.0
            var previous = OSMLocation(packed: points[0])
            for point in points.dropFirst() {
                let next = OSMLocation(packed: point)
                let x1 = Double(Int64(previous.longitude) - Int64(origin.longitude))
                let y1 = Double(Int64(previous.latitude) - Int64(origin.latitude))
                let x2 = Double(Int64(next.longitude) - Int64(origin.longitude))
                let y2 = Double(Int64(next.latitude) - Int64(origin.latitude))
                sum += x1 * y2 - x2 * y1
                previous = next
            }
            return sum
        }

        func contains(box other: Ring) -> Bool {
            west <= other.west && east >= other.east && south <= other.south && north >= other.north
        }

        /// Whether `location` is inside (1), outside (-1) or on (0) the ring.
        func side(of location: OSMLocation) -> Int {
            let x = Double(location.longitude)
            let y = Double(location.latitude)
            var inside = false
            var previous = OSMLocation(packed: points[points.count - 1])
            for point in points {
                let next = OSMLocation(packed: point)
                let x1 = Double(previous.longitude)
                let y1 = Double(previous.latitude)
                let x2 = Double(next.longitude)
                let y2 = Double(next.latitude)
                if next == location { return 0 }
                // On the segment?
                if min(x1, x2) <= x, x <= max(x1, x2), min(y1, y2) <= y, y <= max(y1, y2),
                    (x2 - x1) * (y - y1) == (y2 - y1) * (x - x1)
                {
                    return 0
                }
                if (y1 > y) != (y2 > y), x < (x2 - x1) * (y - y1) / (y2 - y1) + x1 { inside.toggle() }
                previous = next
            }
            return inside ? 1 : -1
        }
    }

    /// What `lines` make: the polygons (outer ring, then holes), and the
    /// closed rings they were made of.
    struct Assembly {
        var polygons: [[[Int64]]]
        var rings: [[Int64]]
    }

    /// The polygons made from `lines`, each a way's positions in order.
    static func assemble(_ lines: [[Int64]]) -> Result<Assembly, Problem> {
        var closed: [[Int64]] = []
        var open: [[Int64]] = []
        for line in lines.count > 1 ? cancellingRepeatedSegments(lines) : lines {
            var points: [Int64] = []
            points.reserveCapacity(line.count)
            for point in line where points.last != point { points.append(point) }
            guard points.count >= 2 else { continue }
            if points.first == points.last { closed.append(points) } else { open.append(points) }
        }
        switch join(open) {
        case .success(let joined): closed += joined
        case .failure(let problem): return .failure(problem)
        }
        var rings: [Ring] = []
        for ring in closed {
            for part in splitAtRepeats(ring) where part.count >= 4 {
                let ring = Ring(part)
                if ring.area != 0 { rings.append(ring) }
            }
        }
        guard !rings.isEmpty else { return .failure(.noRings) }
        // Largest first: a ring can only be inside a larger one.
        rings.sort { abs($0.area) > abs($1.area) }
        for index in rings.indices {
            var container: Int?
            // The smallest ring around it is the last one found.
            for candidate in stride(from: index - 1, through: 0, by: -1)
            where rings[candidate].contains(box: rings[index]) && isInside(rings[index], rings[candidate]) {
                container = candidate
                break
            }
            if let container {
                rings[index].depth = rings[container].depth + 1
                rings[index].parent = container
            }
        }
        var polygons: [[[Int64]]] = []
        var polygonOf = [Int: Int]()
        for index in rings.indices where rings[index].depth % 2 == 0 {
            polygonOf[index] = polygons.count
            polygons.append([oriented(rings[index], counterclockwise: true)])
        }
        for index in rings.indices where rings[index].depth % 2 == 1 {
            guard let parent = rings[index].parent, let polygon = polygonOf[parent] else { continue }
            polygons[polygon].append(oriented(rings[index], counterclockwise: false))
        }
        return .success(Assembly(polygons: polygons, rings: rings.map(\.points)))
    }

    private static func oriented(_ ring: Ring, counterclockwise: Bool) -> [Int64] {
        (ring.area > 0) == counterclockwise ? ring.points : ring.points.reversed()
    }

    /// Whether `inner` lies inside `outer`: decided by the first of its
    /// positions that is not on `outer`'s boundary.
    private static func isInside(_ inner: Ring, _ outer: Ring) -> Bool {
        for point in inner.points.dropLast() {
            let side = outer.side(of: OSMLocation(packed: point))
            if side != 0 { return side > 0 }
        }
        // Every position on the other's boundary: a midpoint decides.
        let a = OSMLocation(packed: inner.points[0])
        let b = OSMLocation(packed: inner.points[1])
        let x = (Double(a.longitude) + Double(b.longitude)) / 2
        let y = (Double(a.latitude) + Double(b.latitude)) / 2
        var inside = false
        var previous = OSMLocation(packed: outer.points[outer.points.count - 1])
        for point in outer.points {
            let next = OSMLocation(packed: point)
            let x1 = Double(previous.longitude)
            let y1 = Double(previous.latitude)
            let x2 = Double(next.longitude)
            let y2 = Double(next.latitude)
            if (y1 > y) != (y2 > y), x < (x2 - x1) * (y - y1) / (y2 - y1) + x1 { inside.toggle() }
            previous = next
        }
        return inside
    }

    /// `lines` without the segments they hold an even number of times
    /// (either way round), the rest as two-point lines; `lines` as they are
    /// when no segment repeats.
    private static func cancellingRepeatedSegments(_ lines: [[Int64]]) -> [[Int64]] {
        struct Segment: Hashable {
            var low: Int64
            var high: Int64
        }
        var counts: [Segment: Int] = [:]
        var repeated = false
        for line in lines {
            for index in line.indices.dropLast() where line[index] != line[index + 1] {
                let a = line[index]
                let b = line[index + 1]
                let segment = Segment(low: min(a, b), high: max(a, b))
                let count = counts[segment, default: 0] + 1
                counts[segment] = count
                if count > 1 { repeated = true }
            }
        }
        guard repeated else { return lines }
        var kept: [[Int64]] = []
        for line in lines {
            for index in line.indices.dropLast() where line[index] != line[index + 1] {
                let a = line[index]
                let b = line[index + 1]
                let segment = Segment(low: min(a, b), high: max(a, b))
                // Each odd-counted segment once, in the first way's direction.
                guard let count = counts[segment] else { continue }
                counts[segment] = nil
                if count % 2 == 1 { kept.append([a, b]) }
            }
        }
        return kept
    }

    /// Open lines joined end to end into closed rings.
    private static func join(_ lines: [[Int64]]) -> Result<[[Int64]], Problem> {
        guard !lines.isEmpty else { return .success([]) }
        var ends: [Int64: [Int]] = [:]
        for (index, line) in lines.enumerated() {
            ends[line[0], default: []].append(index)
            ends[line[line.count - 1], default: []].append(index)
        }
        var used = [Bool](repeating: false, count: lines.count)
        var rings: [[Int64]] = []
        for start in lines.indices where !used[start] {
            used[start] = true
            var ring = lines[start]
            while ring.last != ring.first {
                let end = ring[ring.count - 1]
                guard let next = ends[end]?.first(where: { !used[$0] }) else {
                    return .failure(.openRing(OSMLocation(packed: end)))
                }
                used[next] = true
                let line = lines[next]
                if line[0] == end {
                    ring.append(contentsOf: line.dropFirst())
                } else {
                    ring.append(contentsOf: line.reversed().dropFirst())
                }
            }
            rings.append(ring)
        }
        return .success(rings)
    }

    /// A closed ring split where it passes a position twice, into closed
    /// rings that each pass every position once.
    static func splitAtRepeats(_ ring: [Int64]) -> [[Int64]] {
        // Small rings (most buildings): a quadratic scan finds no repeat
        // faster than a dictionary.
        if ring.count <= 32 {
            var repeated = false
            outer: for i in 0..<(ring.count - 1) {
                for j in (i + 1)..<(ring.count - 1) where ring[i] == ring[j] {
                    repeated = true
                    break outer
                }
            }
            if !repeated { return [ring] }
        }
        var parts: [[Int64]] = []
        var stack: [Int64] = []
        var seen: [Int64: Int] = [:]
        for point in ring {
            if let position = seen[point] {
                let part = Array(stack[position...]) + [point]
                parts.append(part)
                for removed in stack[(position + 1)...] { seen[removed] = nil }
                stack.removeSubrange((position + 1)...)
            } else {
                seen[point] = stack.count
                stack.append(point)
            }
        }
        return parts
    }
}

extension MultipolygonAssembler {
    /// The west, south, east and north of `points`, in 1e-7 degree.
    static func bounds(_ points: [Int64]) -> (Int32, Int32, Int32, Int32) {
        var west = Int32.max
        var south = Int32.max
        var east = Int32.min
        var north = Int32.min
        for point in points {
            let location = OSMLocation(packed: point)
            west = min(west, location.longitude)
            east = max(east, location.longitude)
            south = min(south, location.latitude)
            north = max(north, location.latitude)
        }
        return (west, south, east, north)
    }

    /// Whether a closed ring with no repeated position is simple (no two
    /// of its segments meet but neighbours at their shared end), decided
    /// exactly in integers for a ring of up to 64 positions spanning less
    /// than 100 degrees; nil past that (GEOS decides). Most buildings are
    /// decided here, in well under a microsecond.
    static func isSimple(_ ring: [Int64]) -> Bool? {
        let count = ring.count - 1
        guard count >= 3, count <= 64 else { return nil }
        let (west, south, east, north) = bounds(ring)
        guard Int64(east) - Int64(west) < 1_000_000_000, Int64(north) - Int64(south) < 1_000_000_000 else { return nil }
        @inline(__always) func x(_ index: Int) -> Int64 { Int64(Int32(truncatingIfNeeded: ring[index])) }
        @inline(__always) func y(_ index: Int) -> Int64 { ring[index] >> 32 }
        func orientation(_ a: Int, _ b: Int, _ c: Int) -> Int64 {
            let value = (x(b) - x(a)) * (y(c) - y(a)) - (y(b) - y(a)) * (x(c) - x(a))
            return value > 0 ? 1 : value < 0 ? -1 : 0
        }
        func onSegment(_ a: Int, _ b: Int, _ c: Int) -> Bool {
            min(x(a), x(b)) <= x(c) && x(c) <= max(x(a), x(b)) && min(y(a), y(b)) <= y(c) && y(c) <= max(y(a), y(b))
        }
        for i in 0..<count {
            // A neighbour that doubles back along the segment.
            let next = (i + 1) % count
            if orientation(i, i + 1, next + 1) == 0,
                (x(i + 1) - x(i)) * (x(next + 1) - x(next)) + (y(i + 1) - y(i)) * (y(next + 1) - y(next)) < 0
            {
                return false
            }
            for j in stride(from: i + 2, to: count, by: 1) where !(i == 0 && j == count - 1) {
                let o1 = orientation(i, i + 1, j)
                let o2 = orientation(i, i + 1, j + 1)
                let o3 = orientation(j, j + 1, i)
                let o4 = orientation(j, j + 1, i + 1)
                if o1 != o2 && o3 != o4 { return false }
                if o1 == 0 && onSegment(i, i + 1, j) { return false }
                if o2 == 0 && onSegment(i, i + 1, j + 1) { return false }
                if o3 == 0 && onSegment(j, j + 1, i) { return false }
                if o4 == 0 && onSegment(j, j + 1, i + 1) { return false }
            }
        }
        return true
    }
}
