import Foundation
import MeridianTestSupport
import Testing

/// Shapefiles through the front door, against GDAL and pyshp: the same
/// features as ogr2ogr reads, from a file, a folder or a zip, in the
/// system of the .prj, in the encoding the text is in.
@Suite(.requires(tool: "ogr2ogr"))
struct ShapefileCommandTests {
    /// The features of a GeoJSON file, decoded by Foundation.
    static func features(_ path: String) throws -> [[String: Any]] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path)))
        return (object as? [String: Any])?["features"] as? [[String: Any]] ?? []
    }

    static func positions(_ geometry: Any?) -> [[Double]] {
        var found: [[Double]] = []
        func walk(_ value: Any) {
            if let numbers = value as? [Double], (value as? [Any])?.allSatisfy({ $0 is NSNumber }) == true {
                found.append(numbers)
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        if let coordinates = (geometry as? [String: Any])?["coordinates"] { walk(coordinates) }
        return found
    }

    /// Ours and GDAL's read of one shapefile agree: count, geometry types,
    /// every position to 1e-9, every property (GDAL reads a logical as "T"
    /// or "F", we as a boolean).
    static func expectSameAsGDAL(_ shapefile: String, in folder: URL, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let ours = folder.appendingPathComponent("ours.geojson").path
        let gdal = folder.appendingPathComponent("gdal.geojson").path
        try? FileManager.default.removeItem(atPath: gdal)
        let read = try CLI.run(["convert", shapefile, "-o", ours])
        #expect(read.status == 0, "\(read.stderr)", sourceLocation: sourceLocation)
        _ = try Tool.run("ogr2ogr", ["-f", "GeoJSON", gdal, shapefile])
        let (a, b) = (try features(ours), try features(gdal))
        #expect(
            a.count == b.count && !a.isEmpty, "\(a.count) features against GDAL's \(b.count)",
            sourceLocation: sourceLocation)
        for (index, (x, y)) in zip(a, b).enumerated() {
            let (gx, gy) = (x["geometry"] as? [String: Any], y["geometry"] as? [String: Any])
            #expect(
                gx?["type"] as? String == gy?["type"] as? String, "feature \(index)", sourceLocation: sourceLocation)
            let (px, py) = (positions(gx), positions(gy))
            let apart = zip(px, py).map { max(abs($0[0] - $1[0]), abs($0[1] - $1[1])) }.max() ?? 0
            #expect(px.count == py.count && apart < 1e-9, "feature \(index): \(apart)", sourceLocation: sourceLocation)
            let (ours, theirs) = (x["properties"] as? [String: Any] ?? [:], y["properties"] as? [String: Any] ?? [:])
            #expect(Set(ours.keys) == Set(theirs.keys), sourceLocation: sourceLocation)
            for (key, value) in theirs {
                let mine = ours[key]
                #expect(
                    same(mine, value), "feature \(index), \(key): \(mine ?? "nil") against \(value)",
                    sourceLocation: sourceLocation)
            }
        }
    }

    /// A value as we read it against another's: GDAL's "T"/"F" for a
    /// boolean, and a number printed with 17 digits for the same double.
    static func same(_ mine: Any?, _ value: Any) -> Bool {
        if let text = value as? String, text == "T" || text == "F", let flag = mine as? Bool {
            return flag == (text == "T")
        }
        if let number = value as? NSNumber, type(of: value) != Bool.self, let ours = mine as? NSNumber, type(of: mine!) != Bool.self {
            return abs(number.doubleValue - ours.doubleValue) <= 1e-15 * max(1, abs(number.doubleValue))
        }
        return "\(mine ?? "nil")" == "\(value)"
    }

    @Test(.requiresFixtures)
    func naturalEarthReadsAsGDALReadsIt() throws {
        try withTemporaryFolder { folder in
            for name in [
                "ne_50m_admin_1_states_provinces", "ne_50m_land", "ne_50m_populated_places", "ne_10m_rivers_europe",
            ] {
                let shapefile = folder.appendingPathComponent("\(name).shp").path
                let made = try Tool.run(
                    "ogr2ogr", ["-f", "ESRI Shapefile", shapefile, Fixtures.url("geojson/real/\(name).json").path])
                #expect(made.status == 0, "\(made.output)")
                try Self.expectSameAsGDAL(shapefile, in: folder)
            }
        }
    }

    /// What pyshp writes: every shape type with Z and M, null shapes,
    /// numbers, logicals, dates, empty text.
    @Test(.requires(tool: "python3"))
    func pyshpFilesReadAsGDALReadsThem() throws {
        try withTemporaryFolder { folder in
            let script = #"""
                import shapefile, sys
                d = sys.argv[1]
                def fields(w):
                    w.field("name", "C", 20); w.field("n", "N", 9, 0); w.field("x", "N", 14, 4); w.field("ok", "L"); w.field("day", "D")
                rows = [("one", 1, 0.5, True, "20200131"), ("", None, None, None, None), ("three", -3, -1.25, False, "19991231")]
                w = shapefile.Writer(d + "/points", shapeType=shapefile.POINTZ); fields(w)
                w.pointz(1, 2, 3); w.record(*rows[0]); w.null(); w.record(*rows[1]); w.pointz(-1, -2, 0.5); w.record(*rows[2]); w.close()
                w = shapefile.Writer(d + "/lines", shapeType=shapefile.POLYLINEM); fields(w)
                w.linem([[[0, 0, 1], [1, 1, 2]]]); w.record(*rows[0]); w.linem([[[0, 0, 0], [1, 0, 0]], [[2, 2, 0], [3, 3, 0]]]); w.record(*rows[1]); w.null(); w.record(*rows[2]); w.close()
                w = shapefile.Writer(d + "/areas", shapeType=shapefile.POLYGONZ); fields(w)
                w.polyz([[[0, 0, 1], [0, 10, 1], [10, 10, 1], [10, 0, 1], [0, 0, 1]], [[2, 2, 2], [4, 2, 2], [4, 4, 2], [2, 4, 2], [2, 2, 2]]]); w.record(*rows[0])
                w.polyz([[[0, 0, 0], [0, 1, 0], [1, 1, 0], [1, 0, 0], [0, 0, 0]], [[5, 5, 0], [5, 6, 0], [6, 6, 0], [6, 5, 0], [5, 5, 0]]]); w.record(*rows[1])
                w.null(); w.record(*rows[2]); w.close()
                w = shapefile.Writer(d + "/many", shapeType=shapefile.MULTIPOINT); fields(w)
                w.multipoint([[0, 0], [1, 1], [2, 0]]); w.record(*rows[0]); w.multipoint([[5, 5]]); w.record(*rows[1]); w.null(); w.record(*rows[2]); w.close()
                """#
            let made = try Tool.run("python3", ["-c", script, folder.path])
            try #require(made.status == 0, "pyshp: \(made.output)")
            for name in ["points", "lines", "areas", "many"] {
                try Self.expectSameAsGDAL(folder.appendingPathComponent("\(name).shp").path, in: folder)
            }
            // Z is kept as altitudes; M is left out, with a note.
            let points = try CLI.run(["convert", folder.appendingPathComponent("points.shp").path, "--to", "ndjson"])
            #expect(points.stdout.contains("[1.0,2.0,3.0]"), "\(points.stdout)")
            let lines = try CLI.run([
                "convert", folder.appendingPathComponent("lines.shp").path, "-o", "/dev/null", "-v",
            ])
            #expect(lines.stderr.contains("[shp.measure.dropped]"), "\(lines.stderr)")
        }
    }

    /// Text in six encodings, with a right .cpg, none, and one that lies;
    /// --encoding for what no file says.
    @Test(.requires(tool: "python3"))
    func textIsReadInTheEncodingItIsIn() throws {
        try withTemporaryFolder { folder in
            let texts = [
                ("cp1252", "1252", "Café Zürich façade"), ("cp1251", "1251", "Москва, Санкт-Петербург"),
                ("cp437", "437", "Ärger über Größe"), ("shift_jis", "SJIS", "東京都新宿区"), ("gbk", "GBK", "北京市海淀区"),
                ("utf-8", "UTF-8", "Ελληνικά · café · 東京"),
            ]
            let script = #"""
                import shapefile, sys
                d, enc, text = sys.argv[1:4]
                for case in ("right", "none", "lying"):
                    w = shapefile.Writer(f"{d}/{enc}-{case}", shapeType=shapefile.POINT, encoding=enc)
                    w.field("name", "C", 80); w.point(1, 2); w.record(text); w.close()
                """#
            for (encoding, codePage, text) in texts {
                let made = try Tool.run("python3", ["-c", script, folder.path, encoding, text])
                try #require(made.status == 0, "pyshp: \(made.output)")
                try codePage.write(
                    to: folder.appendingPathComponent("\(encoding)-right.cpg"), atomically: true, encoding: .utf8)
                try (encoding == "utf-8" ? "1252" : "UTF-8").write(
                    to: folder.appendingPathComponent("\(encoding)-lying.cpg"), atomically: true, encoding: .utf8)
                func name(_ file: String, _ options: [String] = []) throws -> (String?, String) {
                    let result = try CLI.run(
                        ["convert", folder.appendingPathComponent("\(encoding)-\(file).shp").path, "--to", "ndjson"]
                            + options)
                    let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
                    return ((object?["properties"] as? [String: Any])?["name"] as? String, result.stderr)
                }
                // A right .cpg: the text, as GDAL reads it.
                #expect(try name("right").0 == text, "\(encoding) with its .cpg")
                let gdal = try Tool.run(
                    "ogr2ogr",
                    ["-f", "GeoJSONSeq", "/vsistdout/", folder.appendingPathComponent("\(encoding)-right.shp").path])
                #expect(gdal.output.contains(text), "GDAL reads \(encoding) otherwise: \(gdal.output)")
                // None: UTF-8 found as UTF-8; Latin text read as ISO-8859-1, as GDAL does.
                if encoding == "utf-8" || encoding == "cp1252" {
                    #expect(try name("none").0 == text, "\(encoding) without a .cpg")
                }
                // A lying .cpg is found out where the text cannot be in it.
                let lying = try name("lying")
                if encoding == "utf-8" || encoding == "cp1252" {
                    #expect(lying.0 == text && lying.1.contains("[shp.encoding.mismatch]"), "\(encoding): \(lying)")
                } else {
                    #expect(
                        lying.1.contains("[shp.encoding.mismatch]") || lying.1.contains("[shp.encoding.invalid]"),
                        "\(encoding): \(lying.1)")
                }
                // --encoding wins over every file.
                #expect(try name("lying", ["--encoding", codePage]).0 == text, "\(encoding) with --encoding")
                #expect(try name("none", ["--encoding", codePage]).0 == text, "\(encoding) with --encoding")
            }
        }
    }

    /// A folder and a zip of shapefiles read as the files do, a layer each;
    /// a .prj's system is carried to WGS 84.
    @Test(.requiresFixtures)
    func foldersZipsAndProjections() throws {
        try withTemporaryFolder { folder in
            let set = folder.appendingPathComponent("set")
            try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
            let places = Fixtures.url("geojson/real/ne_50m_populated_places.json").path
            _ = try Tool.run(
                "ogr2ogr", ["-f", "ESRI Shapefile", set.appendingPathComponent("places.shp").path, places])
            // The places of Britain, on the British National Grid.
            let made = try Tool.run(
                "ogr2ogr",
                [
                    "-f", "ESRI Shapefile", "-t_srs", "EPSG:27700", "-spat", "-8", "50", "2", "59",
                    set.appendingPathComponent("grid.shp").path, places,
                ])
            #expect(made.status == 0, "\(made.output)")
            let zip = folder.appendingPathComponent("set.zip").path
            let zipped = try Tool.run(
                "python3",
                [
                    "-m", "zipfile", "-c", zip, set.appendingPathComponent("grid.shp").path,
                    set.appendingPathComponent("grid.shx").path, set.appendingPathComponent("grid.dbf").path,
                    set.appendingPathComponent("grid.prj").path,
                ])
            #expect(zipped.status == 0, "\(zipped.output)")
            let info = try CLI.run(["info", set.path])
            #expect(info.status == 0 && info.stdout.contains("shapefile (2 layers)"), "\(info.stdout)")
            #expect(info.stdout.contains("British National Grid"), "\(info.stdout)")
            let fromZip = try CLI.run(["convert", zip, "--to", "ndjson"])
            let fromFile = try CLI.run(["convert", set.appendingPathComponent("grid.shp").path, "--to", "ndjson"])
            #expect(
                fromZip.status == 0 && fromZip.stdout == fromFile.stdout && !fromZip.stdout.isEmpty, "\(fromZip.stderr)"
            )
            let layer = try CLI.run(["convert", set.path, "--layer", "grid", "--to", "ndjson"])
            #expect(layer.stdout == fromFile.stdout)
            // Back from the British grid, as GDAL carries it.
            let gdal = folder.appendingPathComponent("grid-gdal.geojson").path
            _ = try Tool.run(
                "ogr2ogr", ["-f", "GeoJSON", "-t_srs", "EPSG:4326", gdal, set.appendingPathComponent("grid.shp").path])
            let ours = fromFile.stdout.split(separator: "\n").map { line in
                Self.positions(
                    (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["geometry"])
            }
            let theirs = try Self.features(gdal).map { Self.positions($0["geometry"]) }
            #expect(ours.count == theirs.count && ours.count >= 5, "\(ours.count) places")
            var apart = 0.0
            for (mine, gdals) in Swift.zip(ours.joined(), theirs.joined()) {
                apart = max(apart, abs(mine[0] - gdals[0]), abs(mine[1] - gdals[1]))
            }
            #expect(apart < 1e-9, "\(apart) degrees from GDAL")
            #expect(try CLI.run(["validate", set.path]).status == 0)
        }
    }

    /// What we write, GDAL and pyshp read: the Natural Earth layers back to
    /// the same features, in the system asked for.
    @Test(.requiresFixtures, .requires(tool: "python3"))
    func writtenShapefilesReadBackInGDALAndPyshp() throws {
        try withTemporaryFolder { folder in
            for name in ["ne_50m_admin_1_states_provinces", "ne_50m_populated_places", "ne_10m_rivers_europe"] {
                let shapefile = folder.appendingPathComponent("\(name).shp").path
                let made = try CLI.run(["convert", Fixtures.url("geojson/real/\(name).json").path, "-o", shapefile])
                #expect(made.status == 0, "\(made.stderr)")
                let described = try Tool.run("ogrinfo", ["-so", "-al", shapefile]).output
                #expect(described.contains("Feature Count:") && described.contains("WGS 84"), "\(described)")
                try Self.expectSameAsGDAL(shapefile, in: folder)
                // Every property of the source comes back with its value.
                let source = try Self.features(Fixtures.url("geojson/real/\(name).json").path)
                let back = try Self.features(folder.appendingPathComponent("ours.geojson").path)
                #expect(source.count == back.count)
                for (original, read) in zip(source, back).prefix(50) {
                    let (a, b) = (
                        original["properties"] as? [String: Any] ?? [:], read["properties"] as? [String: Any] ?? [:]
                    )
                    for (key, value) in a where key.utf8.count <= 10 && !(value is NSNull) {
                        #expect(Self.same(b[key], value), "\(name) \(key): \(b[key] ?? "missing") against \(value)")
                    }
                }
                let pyshp = try Tool.run(
                    "python3",
                    [
                        "-c",
                        "import shapefile, sys; r = shapefile.Reader(sys.argv[1]); print(len(r), len(r.shapes()), r.fields[1][0])",
                        shapefile,
                    ])
                #expect(pyshp.output.hasPrefix("\(source.count) \(source.count) "), "pyshp: \(pyshp.output)")
            }
            // In the British grid: the .prj says so, and reading it back returns the places.
            let grid = folder.appendingPathComponent("grid.shp").path
            let places = Fixtures.url("geojson/real/ne_50m_populated_places.json").path
            #expect(
                try CLI.run(["convert", places, "--bbox", "-8,50,2,59", "--t-srs", "EPSG:27700", "-o", grid]).status
                    == 0)
            let prj = try String(contentsOfFile: folder.appendingPathComponent("grid.prj").path, encoding: .utf8)
            #expect(prj.contains("British_National_Grid") || prj.contains("British National Grid"), "\(prj)")
            let back = try CLI.run(["convert", grid, "--to", "ndjson"])
            let direct = try CLI.run(["convert", places, "--bbox", "-8,50,2,59", "--to", "ndjson"])
            let lines = (back.stdout.split(separator: "\n"), direct.stdout.split(separator: "\n"))
            #expect(lines.0.count == lines.1.count && !lines.0.isEmpty)
            var apart = 0.0
            for (a, b) in Swift.zip(lines.0, lines.1) {
                let (p, q) = (
                    Self.positions(
                        (try? JSONSerialization.jsonObject(with: Data(a.utf8)) as? [String: Any])?["geometry"]),
                    Self.positions(
                        (try? JSONSerialization.jsonObject(with: Data(b.utf8)) as? [String: Any])?["geometry"])
                )
                for (x, y) in Swift.zip(p, q) { apart = max(apart, abs(x[0] - y[0]), abs(x[1] - y[1])) }
            }
            #expect(apart < 1e-7, "\(apart) degrees off after the grid and back")
        }
    }

    /// The format's limits are said, not worked around in silence.
    @Test func writingKeepsTheFormatsLimits() throws {
        try withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("in.geojson").path
            let long = String(repeating: "x", count: 300)
            try
                #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"population_2020":1,"population_2021":2,"note":"a"},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#
                .write(toFile: input, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("out.shp").path
            let renamed = try CLI.run(["convert", input, "-o", output])
            #expect(renamed.status == 0 && renamed.stderr.contains("[shp.output.field-renamed]"), "\(renamed.stderr)")
            let fields = try Tool.run("ogrinfo", ["-al", output]).output
            #expect(fields.contains("population (Integer") && fields.contains("populati_1 (Integer"), "\(fields)")

            let cases: [(String, String, String)] = [
                ("mixed", Samples.path("cambridge-landmarks.geojson"), "shp.output.mixed"),
                ("long", input.replacingOccurrences(of: "in.geojson", with: "long.geojson"), "shp.output.too-long"),
            ]
            try
                #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"note":"\#(long)"},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#
                .write(toFile: cases[1].1, atomically: true, encoding: .utf8)
            for (name, source, code) in cases {
                let refused = try CLI.run(["convert", source, "-o", folder.appendingPathComponent("\(name).shp").path])
                #expect(refused.status == 3 && refused.stderr.contains("[\(code)]"), "\(name): \(refused.stderr)")
                for ext in ["shp", "shx", "dbf", "prj", "cpg"] {
                    #expect(
                        !FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).\(ext)").path))
                }
            }
            // Points with and without altitudes are one set of PointZ.
            let heights = folder.appendingPathComponent("heights.geojson").path
            try
                #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1,2,30]}},{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[3,4]}}]}"#
                .write(toFile: heights, atomically: true, encoding: .utf8)
            let z = folder.appendingPathComponent("z.shp").path
            #expect(try CLI.run(["convert", heights, "-o", z]).status == 0)
            let back = try CLI.run(["convert", z, "--to", "ndjson"])
            #expect(back.stdout.contains("[1.0,2.0,30.0]") && back.stdout.contains("[3.0,4.0,0.0]"), "\(back.stdout)")

            let piped = try CLI.run(["convert", input, "--to", "shapefile", "-o", "-"])
            #expect(piped.status == 3 && piped.stderr.contains("[shp.output.stream]"), "\(piped.stderr)")
        }
    }
}
