import Foundation
import MeridianTestSupport
import Testing

/// `meridian tile` as a user runs it: Natural Earth's layers tiled, then
/// read back with the format's own Python packages (pmtiles,
/// mapbox-vector-tile) and checked with shapely (Scripts/tile-oracle.py).
@Suite struct TileCommandTests {
    static let hasOracle =
        (try? Tool.run("python3", ["-c", "import pmtiles, mapbox_vector_tile, shapely"]).status) == 0
    static let oracle = Fixtures.packageRoot.appendingPathComponent("Scripts/tile-oracle.py").path

    @Test(
        .requiresFixtures,
        .enabled(if: hasOracle, "pmtiles and mapbox-vector-tile are not installed (pip install pmtiles mapbox-vector-tile)"),
        arguments: [("ne_110m_admin_0_countries", 4, 3), ("ne_50m_admin_1_states_provinces", 5, 5)])
    func tilesDecodeValidAndCoverTheSource(layer: String, maximumZoom: Int, checkedZoom: Int) throws {
        try withTemporaryFolder { folder in
            let source = Fixtures.url("geojson/real/\(layer).json").path
            let archive = folder.appendingPathComponent("\(layer).pmtiles").path
            let result = try CLI.run(["tile", source, "-o", archive, "--max-zoom", "\(maximumZoom)"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("zooms 0-\(maximumZoom)"), "\(result.stdout)")
            let checked = try Tool.run("python3", [Self.oracle, archive, source, layer, "\(checkedZoom)"])
            #expect(checked.status == 0, "\(checked.output)")
            // Read back, the highest zoom's pieces cover the source.
            let back = folder.appendingPathComponent("back.geojson").path
            let read = try CLI.run(["convert", archive, "-o", back])
            #expect(read.status == 0, "\(read.stderr)")
            let compared = try Tool.run("python3", [Self.oracle, "roundtrip", back, source])
            #expect(compared.status == 0, "\(compared.output)")
        }
    }

    /// An MBTiles database, read by GDAL's MBTiles and MVT drivers.
    @Test(.requiresFixtures, .requires(tool: "ogrinfo"))
    func mbtilesAreReadByGDAL() throws {
        try withTemporaryFolder { folder in
            let source = Fixtures.url("geojson/real/ne_110m_admin_0_countries.json").path
            let database = folder.appendingPathComponent("countries.mbtiles").path
            let made = try CLI.run(["tile", source, "-o", database, "--max-zoom", "3"])
            #expect(made.status == 0, "\(made.stderr)")
            let read = try Tool.run("ogrinfo", ["-ro", "-q", database, "ne_110m_admin_0_countries"])
            #expect(read.status == 0, "\(read.output)")
            #expect(!read.output.contains("Warning"), "\(read.output)")
            // Every country has a piece at the highest zoom.
            let features = read.output.components(separatedBy: "OGRFeature(").count - 1
            #expect(features >= 177, "\(features) features")
        }
    }

    /// Tiles GDAL's MVT driver writes (a folder of gzipped Z/X/Y.pbf) read
    /// back, tile by tile, to the features mapbox-vector-tile decodes from
    /// them: polygons, lines and points, properties and all.
    @Test(
        .requiresFixtures, .requires(tool: "ogr2ogr"),
        .enabled(if: hasOracle, "pmtiles and mapbox-vector-tile are not installed (pip install pmtiles mapbox-vector-tile)"),
        arguments: [("ne_110m_admin_0_countries", 2), ("ne_10m_rivers_europe", 3), ("ne_50m_populated_places", 2)])
    func tilesGDALWritesReadBack(layer: String, maximumZoom: Int) throws {
        try withTemporaryFolder { folder in
            let tiles = folder.appendingPathComponent("tiles").path
            let written = try Tool.run(
                "ogr2ogr",
                ["-f", "MVT", tiles, Fixtures.url("geojson/real/\(layer).json").path, "-dsco", "MAXZOOM=\(maximumZoom)"])
            try #require(written.status == 0, "\(written.output)")
            var checked = 0
            for zoom in 0...maximumZoom {
                for x in 0..<(1 << zoom) {
                    for y in 0..<(1 << zoom) {
                        let tile = "\(tiles)/\(zoom)/\(x)/\(y).pbf"
                        guard FileManager.default.fileExists(atPath: tile) else { continue }
                        let back = folder.appendingPathComponent("back.geojson").path
                        let read = try CLI.run(["convert", tile, "-o", back])
                        #expect(read.status == 0, "\(tile): \(read.stderr)")
                        let compared = try Tool.run("python3", [Self.oracle, "tile", tile, back])
                        #expect(compared.status == 0, "\(compared.output)")
                        checked += 1
                    }
                }
            }
            #expect(checked >= 3, "\(checked) tiles")
        }
    }

    /// MBTiles databases as input, Meridian's and GDAL's: every tile of
    /// the highest zoom read back to what mapbox-vector-tile decodes (GDAL's
    /// tiles past Web Mercator's band left out with a warning), and drawn
    /// as a basemap.
    @Test(
        .requiresFixtures, .requires(tool: "ogr2ogr"),
        .enabled(if: hasOracle, "pmtiles and mapbox-vector-tile are not installed (pip install pmtiles mapbox-vector-tile)"))
    func mbtilesAreReadBackAndDrawn() throws {
        try withTemporaryFolder { folder in
            let source = Fixtures.url("geojson/real/ne_110m_admin_0_countries.json").path
            let ours = folder.appendingPathComponent("ours.mbtiles").path
            let theirs = folder.appendingPathComponent("theirs.mbtiles").path
            #expect(try CLI.run(["tile", source, "-o", ours, "--max-zoom", "3"]).status == 0)
            let written = try Tool.run("ogr2ogr", ["-f", "MBTiles", theirs, source, "-dsco", "MAXZOOM=2"])
            try #require(written.status == 0, "\(written.output)")
            for database in [ours, theirs] {
                let back = folder.appendingPathComponent("back.geojson").path
                let read = try CLI.run(["convert", database, "-o", back])
                #expect(read.status == 0, "\(read.stderr)")
                #expect(database == ours ? read.stderr.isEmpty : read.stderr.contains("tile.mbtiles.off-grid"), "\(read.stderr)")
                let compared = try Tool.run("python3", [Self.oracle, "mbtiles", database, back])
                #expect(compared.status == 0, "\(compared.output)")
            }
            let style = folder.appendingPathComponent("style.json").path
            let white = #"""
                {"version": 8, "layers": [
                  {"id": "c", "type": "fill", "source-layer": "ne_110m_admin_0_countries", "paint": {"fill-color": "#fff"}}]}
                """#
            try white.write(toFile: style, atomically: true, encoding: .utf8)
            let svg = folder.appendingPathComponent("map.svg").path
            let drawn = try CLI.run(
                ["render", Samples.path("london-brussels.gpx"), "--basemap", ours, "--style", style, "-o", svg])
            #expect(drawn.status == 0, "\(drawn.stderr)")
            #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<path data-style-layer=\"c\" fill=\"#ffffff\""))
        }
    }

    /// The report accounts for every feature at every zoom: kept, or left
    /// out with the reason; as JSON, a line per zoom and layer, and SARIF.
    @Test(
        .requiresFixtures,
        .enabled(if: hasOracle, "pmtiles and mapbox-vector-tile are not installed (pip install pmtiles mapbox-vector-tile)"))
    func theReportAccountsForEveryFeature() throws {
        try withTemporaryFolder { folder in
            let source = Fixtures.url("geojson/real/ne_50m_land.json").path
            let archive = folder.appendingPathComponent("land.pmtiles").path
            let json = try CLI.run(["tile", source, "-o", archive, "--max-zoom", "2", "--format", "json"])
            #expect(json.status == 0, "\(json.stderr)")
            #expect(json.stderr.isEmpty, "\(json.stderr)")
            let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let zooms = try #require(report["zooms"] as? [[String: Any]])
            #expect(zooms.map { $0["zoom"] as? Int } == [0, 1, 2])
            func accountsForAll(_ zooms: [[String: Any]], features: Int = 1_420) {
                for row in zooms {
                    let kept = row["kept"] as? Int ?? 0
                    let leftOut = (row["leftOut"] as? [String: Any] ?? [:]).values.compactMap { $0 as? Int }.reduce(0, +)
                    #expect(kept + leftOut == features, "zoom \(row["zoom"] ?? ""): \(kept) kept, \(leftOut) left out")
                }
            }
            accountsForAll(zooms)
            #expect((zooms.first?["leftOut"] as? [String: Any])?["tooSmall"] as? Int ?? 0 > 0)
            let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.allSatisfy { $0["code"] as? String == "tile.feature.too-small" })

            let lines = try CLI.run(["tile", source, "-o", archive, "--max-zoom", "2", "--format", "ndjson"])
            #expect(lines.stdout.split(separator: "\n").count == 3, "\(lines.stdout)")
            let sarif = try CLI.run(["tile", source, "-o", archive, "--max-zoom", "2", "--format", "sarif"])
            let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
            #expect(log["version"] as? String == "2.1.0")
            let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
            #expect(results.count == diagnostics.count && !results.isEmpty)

            // A cap of 30 000 bytes: zoom 0's one tile loses its smallest
            // features until it fits, and the report says how many.
            let capped = try CLI.run(
                ["tile", source, "-o", archive, "--max-zoom", "2", "--max-tile-bytes", "30000", "--format", "json"])
            let cappedReport = try #require(try JSONSerialization.jsonObject(with: Data(capped.stdout.utf8)) as? [String: Any])
            let cappedZooms = try #require(cappedReport["zooms"] as? [[String: Any]])
            accountsForAll(cappedZooms)
            #expect(((cappedZooms.first?["leftOut"] as? [String: Any])?["tileSizeCap"] as? Int ?? 0) > 0)
            let sizes = try Tool.run(
                "python3",
                [
                    "-c",
                    """
                    import sys
                    from pmtiles.reader import MmapSource, Reader, all_tiles
                    with open(sys.argv[1], "rb") as handle:
                        print(max(len(data) for _, data in all_tiles(Reader(MmapSource(handle)).get_bytes)))
                    """, archive,
                ])
            #expect(Int(sizes.output.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max <= 30_000, "\(sizes.output)")

            // Dense points: below the deepest zoom, a point at an earlier
            // one's tile unit is the same dot; the deepest keeps them all.
            let places = Fixtures.url("geojson/real/ne_50m_populated_places.json").path
            let dots = try CLI.run(["tile", places, "-o", archive, "--max-zoom", "3", "--format", "json"])
            let dotsReport = try #require(try JSONSerialization.jsonObject(with: Data(dots.stdout.utf8)) as? [String: Any])
            let dotZooms = try #require(dotsReport["zooms"] as? [[String: Any]])
            accountsForAll(dotZooms, features: 1_249)
            #expect(((dotZooms.first?["leftOut"] as? [String: Any])?["samePosition"] as? Int ?? 0) > 0)
            #expect(dotZooms.last?["kept"] as? Int == 1_249)
        }
    }

    @Test func badZoomsAndOutputsAreUsageErrors() throws {
        let source = Samples.path("cambridge-landmarks.geojson")
        #expect(try CLI.run(["tile", source, "-o", "x.pmtiles", "--max-zoom", "30"]).status == 2)
        #expect(try CLI.run(["tile", source, "-o", "x.pmtiles", "--min-zoom", "5", "--max-zoom", "2"]).status == 2)
        #expect(try CLI.run(["tile", source, "-o", "-"]).status == 2)
    }

    @Test func anArchiveIsWrittenWholeOrNotAtAll() throws {
        try withTemporaryFolder { folder in
            let archive = folder.appendingPathComponent("out.pmtiles").path
            let missing = try CLI.run(["tile", "no-such-file.geojson", "-o", archive])
            #expect(missing.status == 3)
            #expect(!FileManager.default.fileExists(atPath: archive))
            let made = try CLI.run(["tile", Samples.path("cambridge-landmarks.geojson"), "-o", archive, "--max-zoom", "14"])
            #expect(made.status == 0, "\(made.stderr)")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: archive)))
            #expect(Array(bytes.prefix(7)) == Array("PMTiles".utf8))
            #expect(bytes[7] == 3)
        }
    }
}
