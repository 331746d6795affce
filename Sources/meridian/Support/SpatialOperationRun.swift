import Meridian
import MeridianCommandLine
import MeridianCore

/// The run every spatial command shares (buffer, measure, dissolve,
/// overlay, join, clean): read the input with every geometry repaired
/// first (each change a `fix.*` note), put each feature through the
/// operation, write the result where `out` says, and report the repairs
/// and the operation's diagnostics in the report format. Exits 1 when
/// the operation reported an error. `inputs` are every input (none may be
/// the output); without --to or an output extension, the output is in
/// the format of `formatOf` (the input's by default).
func runSpatialOperation(
    _ operation: any FeatureOperation, name: String, input: String, out: OutputArguments,
    inputs: [String]? = nil, formatOf: String? = nil
) throws {
    let start = monotonicSeconds()
    var format = out.to ?? (out.output == "-" ? nil : OutputFormat(imdfAwarePath: out.output))
    if format == nil, let formatOf, formatOf != input { format = OutputFormat(matching: try Input(path: formatOf)) }
    try OutputDestination.checkNotInput(out.output, inputs: inputs ?? [input])
    let settings = ConversionSettings(
        format: format, writing: WritingOptions(precision: out.precision, pretty: out.pretty),
        repair: FeatureRepairer.Options(rewind: false), operation: operation)
    let summary = try FeatureConverter.convert(input: input, output: out.output, settings: settings)
    let console = Console.shared
    console.warn(summary.warnings)
    let reported = summary.repairs + summary.operationDiagnostics
    console.report(reported, file: input)
    console.note(
        "\(Input.redactingPassword(input)): \(name): \(summary.featureCount) features written to \(out.output == "-" ? "standard output" : Input.redactingPassword(out.output)) in \(formatDuration(monotonicSeconds() - start))"
    )
    if reported.contains(where: { $0.severity == .error }) { throw ExitCode(ExitStatus.problems) }
}

/// A distance with its unit: `500`, `500m`, `2.5km`, `3mi`, `1nmi`,
/// `300ft` (metres when none is given), negative where an operation takes
/// one.
struct Distance: ArgumentValue {
    let metres: Double

    init(metres: Double) {
        self.metres = metres
    }

    init?(argument: String) {
        let units: [(String, Double)] = [("km", 1_000), ("nmi", 1_852), ("mi", 1_609.344), ("ft", 0.3048), ("m", 1)]
        var text = Substring(argument)
        var scale = 1.0
        for (unit, metres) in units where text.hasSuffix(unit) {
            text = text.dropLast(unit.count)
            scale = metres
            break
        }
        guard let number = Double(text), number.isFinite else { return nil }
        metres = number * scale
    }

    var argumentDescription: String { "\(metres)m" }
}

extension BufferOptions.CapStyle: ArgumentValue {}
extension BufferOptions.JoinStyle: ArgumentValue {}
extension MeasureOptions.Shape: ArgumentValue {}
extension JoinOptions.Predicate: ArgumentValue {}
