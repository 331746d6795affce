import Foundation
import MeridianTestSupport
import Testing

/// FlatGeobuf through the front door, against GDAL and the flatgeobuf
/// Python package: what GDAL writes we read as GDAL reads it, what we
/// write GDAL reads as it reads its own, and a `--bbox` read through the
/// index is `ogr2ogr -spat`'s result.
@Suite(.requires(tool: "ogr2ogr"))
struct FlatGeobufCommandTests {
    static let hasPythonPackage = (try? Tool.run("python3", ["-c", "import flatgeobuf"]).status) == 0

    static let layers = [
        "ne_50m_admin_1_states_provinces", "ne_50m_land", "ne_50m_populated_places", "ne_10m_rivers_europe",
    ]

    /// The features of two GeoJSON files agree, in any order: geometry
    /// type, positions to `tolerance` and properties.
    static func expectSameFeatures(
        _ ours: String, _ theirs: String, tolerance: Double = 1e-9, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        func key(_ feature: [String: Any]) -> String {
            let geometry = feature["geometry"] as? [String: Any]
            let first = ShapefileCommandTests.positions(geometry).first ?? []
            let properties = feature["properties"] as? [String: Any] ?? [:]
            return "\(geometry?["type"] ?? "")\(first)\(properties.keys.sorted().map { "\($0)=\(properties[$0]!)" })"
        }
        let a = try ShapefileCommandTests.features(ours).map { (key($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        let b = try ShapefileCommandTests.features(theirs).map { (key($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
        #expect(a.count == b.count, "\(a.count) features against \(b.count)", sourceLocation: sourceLocation)
        for (index, (x, y)) in zip(a, b).enumerated() {
            let (gx, gy) = (x["geometry"] as? [String: Any], y["geometry"] as? [String: Any])
            #expect(
                gx?["type"] as? String == gy?["type"] as? String, "feature \(index)", sourceLocation: sourceLocation)
            let (px, py) = (ShapefileCommandTests.positions(gx), ShapefileCommandTests.positions(gy))
            let apart = zip(px, py).map { max(abs($0[0] - $1[0]), abs($0[1] - $1[1])) }.max() ?? 0
            #expect(
                px.count == py.count && apart <= tolerance, "feature \(index): \(apart)", sourceLocation: sourceLocation
            )
            let (mine, other) = (x["properties"] as? [String: Any] ?? [:], y["properties"] as? [String: Any] ?? [:])
            #expect(Set(mine.keys) == Set(other.keys), "feature \(index)", sourceLocation: sourceLocation)
            for (name, value) in other where !ShapefileCommandTests.same(mine[name], value) {
                Issue.record(
                    "feature \(index), \(name): \(mine[name] ?? "nil") against \(value)", sourceLocation: sourceLocation
                )
            }
        }
    }

    @Test(.requiresFixtures) func readsWhatGDALWritesAsGDALReadsIt() throws {
        try withTemporaryFolder { folder in
            for name in Self.layers {
                let source = Fixtures.url("geojson/real/\(name).json").path
                let file = folder.appendingPathComponent("\(name).fgb").path
                _ = try Tool.run("ogr2ogr", ["-f", "FlatGeobuf", file, source])
                let ours = folder.appendingPathComponent("ours.geojson").path
                let gdal = folder.appendingPathComponent("gdal-\(name).geojson").path
                let read = try CLI.run(["convert", file, "-o", ours])
                #expect(read.status == 0, "\(read.stderr)")
                _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", gdal, file])
                try Self.expectSameFeatures(ours, gdal)
            }
        }
    }

    @Test(.requiresFixtures) func gdalReadsWhatWeWriteAsItReadsItsOwn() throws {
        try withTemporaryFolder { folder in
            for name in Self.layers {
                let source = Fixtures.url("geojson/real/\(name).json").path
                let ours = folder.appendingPathComponent("ours-\(name).fgb").path
                let theirs = folder.appendingPathComponent("gdal-\(name).fgb").path
                let written = try CLI.run(["convert", source, "-o", ours])
                #expect(written.status == 0, "\(written.stderr)")
                _ = try Tool.run("ogr2ogr", ["-f", "FlatGeobuf", theirs, source])
                let a = folder.appendingPathComponent("a-\(name).geojson").path
                let b = folder.appendingPathComponent("b-\(name).geojson").path
                _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", a, ours])
                _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", b, theirs])
                try Self.expectSameFeatures(a, b)
                // The index is GDAL's to use: its spatial filter on our file
                // finds what it finds on its own.
                let c = folder.appendingPathComponent("c-\(name).geojson").path
                let d = folder.appendingPathComponent("d-\(name).geojson").path
                _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", "-spat", "0", "40", "20", "55", c, ours])
                _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", "-spat", "0", "40", "20", "55", d, theirs])
                try Self.expectSameFeatures(c, d)
                let info = try Tool.run("ogrinfo", ["-so", "-al", ours])
                #expect(info.output.contains("ID[\"EPSG\",4326]]"), "\(info.output)")
            }
        }
    }

    @Test(.requiresFixtures) func aBoxReadThroughTheIndexIsGDALsSpatialFilter() throws {
        try withTemporaryFolder { folder in
            let boxes = [
                [-100, 20, -60, 50], [100, -45, 155, -10], [0, 40, 20, 55], [-10, 35, 30, 60], [170, -90, 180, 90],
            ]
            for name in Self.layers {
                let file = folder.appendingPathComponent("\(name).fgb").path
                _ = try Tool.run(
                    "ogr2ogr", ["-f", "FlatGeobuf", file, Fixtures.url("geojson/real/\(name).json").path])
                for box in boxes {
                    let ours = folder.appendingPathComponent("ours.geojson").path
                    let gdal = folder.appendingPathComponent("gdal.geojson").path
                    try? FileManager.default.removeItem(atPath: gdal)
                    let read = try CLI.run(
                        ["convert", file, "--bbox", box.map(String.init).joined(separator: ","), "-o", ours])
                    #expect(read.status == 0, "\(read.stderr)")
                    _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", "-spat"] + box.map(String.init) + [gdal, file])
                    try Self.expectSameFeatures(ours, gdal)
                }
            }
        }
    }

    /// The flatgeobuf package (PyPI), the format's reference reader in
    /// Python, reads our files to the same features, and its own box
    /// query through our index finds the same ones.
    @Test(
        .requiresFixtures,
        .enabled(if: hasPythonPackage, "the flatgeobuf Python package is not installed (pip install flatgeobuf)"))
    func theFlatGeobufPackageReadsWhatWeWrite() throws {
        try withTemporaryFolder { folder in
            // (Its reader fails on Bool columns, whoever wrote them: the
            // layers here have none.)
            for name in ["ne_50m_land", "ne_50m_populated_places", "ne_10m_rivers_europe"] {
                let source = Fixtures.url("geojson/real/\(name).json").path
                let file = folder.appendingPathComponent("\(name).fgb").path
                #expect(try CLI.run(["convert", source, "-o", file]).status == 0)
                // Its box query goes by the index alone (bounding boxes), which
                // for points is the exact answer.
                var queries = [("None", [String]())]
                if name == "ne_50m_populated_places" { queries.append(("(0, 40, 20, 55)", ["--bbox", "0,40,20,55"])) }
                for (box, arguments) in queries {
                    let theirs = folder.appendingPathComponent("python.geojson").path
                    let script = """
                        import json, flatgeobuf
                        with open(\(String(reflecting: file)), 'rb') as f:
                            collection = flatgeobuf.load(f, bbox=\(box))
                        json.dump({'type': 'FeatureCollection', 'features': [
                            {'type': 'Feature', 'properties': {k: v for k, v in f['properties'].items() if v is not None},
                             'geometry': f['geometry']} for f in collection['features']]}, open(\(String(reflecting: theirs)), 'w'))
                        """
                    let python = try Tool.run("python3", ["-c", script])
                    #expect(python.status == 0, "\(python.output)")
                    let ours = folder.appendingPathComponent("ours.geojson").path
                    #expect(try CLI.run(["convert", file, "-o", ours] + arguments).status == 0)
                    // (The geojson package it builds on rounds positions to 6 decimals.)
                    try Self.expectSameFeatures(ours, theirs, tolerance: 1e-6)
                }
            }
        }
    }

    @Test func typesSystemsAndStreams() throws {
        try withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("mixed.geojson").path
            try """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"a","properties":{"n":1,"b":true,"s":"x","o":{"k":[1,2]}},"geometry":{"type":"Point","coordinates":[1,2]}},
            {"type":"Feature","id":7,"properties":{"n":2.5,"b":false,"s":3},"geometry":{"type":"LineString","coordinates":[[1,2,10],[3,4,20]]}},
            {"type":"Feature","properties":{"n":3000000000,"big":1},"geometry":null},
            {"type":"Feature","properties":{"n":1},"geometry":{"type":"GeometryCollection","geometries":[{"type":"Point","coordinates":[5,6]},{"type":"MultiPolygon","coordinates":[[[[0,0],[1,0],[1,1],[0,0]]],[[[2,2],[3,2],[3,3],[2,2]],[[2.1,2.1],[2.2,2.1],[2.2,2.2],[2.1,2.1]]]]}]}},
            {"type":"Feature","properties":{"name":"Zürich"},"geometry":{"type":"MultiPoint","coordinates":[[7,8],[9,10]]}}
            ]}
            """.write(toFile: input, atomically: true, encoding: .utf8)
            let file = folder.appendingPathComponent("mixed.fgb").path
            // Written to standard output, read back from standard input.
            let written = try CLI.run(["convert", input, "--to", "flatgeobuf"])
            #expect(written.status == 0, "\(written.stderr)")
            try Data(written.stdoutBytes).write(to: URL(fileURLWithPath: file))
            let info = try Tool.run("ogrinfo", ["-al", file])
            for line in [
                "Geometry: 3D Unknown (any)", "Feature Count: 5", "n: Real", "b: Integer(Boolean)", "s: String",
                "big: Integer", "n (Real) = 3000000000", "s (String) = 3", "id (String) = 7",
                "LINESTRING Z (1 2 10,3 4 20)", "POINT Z (1 2 0)",
            ] {
                #expect(info.output.contains(line), "\(line)")
            }
            let back = try CLI.run(["convert", "-", "--to", "ndjson"], stdin: written.stdoutBytes)
            #expect(back.status == 0, "\(back.stderr)")
            #expect(back.stdout.contains(#"{"n":2.5,"b":false,"s":"3","id":"7"}"#))
            #expect(back.stdout.contains(#"{"n":3000000000.0,"big":1},"geometry":null"#))

            // A system asked for is recorded in the header, and read back.
            let mercator = folder.appendingPathComponent("mercator.fgb").path
            #expect(try CLI.run(["convert", input, "--t-srs", "EPSG:3857", "-o", mercator]).status == 0)
            #expect(try Tool.run("ogrinfo", ["-so", "-al", mercator]).output.contains("ID[\"EPSG\",3857]]"))
            let described = try CLI.run(["info", mercator])
            #expect(described.stdout.contains("WGS 84 / Pseudo-Mercator (EPSG:3857)"), "\(described.stdout)")
            #expect(described.stdout.contains("FlatGeobuf, indexed"))
        }
    }
}
