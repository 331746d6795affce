import MeridianCore
import MeridianValidity
import Testing

@testable import MeridianSpatial

/// Zones in metres on the ellipsoid: every vertex of a point's zone at
/// the distance asked for, zones across the antimeridian and around a
/// pole, and distances too large or too small.
@Suite struct BufferTests {
    let operations = GeometryOperations()

    static func c(_ longitude: Double, _ latitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    func zone(_ geometry: Geometry, _ metres: Double) throws -> Geometry? {
        try operations.buffer(geometry, by: BufferOptions(distance: metres))
    }

    func isValid(_ geometry: Geometry) -> Bool {
        GeometryValidator().problems(in: geometry).isEmpty
    }

    @Test func theAzimuthalEquidistantPlaneKeepsDistancesFromItsCentre() {
        let plane = AzimuthalEquidistant(centre: Self.c(0.12, 52.2))
        let far = Self.c(2.35, 48.86)
        let (x, y) = plane.forward(far)
        #expect(abs((x * x + y * y).squareRoot() - plane.centre.distance(to: far)) < 1e-6)
        let back = plane.inverse(x: x, y: y)
        #expect(abs(back.latitude - far.latitude) < 1e-12 && abs(back.longitude - far.longitude) < 1e-12)
    }

    @Test(arguments: [(0.12, 52.2), (-73.9, 40.7), (151.2, -33.9), (18.0, 78.2)])
    func everyVertexOfAPointsZoneIsAtTheDistance(longitude: Double, latitude: Double) throws {
        let centre = Self.c(longitude, latitude)
        let result = try #require(try zone(.point(centre), 500))
        guard case .polygon(let rings) = result else {
            Issue.record("not a polygon: \(result)")
            return
        }
        #expect(rings.count == 1 && rings[0].count == 33)
        for vertex in rings[0] {
            #expect(abs(Geodesic.wgs84.inverse(from: centre, to: vertex).distance - 500) < 1e-6)
        }
        #expect(result.followsRightHandRule)
    }

    @Test func aZoneAcrossTheAntimeridianIsCutThere() throws {
        let result = try #require(try zone(.point(Self.c(179.99, -16.5)), 10_000))
        guard case .multiPolygon(let parts) = result else {
            Issue.record("not cut: \(result)")
            return
        }
        #expect(parts.count == 2)
        var longitudes: [Double] = []
        result.forEachCoordinate { longitudes.append($0.longitude) }
        #expect(longitudes.allSatisfy { (-180...180).contains($0) })
        #expect(longitudes.contains(180) && longitudes.contains(-180))
        #expect(isValid(result))
        // The same zone away from the meridian has the same area.
        let plain = try #require(try zone(.point(Self.c(0, -16.5)), 10_000))
        #expect(abs(result.geodesicArea - plain.geodesicArea) < 1e-6 * plain.geodesicArea)
    }

    @Test func aZoneAroundAPoleRunsAlongIt() throws {
        let result = try #require(try zone(.point(Self.c(30, 89.5)), 200_000))
        #expect(isValid(result))
        var northernmost = -90.0
        result.forEachCoordinate { northernmost = max(northernmost, $0.latitude) }
        #expect(northernmost == 90)
        // Its area is that of the same zone at the equator, to the
        // ellipsoid's difference in curvature.
        let plain = try #require(try zone(.point(Self.c(30, 0)), 200_000))
        #expect(abs(result.geodesicArea - plain.geodesicArea) < 1e-2 * plain.geodesicArea)
    }

    @Test func aLineKeepsItsCourseAndItsEndsFollowTheCapStyle() throws {
        let line = Geometry.lineString([Self.c(-0.1, 51.5), Self.c(2.35, 48.86)])
        let round = try #require(try zone(line, 1_000))
        let flat = try #require(
            try operations.buffer(line, by: BufferOptions(distance: 1_000, capStyle: .flat)))
        // The round ends add a circle of 1 km between them.
        let circle = Double.pi * 1_000 * 1_000 * 0.9936  // a 32-gon's area is 0.9936 of the circle's
        #expect(abs(round.geodesicArea - flat.geodesicArea - circle) < 0.01 * circle)
        #expect(abs(flat.geodesicArea - 2_000 * line.geodesicLength) < 1e-3 * flat.geodesicArea)
    }

    @Test func aNegativeDistanceShrinksPolygonsAndLeavesNothingOfPoints() throws {
        let square = Geometry.polygon([[Self.c(0, 0), Self.c(0.1, 0), Self.c(0.1, 0.1), Self.c(0, 0.1), Self.c(0, 0)]])
        let shrunk = try #require(try zone(square, -1_000))
        #expect(shrunk.geodesicArea < square.geodesicArea)
        #expect(try zone(square, -100_000) == nil)
        #expect(try zone(.point(Self.c(0, 0)), -10) == nil)
        #expect(try zone(.point(Self.c(0, 0)), 0) == nil)
        #expect(try zone(square, 0) == square)
    }

    @Test func aDistanceBeyondHalfTheMeridianIsTheWholeEarth() throws {
        let result = try #require(try zone(.point(Self.c(10, 10)), 1e9))
        #expect(result.boundingBox == BoundingBox(west: -180, south: -90, east: 180, north: 90))
        #expect(isValid(result))
    }

    @Test func aZoneAroundBothPolesIsRefused() {
        #expect(throws: GeometryOperationError.self) { try zone(.point(Self.c(0, 0)), 15_000_000) }
        #expect(throws: GeometryOperationError.self) { try zone(.point(Self.c(0, 0)), .infinity) }
    }

    @Test func theOperationWritesANullGeometryAndALocatedDiagnostic() {
        let buffer = BufferOperation(options: BufferOptions(distance: 15_000_000))
        let location = SourceLocation(file: "stations.geojson", record: 3)
        let out = buffer.apply(
            Feature(geometry: .point(Self.c(0, 0)), properties: JSONObject([("name", "x")])), at: location)
        #expect(out.count == 1 && out[0].geometry == nil && out[0].properties["name"] == "x")
        #expect(buffer.diagnostics.map(\.code) == ["buffer.too-large"])
        #expect(buffer.diagnostics.first?.location == location)
    }
}

extension BufferTests {
    @Test func positionsOffTheGlobeAreRefusedNotMeasured() {
        let off = Geometry.lineString([Self.c(-1e300, 0), Self.c(1e300, 1)])
        #expect(throws: GeometryOperationError.self) { try zone(off, 500) }
        let measure = MeasureOperation(options: MeasureOptions(area: "a", length: "l"))
        let out = measure.apply(Feature(geometry: off), at: SourceLocation(record: 4))
        #expect(out[0].properties["l"] == .null && out[0].properties["a"] == .null)
        #expect(measure.diagnostics.map(\.code) == ["measure.failed"])
    }
}

/// Zones of geometries too wide for one plane: every vertex of the zone's
/// edge at the distance from the geometry, measured by brute force over
/// geodesics to the geometry's positions a kilometre apart.
@Suite struct WideBufferTests {
    static func c(_ longitude: Double, _ latitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The geometry's lines and rings, with a position at least every kilometre.
    static func dense(_ paths: [[Coordinate]]) -> [Coordinate] {
        paths.flatMap { path in
            zip(path, path.dropFirst()).flatMap { a, b in
                Geodesic.wgs84.waypoints(from: a, to: b, maximumSegmentLength: 1_000)
            }
        }
    }

    /// The largest relative error of the zone's edge's distance from `paths`.
    static func worstError(_ zone: Geometry, _ paths: [[Coordinate]], _ metres: Double) -> Double {
        let positions = dense(paths.map { GeometryOperations.densified($0, longestEdge: 0.1) })
        var worst = 0.0
        for ring in zone.polygons.joined() {
            for vertex in ring.enumerated().filter({ $0.offset % 7 == 0 }).map(\.element) {
                // Edges of the zone that lie on the geometry's own edge (a
                // polygon grown) are at no distance: only the zone's arcs count.
                let nearest = positions.map { Geodesic.wgs84.inverse(from: vertex, to: $0).distance }.min()!
                if nearest > metres / 2 { worst = max(worst, abs(nearest - metres) / metres) }
            }
        }
        return worst
    }

    @Test func aLongLineKeepsItsDistanceAllAlong() throws {
        // London to Moscow, 2 500 km.
        let line = [Self.c(-0.13, 51.51), Self.c(37.62, 55.76)]
        let zone = try #require(
            try GeometryOperations().buffer(
                .lineString(line), by: BufferOptions(distance: 50_000, quadrantSegments: 32)))
        #expect(GeometryValidator().problems(in: zone).isEmpty)
        // One plane, centred 1 250 km from the ends, would stretch there by
        // 6e-3; each piece's plane by 4e-4 at most (and a chord of a 128-gon
        // falls 3e-4 short of its arc where two pieces' zones cross).
        #expect(Self.worstError(zone, [line], 50_000) < 1e-3)
    }

    @Test(arguments: [100_000.0, -100_000.0])
    func aWidePolygonGrowsAndShrinksByTheDistance(metres: Double) throws {
        let ring = [Self.c(0, 40), Self.c(20, 40), Self.c(20, 55), Self.c(0, 55), Self.c(0, 40)]
        let zone = try #require(
            try GeometryOperations().buffer(.polygon([ring]), by: BufferOptions(distance: metres, quadrantSegments: 32))
        )
        #expect(GeometryValidator().problems(in: zone).isEmpty)
        #expect(Self.worstError(zone, [ring], abs(metres)) < 1e-3)
        let square = Geometry.polygon([ring]).geodesicArea
        #expect(metres > 0 ? zone.geodesicArea > square : zone.geodesicArea < square)
    }
}
