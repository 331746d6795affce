import Meridian
import MeridianCommandLine

struct ConvertCommand: ReportingCommand {
    static let name = "convert"
    static let abstract =
        "Convert GeoJSON, GeoJSON text sequences, NDJSON, KML, KMZ, GPX, TCX, CSV, GeoPackage, shapefiles, FlatGeobuf, TopoJSON, GeoParquet, OpenStreetMap (PBF, XML) or IMDF to GeoJSON, a sequence, NDJSON, KML, KMZ, GPX, CSV, GeoPackage, a shapefile, FlatGeobuf, TopoJSON or GeoParquet."
    static let discussion = """
        The input format is detected from the content (also on standard input). Features \
        stream through one at a time, so files of any size convert in bounded memory, and \
        `meridian convert big.geojsonseq -o - | head` stops cleanly (status 0) when the reader \
        closes the pipe. The output format follows --to, else the output's extension \
        (.geojsonseq, .ndjson, .kml, .kmz, .gpx, .csv, .gpkg, .shp, .fgb, .topojson, .parquet, anything else is a FeatureCollection); --to wins over the extension. Use - for \
        standard input or output. The output file appears only when the conversion succeeds. \
        An input that cannot be read or decoded, or an output that cannot be written, exits 3.
        """

    let input: String
    let out: OutputArguments
    let rewind: Bool
    let cutAntimeridian: Bool
    let fix: Bool
    let level: Int?
    let onError: RecordErrorChoice
    let gpkgViews: Bool
    let threads: Int?
    let shaping: ShapingArguments
    let systems: CoordinateSystemArguments
    let shapefile: ShapefileArguments
    let topoJSON: TopoJSONArguments
    let geoParquet: GeoParquetArguments
    let csv: CSVArguments
    let osm: OSMArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The input file, or - for standard input.")
        out = try arguments.group(OutputArguments.self)
        rewind = arguments.flag("rewind", help: "Rewind polygon rings to the right-hand rule (RFC 7946, 3.1.6).")
        cutAntimeridian = arguments.flag(
            "cut-antimeridian", help: "Cut lines and polygons that cross the antimeridian (RFC 7946, 3.1.9).")
        fix = arguments.flag(
            "fix",
            help:
                "Make every geometry valid on the way, as meridian fix does (with --precision, snapping keeps it valid), listing each change."
        )
        level = try arguments.option(
            "level", help: "IMDF input only: keep the level with this ordinal and what is on it.")
        onError = try arguments.option(
            "on-error", default: .stop,
            help:
                "What a record of a GeoJSON sequence or NDJSON that cannot be decoded does: stop (the conversion fails) or skip (it is left out, counted and reported)."
        )
        gpkgViews = arguments.flag(
            "gpkg-views",
            help:
                "GeoPackage input: read layers that are views too (the file's own SQL runs, within a step budget); by default they are left out with a warning."
        )
        threads = try arguments.option(
            "threads",
            help:
                "Threads to decode and encode on (default: one per core; 1 keeps everything on one thread). The output is the same whatever the number."
        )
        shaping = try arguments.group(ShapingArguments.self, title: "Shaping")
        systems = try arguments.group(CoordinateSystemArguments.self, title: "Coordinate systems")
        csv = try arguments.group(CSVArguments.self, title: "CSV input")
        osm = try arguments.group(OSMArguments.self, title: "OpenStreetMap input")
        shapefile = try arguments.group(ShapefileArguments.self, title: "Shapefile input")
        topoJSON = try arguments.group(TopoJSONArguments.self, title: "TopoJSON output")
        geoParquet = try arguments.group(GeoParquetArguments.self, title: "GeoParquet output")
        report = try arguments.group(ReportOptions.self)
    }

    func validate() throws {
        if let threads, !(1...256).contains(threads) {
            throw UsageError("--threads must be between 1 and 256")
        }
    }

    func run() throws {
        let console = Console.shared
        let start = monotonicSeconds()
        let format = out.to ?? OutputFormat(path: out.output)
        try OutputDestination.checkNotInput(out.output, inputs: [input])
        let progress = ProgressBar.forInput(input, label: "convert")
        let summary: FeatureConverter.Summary
        do throws(DiagnosticError) {
            var reading = ReadingOptions(level: level, skippingBadRecords: onError == .skip)
            reading.csv = csv.options
            osm.apply(to: &reading)
            reading.readsGeoPackageViews = gpkgViews
            systems.apply(to: &reading)
            reading.shapefileEncoding = shapefile.encoding
            var writing = WritingOptions(
                precision: out.precision, pretty: out.pretty, rewind: rewind, cutAntimeridian: cutAntimeridian)
            writing.topoJSONQuantization = topoJSON.quantize
            writing.geoParquet = geoParquet.options
            let settings = ConversionSettings(
                format: format, reading: reading, writing: writing,
                repair: fix ? FeatureRepairer.Options(precision: out.precision) : nil, shaping: try shaping.options(),
                threads: threads)
            summary = try FeatureConverter.convert(
                input: input, output: out.output, settings: settings, progress: { progress?.update(done: $0) })
        } catch {
            progress?.finish()
            throw error
        }
        progress?.finish()
        console.warn(summary.warnings)
        if fix {
            console.reportRepairs(
                summary.repairs, changedFeatures: summary.repairedFeatures, featureCount: summary.featureCount,
                file: input)
        }
        if summary.skippedRecords > 0 {
            console.warn(
                summary.skipReasons.map { reason in
                    var skipped = reason
                    skipped.severity = .warning
                    skipped.message = "record skipped: " + reason.message
                    return skipped
                })
            if !console.quiet {
                Console.error(
                    "meridian: skipped \(summary.skippedRecords) record\(summary.skippedRecords == 1 ? "" : "s") that could not be decoded (--on-error skip)"
                )
            }
        }
        console.note(
            "\(Input.redactingPassword(input)): \(summary.featureCount) features (\(summary.layout)) to \(out.output == "-" ? "standard output" : Input.redactingPassword(out.output)) as \(format.rawValue) in \(formatDuration(monotonicSeconds() - start))"
        )
    }
}

extension OutputFormat: ArgumentValue {
    /// A format the tool writes, by name.
    public init?(argument: String) {
        guard let format = FormatRegistry.standard.outputFormat(named: argument) else { return nil }
        self = format
    }

    public static var allValueStrings: [String] { FormatRegistry.standard.writers.map(\.format.rawValue) }
}
