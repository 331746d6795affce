import Meridian
import MeridianCommandLine
import MeridianCore

struct CleanCommand: ReportingCommand {
    static let name = "clean"
    static let abstract = "Find the overlaps and gaps between neighbouring polygons, report them, and mend them."
    static let discussion = """
        Reads any input and reports every overlap (an area two polygons both cover: \
        clean.overlap) and every gap (a hole in the layer that two or more features border: \
        clean.gap), with its area and where it is, located at a feature, in --format. Then \
        writes the layer mended: an overlap is given to the larger of the two features (by \
        area) and cut out of the other; a gap smaller than --gap-area is given to the \
        neighbour that shares the longest border with it. Only the features an overlap or gap \
        touches change, and only there: every other border keeps its positions. With \
        --check, nothing is written and the exit status is 1 when anything was found. \
        Invalid geometry is repaired first (fix.* notes). Every feature is held.
        """

    let input: String
    let gapArea: AreaValue
    let check: Bool
    let out: OutputArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The input file, or - for standard input.")
        gapArea = try arguments.option(
            "gap-area", default: AreaValue(squareMetres: 10_000),
            help: "Fill gaps smaller than this: square metres, or with a unit (m2, ha, km2).")
        check = arguments.flag("check", help: "Only report: write nothing, and exit 1 when an overlap or gap is found.")
        out = try arguments.group(OutputArguments.self)
        report = try arguments.group(ReportOptions.self)
    }

    func run() throws {
        let operation = CleanOperation(gapArea: gapArea.squareMetres, mends: !check)
        if check {
            let layer = try RepairedLayer(path: input)
            for (index, feature) in layer.features.enumerated() {
                _ = operation.apply(
                    feature, at: SourceLocation(feature: feature, index: index, layout: layer.layout, file: input))
            }
            _ = operation.finish()
            Console.shared.warn(layer.warnings)
            let found = layer.repairs + operation.diagnostics
            Console.shared.report(found, file: input)
            if found.contains(where: { $0.code.hasPrefix("clean.") }) { throw ExitCode(ExitStatus.problems) }
            return
        }
        try runSpatialOperation(operation, name: "clean", input: input, out: out)
    }
}

/// An area with its unit: `5000`, `5000m2`, `1.5ha`, `2km2` (square
/// metres when none is given).
struct AreaValue: ArgumentValue {
    let squareMetres: Double

    init(squareMetres: Double) {
        self.squareMetres = squareMetres
    }

    init?(argument: String) {
        let units: [(String, Double)] = [("km2", 1e6), ("ha", 1e4), ("m2", 1)]
        var text = Substring(argument)
        var scale = 1.0
        for (unit, size) in units where text.hasSuffix(unit) {
            text = text.dropLast(unit.count)
            scale = size
            break
        }
        guard let number = Double(text), number.isFinite, number >= 0 else { return nil }
        squareMetres = number * scale
    }

    var argumentDescription: String { "\(squareMetres)m2" }
}
