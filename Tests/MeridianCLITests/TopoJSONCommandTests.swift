import Foundation
import MeridianTestSupport
import Testing

/// TopoJSON through the front door, against GDAL's TopoJSON driver and the
/// topojson Python package: what the package writes (quantized and not) we
/// read as GDAL reads it; what we write GDAL reads back to the source's
/// geometries; a shared border is one arc. Geometries are compared by
/// shapely (a ring may start anywhere along it), within a tolerance.
@Suite(.requires(tool: "ogr2ogr"))
struct TopoJSONCommandTests {
    static let hasPackages =
        (try? Tool.run("python3", ["-c", "import topojson, shapely"]).status) == 0

    static let layers = ["ne_50m_admin_1_states_provinces", "ne_50m_land", "ne_10m_rivers_europe"]

    /// Compares two GeoJSON files feature by feature: geometries within
    /// `tolerance` (Hausdorff distance, both ways), properties equal with
    /// nulls left out; a feature's id against the other's `id` property,
    /// as text (GDAL reads a TopoJSON id as a text property). Returns the
    /// differences found.
    static func differences(_ ours: String, _ theirs: String, tolerance: Double) throws -> String {
        let script = """
            import json, sys
            from shapely.geometry import shape
            a = json.load(open(sys.argv[1]))['features']; b = json.load(open(sys.argv[2]))['features']
            tolerance = float(sys.argv[3])
            if len(a) != len(b): print('counts', len(a), len(b))
            def props(f):
                p = {k: v for k, v in (f.get('properties') or {}).items() if v is not None}
                if 'id' in f and 'id' not in (f.get('properties') or {}): p['id'] = f['id']
                if 'id' in p: p['id'] = str(p['id'])
                return p
            for i, (x, y) in enumerate(zip(a, b)):
                if (x['geometry'] is None) != (y['geometry'] is None): print(i, 'null geometry'); continue
                if x['geometry'] is not None:
                    gx, gy = shape(x['geometry']), shape(y['geometry'])
                    if gx.geom_type != gy.geom_type or gx.hausdorff_distance(gy) > tolerance: print(i, 'geometry', gx.hausdorff_distance(gy))
                if props(x) != props(y): print(i, 'properties', set(props(x).items()) ^ set(props(y).items()))
            """
        let result = try Tool.run("python3", ["-c", script, ours, theirs, String(tolerance)])
        return result.status == 0 ? result.output : "python: \(result.output)"
    }

    @Test(.requiresFixtures, .enabled(if: hasPackages, "topojson or shapely is not installed (pip install topojson)"))
    func readsWhatTheTopojsonPackageWritesAsGDALDoes() throws {
        try withTemporaryFolder { folder in
            for name in Self.layers {
                let source = Fixtures.url("geojson/real/\(name).json").path
                for quantize in ["False", "1e5"] {
                    let topology = folder.appendingPathComponent("\(name)-\(quantize).topojson").path
                    let made = try Tool.run(
                        "python3",
                        [
                            "-c",
                            "import json, sys, topojson; open(sys.argv[2], 'w').write(topojson.Topology(json.load(open(sys.argv[1])), prequantize=\(quantize)).to_json())",
                            source, topology,
                        ])
                    #expect(made.status == 0, "\(made.output)")
                    let ours = folder.appendingPathComponent("ours.geojson").path
                    let gdal = folder.appendingPathComponent("gdal.geojson").path
                    try? FileManager.default.removeItem(atPath: gdal)
                    let read = try CLI.run(["convert", topology, "-o", ours])
                    #expect(read.status == 0, "\(read.stderr)")
                    _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", gdal, topology])
                    #expect(try Self.differences(ours, gdal, tolerance: 1e-9) == "", "\(name), quantized \(quantize)")
                    if quantize == "False" {
                        // Unquantized, the source comes back (GDAL gives the id as a property).
                        let back = try Self.differences(ours, source, tolerance: 1e-12)
                        #expect(back.split(separator: "\n").allSatisfy { $0.contains("'id'") }, "\(back)")
                    }
                }
            }
        }
    }

    @Test(.requiresFixtures, .enabled(if: hasPackages, "shapely is not installed (pip install shapely)"))
    func gdalReadsWhatWeWriteBackToTheSource() throws {
        try withTemporaryFolder { folder in
            for name in Self.layers {
                let source = Fixtures.url("geojson/real/\(name).json").path
                for quantize in [nil, 100_000] {
                    let topology = folder.appendingPathComponent("\(name).topojson").path
                    let written = try CLI.run(
                        ["convert", source, "-o", topology] + (quantize.map { ["--quantize", String($0)] } ?? []))
                    #expect(written.status == 0, "\(written.stderr)")
                    let gdal = folder.appendingPathComponent("gdal.geojson").path
                    try? FileManager.default.removeItem(atPath: gdal)
                    _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", gdal, topology])
                    // Quantized to 1e5 steps over the world: a step is under 0.004 degrees.
                    let tolerance = quantize == nil ? 1e-9 : 0.004
                    #expect(try Self.differences(gdal, source, tolerance: tolerance) == "", "\(name), \(quantize ?? 0)")
                    let ours = folder.appendingPathComponent("ours.geojson").path
                    #expect(try CLI.run(["convert", topology, "-o", ours]).status == 0)
                    #expect(try Self.differences(ours, source, tolerance: tolerance) == "", "\(name), \(quantize ?? 0)")
                }
            }
        }
    }

    @Test func aSharedBorderIsOneArcAndLayersAreObjects() throws {
        try withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("two.geojson").path
            try """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"a","properties":{"n":1},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1],[0,0]]]}},
            {"type":"Feature","id":"b","properties":{"n":2},"geometry":{"type":"Polygon","coordinates":[[[1,0],[2,0],[2,1],[1,1],[1,0]]]}},
            {"type":"Feature","properties":{"n":3},"geometry":{"type":"Point","coordinates":[5,5]}},
            {"type":"Feature","properties":{"n":4},"geometry":null}
            ]}
            """.write(toFile: input, atomically: true, encoding: .utf8)
            let result = try CLI.run(["convert", input, "--to", "topojson"])
            #expect(result.status == 0, "\(result.stderr)")
            let topology = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as! [String: Any]
            let arcs = topology["arcs"] as! [Any]
            #expect(arcs.count == 3)
            let objects = topology["objects"] as! [String: Any]
            let geometries = (objects["features"] as! [String: Any])["geometries"] as! [[String: Any]]
            let rings = geometries.prefix(2).map { ($0["arcs"] as! [[Int]])[0] }
            // The border is arc k in one ring and ~k (that is -k-1) in the other.
            let shared = Set(rings[0].map { $0 < 0 ? ~$0 : $0 }).intersection(rings[1].map { $0 < 0 ? ~$0 : $0 })
            #expect(shared.count == 1)
            if let border = shared.first {
                #expect(rings[0].contains(border) != rings[1].contains(border))
            }
            #expect(geometries[2]["coordinates"] as? [Double] == [5, 5])
            #expect(geometries[3]["type"] is NSNull)

            // A GeoPackage's tables are objects, and come back as layers.
            let package = folder.appendingPathComponent("layers.gpkg").path
            let places = Fixtures.url("geojson/real/ne_50m_populated_places.json").path
            if Fixtures.exists("geojson/real/ne_50m_populated_places.json") {
                _ = try Tool.run("ogr2ogr", ["-f", "GPKG", package, input, "-nln", "squares"])
                _ = try Tool.run("ogr2ogr", ["-f", "GPKG", "-update", package, places, "-nln", "places"])
                let layered = folder.appendingPathComponent("layers.topojson").path
                #expect(try CLI.run(["convert", package, "-o", layered]).status == 0)
                let info = try CLI.run(["info", layered])
                #expect(info.stdout.contains("TopoJSON (2 objects)"), "\(info.stdout)")
                let one = try CLI.run(["convert", layered, "--layer", "squares", "--to", "ndjson"])
                #expect(one.stdout.split(separator: "\n").count == 4)
            }
        }
    }

    @Test func anArcIndexThatLiesIsALocatedError() throws {
        let cases = [
            (
                #"{"type":"Topology","objects":{"a":{"type":"LineString","arcs":[0,7]}},"arcs":[[[0,0],[1,1]]]}"#,
                "/objects/a/arcs/1"
            ),
            (
                #"{"type":"Topology","objects":{"a":{"type":"Polygon","arcs":[[-9]]}},"arcs":[[[0,0],[1,1]]]}"#,
                "/objects/a/arcs/0/0"
            ),
            (
                #"{"type":"Topology","objects":{"a":{"type":"LineString","arcs":[1e300]}},"arcs":[[[0,0],[1,1]]]}"#,
                "/objects/a/arcs/0"
            ),
        ]
        try withTemporaryFolder { folder in
            for (text, pointer) in cases {
                let path = folder.appendingPathComponent("lying.topojson").path
                try text.write(toFile: path, atomically: true, encoding: .utf8)
                let output = folder.appendingPathComponent("out.geojson").path
                let result = try CLI.run(["convert", path, "-o", output])
                #expect(result.status == 3)
                #expect(result.stderr.contains("topojson.arc.out-of-range"), "\(result.stderr)")
                #expect(result.stderr.contains(pointer), "\(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: output))
            }
            let transform = folder.appendingPathComponent("transform.topojson").path
            try #"{"type":"Topology","transform":{"scale":[1]},"objects":{},"arcs":[]}"#.write(
                toFile: transform, atomically: true, encoding: .utf8)
            #expect(try CLI.run(["info", transform]).stderr.contains("topojson.transform.invalid"))
        }
    }
}
