import Foundation
import MeridianCore
import MeridianGeoJSON
import MeridianTestSupport
import Testing

@testable import MeridianValidity

/// GEOS as shapely exposes it is the oracle: for every polygon of the
/// shared fixtures and for 100 000 generated ones, Meridian's verdict is
/// shapely's `is_valid`, and after `repair` every geometry is valid and
/// its area is that of shapely's `make_valid` to 1e-9, relative.
@Suite(
    .enabled(
        if: (try? Tool.run("/usr/bin/python3", ["-c", "import shapely"]).status) == 0,
        "Debian's python3-shapely is not installed (apt-get install python3-shapely)"))
struct ShapelyOracleTests {
    /// shapely's verdict and make_valid area for each geometry.
    static func shapely(_ geometries: [Geometry]) throws -> [(valid: Bool, area: Double)] {
        func coordinates(_ ring: [Coordinate]) -> [[Double]] { ring.map { [$0.longitude, $0.latitude] } }
        let payload: [Any] = geometries.map { geometry -> Any in
            switch geometry {
            case .polygon(let rings): ["Polygon", rings.map(coordinates)]
            case .multiPolygon(let polygons): ["MultiPolygon", polygons.map { $0.map(coordinates) }]
            default: ["Empty", []]
            }
        }
        let script = """
            import json, sys
            from shapely.geometry import Polygon, MultiPolygon
            from shapely.validation import make_valid
            out = []
            for kind, c in json.load(sys.stdin):
                g = Polygon(c[0], c[1:]) if kind == "Polygon" else MultiPolygon([(p[0], p[1:]) for p in c])
                valid = g.is_valid
                out.append("%d %r" % (valid, g.area if valid else make_valid(g).area))
            print("\\n".join(out))
            """
        let result = try Tool.run(
            "/usr/bin/python3", ["-c", script], input: Array(try JSONSerialization.data(withJSONObject: payload)))
        guard result.status == 0 else { throw OracleError(message: result.output) }
        return result.output.split(separator: "\n").map { line in
            let fields = line.split(separator: " ")
            return (fields[0] == "1", Double(fields[1]) ?? .nan)
        }
    }

    struct OracleError: Error { var message: String }

    /// Compares verdicts and repaired areas; returns the disagreements.
    static func compare(_ geometries: [Geometry]) throws -> [String] {
        let theirs = try shapely(geometries)
        #expect(theirs.count == geometries.count)
        let validator = GeometryValidator()
        var disagreements: [String] = []
        for (geometry, oracle) in zip(geometries, theirs) {
            let valid = validator.problems(in: geometry).isEmpty
            if valid != oracle.valid {
                disagreements.append("verdict \(valid) vs \(oracle.valid): \(geometry)")
                continue
            }
            let repair = validator.repair(geometry, options: .init(rewind: false))
            if let repaired = repair.geometry, !validator.problems(in: repaired).isEmpty {
                disagreements.append("still invalid after repair: \(geometry)")
            }
            let ours = repair.geometry.map(validator.area) ?? 0
            if abs(ours - oracle.area) > 1e-9 * max(abs(oracle.area), 1e-300) {
                disagreements.append("area \(ours) vs make_valid \(oracle.area): \(geometry)")
            }
        }
        return disagreements
    }

    @Test(.requiresFixtures)
    func everyFixturePolygonAgrees() throws {
        var polygons: [Geometry] = []
        func collect(_ geometry: Geometry?) {
            switch geometry {
            case .polygon(let rings) where rings.allSatisfy({ $0.count >= 4 && $0.first == $0.last }):
                polygons.append(geometry!)
            case .multiPolygon(let parts)
            where parts.allSatisfy({ $0.allSatisfy { $0.count >= 4 && $0.first == $0.last } }):
                polygons.append(geometry!)
            case .geometryCollection(let members): members.forEach(collect)
            default: break
            }
        }
        let files =
            Fixtures.files(in: "geojson/real", extension: "json")
            + ["Addenbrookes_Final_IMDF", "CPC4_Final_IMDF", "Combined_IMDF_CPC4"].flatMap {
                Fixtures.files(in: "imdf/\($0)", extension: "geojson")
            }
        for file in files {
            guard let document = try? GeoJSONDocument(decoding: Fixtures.bytes(file)) else { continue }
            switch document {
            case .featureCollection(let collection): collection.features.forEach { collect($0.geometry) }
            case .feature(let feature): collect(feature.geometry)
            case .geometry(let geometry, _): collect(geometry)
            }
        }
        #expect(polygons.count > 1_500, "\(polygons.count) polygons")
        let disagreements = try Self.compare(polygons)
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(3))")
    }

    /// 100 000 polygons, seeded: random and shuffled rings, bow-ties,
    /// touching, escaping, nested and overlapping holes, collinear spikes,
    /// nearly coincident vertices, repeated positions, huge coordinates,
    /// and MultiPolygons whose parts overlap.
    @Test func generatedAdversarialPolygonsAgree() throws {
        var random = SeededRandom(seed: 2026)
        var polygons: [Geometry] = []
        polygons.reserveCapacity(100_000)
        for index in 0..<100_000 {
            polygons.append(Self.adversarial(index, &random))
        }
        let disagreements = try Self.compare(polygons)
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(3))")
        let invalid = polygons.prefix(2_000).filter { !GeometryValidator().problems(in: $0).isEmpty }.count
        #expect(invalid > 200 && invalid < 1_800, "\(invalid) of 2 000 invalid: the mix lost its adversaries")
    }

    static func ring(_ points: [(Double, Double)]) -> [Coordinate] {
        var ring = points.map { Coordinate(latitude: $0.1, longitude: $0.0) }
        ring.append(ring[0])
        return ring
    }

    static func adversarial(_ index: Int, _ random: inout SeededRandom) -> Geometry {
        let scale = index % 97 == 0 ? 1e12 : 10.0
        func r(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) * scale }
        let box = ring([(0, 0), (10 * scale / 10, 0), (scale, scale), (0, scale)])
        switch index % 10 {
        case 0:  // a star around a centre: valid
            let n = Int.random(in: 3...12, using: &random)
            return .polygon([
                ring(
                    (0..<n).map { k in
                        let angle = Double(k) / Double(n) * 2 * .pi
                        let radius = r(0.2...1)
                        return (cos(angle) * radius, sin(angle) * radius)
                    })
            ])
        case 1:  // random vertices in random order: often crossing
            return .polygon([ring((0..<Int.random(in: 3...9, using: &random)).map { _ in (r(-1...1), r(-1...1)) })])
        case 2:  // a bow-tie, sometimes pinched at a vertex instead
            let m = r(0.1...0.9)
            return index % 20 == 2
                ? .polygon([ring([(0, 0), (scale, scale), (scale, 0), (0, scale)])])
                : .polygon([ring([(0, 0), (scale, 0), (m, m), (scale, scale), (0, scale), (m, m)])])
        case 3:  // a hole touching the shell, or two holes touching
            let a = r(0.1...0.4)
            return index % 20 == 3
                ? .polygon([box, ring([(0, a), (a, a), (a, 2 * a)])])
                : .polygon([
                    box, ring([(a / 2, a / 2), (a, a / 2), (a, a)]), ring([(a, a), (a * 1.5, a), (a * 1.5, a * 1.5)]),
                ])
        case 4:  // a collinear spike out of an edge, or back along it
            let x = r(0.2...0.8)
            let out = index % 20 == 4 ? scale * 1.5 : scale * 0.5
            return .polygon([ring([(0, 0), (scale, 0), (scale, scale), (x, scale), (x, out), (x, scale), (0, scale)])])
        case 5:  // nearly coincident vertices
            let e = scale * 1e-12 * Double(Int.random(in: 0...3, using: &random))
            return .polygon([
                ring([(0, 0), (scale, 0), (scale, scale), (scale / 2, scale + e), (scale / 2 + e, scale), (0, scale)])
            ])
        case 6:  // a hole that escapes the shell, partly or wholly
            let s = r(0.3...1.5)
            return .polygon([
                box, ring([(s, s), (s + scale / 3, s), (s + scale / 3, s + scale / 3), (s, s + scale / 3)]),
            ])
        case 7:  // nested or overlapping holes
            let a = r(0.1...0.3)
            let inner = index % 20 == 7 ? a * 1.2 : a * 2.5
            return .polygon([
                box, ring([(a, a), (4 * a, a), (4 * a, 4 * a), (a, 4 * a)]),
                ring([(inner, inner), (inner + a, inner), (inner + a, inner + a), (inner, inner + a)]),
            ])
        case 8:  // repeated positions, sometimes leaving too few distinct points
            return index % 20 == 8
                ? .polygon([ring([(0, 0), (scale, 0), (scale, 0), (0, 0)])])
                : .polygon([ring([(0, 0), (scale, 0), (scale, 0), (scale, scale), (0, scale), (0, scale)])])
        default:  // a MultiPolygon whose parts may overlap
            let d = r(0.5...1.5)
            return .multiPolygon([[box], [ring([(d, d), (d + scale, d), (d + scale, d + scale), (d, d + scale)])]])
        }
    }
}
