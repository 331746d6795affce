import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianCRS

/// PROJ through Meridian against PROJ through pyproj, the way Python users
/// call it (`always_xy=True`, GDAL's traditional GIS order), Debian's
/// python3-pyproj on the same PROJ (PyPI's wheel carries a PROJ of its own,
/// which picks another of DHDN's datum shifts, 2.6 m apart): 100 000 random
/// positions in the area of use of each of twenty systems (geographic,
/// transverse Mercator, Lambert, Albers, oblique stereographic and
/// Mercator, polar stereographic, US survey feet, Helmert datum shifts),
/// both ways.
@Suite struct CoordinateTransformationTests {
    static let systems = [
        "EPSG:27700", "EPSG:2154", "EPSG:25832", "EPSG:28992", "EPSG:2263", "EPSG:3857", "EPSG:3035", "EPSG:3413",
        "EPSG:32633", "EPSG:4326", "EPSG:4258", "EPSG:3006", "EPSG:2056", "EPSG:5070", "EPSG:3395", "EPSG:32761",
        "EPSG:21781", "EPSG:31467", "EPSG:3112", "EPSG:6933",
    ]

    /// pyproj's view: for each system, positions x, y in it and the
    /// longitude and latitude it transforms them to, as float64s.
    static func oracle(_ system: String, count: Int) throws -> [Double]? {
        let script = """
            import sys, random, array
            from pyproj import CRS, Transformer
            crs = CRS.from_user_input(sys.argv[1])
            area = crs.area_of_use
            west, south, east, north = area.west, area.south, area.east, area.north
            if east < west: east += 360
            rng = random.Random(7)
            lon = [((rng.uniform(west, east) + 180) % 360) - 180 for _ in range(int(sys.argv[2]))]
            lat = [rng.uniform(south, north) for _ in lon]
            forward = Transformer.from_crs("EPSG:4326", crs, always_xy=True)
            x, y = forward.transform(lon, lat)
            back = Transformer.from_crs(crs, "EPSG:4326", always_xy=True)
            lon2, lat2 = back.transform(x, y)
            out = array.array("d")
            for row in zip(x, y, lon2, lat2, lon, lat):
                out.extend(row)
            sys.stdout.buffer.write(out.tobytes())
            """
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, system, String(count)])
        guard result.status == 0 else { return nil }
        return result.stdout.withUnsafeBytes { Array($0.bindMemory(to: Double.self)) }
    }

    static var hasPyproj: Bool {
        (try? runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", "import pyproj"]).status) == 0
    }

    @Test(.enabled(if: hasPyproj, "pyproj is not installed (apt-get install python3-pyproj)"), arguments: systems)
    func agreesWithPyproj(_ system: String) throws {
        let rows = try #require(try Self.oracle(system, count: 100_000))
        let toWGS84 = try CoordinateTransformation(from: system)
        let fromWGS84 = try CoordinateTransformation(from: "EPSG:4326", to: system)
        let count = rows.count / 6
        var projected = (0..<count).map { Coordinate(latitude: rows[$0 * 6 + 1], longitude: rows[$0 * 6]) }
        var geographic = (0..<count).map { Coordinate(latitude: rows[$0 * 6 + 5], longitude: rows[$0 * 6 + 4]) }
        toWGS84.transform(&projected)
        fromWGS84.transform(&geographic)
        let isGeographic = system == "EPSG:4326" || system == "EPSG:4258"
        let metres = isGeographic ? 1e-9 : (system == "EPSG:2263" ? 0.001 / 0.3048006096 : 0.001)
        var worstDegrees = 0.0
        var worstMetres = 0.0
        for index in 0..<count where rows[index * 6].isFinite && rows[index * 6 + 2].isFinite {
            worstDegrees = max(
                worstDegrees, abs(projected[index].longitude - rows[index * 6 + 2]),
                abs(projected[index].latitude - rows[index * 6 + 3]))
            worstMetres = max(
                worstMetres, abs(geographic[index].longitude - rows[index * 6]),
                abs(geographic[index].latitude - rows[index * 6 + 1]))
        }
        #expect(worstDegrees <= 1e-9, "\(system) to WGS 84: \(worstDegrees) degrees")
        #expect(worstMetres <= metres, "WGS 84 to \(system): \(worstMetres) units")
    }

    @Test func epsg4326IsNeverSwapped() throws {
        // EPSG:4326 is latitude first by definition; positions are x, y all the same.
        let toMercator = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:3857")
        var positions = [Coordinate(latitude: 51.5, longitude: -0.12)]
        toMercator.transform(&positions)
        #expect(abs(positions[0].longitude - -13_358.34) < 0.01)  // x: easting, from the longitude
        #expect(abs(positions[0].latitude - 6_710_219.08) < 0.01)  // y: northing, from the latitude
        var x = [-0.12]
        var y = [51.5]
        toMercator.transform(x: &x, y: &y)
        #expect(x[0] == positions[0].longitude && y[0] == positions[0].latitude)
    }

    @Test func namesAndCodes() throws {
        let grid = try CoordinateTransformation(from: "EPSG:27700")
        #expect(grid.sourceName == "OSGB36 / British National Grid")
        #expect(grid.sourceCode == "EPSG:27700")
        #expect(grid.targetCode == "EPSG:4326")
    }

    @Test func whatPROJCannotReadIsSaid() {
        #expect(throws: CoordinateSystemError.self) { try CoordinateTransformation(from: "EPSG:999999") }
        do {
            _ = try CoordinateTransformation(from: "not a system")
            Issue.record("no error")
        } catch {
            #expect(error.message.contains("PROJ cannot read the coordinate system \"not a system\""))
        }
        // The source read, the target not: what was made goes before PROJ's context.
        do {
            _ = try CoordinateTransformation(from: "EPSG:27700", to: "EPSG:0")
            Issue.record("no error")
        } catch {
            #expect(error.message.hasPrefix("PROJ cannot read the coordinate system \"EPSG:0\""))
        }
    }

    @Test func aPositionOutsideTheDomainBecomesInfinite() throws {
        let toUPS = try CoordinateTransformation(from: "EPSG:4326", to: "EPSG:32761")  // the south pole's
        var positions = [Coordinate(latitude: 89, longitude: 0)]  // the north pole
        toUPS.transform(&positions)
        #expect(!positions[0].latitude.isFinite || !positions[0].longitude.isFinite || abs(positions[0].latitude) > 1e7)
    }
}
