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

    /// A 200 000-vertex ring is cleaned, checked and rebuilt (in a worker
    /// process, within the time and memory limits) in linear-ish time.
    /// (A million vertices need more than the 512 MB MakeValid may take,
    /// and are left as they were: `fix.geometry.unrepaired`.)
    @Test func aLargeRingIsRepaired() throws {
        let n = 200_000
        var ring = (0..<n).map { i -> Coordinate in
            let angle = Double(i) / Double(n) * 2 * .pi
            return Coordinate(latitude: sin(angle), longitude: cos(angle))
        }
        ring[n / 2] = Coordinate(latitude: 5, longitude: 5)  // a crossing spike out
        ring.append(ring[0])
        let repair = repaired(.polygon([ring]))
        #expect(repair.changes.map(\.code) == ["fix.geometry.made-valid"])
    }

    /// A star whose edges cross each other about 10 000 times takes GEOS
    /// a minute and more: past the time limit it is left as it was, with
    /// an error, in about the limit.
    @Test func aPolygonGEOSCannotRebuildInTimeIsLeftAsItWas() throws {
        let n = 200
        var ring = (0..<n).map { i -> Coordinate in
            let angle = Double(i * (n / 2 - 1) % n) / Double(n) * 2 * .pi
            return Coordinate(latitude: sin(angle), longitude: cos(angle) + 1e-7 * Double(i))
        }
        ring.append(ring[0])
        let start = Date()
        let repair = GeometryValidator().repair(.polygon([ring]), options: .init(timeLimit: 1))
        #expect(Date().timeIntervalSince(start) < 20)
        #expect(repair.geometry == .polygon([ring]))
        #expect(repair.changes.map(\.code) == ["fix.geometry.unrepaired"])
        #expect(repair.changes.first?.message.contains("did not finish within 1 s") == true)
        #expect(repair.changes.first?.severity == .error)
    }

    /// Snapping never drops or breaks a geometry: a polygon that would
    /// lose its area, or a line that would shrink to one position, keeps
    /// its precision with a warning.
    @Test func precisionThatWouldCollapseAGeometryIsNotApplied() throws {
        let tiny = Self.ring([(0.1001, 0.1001), (0.1003, 0.1001), (0.1003, 0.1003), (0.1001, 0.1003), (0.1001, 0.1001)])
        let polygon = repaired(.polygon([tiny]), precision: 2)
        #expect(polygon.geometry == .polygon([tiny]))
        #expect(polygon.changes.map(\.code) == ["fix.precision.kept"])
        let door = Self.ring([(0.10001, 0.2), (0.10004, 0.2)])
        let line = repaired(.lineString(door), precision: 3)
        #expect(line.geometry == .lineString(door))
        #expect(line.changes.map(\.code) == ["fix.precision.kept"])
        #expect(line.changes.first?.severity == .warning)
        // A line that only loses a repeated position is snapped, without the repeat.
        let snapped = repaired(.lineString(Self.ring([(0, 0), (0.0001, 0), (1, 1)])), precision: 2)
        #expect(snapped.geometry == .lineString(Self.ring([(0, 0), (1, 1)])))
    }
}
