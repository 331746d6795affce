import MeridianCore

/// Simplifies a whole layer so that borders shared by neighbouring
/// polygons stay shared: no gaps open between them and no overlaps
/// appear, as mapshaper guarantees (`convert --simplify T --topology`).
///
/// ```swift
/// let simpler = TopologySimplifier(tolerance: 0.05, method: .douglasPeucker).simplify(states)
/// ```
///
/// The rings and lines are cut into arcs at their junctions (a position
/// where the neighbouring positions differ from one ring to another, or
/// a line's end), as TopoJSON does; each distinct arc is simplified once,
/// its ends fixed, and every ring that runs along it, in either direction,
/// is rebuilt from that one simplified arc. A ring that would collapse
/// keeps its arcs whole (in its neighbours too), so small islands and
/// enclaves survive, as mapshaper's keep-shapes does; and arcs whose
/// simplified forms would cross another arc keep their positions too, so
/// that no overlap or gap appears where none was.
///
/// Cost: the whole layer is held (topology needs every neighbour); hashing
/// is linear in the positions, simplification as in ``Simplification``.
public struct TopologySimplifier: Sendable {
    public var tolerance: Double
    public var method: Simplification.Method

    public init(tolerance: Double, method: Simplification.Method = .douglasPeucker) {
        self.tolerance = tolerance
        self.method = method
    }

    public func simplify(_ features: [Feature]) -> [Feature] {
        // 1. Junctions.
        var topology = ArcTopology()
        for feature in features { topology.add(feature.geometry) }

        // 2 and 3. Cut into arcs, simplify each distinct arc once, rebuild.
        var simplified: [Int: [Coordinate]] = [:]
        // Arcs of rings that would collapse keep every position, in every
        // ring that runs along them (mapshaper's keep-shapes): a small
        // island stays, and its border with its neighbour stays shared.
        var kept: Set<Int> = []
        var collapsedArcs: Set<Int> = []
        func simplifiedArc(_ use: ArcTopology.Use) -> [Coordinate] {
            let arc = topology.arcs[use.index]
            let result: [Coordinate]
            if kept.contains(use.index) {
                result = arc
            } else if let done = simplified[use.index] {
                result = done
            } else {
                result = Simplification.simplify(arc, tolerance: tolerance, method: method)
                simplified[use.index] = result
            }
            return use.reversed ? result.reversed() : result
        }
        func rebuild(_ path: [Coordinate], closed: Bool) -> [Coordinate]? {
            guard path.count > 2 else { return path }
            let uses = topology.cut(path, closed: closed)
            var result = simplifiedArc(uses[0])
            for use in uses.dropFirst() { result += simplifiedArc(use).dropFirst() }
            if closed, Set(result.map { [$0.longitude.bitPattern, $0.latitude.bitPattern] }).count < 3 {
                collapsedArcs.formUnion(uses.map(\.index))
                return nil
            }
            return result
        }
        // A first pass finds the rings that would collapse, and the arcs
        // whose simplified forms cross another's (which would open a gap or
        // an overlap); those keep every position, and the check repeats.
        for feature in features { if let geometry = feature.geometry { _ = Self.mapPaths(geometry, rebuild) } }
        kept = collapsedArcs
        for _ in 0..<8 {
            let current = simplified.filter { !kept.contains($0.key) }
            let crossing = Self.crossingArcs(current)
            if crossing.isEmpty { break }
            kept.formUnion(crossing)
        }
        return features.map { feature in
            guard let geometry = feature.geometry, let rebuilt = Self.mapPaths(geometry, rebuild) else {
                return feature
            }
            var copy = feature
            copy.geometry = rebuilt
            return copy
        }
    }

    /// The arcs (by index) whose simplified segments cross a segment of
    /// another arc, or of themselves, other than at a shared end: a sweep
    /// over segments sorted by their western end.
    static func crossingArcs(_ arcs: [Int: [Coordinate]]) -> Set<Int> {
        struct Segment {
            var a: Coordinate
            var b: Coordinate
            var arc: Int
            var index: Int
            var minX: Double { min(a.longitude, b.longitude) }
            var maxX: Double { max(a.longitude, b.longitude) }
        }
        let keys = Array(arcs.keys)
        var segments: [Segment] = []
        for (arc, key) in keys.enumerated() {
            let line = arcs[key]!
            for index in 0..<max(line.count - 1, 0) where line[index] != line[index + 1] {
                segments.append(Segment(a: line[index], b: line[index + 1], arc: arc, index: index))
            }
        }
        segments.sort { $0.minX < $1.minX }
        func orientation(_ p: Coordinate, _ q: Coordinate, _ r: Coordinate) -> Double {
            (q.longitude - p.longitude) * (r.latitude - p.latitude) - (q.latitude - p.latitude)
                * (r.longitude - p.longitude)
        }
        var crossing: Set<Int> = []
        for i in segments.indices {
            let s = segments[i]
            var j = i + 1
            while j < segments.count, segments[j].minX <= s.maxX {
                let t = segments[j]
                j += 1
                if s.arc == t.arc, abs(s.index - t.index) <= 1 { continue }
                if s.a == t.a || s.a == t.b || s.b == t.a || s.b == t.b { continue }
                if max(s.a.latitude, s.b.latitude) < min(t.a.latitude, t.b.latitude)
                    || max(t.a.latitude, t.b.latitude) < min(s.a.latitude, s.b.latitude)
                {
                    continue
                }
                let d1 = orientation(s.a, s.b, t.a)
                let d2 = orientation(s.a, s.b, t.b)
                let d3 = orientation(t.a, t.b, s.a)
                let d4 = orientation(t.a, t.b, s.b)
                if (d1 > 0) != (d2 > 0), (d3 > 0) != (d4 > 0), d1 != 0, d2 != 0, d3 != 0, d4 != 0 {
                    crossing.insert(s.arc)
                    crossing.insert(t.arc)
                }
            }
        }
        return Set(crossing.map { keys[$0] })
    }

    /// The geometry with each path rebuilt; a ring that collapses drops
    /// out (a polygon whose exterior collapses drops out whole); nil when
    /// nothing is left.
    static func mapPaths(_ geometry: Geometry, _ rebuild: ([Coordinate], Bool) -> [Coordinate]?) -> Geometry? {
        func polygon(_ rings: [[Coordinate]]) -> [[Coordinate]]? {
            guard let exterior = rings.first.flatMap({ rebuild($0, true) }) else { return nil }
            return [exterior] + rings.dropFirst().compactMap { rebuild($0, true) }
        }
        switch geometry {
        case .lineString(let line): return rebuild(line, false).map(Geometry.lineString)
        case .multiLineString(let lines):
            let kept = lines.compactMap { rebuild($0, false) }
            return kept.isEmpty ? nil : .multiLineString(kept)
        case .polygon(let rings): return polygon(rings).map(Geometry.polygon)
        case .multiPolygon(let polygons):
            let kept = polygons.compactMap(polygon)
            return kept.isEmpty ? nil : .multiPolygon(kept)
        case .geometryCollection(let members):
            let kept = members.compactMap { mapPaths($0, rebuild) }
            return kept.isEmpty ? nil : .geometryCollection(kept)
        default: return geometry
        }
    }
}
