import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianValidity

/// Each OGC validity problem on a small hand-made polygon, and agreement
/// with shapely (GEOS as Python users call it) on generated adversarial
/// polygons.
@Suite struct GeometryValidatorTests {
    static func ring(_ points: [(Double, Double)]) -> [Coordinate] {
        points.map { Coordinate(latitude: $0.1, longitude: $0.0) }
    }

    static let square = ring([(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)])

    @Test(arguments: [
        ([ring([(0, 0), (10, 10), (10, 0), (0, 10), (0, 0)])], "geometry.self-intersection"),
        ([square, ring([(20, 20), (21, 20), (21, 21), (20, 20)])], "geometry.hole.outside"),
        (
            [square, ring([(1, 1), (9, 1), (9, 9), (1, 9), (1, 1)]), ring([(2, 2), (3, 2), (3, 3), (2, 2)])],
            "geometry.hole.nested"
        ),
        ([ring([(0, 0), (10, 0), (10, 10), (5, 0), (0, 10), (0, 0)])], "geometry.ring.self-touching"),
        ([ring([(0, 0), (1, 0), (1, 0), (0, 0)])], "geometry.ring.too-few-points"),
        ([ring([(0, 0), (10, 0), (10, 10), (5, 10), (5, 15), (5, 10), (0, 10), (0, 0)])], "geometry.spike"),
        ([ring([(0, 0), (10, 0), (10, 10), (5, 10), (5, 5), (5, 10), (0, 10), (0, 0)])], "geometry.spike"),
        ([ring([(0, 0), (.nan, 0), (1, 1), (0, 0)])], "geometry.coordinate.invalid"),
    ])
    func eachProblemHasItsCode(_ rings: [[Coordinate]], _ code: String) throws {
        let found = GeometryValidator().problems(in: .polygon(rings))
        #expect(found.map(\.code) == [code], "\(found)")
        #expect(found.first?.ring != nil)
    }

    @Test func aValidPolygonHasNoProblems() {
        let validator = GeometryValidator()
        #expect(validator.problems(in: .polygon([Self.square])).isEmpty)
        #expect(validator.problems(in: .multiPolygon([[Self.square]])).isEmpty)
        #expect(validator.problems(in: .lineString(Self.ring([(0, 0), (1, 1)]))).isEmpty)
        // Unclosed or too short rings are the format's structural checks'.
        #expect(validator.problems(in: .polygon([Self.ring([(0, 0), (1, 0), (1, 1)])])).isEmpty)
    }

    @Test func aSpikeIsNamedAtItsTip() throws {
        let spiked = Self.ring([(0, 0), (10, 0), (10, 10), (5, 10), (5, 15), (5, 10), (0, 10), (0, 0)])
        let problem = try #require(GeometryValidator().problems(in: .polygon([spiked])).first)
        #expect(problem.code == "geometry.spike" && problem.vertex == 4)
    }

    @Test func aLineOfOneRepeatedPointHasTooFewPoints() {
        let found = GeometryValidator().problems(in: .lineString(Self.ring([(1, 1), (1, 1)])))
        #expect(found.map(\.code) == ["geometry.ring.too-few-points"])
    }

    /// Lines GEOS can only call valid are not copied into GEOS; the
    /// shortcut must agree with GEOS's own verdict on every kind of line.
    @Test func aLineIsPassedOverOnlyWhenGEOSWouldCallItValid() throws {
        let validator = GeometryValidator()
        let lines: [[(Double, Double)]] = [
            [(0, 0), (1, 1)], [(1, 1), (1, 1)], [(1, 1), (1, 1), (1, 1), (2, 1)], [(1, 1), (1, 2)],
            [(0, 0), (1, 1), (0, 0)], [(0, 0), (2, 2), (0, 2), (2, 0)], [(0, 0), (.nan, 1)],
            [(0, 0), (1, .infinity)], [(5, 5), (5, 5), (5, 5)],
        ]
        for points in lines {
            let line = Self.ring(points)
            let geos = try #require(validator.makeGEOS(.lineString(line)))
            defer { libgeos.GEOSGeom_destroy_r(validator.context, geos) }
            let geosSaysValid = libgeos.GEOSisValid_r(validator.context, geos) == 1
            #expect(GeometryValidator.isPlainlyValid(line) == geosSaysValid, "\(points)")
            #expect(validator.problems(in: .lineString(line)).isEmpty == geosSaysValid, "\(points)")
        }
    }

    @Test func theCrossingIsLocatedAtAVertex() throws {
        let bowTie = Self.ring([(0, 0), (10, 10), (10, 0), (0, 10), (0, 0)])
        let problem = try #require(GeometryValidator().problems(in: .polygon([bowTie])).first)
        let location = try #require(problem.location)
        #expect(abs(location.longitude - 5) < 1e-9 && abs(location.latitude - 5) < 1e-9)
        #expect(problem.ring == 0)
    }

    /// Random and adversarial polygons: bow-ties, spikes, touching and
    /// escaping holes, near-coincident vertices, huge coordinates. The
    /// verdict must be shapely's for every one.
    @Test(
        .enabled(
            if: Tool.isInstalled("python3")
                && (try? Tool.run("/usr/bin/python3", ["-c", "import shapely"]).status) == 0,
            "Debian's python3-shapely is not installed"))
    func verdictsAgreeWithShapely() throws {
        var generator = SystemRandomNumberGenerator()
        var polygons: [[[Coordinate]]] = []
        for index in 0..<2_000 {
            let scale = index % 50 == 0 ? 1e12 : 10.0
            let count = Int.random(in: 3...9, using: &generator)
            var shell = (0..<count).map { _ in
                Coordinate(
                    latitude: Double.random(in: -1...1, using: &generator) * scale,
                    longitude: Double.random(in: -1...1, using: &generator) * scale)
            }
            if index % 7 == 0, shell.count > 3 { shell[2] = shell[1] }  // a repeated point
            shell.append(shell[0])
            var rings = [shell]
            if index % 3 == 0 {
                let c = Double.random(in: -0.5...0.5, using: &generator) * scale
                let r = Double.random(in: 0.01...0.6, using: &generator) * scale
                rings.append(Self.ring([(c, c), (c + r, c), (c + r, c + r), (c, c + r), (c, c)]))
            }
            polygons.append(rings)
        }
        let validator = GeometryValidator()
        let ours = polygons.map { validator.problems(in: .polygon($0)).isEmpty }
        let payload = polygons.map { $0.map { $0.map { [$0.longitude, $0.latitude] } } }
        let data = try JSONSerialization.data(withJSONObject: payload)
        let script = """
            import json, sys
            from shapely.geometry import Polygon
            polygons = json.load(sys.stdin)
            print("".join("1" if Polygon(p[0], p[1:]).is_valid else "0" for p in polygons))
            """
        let result = try Tool.run("/usr/bin/python3", ["-c", script], input: Array(data))
        #expect(result.status == 0, "\(result.output)")
        let theirs = result.output.trimmingCharacters(in: .whitespacesAndNewlines).map { $0 == "1" }
        #expect(theirs.count == ours.count)
        let disagreements = zip(ours, theirs).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(disagreements.isEmpty, "disagree on \(disagreements.prefix(5).map { polygons[$0] })")
        #expect(ours.contains(true) && ours.contains(false))
    }
}

/// Where labels go: the pole of inaccessibility, and a point on the
/// surface when the pole's grid would be astronomically large.
@Suite struct LabelPointTests {
    @Test func anLShapedPolygonIsLabelledInsideItsArm() throws {
        let ring = [(0.0, 0.0), (4, 0), (4, 1), (1, 1), (1, 4), (0, 4), (0, 0)].map {
            Coordinate(latitude: $0.1, longitude: $0.0)
        }
        let point = try #require(GeometryValidator().labelPoint(of: .polygon([ring])))
        #expect((point.longitude < 1 && point.latitude < 4) || (point.latitude < 1 && point.longitude < 4))
    }

    /// A longitude of 1e300 once made GEOS's first grid 1e299 cells wide (a
    /// hang found by Scripts/hostile-battery.py through meridian preview).
    @Test func aHostileSliverGetsAPointOnItsSurfaceAtOnce() throws {
        let ring = [(170.0, -10.0), (1e300, -10), (-1e300, 10), (170, 10), (170, -10)].map {
            Coordinate(latitude: $0.1, longitude: $0.0)
        }
        let point = GeometryValidator().labelPoint(of: .polygon([ring]))
        #expect(point == nil || point!.latitude.isFinite)
        let sliver = [(0.0, 0.0), (100, 0), (100, 0.0001), (0, 0.0001), (0, 0)].map {
            Coordinate(latitude: $0.1, longitude: $0.0)
        }
        let inside = try #require(GeometryValidator().labelPoint(of: .polygon([sliver])))
        #expect((0...100).contains(inside.longitude) && (0...0.0001).contains(inside.latitude))
    }
}
