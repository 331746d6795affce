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
                let same =
                    if let text = value as? String, text == "T" || text == "F", let flag = mine as? Bool {
                        flag == (text == "T")
                    } else if let number = value as? NSNumber, !(value is Bool), let ours = mine as? NSNumber {
                        // The same double, which GDAL prints with 17 digits.
                        abs(number.doubleValue - ours.doubleValue) <= 1e-15 * max(1, abs(number.doubleValue))
                    } else {
                        "\(mine ?? "nil")" == "\(value)"
                    }
                #expect(
                    same, "feature \(index), \(key): \(mine ?? "nil") against \(value)", sourceLocation: sourceLocation)
            }
        }
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
}
