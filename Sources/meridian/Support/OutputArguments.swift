import Meridian
import MeridianCommandLine

/// The options of every command that writes features: where (`-o`), in
/// which format (`--to`), how many decimals (`--precision`) and whether
/// indented (`--pretty`).
struct OutputArguments: ArgumentGroup {
    let output: String
    let to: OutputFormat?
    let precision: Int?
    let pretty: Bool
    private let largestPrecision: Int

    /// - Parameters:
    ///   - formats: the formats `--to` names in its help.
    ///   - formatDefault: what the format is without `--to`.
    ///   - precisionHelp: what `--precision` does in this command.
    ///   - largestPrecision: the most decimals `--precision` takes.
    init(
        _ arguments: Arguments, formats: String, formatDefault: String = "from the output's extension",
        precisionHelp: String = "Decimal places for coordinates (default: full round-trip precision).",
        largestPrecision: Int = 17
    ) throws {
        output = try arguments.option(
            "output", short: "o", default: "-", help: "The output file, or - for standard output.")
        to = try arguments.option("to", help: "Output format: \(formats) (default: \(formatDefault)).")
        precision = try arguments.option("precision", help: precisionHelp)
        pretty = arguments.flag("pretty", help: "Indent the output.")
        self.largestPrecision = largestPrecision
    }

    /// Every format Meridian writes.
    init(_ arguments: Arguments) throws {
        try self.init(arguments, formats: "geojson, geojsonseq, ndjson, kml, kmz, gpx, csv, gpkg, shapefile, flatgeobuf or topojson")
    }

    func validate() throws {
        if let precision, !(0...largestPrecision).contains(precision) {
            throw UsageError("--precision must be between 0 and \(largestPrecision)")
        }
    }
}
