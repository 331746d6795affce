import Foundation
import MeridianTestSupport
import Testing

/// pyarrow, geopandas and DuckDB, from PyPI.
enum PythonDataTools {
    static let installed = (try? Tool.run("python3", ["-c", "import pyarrow, geopandas, duckdb, shapely"]).status) == 0
}

/// GeoParquet through the front door, against the Python data tools
/// (Scripts/parquet-oracle.py): pyarrow, geopandas and DuckDB read every
/// file we write to the rows the source has, with each compression; we
/// read what each of them writes as pyarrow reads it; a box skips row
/// groups; a system other than WGS 84 is recorded in PROJJSON.
@Suite(
    .requiresFixtures,
    .enabled(
        if: PythonDataTools.installed,
        "pyarrow, geopandas or duckdb is not installed (pip install pyarrow geopandas duckdb)"))
struct GeoParquetCommandTests {
    static let oracle = Fixtures.packageRoot.appendingPathComponent("Scripts/parquet-oracle.py").path

    static let layers = ["ne_110m_admin_0_countries", "ne_50m_populated_places", "ne_10m_rivers_europe"]

    static func oracle(_ arguments: [String]) throws -> String {
        let run = try Tool.run("python3", [oracle] + arguments)
        #expect(run.status == 0, "parquet-oracle.py \(arguments.joined(separator: " ")): \(run.output)")
        return run.output
    }

    @Test(arguments: ["snappy", "zstd", "gzip", "none"])
    func pythonToolsReadWhatWeWrite(compression: String) throws {
        try withTemporaryFolder { folder in
            for name in Self.layers {
                let source = Fixtures.url("geojson/real/\(name).json").path
                let file = folder.appendingPathComponent("\(name).parquet").path
                let written = try CLI.run(["convert", source, "-o", file, "--compression", compression])
                #expect(written.status == 0, "\(written.stderr)")
                let check =
                    try JSONSerialization.jsonObject(with: Data(try Self.oracle(["check", file]).utf8))
                    as? [String: Any]
                #expect(
                    (check?["compression"] as? String)?.lowercased()
                        == (compression == "none" ? "uncompressed" : compression))
                let geo = check?["geo"] as? [String: Any]
                #expect(geo?["version"] as? String == "1.1.0" && geo?["primary_column"] as? String == "geometry")
                for library in ["pyarrow", "geopandas", "duckdb"] {
                    let out = folder.appendingPathComponent("\(library)-\(name).geojson").path
                    _ = try Self.oracle(["read", library, file, out])
                    try FlatGeobufCommandTests.expectSameFeatures(out, source)
                }
            }
        }
    }

    @Test(arguments: ["geopandas", "pyarrow", "duckdb"])
    func weReadWhatPythonToolsWrite(library: String) throws {
        try withTemporaryFolder { folder in
            for compression in ["snappy", "zstd", "gzip", "none"] {
                let source = Fixtures.url("geojson/real/ne_110m_admin_0_countries.json").path
                let file = folder.appendingPathComponent("\(library)-\(compression).parquet").path
                _ = try Self.oracle(["write", library, compression, source, file])
                let ours = folder.appendingPathComponent("ours-\(library)-\(compression).geojson").path
                let theirs = folder.appendingPathComponent("pyarrow-\(library)-\(compression).geojson").path
                let read = try CLI.run(["convert", file, "-o", ours])
                #expect(read.status == 0, "\(read.stderr)")
                _ = try Self.oracle(["read", "pyarrow", file, theirs])
                try FlatGeobufCommandTests.expectSameFeatures(ours, theirs)
            }
        }
    }

    @Test func aBoxReadsOnlyTheRowGroupsItMeets() throws {
        try withTemporaryFolder { folder in
            // Places sorted west to east, so that row groups are strips.
            let source = Fixtures.url("geojson/real/ne_50m_populated_places.json")
            var document = try JSONSerialization.jsonObject(with: Data(contentsOf: source)) as! [String: Any]
            let features = (document["features"] as! [[String: Any]]).sorted {
                ShapefileCommandTests.positions($0["geometry"] as? [String: Any])[0][0]
                    < ShapefileCommandTests.positions($1["geometry"] as? [String: Any])[0][0]
            }
            document["features"] = features
            let sorted = folder.appendingPathComponent("sorted.geojson")
            try JSONSerialization.data(withJSONObject: document).write(to: sorted)
            let file = folder.appendingPathComponent("places.parquet").path
            #expect(try CLI.run(["convert", sorted.path, "-o", file, "--row-group-size", "100"]).status == 0)
            let box = "2,48,3,49"
            let all = folder.appendingPathComponent("all.geojson").path
            let boxed = folder.appendingPathComponent("boxed.geojson").path
            #expect(try CLI.run(["convert", sorted.path, "--bbox", box, "-o", all]).status == 0)
            let read = try CLI.run(["convert", file, "--bbox", box, "-o", boxed, "-v"])
            #expect(read.status == 0)
            try FlatGeobufCommandTests.expectSameFeatures(boxed, all)
            // geopandas's own filtered read agrees, and few row groups were read.
            #expect(read.stderr.contains("of \((features.count + 99) / 100) row groups"), "\(read.stderr)")
            #expect(!read.stderr.contains("\((features.count + 99) / 100) of"))
        }
    }

    @Test func aSystemIsRecordedInPROJJSONAndReadBack() throws {
        try withTemporaryFolder { folder in
            let source = Fixtures.url("geojson/real/ne_110m_admin_0_countries.json").path
            let file = folder.appendingPathComponent("mercator.parquet").path
            #expect(try CLI.run(["convert", source, "--t-srs", "EPSG:3857", "-o", file]).status == 0)
            let crs = try Tool.run(
                "python3",
                ["-c", "import geopandas, sys; print(geopandas.read_parquet(sys.argv[1]).crs.to_epsg())", file])
            #expect(crs.output.trimmingCharacters(in: .whitespacesAndNewlines) == "3857", "\(crs.output)")
            // Read back, the positions are carried to longitude and latitude.
            let back = folder.appendingPathComponent("back.geojson").path
            #expect(try CLI.run(["convert", file, "-o", back]).status == 0)
            try FlatGeobufCommandTests.expectSameFeatures(back, source, tolerance: 1e-7)
        }
    }

    /// Shards of a dataset share one schema, each column typed from every
    /// shard's values, so that Spark and DuckDB read them as one table.
    @Test func splitShardsShareOneSchema() throws {
        try withTemporaryFolder { folder in
            let source = Fixtures.url("geojson/real/ne_50m_populated_places.json").path
            let shards = folder.appendingPathComponent("shards").path
            let split = try CLI.run(["split", source, "--max-features", "150", "--to", "geoparquet", "-o", shards])
            #expect(split.status == 0, "\(split.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: shards).sorted()
            #expect(files.first == "part-00000.parquet" && files.count > 5)
            var schemas: Set<String> = []
            var rows = 0
            for file in files {
                let check = try Self.oracle(["check", shards + "/" + file])
                let object = try JSONSerialization.jsonObject(with: Data(check.utf8)) as? [String: Any]
                let columns = object?["columns"] as? [String: String] ?? [:]
                schemas.insert(columns.keys.sorted().map { "\($0):\(columns[$0]!)" }.joined(separator: ","))
                rows += object?["rows"] as? Int ?? 0
            }
            #expect(schemas.count == 1)
            let features = try ShapefileCommandTests.features(source)
            #expect(rows == features.count)
            let count = try Tool.run(
                "python3",
                [
                    "-c",
                    "import duckdb, sys; print(duckdb.sql(f\"select count(*) from '{sys.argv[1]}/*.parquet'\").fetchall()[0][0])",
                    shards,
                ])
            #expect(
                count.output.trimmingCharacters(in: .whitespacesAndNewlines) == String(features.count),
                "\(count.output)")
        }
    }

    @Test func aParquetFromStandardInputIsRead() throws {
        try withTemporaryFolder { folder in
            let source = Fixtures.url("geojson/real/ne_110m_admin_0_countries.json").path
            let file = folder.appendingPathComponent("countries.parquet").path
            #expect(try CLI.run(["convert", source, "-o", file]).status == 0)
            let piped = try CLI.run(["info", "-"], stdin: try [UInt8](Data(contentsOf: URL(fileURLWithPath: file))))
            #expect(piped.status == 0, "\(piped.stderr)")
            #expect(piped.stdout.contains("features    177"))
        }
    }
}

/// `meridian validate` of GeoParquet: the specification's rules on the
/// geo metadata and the rows, and every geometry check, located by row.
@Suite(
    .requiresFixtures,
    .enabled(if: PythonDataTools.installed, "pyarrow is not installed (pip install pyarrow geopandas duckdb)"))
struct GeoParquetValidationTests {
    /// Our file of `source`, its geo metadata changed by `change` (pyarrow
    /// rewrites it), validated: the status and the SARIF results' rule ids.
    static func validate(
        _ source: String, change: String, in folder: URL, format: String = "sarif"
    ) throws -> (status: Int32, report: String) {
        let file = folder.appendingPathComponent("changed.parquet").path
        #expect(try CLI.run(["convert", Fixtures.url(source).path, "-o", file]).status == 0)
        let script = """
            import json, sys, pyarrow.parquet as pq
            table = pq.read_table(sys.argv[1])
            geo = json.loads(table.schema.metadata[b"geo"])
            column = geo["columns"]["geometry"]
            \(change)
            pq.write_table(table.replace_schema_metadata({b"geo": json.dumps(geo).encode()}), sys.argv[1])
            """
        let run = try Tool.run("python3", ["-c", script, file])
        #expect(run.status == 0, "\(run.output)")
        let validated = try CLI.run(["validate", file, "--format", format])
        return (validated.status, validated.stdout)
    }

    @Test func aFileWeWriteIsValid() throws {
        try withTemporaryFolder { folder in
            let (status, report) = try Self.validate(
                "geojson/real/ne_50m_populated_places.json", change: "pass", in: folder, format: "text")
            #expect(status == 0, "\(report)")
        }
    }

    @Test func metadataThatDoesNotAgreeWithTheRowsIsAnError() throws {
        try withTemporaryFolder { folder in
            let cases: [(change: String, code: String)] = [
                (#"column["bbox"] = [0, 0, 1, 1]"#, "parquet.geo.bbox-mismatch"),
                (#"column["geometry_types"] = ["Polygon"]"#, "parquet.geo.type-undeclared"),
                (#"column["edges"] = "curved""#, "parquet.geo.schema"),
                (#"geo["version"] = "2.0.0""#, "parquet.geo.schema"),
            ]
            for (change, code) in cases {
                let (status, report) = try Self.validate(
                    "geojson/real/ne_50m_populated_places.json", change: change, in: folder)
                #expect(status == 1, "\(code): \(report.prefix(400))")
                #expect(report.contains("\"ruleId\": \"\(code)\""), "\(code)")
            }
        }
    }

    @Test func aCoveringThatLiesIsLocatedByRow() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("places.parquet").path
            #expect(
                try CLI.run(["convert", Fixtures.url("geojson/real/ne_50m_populated_places.json").path, "-o", file])
                    .status == 0)
            // Row 8's covering moved a degree east: it no longer holds its point.
            let script = """
                import sys, pyarrow as pa, pyarrow.compute as pc, pyarrow.parquet as pq
                table = pq.read_table(sys.argv[1])
                bbox = table.column("bbox").combine_chunks()
                xmin = bbox.field("xmin").to_pylist(); xmin[7] += 1
                fields = [pa.array(xmin)] + [bbox.field(n) for n in ("ymin", "xmax", "ymax")]
                moved = pa.StructArray.from_arrays(fields, names=["xmin", "ymin", "xmax", "ymax"], mask=pc.invert(bbox.is_valid()))
                table = table.set_column(table.schema.get_field_index("bbox"), "bbox", moved)
                pq.write_table(table, sys.argv[1])
                """
            let run = try Tool.run("python3", ["-c", script, file])
            #expect(run.status == 0, "\(run.output)")
            let validated = try CLI.run(["validate", file])
            #expect(validated.status == 1)
            #expect(validated.stdout.contains("parquet.covering.mismatch"), "\(validated.stdout)")
            #expect(validated.stdout.contains("row 8:"), "\(validated.stdout)")
        }
    }
}
