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
    let gapArea: Area
    let check: Bool
    let out: OutputArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The input file, or - for standard input.")
        gapArea = try arguments.option(
            "gap-area", default: Area(10_000),
            help: "Fill gaps smaller than this: square metres, or with a unit (m2, ha, km2).")
        check = arguments.flag("check", help: "Only report: write nothing, and exit 1 when an overlap or gap is found.")
        out = try arguments.group(OutputArguments.self)
        report = try arguments.group(ReportOptions.self)
    }

    func validate() throws {
        if gapArea.value < 0 { throw UsageError("--gap-area must be 0 or more") }
    }

    func run() throws {
        let operation = CleanOperation(gapArea: gapArea.value, mends: !check)
        if check {
            let layer = try RepairedLayer(path: input)
            for (index, feature) in layer.features.enumerated() {
                _ = operation.apply(
                    feature, at: SourceLocation(feature: feature, index: index, layout: layer.layout, file: input))
            }
            _ = operation.finish()
            return try reportSpatialRun(
                warnings: layer.warnings, found: layer.repairs + operation.diagnostics, file: input
            ) { $0.code.hasPrefix("clean.") }
        }
        try runSpatialOperation(operation, name: "clean", input: input, out: out)
    }
}
