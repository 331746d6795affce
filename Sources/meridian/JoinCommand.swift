import Meridian
import MeridianCommandLine
import MeridianCore
import MeridianPlatform

struct JoinCommand: ReportingCommand {
    static let name = "join"
    static let abstract = "Add to each feature the properties of the features of another layer it meets."
    static let discussion = """
        Reads INPUT and OTHER (any formats Meridian reads) and writes INPUT's features, each with \
        the properties of the OTHER features it matches: by default those it intersects \
        (a point in a polygon or on its edge), or --predicate within, contains or nearest \
        (--max-distance, in metres on the ellipsoid). One feature per input feature with its first \
        match's properties (OTHER's earliest), or --all for one per match; unmatched features \
        are kept with nulls (a left join) unless --inner. --fields names the properties copied \
        (default: all, or none when an aggregate is asked); a name the feature has already gets \
        --suffix. --count NAME, --sum, --min, --max, --first and --list FIELD summarise every \
        match. The smaller file is held in an R-tree and the larger streamed, so ten million \
        points joined to a few hundred polygons take memory for the polygons (--index says \
        which side to hold; nearest always holds OTHER). Invalid geometry is repaired first \
        (fix.* notes).
        """

    let input: String
    let other: String
    let predicate: JoinOptions.Predicate
    let maximumDistance: Distance?
    let inner: Bool
    let all: Bool
    let fields: [String]?
    let count: String?
    let aggregates: [Aggregate]
    let suffix: String
    let distanceName: String?
    let index: IndexChoice
    let out: OutputArguments
    let report: ReportOptions

    enum IndexChoice: String, ArgumentValue, CaseIterable {
        case auto, input, other
    }

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The features to add properties to, or - for standard input.")
        other = try arguments.argument("other", help: "The layer whose properties are added.")
        predicate = try arguments.option(
            "predicate", default: .intersects, help: "When features match (nearest: the nearest OTHER feature).")
        let distanceText: String? = try arguments.option(
            "max-distance", valueName: "distance",
            help:
                "With --predicate nearest: the farthest a match may be, in metres or with a unit (m, km, mi, nmi, ft).")
        if let distanceText {
            guard let distance = Distance(argument: distanceText), distance.value >= 0 else {
                throw UsageError("--max-distance must be a distance of 0 or more, in metres or with a unit")
            }
            maximumDistance = distance
        } else {
            maximumDistance = nil
        }
        inner = arguments.flag("inner", help: "Drop the features that match nothing.")
        all = arguments.flag("all", help: "Write one feature per match instead of one per input feature.")
        let fieldList: [String] = try arguments.repeatedOption(
            "fields", valueName: "names", help: "Copy only these properties of OTHER (repeat, or separate by commas).")
        fields = fieldList.isEmpty ? nil : fieldList.flatMap { $0.split(separator: ",").map(String.init) }
        count = try arguments.option(
            "count", valueName: "name", help: "Add how many features matched, under this name.")
        aggregates = try Aggregate.Kind.allCases.filter { $0 != .count }.flatMap { kind in
            let names: [String] = try arguments.repeatedOption(
                kind.rawValue, valueName: "field", help: DissolveCommand.help(kind, over: "the matches"))
            return names.map { Aggregate(kind, field: $0) }
        }
        suffix = try arguments.option(
            "suffix", default: "_2", help: "Added to the name of a copied property the feature already has.")
        distanceName = try arguments.option(
            "distance-property", valueName: "name",
            help: "With --predicate nearest: add the distance in metres under this name.")
        index = try arguments.option(
            "index", default: .auto,
            help: "Which side to hold in memory and index: the smaller file (auto), input or other.")
        out = try arguments.group(OutputArguments.self)
        report = try arguments.group(ReportOptions.self)
    }

    func validate() throws {
        if input == "-" && other == "-" { throw UsageError("only one of INPUT and OTHER can be standard input") }
        if maximumDistance != nil || distanceName != nil, predicate != .nearest {
            throw UsageError("--max-distance and --distance-property go with --predicate nearest")
        }
    }

    func run() throws {
        let options = JoinOptions(
            predicate: predicate, maximumDistance: maximumDistance?.value, keepsUnmatched: !inner, oneToMany: all,
            fields: fields, aggregates: (count.map { [Aggregate(.count, name: $0)] } ?? []) + aggregates,
            suffix: suffix, distanceName: distanceName)
        let holdsInput: Bool
        switch index {
        case .input: holdsInput = predicate != .nearest
        case .other: holdsInput = false
        case .auto:
            holdsInput =
                predicate != .nearest && input != "-"
                && (Self.size(of: input) ?? .max) < (Self.size(of: other) ?? .max)
        }
        let held = try RepairedLayer(path: holdsInput ? input : other)
        let console = Console.shared
        console.warn(held.warnings)
        console.report(held.repairs, file: holdsInput ? input : other)
        let operation = JoinOperation(indexed: held.features, side: holdsInput ? .input : .other, options: options)
        try runSpatialOperation(
            operation, name: "join", input: holdsInput ? other : input, out: out, inputs: [input, other],
            formatOf: input)
    }

    /// The size of a file in bytes; nil for standard input, a location or
    /// what cannot be read.
    static func size(of path: String) -> Int? {
        guard path != "-", !Input.isLocation(path) else { return nil }
        return Platform.status(ofPath: path)?.size
    }
}
