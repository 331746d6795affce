import MeridianCore
import MeridianValidity
import Testing

@testable import MeridianSpatial

/// The R-tree against a scan, the point locator against GEOS, and the
/// join's forms: left and inner, one-to-one and one-to-many, either side
/// held, and the nearest feature.
@Suite struct JoinTests {
    static func c(_ longitude: Double, _ latitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    static func square(_ west: Double, _ south: Double, _ size: Double = 1) -> Geometry {
        let ring = [
            (west, south), (west + size, south), (west + size, south + size), (west, south + size), (west, south),
        ]
        return .polygon([ring.map { c($0.0, $0.1) }])
    }

    /// A deterministic stream of numbers in [0, 1).
    struct Numbers {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        mutating func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
    }

    @Test func theTreeFindsWhatAScanFinds() {
        var numbers = Numbers()
        let boxes: [BoundingBox?] = (0..<2_000).map { index in
            if index % 97 == 0 { return nil }
            let west = numbers.next() * 100
            let south = numbers.next() * 50
            return BoundingBox(
                west: west, south: south, east: west + numbers.next() * 3, north: south + numbers.next() * 3)
        }
        let tree = STRTree(boxes: boxes)
        for _ in 0..<200 {
            let west = numbers.next() * 100
            let south = numbers.next() * 50
            let query = BoundingBox(west: west, south: south, east: west + 5, north: south + 2)
            var found: [Int] = []
            tree.search(query) { found.append($0) }
            let expected = boxes.indices.filter { index in
                guard let box = boxes[index] else { return false }
                return box.west <= query.east && box.east >= query.west && box.south <= query.north
                    && box.north >= query.south
            }
            #expect(found.sorted() == expected)
        }
        #expect(STRTree(boxes: []).isEmpty)
    }

    @Test func theLocatorAgreesWithGEOS() throws {
        // A square with a square hole, and a second square beside it.
        guard case .polygon(let shell) = Self.square(0, 0, 10), case .polygon(let hole) = Self.square(4, 4, 2),
            case .polygon(let beside) = Self.square(20, 0)
        else { return }
        let geometry = Geometry.multiPolygon([shell + [hole[0].reversed()], beside])
        let locator = PointLocator(geometry)
        let operations = GeometryOperations()
        var numbers = Numbers()
        for _ in 0..<2_000 {
            let point = Self.c(numbers.next() * 24 - 1, numbers.next() * 12 - 1)
            let place = locator.locate(point)
            let geos = try operations.intersects(.point(point), geometry)
            #expect(place == .uncertain || (place == .inside) == geos, "\(point)")
        }
        #expect(locator.locate(Self.c(5, 5)) == .outside)  // in the hole
        #expect(locator.locate(Self.c(1, 1)) == .inside)
        #expect(locator.locate(Self.c(20.5, 0.5)) == .inside)
        #expect(locator.locate(Self.c(0, 5)) == .uncertain)  // on the edge
        #expect(locator.locate(Self.c(10, 10)) == .uncertain)  // a corner
    }

    @Test func theGridAgreesWithGEOSForEveryPoint() throws {
        // Jagged polygons that share edges, one with a hole, one beside.
        var numbers = Numbers()
        var geometries: [Geometry?] = []
        for column in 0..<4 {
            var ring: [Coordinate] = []
            for step in 0...20 { ring.append(Self.c(Double(column), Double(step) / 5)) }
            for step in (0...20).reversed() {
                ring.append(Self.c(Double(column) + 1 + (step % 2 == 0 ? 0 : 0.3 * numbers.next()), Double(step) / 5))
            }
            ring.append(ring[0])
            geometries.append(.polygon([ring]))
        }
        geometries.append(nil)
        let locators = geometries.map { $0.map(PointLocator.init) }
        let grid = try #require(PolygonGrid(geometries, locators: locators))
        let operations = GeometryOperations()
        for _ in 0..<3_000 {
            let point = Self.c(numbers.next() * 5.5 - 0.25, numbers.next() * 4.5 - 0.25)
            var found: Set<Int> = []
            grid.candidates(of: point) { index, covers in
                if covers || locators[index]!.locate(point) != .outside { found.insert(index) }
            }
            let expected = Set(
                try geometries.indices.filter { index in
                    guard let geometry = geometries[index] else { return false }
                    return try operations.intersects(.point(point), geometry)
                })
            // The grid may leave a doubt to GEOS (uncertain), never a polygon out.
            #expect(expected.isSubset(of: found), "\(point)")
            #expect(found.allSatisfy { expected.contains($0) || locators[$0]!.locate(point) == .uncertain })
        }
    }

    static let regions = [
        Feature(geometry: square(0, 0), properties: JSONObject([("name", "A"), ("pop", 10)])),
        Feature(geometry: square(1, 0), properties: JSONObject([("name", "B"), ("pop", 5)])),
        Feature(geometry: square(0, 0, 2), properties: JSONObject([("name", "Both"), ("pop", 1)])),
    ]

    static let points = [
        Feature(geometry: .point(c(0.5, 0.5)), properties: JSONObject([("name", "p"), ("n", 1)])),
        Feature(geometry: .point(c(1.5, 0.5)), properties: JSONObject([("name", "q"), ("n", 2)])),
        Feature(geometry: .point(c(5, 5)), properties: JSONObject([("name", "far"), ("n", 3)])),
        Feature(geometry: .point(c(1, 0.5)), properties: JSONObject([("name", "edge"), ("n", 4)])),
    ]

    func run(_ join: JoinOperation, _ features: [Feature]) -> [Feature] {
        var out: [Feature] = []
        for (index, feature) in features.enumerated() {
            out += join.apply(feature, at: SourceLocation(record: index + 1))
        }
        return out + join.finish()
    }

    @Test func aLeftJoinKeepsEveryPointWithItsFirstRegion() {
        let out = run(JoinOperation(indexed: Self.regions, side: .other, options: JoinOptions()), Self.points)
        #expect(out.map { $0.properties["name_2"] } == ["A", "B", .null, "A"])
        #expect(out.map { $0.properties["pop"] } == [10, 5, .null, 10])
        let inner = run(
            JoinOperation(indexed: Self.regions, side: .other, options: JoinOptions(keepsUnmatched: false)), Self.points
        )
        #expect(inner.map { $0.properties["name"] } == ["p", "q", "edge"])
    }

    @Test func oneToManyWritesAFeaturePerMatchInTheOthersOrder() {
        let out = run(
            JoinOperation(
                indexed: Self.regions, side: .other, options: JoinOptions(keepsUnmatched: false, oneToMany: true)),
            Self.points)
        let pairs = out.map {
            "\($0.properties["name"]?.stringValue ?? "")-\($0.properties["name_2"]?.stringValue ?? "")"
        }
        #expect(pairs == ["p-A", "p-Both", "q-B", "q-Both", "edge-A", "edge-B", "edge-Both"])
        #expect(out.count == 7)
    }

    @Test func countsAreTheSameWhicheverSideIsHeld() {
        let options = JoinOptions(aggregates: [Aggregate(.count, name: "points"), Aggregate(.sum, field: "n")])
        let streamed = run(JoinOperation(indexed: Self.points, side: .other, options: options), Self.regions)
        let held = run(JoinOperation(indexed: Self.regions, side: .input, options: options), Self.points)
        #expect(streamed == held)
        #expect(held.map { $0.properties["points"] } == [2, 2, 3])
        #expect(held.map { $0.properties["n"] } == [5, 6, 7])
    }

    @Test func theNearestFeatureIsTheGeodesicallyNearest() {
        let towns = [
            Feature(geometry: .point(Self.c(0.0, 60.0)), properties: JSONObject([("town", "north")])),
            Feature(geometry: .point(Self.c(1.9, 59.0)), properties: JSONObject([("town", "east")])),
        ]
        let probe = Feature(geometry: .point(Self.c(0.9, 59.5)), properties: JSONObject())
        let join = JoinOperation(
            indexed: towns, side: .other, options: JoinOptions(predicate: .nearest, distanceName: "metres"))
        let out = join.apply(probe, at: SourceLocation())
        let expected = [towns[0], towns[1]].map {
            probe.geometry!.firstCoordinate!.distance(to: $0.geometry!.firstCoordinate!)
        }
        let nearest = expected[0] <= expected[1] ? "north" : "east"
        #expect(out[0].properties["town"] == .string(nearest))
        #expect(out[0].properties["metres"] == .double(expected.min()!))
        let limited = JoinOperation(
            indexed: towns, side: .other,
            options: JoinOptions(predicate: .nearest, maximumDistance: 1_000, keepsUnmatched: false))
        #expect(limited.apply(probe, at: SourceLocation()).isEmpty)
    }
}

extension Geometry {
    fileprivate var firstCoordinate: Coordinate? {
        var first: Coordinate?
        forEachCoordinate { if first == nil { first = $0 } }
        return first
    }
}
