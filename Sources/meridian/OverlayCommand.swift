import Meridian
import MeridianCommandLine
import MeridianCore

struct OverlayCommand: ReportingCommand {
    static let name = "overlay"
    static let abstract =
        "Cut the input by another layer: clip, erase, intersect, identity, union or symmetric difference."
    static let discussion = """
        Reads INPUT and OTHER (any formats Meridian reads) and writes what --op makes of them: \
        clip (the parts of INPUT's features inside OTHER, with INPUT's properties), erase or \
        difference (the parts outside OTHER), intersect (each piece where an INPUT feature and an \
        OTHER feature meet, with both features' properties; a name INPUT has already gets \
        --suffix), identity (intersect's pieces and the parts of INPUT outside OTHER), union \
        (identity's and the parts of OTHER outside INPUT) and symmetric-difference (the parts of \
        each layer outside the other). As geopandas's overlay: a piece keeps the dimension of \
        the feature it was cut from, and a feature of which nothing is left is not written. \
        OTHER is held in memory and indexed; INPUT streams. Invalid geometry is repaired first \
        (fix.* notes).
        """

    let input: String
    let other: String
    let kind: OverlayKind
    let suffix: String
    let out: OutputArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The features to cut, or - for standard input.")
        other = try arguments.argument("other", help: "The layer to cut them by.")
        let op = try arguments.requiredOption(
            "op",
            help:
                "What to make: clip, erase (or difference), intersect (or intersection), identity, union or symmetric-difference."
        )
        // Help and the manual declare the options without values.
        guard let kind = op.isEmpty ? .clip : OverlayKind(argument: op) else {
            throw UsageError(
                "--op must be clip, erase, difference, intersect, intersection, identity, union or symmetric-difference"
            )
        }
        self.kind = kind
        suffix = try arguments.option(
            "suffix", default: "_2", help: "Added to the name of an OTHER property the INPUT feature has already.")
        out = try arguments.group(OutputArguments.self)
        report = try arguments.group(ReportOptions.self)
    }

    func validate() throws {
        if input == "-" && other == "-" { throw UsageError("only one of INPUT and OTHER can be standard input") }
    }

    func run() throws {
        let held = try RepairedLayer(path: other)
        Console.shared.warn(held.warnings)
        Console.shared.report(held.repairs, file: other)
        try runSpatialOperation(
            OverlayOperation(other: held.features, kind: kind, suffix: suffix), name: "overlay", input: input,
            out: out, inputs: [input, other])
    }
}

extension OverlayKind {
    /// The kind a user names, with geopandas's names as well.
    init?(argument: String) {
        switch argument {
        case "difference": self = .erase
        case "intersection": self = .intersect
        case "symdifference", "symmetric_difference": self = .symmetricDifference
        default: self.init(rawValue: argument)
        }
    }
}
