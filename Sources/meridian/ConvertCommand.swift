import ArgumentParser
import Meridian

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert between GeoJSON, GeoJSON text sequences (RFC 8142) and newline-delimited GeoJSON.",
        discussion: """
            Features stream through one at a time, so files of any size convert in bounded memory. \
            The output format follows --to, else the output's extension (.geojsonseq, .ndjson, \
            anything else is a FeatureCollection). Use - for standard input or output. The output \
            file appears only when the conversion succeeds.
            """
    )

    @Argument(help: "The input file, or - for standard input.")
    var input: String

    @Option(name: .shortAndLong, help: "The output file, or - for standard output.")
    var output: String = "-"

    @Option(help: "Output format: geojson, geojsonseq or ndjson.")
    var to: GeoJSONOutputFormat?

    @Option(help: "Decimal places for coordinates (default: full round-trip precision).")
    var precision: Int?

    @Flag(help: "Indent the output.")
    var pretty = false

    @Flag(help: "Rewind polygon rings to the right-hand rule (RFC 7946, 3.1.6).")
    var rewind = false

    @Flag(help: "Cut lines and polygons that cross the antimeridian (RFC 7946, 3.1.9).")
    var cutAntimeridian = false

    @Option(help: "IMDF input only: keep the level with this ordinal and what is on it.")
    var level: Int?

    func validate() throws {
        if let precision, !(0...17).contains(precision) {
            throw ValidationError("--precision must be between 0 and 17")
        }
    }

    func run() throws {
        let format = to ?? GeoJSONOutputFormat(path: output)
        let writer = GeoJSONWriter(
            options: .init(pretty: pretty, precision: precision, rewind: rewind, cutAntimeridian: cutAntimeridian))
        if IMDFCommands.handles(input) {
            return try IMDFCommands.convert(input, output: output, format: format, writer: writer, level: level)
        }
        if try KMLSupport.convert(self) { return }
        if level != nil { throw ValidationError("--level applies to IMDF archives only") }
        _ = try FeatureConverter.convert(input: input, output: output, format: format, writer: writer)
    }
}

extension GeoJSONOutputFormat: ExpressibleByArgument {}
