import Foundation
import MeridianCore
import Testing

@testable import MeridianValidity

/// `repair` on each kind of fault: the result is valid, and the changes
/// name what was done.
@Suite struct GeometryRepairTests {
    static func ring(_ points: [(Double, Double)]) -> [Coordinate] {
        points.map { Coordinate(latitude: $0.1, longitude: $0.0) }
    }

    static let square = ring([(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)])

    func repaired(_ geometry: Geometry, precision: Int? = nil) -> GeometryRepair {
        let validator = GeometryValidator()
        let repair = validator.repair(geometry, options: .init(precision: precision))
        if let result = repair.geometry {
            #expect(validator.problems(in: result).isEmpty, "still invalid: \(result)")
        }
        return repair
    }

    @Test func aValidRightHandPolygonIsLeftAlone() {
        let repair = repaired(.polygon([Self.square]))
        #expect(repair.changes.isEmpty)
        #expect(repair.geometry == .polygon([Self.square]))
    }

    @Test func aBowTieBecomesTwoTriangles() throws {
        let repair = repaired(.polygon([Self.ring([(0, 0), (10, 10), (10, 0), (0, 10), (0, 0)])]))
        guard case .multiPolygon(let parts) = try #require(repair.geometry) else {
            Issue.record("not a MultiPolygon: \(String(describing: repair.geometry))")
            return
        }
        #expect(parts.count == 2)
        #expect(repair.changes.map(\.code) == ["fix.geometry.made-valid"])
        #expect(repair.geometry?.followsRightHandRule == true)
    }

    @Test func localFaultsAreCleanedWithoutMakeValid() throws {
        // Unclosed, a repeated position, a spike up to (5, 15), wound clockwise.
        let ring = Self.ring([(0, 0), (0, 10), (5, 10), (5, 15), (5, 10), (10, 10), (10, 10), (10, 0)])
        let repair = repaired(.polygon([ring]))
        #expect(
            Set(repair.changes.map(\.code)) == [
                "fix.ring.closed", "fix.point.removed", "fix.spike.removed", "fix.ring.rewound",
            ])
        guard case .polygon(let rings) = try #require(repair.geometry) else { return }
        #expect(rings[0].count == 6 && rings[0].first == rings[0].last)
        #expect(!rings[0].contains(Coordinate(latitude: 15, longitude: 5)))
    }

    @Test func nonFiniteAndDegenerateRingsAreDropped() throws {
        let hole = Self.ring([(1, 1), (2, 1), (1, 1), (1, 1)])
        let repair = repaired(.polygon([Self.square, hole]))
        #expect(repair.changes.map(\.code).contains("fix.ring.dropped"))
        #expect(repair.geometry == .polygon([Self.square]))
        let nan = repaired(.polygon([Self.ring([(0, 0), (.nan, 1), (10, 0), (10, 10), (0, 10), (0, 0)])]))
        #expect(nan.changes.first?.code == "fix.coordinate.dropped")
        #expect(nan.geometry == .polygon([Self.square]))
        let collapsed = repaired(.polygon([Self.ring([(0, 0), (1, 1), (0, 0), (0, 0)])]))
        #expect(collapsed.geometry == nil)
        #expect(collapsed.changes.last?.code == "fix.geometry.dropped")
        #expect(repaired(.point(Coordinate(latitude: .infinity, longitude: 0))).geometry == nil)
    }

    @Test func aMultiPolygonStaysMulti() {
        let repair = repaired(.multiPolygon([[Self.square]]))
        #expect(repair.geometry == .multiPolygon([[Self.square]]))
    }

    @Test func precisionSnapsWithoutNewInvalidity() throws {
        // Two vertices 1e-7 apart collapse at 6 decimals: GEOS keeps the result valid.
        let thin = Self.ring([(0, 0), (1, 0), (1, 1e-7), (0, 2e-7), (0, 0)])
        let repair = repaired(.multiPolygon([[Self.square], [thin]]), precision: 6)
        let kept = try #require(repair.geometry)
        kept.forEachCoordinate { c in
            #expect((c.longitude * 1e6).rounded() / 1e6 == c.longitude)
        }
        #expect(repair.changes.isEmpty || repair.changes.allSatisfy { $0.code.hasPrefix("fix.") })
        let line = repaired(.lineString(Self.ring([(0.123456789, 1), (2, 3)])), precision: 3)
        #expect(line.geometry == .lineString(Self.ring([(0.123, 1), (2, 3)])))
    }

    @Test func spikesAreCutAtTheSeamToo() {
        var points = Self.ring([(5, 15), (5, 10), (10, 10), (10, 0), (0, 0), (0, 10), (5, 10)])
        #expect(GeometryValidator.removeSpikes(&points) == 1)
        #expect(!points.contains(Coordinate(latitude: 15, longitude: 5)))
    }

    /// A million-vertex ring is cleaned and checked in linear-ish time
    /// (no quadratic pass): the test only has to finish.
    @Test func aMillionVertexRingIsRepaired() throws {
        let n = 1_000_000
        var ring = (0..<n).map { i -> Coordinate in
            let angle = Double(i) / Double(n) * 2 * .pi
            return Coordinate(latitude: sin(angle), longitude: cos(angle))
        }
        ring[n / 2] = Coordinate(latitude: 5, longitude: 5)  // a crossing spike out
        ring.append(ring[0])
        let repair = repaired(.polygon([ring]))
        #expect(repair.geometry != nil)
    }
}
