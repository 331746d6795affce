import Meridian
import MeridianCommandLine

struct TileCommand: ReportingCommand {
    static let name = "tile"
    static let abstract = "Make vector tiles (Mapbox Vector Tiles in a PMTiles archive) of any input, over a range of zooms."
    static let discussion = """
        meridian tile INPUT... -o OUT.pmtiles --min-zoom 0 --max-zoom 8: every feature of every input \
        is projected to Web Mercator, simplified to what a tile can show, clipped to each tile with a \
        buffer and snapped to the tile's grid with GEOS (valid polygons stay valid), and written as \
        Mapbox Vector Tiles 2.1, one layer per input (or per layer of an input that has them: a \
        GeoPackage's tables, an IMDF venue's feature types), gzip-compressed in a PMTiles version 3 \
        archive, or an MBTiles 1.3 database when the output ends in .mbtiles. A feature keeps its \
        integer id; --generate-ids numbers the others in their layer, which are otherwise written without \
        one, as GDAL and tippecanoe write them. What each zoom leaves out (features smaller than a tile unit) is counted by zoom and \
        layer and printed, as are features a tile past --max-tile-bytes (500 000, gzipped) leaves \
        out, the smallest first; --format json writes the whole report (every zoom and layer: features \
        kept and left out) as JSON on standard output, --format sarif as SARIF 2.1.0, ndjson a line \
        per zoom and layer. The archive is written whole or not at all. Exit status: 0 written, 2 usage, \
        3 an input that cannot be read or an output that cannot be written.
        """

    let inputs: [String]
    let output: String
    let minimumZoom: Int
    let maximumZoom: Int
    let maximumTileBytes: Int
    let generatesIds: Bool
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        inputs = try arguments.arguments("inputs", help: "The inputs: data files of any format Meridian reads.")
        output = try arguments.requiredOption(
            "output", short: "o", help: "The archive to write: PMTiles (.pmtiles), or MBTiles (.mbtiles).")
        minimumZoom = try arguments.option("min-zoom", default: 0, help: "The lowest zoom to make tiles for.")
        maximumZoom = try arguments.option("max-zoom", default: 6, help: "The highest zoom to make tiles for (at most 18).")
        maximumTileBytes = try arguments.option(
            "max-tile-bytes", default: 500_000,
            help: "The most bytes a tile may take, gzipped; past it the smallest features go first (0: no cap).")
        generatesIds = arguments.flag(
            "generate-ids",
            help: "Give a feature without an integer id its number in its layer as its tile id (otherwise it has none).")
        report = try arguments.group(ReportOptions.self)
    }

    func validate() throws {
        if inputs.isEmpty { throw UsageError("give at least one input to tile") }
        guard (0...18).contains(minimumZoom), (0...18).contains(maximumZoom), minimumZoom <= maximumZoom else {
            throw UsageError("--min-zoom and --max-zoom take 0 to 18, the lower first")
        }
        if output == "-" { throw UsageError("give the archive a file name: PMTiles is written whole") }
        if maximumTileBytes < 0 { throw UsageError("--max-tile-bytes takes 0 (no cap) or a number of bytes") }
    }

    func run() throws {
        let paths = try InputExpansion.expand(inputs)
        try OutputDestination.checkNotInput(output, inputs: paths)
        var builder = TileSetBuilder(minimumZoom: minimumZoom, maximumZoom: maximumZoom)
        builder.maximumTileBytes = maximumTileBytes
        builder.generatesIds = generatesIds
        // Features go to the tile set as they are read: no input is held whole.
        let session = try TileSetBuilder.Session(builder)
        var bounds: BoundingBox?
        var warnings: [Diagnostic] = []
        for path in paths {
            let source = try FeatureSource(path: path)
            let stem = String(
                (path.split(separator: "/").last.map(String.init) ?? path).split(separator: ".").first ?? "layer")
            while let feature = try source.next() {
                try session.add(feature, layer: source.layer(of: feature) ?? stem)
                if let box = feature.geometry?.boundingBox {
                    bounds = bounds.map { var merged = $0; merged.extend(box); return merged } ?? box
                }
            }
            warnings += source.warnings
        }
        // The extent the tiles can show: Web Mercator's band.
        let limit = WebMercator.maximumLatitude
        let box = bounds.map {
            BoundingBox(
                west: max($0.west, -180), south: max($0.south, -limit), east: min($0.east, 180),
                north: min($0.north, limit))
        } ?? BoundingBox(west: -180, south: -limit, east: 180, north: limit)
        let center = Coordinate(latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2)
        let destination = try OutputDestination(path: output)
        var built = TileSetBuilder.Report()
        if output.lowercased().hasSuffix(".mbtiles") {
            try MBTilesWriter.write(to: destination) { (add) throws(DiagnosticError) in
                built = try session.finish { (tile, bytes) throws(DiagnosticError) in
                    try add((zoom: tile.zoom, x: tile.x, y: tile.y, bytes: bytes))
                }
                return [
                    ("name", session.layerNames.joined(separator: ", ")), ("format", "pbf"), ("type", "overlay"),
                    ("version", "1"), ("bounds", "\(box.west),\(box.south),\(box.east),\(box.north)"),
                    ("center", "\(center.longitude),\(center.latitude),\(minimumZoom)"),
                    ("minzoom", "\(minimumZoom)"), ("maxzoom", "\(maximumZoom)"),
                    ("json", String(decoding: session.metadata(), as: UTF8.self)),
                ]
            }
        } else {
            let archive = try PMTilesWriter.Stream()
            built = try session.finish { (tile, bytes) throws(DiagnosticError) in try archive.add(tile, bytes) }
            try archive.finish(
                metadata: session.metadata(),
                header: PMTilesWriter.Header(
                    minZoom: minimumZoom, maxZoom: maximumZoom, bounds: box, center: center, centerZoom: minimumZoom),
                to: destination)
        }
        try destination.commit()
        for row in built.rows {
            func warn(_ code: String, _ message: String) {
                warnings.append(
                    Diagnostic(
                        severity: .warning, code: code, message: "zoom \(row.zoom), layer \(row.layer): " + message,
                        location: SourceLocation(file: output)))
            }
            if row.tooSmall > 0 {
                warn(
                    "tile.feature.too-small",
                    "\(row.tooSmall) features are smaller than a tile unit and left out (\(row.kept) kept)")
            }
            if row.samePosition > 0 {
                warn(
                    "tile.feature.same-position",
                    "\(row.samePosition) points lie at the same tile unit as an earlier point and are left out (they would be the same dot; the deepest zoom keeps every point)"
                )
            }
            if row.tileSizeCap + row.thinned > 0 {
                warn(
                    "tile.feature.size-cap",
                    "tiles past \(maximumTileBytes) bytes left out \(row.tileSizeCap) features and thinned \(row.thinned) more, the smallest first"
                )
            }
        }
        let summary =
            "\(output): \(built.tiles) tiles, zooms \(minimumZoom)-\(maximumZoom), \(session.layerNames.count) \(session.layerNames.count == 1 ? "layer" : "layers"), \(built.bytes) bytes of tiles"
        switch report.format {
        case .json:
            Console.out(String(decoding: Self.json(built, output: output, warnings: warnings).jsonBytes(pretty: true), as: UTF8.self))
        case .ndjson:
            for row in Self.rows(built) { Console.out(String(decoding: row.jsonBytes().dropLast(), as: UTF8.self)) }
        case .sarif:
            var diagnostics = DiagnosticReport()
            var files: [String] = []
            for warning in warnings where !files.contains(warning.location.file ?? output) {
                files.append(warning.location.file ?? output)
            }
            for file in files.isEmpty ? [output] : files {
                diagnostics.add(file: file, diagnostics: warnings.filter { ($0.location.file ?? output) == file })
            }
            Console.out(String(decoding: diagnostics.sarif().jsonBytes(pretty: true), as: UTF8.self))
        case .text, .github:
            Console.shared.warn(warnings)
            Console.out(summary)
        }
    }

    /// A row of the report per zoom and layer: what was kept and what was
    /// left out, and why.
    static func rows(_ report: TileSetBuilder.Report) -> [JSONValue] {
        report.rows.map { row in
            .object(
                JSONObject([
                    ("zoom", .integer(Int64(row.zoom))), ("layer", .string(row.layer)),
                    ("kept", .integer(Int64(row.kept))),
                    (
                        "leftOut",
                        .object(
                            JSONObject([
                                ("tooSmall", .integer(Int64(row.tooSmall))),
                                ("tileSizeCap", .integer(Int64(row.tileSizeCap))),
                                ("samePosition", .integer(Int64(row.samePosition))),
                            ]))
                    ),
                    ("thinnedByTileSizeCap", .integer(Int64(row.thinned))),
                ]))
        }
    }

    /// The report as one JSON document: the archive, its tiles and bytes,
    /// every zoom and layer, and the diagnostics.
    static func json(_ report: TileSetBuilder.Report, output: String, warnings: [Diagnostic]) -> JSONValue {
        .object(
            JSONObject([
                ("version", 1), ("output", .string(output)), ("tiles", .integer(Int64(report.tiles))),
                ("bytes", .integer(Int64(report.bytes))), ("zooms", .array(rows(report))),
                ("diagnostics", .array(warnings.map { DiagnosticReport.json($0, file: $0.location.file ?? output) })),
            ]))
    }
}
