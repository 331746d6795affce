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
    Console.shared.note(
        "\(Input.redactingPassword(input)): \(name): \(summary.featureCount) features written to \(out.output == "-" ? "standard output" : Input.redactingPassword(out.output)) in \(formatDuration(monotonicSeconds() - start))"
    )
    try reportSpatialRun(
        warnings: summary.warnings, found: summary.repairs + summary.operationDiagnostics, file: input
    ) { $0.severity == .error }
}

/// Prints what a spatial run met (the reader's warnings, then the repairs
/// and the operation's diagnostics, in the report format), and exits 1
/// when one of them `fails`.
func reportSpatialRun(
    warnings: [Diagnostic], found: [Diagnostic], file: String, fails: (Diagnostic) -> Bool
) throws {
    Console.shared.warn(warnings)
    Console.shared.report(found, file: file)
    if found.contains(where: fails) { throw ExitCode(ExitStatus.problems) }
}

/// A number with an optional unit, in the unit `Unit` measures in:
/// `Distance` (metres: `500`, `500m`, `2.5km`, `3mi`, `1nmi`, `300ft`) and
/// `Area` (square metres: `5000`, `5000m2`, `1.5ha`, `2km2`).
struct Quantity<Unit: QuantityUnit>: ArgumentValue {
    /// In metres or square metres.
    let value: Double

    init(_ value: Double) {
        self.value = value
    }

    init?(argument: String) {
        var text = Substring(argument)
        var scale = 1.0
        for (unit, size) in Unit.units where text.hasSuffix(unit) {
            text = text.dropLast(unit.count)
            scale = size
            break
        }
        guard let number = Double(text), number.isFinite else { return nil }
        value = number * scale
    }

    var argumentDescription: String { "\(value)\(Unit.units.last!.0)" }
}

/// The units a ``Quantity`` may be written in, longest suffix first, the
/// base unit last.
protocol QuantityUnit: Sendable {
    static var units: [(String, Double)] { get }
}

enum Metres: QuantityUnit {
    static let units: [(String, Double)] = [("km", 1_000), ("nmi", 1_852), ("mi", 1_609.344), ("ft", 0.3048), ("m", 1)]
}

enum SquareMetres: QuantityUnit {
    static let units: [(String, Double)] = [("km2", 1e6), ("ha", 1e4), ("m2", 1)]
}

typealias Distance = Quantity<Metres>
typealias Area = Quantity<SquareMetres>

extension BufferOptions.CapStyle: ArgumentValue {}
extension BufferOptions.JoinStyle: ArgumentValue {}
extension MeasureOptions.Shape: ArgumentValue {}
extension JoinOptions.Predicate: ArgumentValue {}
