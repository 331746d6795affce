import MeridianCore
import MeridianValidity
import Testing

@testable import MeridianSpatial

/// Unions (coverages and overlapping polygons), the dissolve's groups and
/// aggregates, and the measures.
@Suite struct DissolveTests {
    static func square(_ west: Double, _ south: Double, _ size: Double = 1) -> Geometry {
        let ring = [
            (west, south), (west + size, south), (west + size, south + size), (west, south + size), (west, south),
        ]
        return .polygon([ring.map { Coordinate(latitude: $0.1, longitude: $0.0) }])
    }

    @Test func neighboursMergeAcrossTheirSharedBorder() throws {
        let operations = GeometryOperations()
        let merged = try #require(try operations.union(of: [Self.square(0, 0), Self.square(1, 0)]))
        #expect(operations.planarArea(merged) == 2)
        guard case .polygon(let rings) = merged else {
            Issue.record("not one polygon: \(merged)")
            return
        }
        #expect(rings.count == 1)
    }

    @Test func overlappingPolygonsMergeToTheirUnion() throws {
        let operations = GeometryOperations()
        let merged = try #require(try operations.union(of: [Self.square(0, 0), Self.square(0.5, 0)]))
        #expect(abs(operations.planarArea(merged) - 1.5) < 1e-12)
        #expect(GeometryValidator().problems(in: merged).isEmpty)
    }

    @Test func groupsComeOutInOrderWithTheirAggregates() {
        let dissolve = DissolveOperation(
            keys: ["country"],
            aggregates: [
                Aggregate(.count, name: "n"), Aggregate(.sum, field: "pop"),
                Aggregate(.min, field: "pop", name: "least"),
                Aggregate(.max, field: "name", name: "last"), Aggregate(.first, field: "name"),
                Aggregate(.list, field: "name", name: "names"),
            ], threads: 2)
        let states: [(String?, String, JSONValue, Geometry)] = [
            ("B", "b1", .integer(5), Self.square(10, 0)), ("A", "a1", .integer(2), Self.square(0, 0)),
            ("B", "b2", .double(1.5), Self.square(11, 0)), (nil, "x", .null, Self.square(20, 0)),
            ("A", "a2", .integer(3), Self.square(1, 0)),
        ]
        for (index, (country, name, pop, geometry)) in states.enumerated() {
            var properties = JSONObject([("name", .string(name)), ("pop", pop)])
            if let country { properties["country"] = .string(country) }
            #expect(
                dissolve.apply(
                    Feature(geometry: geometry, properties: properties), at: SourceLocation(record: index + 1)
                ).isEmpty)
        }
        let groups = dissolve.finish()
        #expect(groups.map { $0.properties["country"] } == ["B", "A", .null])
        #expect(
            groups[0].properties["n"] == 2 && groups[0].properties["pop"] == 6.5 && groups[0].properties["least"] == 1.5
        )
        #expect(
            groups[1].properties["pop"] == 5 && groups[1].properties["last"] == "a2"
                && groups[1].properties["name"] == "a1")
        #expect(groups[1].properties["names"] == ["a1", "a2"])
        #expect(groups[2].properties["pop"] == .null)
        #expect(groups.allSatisfy { $0.geometry != nil })
        let missing = dissolve.diagnostics.filter { $0.code == "dissolve.key.missing" }
        #expect(missing.count == 1 && missing[0].location.record == 4)
    }

    @Test func aSumStaysWholeUntilItOverflows() {
        let sum = Aggregate(.sum, field: "n")
        #expect(sum.value(of: [.integer(.max), .integer(1)]) == .double(Double(Int64.max) + 1))
        #expect(sum.value(of: [.integer(2), nil, .string("x")]) == 2)
        #expect(Aggregate(.min, field: "n").value(of: [.string("b"), .string("a")]) == "a")
    }

    @Test func measuresAreGeodesicAndHolesCount() {
        let outer = Self.square(0, 0, 2)
        let hole = Self.square(0.5, 0.5, 1)
        guard case .polygon(let shell) = outer, case .polygon(let inner) = hole else { return }
        let holed = Geometry.polygon(shell + inner)
        #expect(abs(holed.geodesicArea - (outer.geodesicArea - hole.geodesicArea)) < 1e-3)
        #expect(abs(holed.geodesicLength - (outer.geodesicLength + hole.geodesicLength)) < 1e-6)
        #expect(Geometry.point(Coordinate(latitude: 0, longitude: 0)).geodesicLength == 0)
        let measure = MeasureOperation(
            options: MeasureOptions(area: "area", shapes: [(.centroid, "c"), (.bbox, "box")], geometry: .convexHull))
        let out = measure.apply(Feature(geometry: holed), at: SourceLocation())[0]
        #expect(out.properties["c"] == [1.0, 1.0])
        #expect(out.properties["box"] == [0.0, 0.0, 2.0, 2.0])
        #expect(out.geometry.map { GeometryOperations().planarArea($0) } == 4)
    }
}

/// The overlay's kinds on two squares that overlap by half.
@Suite struct OverlayTests {
    static let left = Feature(geometry: DissolveTests.square(0, 0, 2), properties: JSONObject([("side", "left")]))
    static let right = Feature(geometry: DissolveTests.square(1, 0, 2), properties: JSONObject([("side", "right")]))

    func pieces(_ kind: OverlayKind) -> [(String, Double)] {
        let overlay = OverlayOperation(other: [Self.right], kind: kind)
        let out = overlay.apply(Self.left, at: SourceLocation()) + overlay.finish()
        #expect(overlay.diagnostics.isEmpty)
        let operations = GeometryOperations()
        return out.map { feature in
            let sides = [feature.properties["side"], feature.properties["side_2"]].compactMap { $0?.stringValue }
            return (sides.joined(separator: "+"), feature.geometry.map(operations.planarArea) ?? 0)
        }
    }

    @Test func eachKindMakesItsPieces() {
        #expect(pieces(.clip).map(\.0) == ["left"] && pieces(.clip).map(\.1) == [2])
        #expect(pieces(.erase).map(\.1) == [2])
        #expect(pieces(.intersect).map(\.0) == ["left+right"] && pieces(.intersect).map(\.1) == [2])
        #expect(pieces(.identity).map(\.0) == ["left+right", "left"])
        #expect(pieces(.union).map(\.0) == ["left+right", "left", "right"])
        #expect(pieces(.union).map(\.1) == [2, 2, 2])
        #expect(pieces(.symmetricDifference).map(\.0) == ["left", "right"])
    }

    @Test func aTouchLeavesNoLineBehind() {
        let beside = Feature(geometry: DissolveTests.square(2, 0), properties: JSONObject())
        let overlay = OverlayOperation(other: [beside], kind: .intersect)
        #expect(overlay.apply(Self.left, at: SourceLocation()).isEmpty)
    }
}
