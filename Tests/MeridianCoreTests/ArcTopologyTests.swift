import Testing

@testable import MeridianCore

/// Shared arcs, and whether a geometry meets a box.
struct ArcTopologyTests {
    func c(_ x: Double, _ y: Double) -> Coordinate { Coordinate(latitude: y, longitude: x) }

    @Test func aSharedBorderIsOneArcRunBothWays() {
        let left = [c(0, 0), c(1, 0), c(1, 1), c(0, 1), c(0, 0)]
        let right = [c(1, 0), c(2, 0), c(2, 1), c(1, 1), c(1, 0)]
        var topology = ArcTopology()
        topology.add(.polygon([left]))
        topology.add(.polygon([right]))
        let a = topology.cut(left, closed: true)
        let b = topology.cut(right, closed: true)
        #expect(topology.arcs.count == 3)
        let shared = Set(a.map(\.index)).intersection(b.map(\.index))
        #expect(shared.count == 1)
        let border = shared.first!
        #expect(a.first { $0.index == border }!.reversed != b.first { $0.index == border }!.reversed)
        #expect(Set(topology.arcs[border].map(\.longitude)) == [1])
        // The arcs give each ring back, from its first junction.
        for (ring, uses) in [(left, a), (right, b)] {
            var rebuilt = topology.positions(of: uses[0])
            for use in uses.dropFirst() { rebuilt += topology.positions(of: use).dropFirst() }
            #expect(rebuilt.count == ring.count && rebuilt.first == rebuilt.last)
            #expect(Set(rebuilt.map { [$0.longitude, $0.latitude] }) == Set(ring.map { [$0.longitude, $0.latitude] }))
        }
        // An island, cut again, is the same one arc.
        let island = [c(5, 5), c(6, 5), c(6, 6), c(5, 5)]
        topology.add(island, closed: true)
        #expect(
            topology.cut(island, closed: true)
                == topology.cut(island.reversed(), closed: true).map {
                    ArcTopology.Use(index: $0.index, reversed: !$0.reversed)
                })
    }

    @Test func aGeometryMeetsABoxWhereItSharesAPointWithIt() {
        let box = BoundingBox(west: 0, south: 0, east: 1, north: 1)
        // A line across the box with no position inside it.
        #expect(Geometry.lineString([c(-1, 0.5), c(2, 0.5)]).meets(box))
        // A line whose bounds cover the box but which passes beside it.
        #expect(!Geometry.lineString([c(-1, 1.5), c(2, 3), c(3, -1)]).meets(box))
        // A polygon over the box, and one with the box in its hole.
        let big = [c(-5, -5), c(5, -5), c(5, 5), c(-5, 5), c(-5, -5)]
        let hole = [c(-2, -2), c(-2, 2), c(2, 2), c(2, -2), c(-2, -2)]
        #expect(Geometry.polygon([big]).meets(box))
        #expect(!Geometry.polygon([big, hole]).meets(box))
        // A triangle whose bounds reach the box but whose edge turns away.
        #expect(!Geometry.polygon([[c(-3, 2), c(3, 8), c(-3, 8), c(-3, 2)]]).meets(box))
        // Touching counts.
        #expect(Geometry.point(c(1, 1)).meets(box))
        #expect(Geometry.multiPoint([c(3, 3), c(0.5, 0.5)]).meets(box))
        #expect(!Geometry.multiPoint([c(3, 3), c(-0.5, 0.5)]).meets(box))
    }
}
