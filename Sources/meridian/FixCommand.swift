import Meridian
import MeridianCommandLine
import MeridianCore
import MeridianValidity

struct FixCommand: ReportingCommand {
    static let name = "fix"
    static let abstract =
        "Make every geometry valid with the smallest change, and list each change."
    static let discussion = """
        Reads any input (GeoJSON in any layout, KML, KMZ, IMDF) and writes it again with every \
        geometry valid by the OGC rules that PostGIS, BigQuery and shapely apply: positions that \
        are not finite are dropped, repeated positions removed, rings closed, spikes cut off, \
        rings of fewer than three distinct positions dropped, and polygons that cross themselves \
        or whose holes escape their shell rebuilt as GEOS's MakeValid does (a bow-tie becomes two \
        triangles). Rings are rewound to the right-hand rule. With --precision, coordinates are \
        snapped to that many decimals without creating new invalidity. Properties and ids are kept. \
        The output format is the input's unless --to or the output's extension says otherwise. \
        Every change is listed on standard error as a note (fix.* codes) naming the feature, in \
        --format; a geometry of which nothing valid remains becomes null, with a warning. A \
        geometry GEOS cannot rebuild within --time-limit seconds (a polygon whose edges cross \
        each other many thousand times) is left as it was, with an error, and the exit status \
        is 1. With --precision, a geometry that would collapse keeps its precision, with a \
        warning. The output file appears only when the whole input was read.
        """

    let input: String
    let out: OutputArguments
    let timeLimit: Double
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The input file, or - for standard input.")
        out = try arguments.group {
            try OutputArguments(
                $0, formats: "geojson, geojsonseq, ndjson, kml, kmz, gpx, csv, gpkg or shapefile",
                formatDefault: "the input's, or the output's extension",
                precisionHelp: "Snap coordinates to this many decimal places, keeping every geometry valid.",
                largestPrecision: 15)
        }
        timeLimit = try arguments.option(
            "time-limit", default: GeometryValidator.RepairOptions.defaultTimeLimit,
            help: "The most seconds GEOS may spend rebuilding one geometry; 0 for no limit.")
        report = try arguments.group(ReportOptions.self)
    }

    func validate() throws {
        if !(timeLimit >= 0) { throw UsageError("--time-limit must be 0 or more seconds") }
    }

    func run() throws {
        let start = monotonicSeconds()
        let format = out.to ?? (out.output == "-" ? nil : OutputFormat(imdfAwarePath: out.output))
        try OutputDestination.checkNotInput(out.output, inputs: [input])
        let summary = try InputRepairer(
            precision: out.precision, pretty: out.pretty, timeLimit: timeLimit > 0 ? timeLimit : nil
        ).repair(input: input, output: out.output, format: format)
        Console.shared.warn(summary.warnings)
        Console.shared.reportRepairs(
            summary.changes, changedFeatures: summary.changedFeatures, featureCount: summary.featureCount, file: input)
        Console.shared.note(
            "\(input): \(summary.featureCount) features in \(formatDuration(monotonicSeconds() - start))")
        if summary.changes.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.problems) }
    }
}

extension OutputFormat {
    /// The format an output's extension names; nil for `.zip` (an IMDF
    /// archive stays one) and for a name with no extension Meridian knows.
    init?(imdfAwarePath path: String) {
        guard let format = FormatRegistry.standard.outputFormat(claiming: path) else { return nil }
        self = format
    }
}

extension Console {
    /// The changes a repair made, on standard error, with a count of the
    /// features changed in text (see ``report(_:file:summary:)``).
    func reportRepairs(_ changes: [Diagnostic], changedFeatures: Int, featureCount: Int, file: String) {
        report(
            changes, file: file,
            summary:
                "\(file): \(changedFeatures) of \(featureCount) features changed, \(changes.count) change\(changes.count == 1 ? "" : "s") listed"
        )
    }

    /// What a run that writes features found or did (repairs, an
    /// operation's diagnostics), on standard error: a line each in text
    /// (then `summary`, unless --quiet), the whole report in the
    /// structured formats. --quiet hides all but errors.
    func report(_ diagnostics: [Diagnostic], file: String, summary: String? = nil) {
        switch format {
        case .text, .github:
            for diagnostic in diagnostics { warn(diagnostic) }
            if let summary, !quiet { Console.error("meridian: " + summary) }
        case .json, .ndjson, .sarif:
            var report = DiagnosticReport()
            report.add(file: file, diagnostics: diagnostics)
            switch format {
            case .json: Console.error(String(decoding: report.json().jsonBytes(pretty: true), as: UTF8.self))
            case .sarif: Console.error(String(decoding: report.sarif().jsonBytes(pretty: true), as: UTF8.self))
            default:
                for diagnostic in diagnostics {
                    let line = DiagnosticReport.json(diagnostic, file: file).jsonBytes()
                    Console.error(String(decoding: line.dropLast(), as: UTF8.self))
                }
            }
        }
    }
}
