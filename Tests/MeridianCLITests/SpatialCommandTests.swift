import Foundation
import MeridianTestSupport
import Testing

/// `meridian buffer`, `measure` and `dissolve` on the Natural Earth
/// fixtures, against geopandas, shapely and pyproj (Scripts/spatial-oracle.py):
/// the same areas, lengths, zones and groups, every geometry valid; and
/// what a user meets when the input or the options are wrong.
@Suite struct SpatialCommandTests {
    static let hasOracle =
        (try? Tool.run("python3", ["-c", "import geopandas, pyproj, shapely"]).status) == 0
    static let oracle = Fixtures.packageRoot.appendingPathComponent("Scripts/spatial-oracle.py").path

    static func real(_ name: String) -> String { Fixtures.url("geojson/real/\(name).json").path }

    /// Runs the oracle on our output; its differences, one per line (none: agreement).
    static func differences(_ arguments: [String]) throws -> String {
        let result = try Tool.run("python3", [oracle] + arguments)
        return result.status == 0 ? result.output : "oracle failed: \(result.output)"
    }

    @Test(
        .requiresFixtures, .enabled(if: hasOracle, "geopandas is not installed (pip install geopandas)"),
        arguments: [
            ("ne_50m_populated_places", "50km", "50000"), ("ne_10m_rivers_europe", "2km", "2000"),
            ("ne_110m_admin_0_countries", "-20km", "-20000"), ("ne_110m_admin_0_countries", "200km", "200000"),
        ])
    func zonesAreGeopandasZonesDrawnInALocalPlane(layer: String, distance: String, metres: String) throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("zones.geojson").path
            let result = try CLI.run(["buffer", Self.real(layer), "--distance", distance, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Self.differences(["buffer", output, Self.real(layer), metres]) == "")
        }
    }

    @Test(
        .requiresFixtures, .enabled(if: hasOracle, "geopandas is not installed (pip install geopandas)"),
        arguments: ["ne_110m_admin_0_countries", "ne_10m_rivers_europe", "ne_50m_admin_1_states_provinces"])
    func measuresArePyprojsGeodesics(layer: String) throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("measured.geojson").path
            let result = try CLI.run(["measure", Self.real(layer), "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Self.differences(["measure", output, Self.real(layer), "area", "length"]) == "")
        }
    }

    @Test(.requiresFixtures, .enabled(if: hasOracle, "geopandas is not installed (pip install geopandas)"))
    func dissolvedStatesAreGeopandasDissolve() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("countries.geojson").path
            let input = Self.real("ne_50m_admin_1_states_provinces")
            let result = try CLI.run([
                "dissolve", input, "--by", "admin", "--count", "n", "--sum", "scalerank", "-o", output,
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Self.differences(["dissolve", output, input, "admin", "n", "scalerank"]) == "")
            let twoKeys = try CLI.run(["dissolve", input, "--by", "admin,region", "-o", output])
            #expect(twoKeys.status == 0, "\(twoKeys.stderr)")
            #expect(try Self.differences(["dissolve", output, input, "admin,region"]) == "")
        }
    }

    @Test(.requiresFixtures, .enabled(if: hasOracle, "geopandas is not installed (pip install geopandas)"))
    func joinsAreGeopandasSjoin() throws {
        try withTemporaryFolder { folder in
            let places = Self.real("ne_50m_populated_places")
            let countries = Self.real("ne_110m_admin_0_countries")
            let output = folder.appendingPathComponent("joined.geojson").path
            // Places streamed against the countries held, left and inner, one-to-one and one-to-many.
            for (extra, how) in [([String](), "left"), (["--inner"], "inner")] {
                let result = try CLI.run(["join", places, countries, "--fields", "CONTINENT", "-o", output] + extra)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(
                    try Self.differences(["join", output, places, countries, "intersects", how, "CONTINENT"]) == "")
            }
            let all = try CLI.run([
                "join", places, countries, "--fields", "CONTINENT", "--all", "--inner", "-o", output,
            ])
            #expect(all.status == 0, "\(all.stderr)")
            #expect(try Self.differences(["join-all", output, places, countries, "intersects", "CONTINENT"]) == "")
            // Countries held, places streamed past them and counted, whichever side is chosen.
            for index in ["auto", "input", "other"] {
                let counted = try CLI.run([
                    "join", countries, places, "--count", "places", "--index", index, "-o", output,
                ])
                #expect(counted.status == 0, "\(counted.stderr)")
                #expect(try Self.differences(["join-count", output, countries, places, "places"]) == "")
            }
            // Points within the countries, and each place's nearest country centre.
            let centres = folder.appendingPathComponent("centres.geojson").path
            #expect(try CLI.run(["measure", countries, "--geometry", "point-on-surface", "-o", centres]).status == 0)
            let within = try CLI.run([
                "join", centres, countries, "--predicate", "within", "--fields", "NAME", "-o", output,
            ])
            #expect(within.status == 0, "\(within.stderr)")
            #expect(try Self.differences(["join", output, centres, countries, "within", "left", "NAME:NAME_2"]) == "")
            for limit in [[String](), ["--max-distance", "300km"]] {
                let nearest = try CLI.run(
                    [
                        "join", places, centres, "--predicate", "nearest", "--fields", "NAME", "--distance-property",
                        "d", "-o", output,
                    ]
                        + limit)
                #expect(nearest.status == 0, "\(nearest.stderr)")
                #expect(
                    try Self.differences(
                        ["nearest", output, places, centres, "NAME:NAME_2", "d"] + (limit.isEmpty ? [] : ["300000"]))
                        == "")
            }
        }
    }

    @Test(
        .requiresFixtures, .enabled(if: hasOracle, "geopandas is not installed (pip install geopandas)"),
        arguments: ["clip", "erase", "intersect", "identity", "union", "symmetric-difference"])
    func overlaysAreGeopandasOverlays(op: String) throws {
        try withTemporaryFolder { folder in
            // Countries against 30-degree squares, and states against
            // countries drawn at another scale (nearly coincident borders).
            let squares = folder.appendingPathComponent("squares.geojson").path
            var cells: [String] = []
            for x in stride(from: -180, to: 180, by: 30) {
                for y in stride(from: -90, to: 90, by: 30) {
                    cells.append(
                        #"{"type":"Feature","properties":{"cell":"\#(x)/\#(y)"},"geometry":{"type":"Polygon","coordinates":[[[\#(x),\#(y)],[\#(x + 30),\#(y)],[\#(x + 30),\#(y + 30)],[\#(x),\#(y + 30)],[\#(x),\#(y)]]]}}"#
                    )
                }
            }
            try #"{"type":"FeatureCollection","features":["#.appending(cells.joined(separator: ",")).appending("]}")
                .write(toFile: squares, atomically: true, encoding: .utf8)
            let countries = Self.real("ne_110m_admin_0_countries")
            let states = Self.real("ne_50m_admin_1_states_provinces")
            let output = folder.appendingPathComponent("overlay.geojson").path
            for (input, other) in [(countries, squares), (states, countries)] {
                let result = try CLI.run(["overlay", input, other, "--op", op, "-o", output])
                #expect(result.status == 0, "\(result.stderr)")
                #expect(try Self.differences(["overlay", output, input, other, op]) == "")
            }
        }
    }

    /// A 4 by 4 grid of squares of a hundredth of a degree, with one
    /// square reaching into its neighbour, one shrunk away from its
    /// neighbour (a gap of some 0.12 km²), and one whose border lies a
    /// nanodegree off its neighbour's (a sliver).
    static let messyGrid: String = {
        var features: [String] = []
        for row in 0..<4 {
            for column in 0..<4 {
                var (west, east) = (Double(column) / 100, Double(column + 1) / 100)
                let (south, north) = (Double(row) / 100, Double(row + 1) / 100)
                if (column, row) == (1, 1) { east += 0.002 }
                if (column, row) == (2, 2) { west += 0.001 }
                if (column, row) == (1, 2) { west += 1e-9 }
                features.append(
                    #"{"type":"Feature","id":"\#(column)-\#(row)","properties":{},"geometry":{"type":"Polygon","coordinates":[[[\#(west),\#(south)],[\#(east),\#(south)],[\#(east),\#(north)],[\#(west),\#(north)],[\#(west),\#(south)]]]}}"#
                )
            }
        }
        return #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
    }()

    @Test(.enabled(if: hasOracle, "geopandas is not installed (pip install geopandas)"))
    func cleaningLeavesNoOverlapOrSmallGapAndMovesNoOtherBorder() throws {
        try withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("grid.geojson").path
            try Self.messyGrid.write(toFile: input, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("clean.geojson").path
            let check = try CLI.run(["clean", input, "--check", "--format", "json"])
            #expect(check.status == 1)
            #expect(check.stderr.components(separatedBy: "\"clean.overlap\"").count == 2, "\(check.stderr)")
            #expect(check.stderr.components(separatedBy: "\"clean.gap\"").count == 3, "\(check.stderr)")
            // The default fills the sliver; the 0.12 km² gap is reported and left.
            let result = try CLI.run(["clean", input, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("given to feature 1-1, the larger"), "\(result.stderr)")
            #expect(result.stderr.contains("left (not under --gap-area)"), "\(result.stderr)")
            #expect(try Self.differences(["clean", output, input, "10000"]) == "")
            let filled = try CLI.run(["clean", input, "--gap-area", "1km2", "-o", output])
            #expect(filled.status == 0, "\(filled.stderr)")
            #expect(try Self.differences(["clean", output, input, "1000000"]) == "")
            #expect(try CLI.run(["clean", output, "--check", "--gap-area", "1km2"]).status == 0)
        }
    }

    @Test(.requiresFixtures, .enabled(if: hasOracle, "geopandas is not installed (pip install geopandas)"))
    func naturalEarthStatesCleanToACoverage() throws {
        try withTemporaryFolder { folder in
            let input = Self.real("ne_50m_admin_1_states_provinces")
            let output = folder.appendingPathComponent("states.geojson").path
            let result = try CLI.run(["clean", input, "--gap-area", "10km2", "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try Self.differences(["clean", output, input, "10000000"]) == "")
        }
    }

    @Test func invalidInputIsRepairedFirstAndTheChangeIsListed() throws {
        let bowTie = """
            {"type":"FeatureCollection","features":[{"type":"Feature","id":"bowtie","properties":{"k":1},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,1],[1,0],[0,1],[0,0]]]}},
            {"type":"Feature","properties":{"k":1},"geometry":{"type":"Polygon","coordinates":[[[1,0],[2,0],[2,1],[1,1],[1,0]]]}}]}
            """
        let result = try CLI.run(["dissolve", "-", "--by", "k", "--format", "json"], stdin: Array(bowTie.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("\"fix.geometry.made-valid\""), "\(result.stderr)")
        #expect(result.stdout.contains("\"MultiPolygon\"") || result.stdout.contains("\"Polygon\""))
    }

    @Test func aZoneThatCannotBeDrawnIsALocatedErrorAndExitsOne() throws {
        let point = #"{"type":"Feature","id":7,"properties":{},"geometry":{"type":"Point","coordinates":[0,0]}}"#
        let result = try CLI.run(["buffer", "-", "-d", "15000km"], stdin: Array(point.utf8))
        #expect(result.status == 1)
        #expect(result.stderr.contains("[buffer.too-large]") && result.stderr.contains("feature 7"), "\(result.stderr)")
        #expect(result.stdout.contains("\"geometry\":null"))
        let missing = try CLI.run(["dissolve", "-", "--by", "absent"], stdin: Array(point.utf8))
        #expect(missing.status == 0)
        #expect(missing.stderr.contains("[dissolve.key.missing]"), "\(missing.stderr)")
    }

    @Test func distancesTakeUnitsAndNonsenseIsAUsageError() throws {
        let point = #"{"type":"Point","coordinates":[0,0]}"#
        for bad in ["far", "5 parsecs", "nan", "1e400"] {
            let result = try CLI.run(["buffer", "-", "-d", bad], stdin: Array(point.utf8))
            #expect(result.status == 2, "\(bad): \(result.stderr)")
        }
        let miles = try CLI.run(["measure", "-", "--bbox", "box"], stdin: Array(point.utf8))
        #expect(miles.status == 0 && miles.stdout.contains("\"box\":[0.0,0.0,0.0,0.0]"), "\(miles.stdout)")
        let segments = try CLI.run(["buffer", "-", "-d", "1mi", "--segments", "0"], stdin: Array(point.utf8))
        #expect(segments.status == 2)
        let stray = try CLI.run(["join", "-", "other.geojson", "--max-distance", "1km"], stdin: Array(point.utf8))
        #expect(stray.status == 2 && stray.stderr.contains("--predicate nearest"), "\(stray.stderr)")
        let unknown = try CLI.run(["overlay", "-", "other.geojson", "--op", "merge"], stdin: Array(point.utf8))
        #expect(unknown.status == 2 && unknown.stderr.contains("--op"), "\(unknown.stderr)")
        for command in [["join", "-", "-"], ["overlay", "-", "-", "--op", "clip"]] {
            let twice = try CLI.run(command, stdin: Array(point.utf8))
            #expect(twice.status == 2 && twice.stderr.contains("standard input"), "\(twice.stderr)")
        }
    }
}
