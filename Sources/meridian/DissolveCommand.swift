import Meridian
import MeridianCommandLine
import MeridianCore

struct DissolveCommand: ReportingCommand {
    static let name = "dissolve"
    static let abstract = "Merge the features that share the values of some properties, summarising the others."
    static let discussion = """
        Reads any input and writes one feature per distinct combination of the --by properties \
        (all features into one without --by), in the order each combination first appears. Its \
        geometry is the union of the group's geometries: polygons that share borders exactly are \
        merged by dropping the shared edges, so the borders that remain keep every position. \
        Its properties are the --by values, then the aggregates asked for: --count NAME (how \
        many features), and --sum, --min, --max, --first and --list FIELD, each written under \
        the field's name. Features without a --by property are dissolved together under null, \
        with a warning. Invalid geometry is repaired first (fix.* notes). Groups are merged on \
        every core; every geometry is held until the end.
        """

    let input: String
    let keys: [String]
    let count: String?
    let aggregates: [Aggregate]
    let out: OutputArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The input file, or - for standard input.")
        let by: [String] = try arguments.repeatedOption(
            "by", help: "Dissolve features with equal values of this property (repeat, or separate by commas).")
        keys = by.flatMap { $0.split(separator: ",").map(String.init) }
        count = try arguments.option(
            "count", valueName: "name", help: "Add how many features each group merged, under this name.")
        var aggregates: [Aggregate] = []
        for kind in [Aggregate.Kind.sum, .min, .max, .first, .list] {
            let fields: [String] = try arguments.repeatedOption(
                kind.rawValue, valueName: "field", help: Self.help(kind, over: "each group"))
            aggregates += fields.map { Aggregate(kind, field: $0) }
        }
        self.aggregates = aggregates
        out = try arguments.group(OutputArguments.self)
        report = try arguments.group(ReportOptions.self)
    }

    /// The help of an aggregate's option, summarising `over` ("each group").
    static func help(_ kind: Aggregate.Kind, over: String) -> String {
        switch kind {
        case .sum: "Add the sum of this numeric property over \(over) (repeatable)."
        case .min: "Add the smallest value of this property over \(over) (repeatable)."
        case .max: "Add the largest value of this property over \(over) (repeatable)."
        case .first: "Add the first value of this property over \(over) that is not null (repeatable)."
        case .list: "Add every value of this property over \(over) that is not null, as an array (repeatable)."
        case .count: ""
        }
    }

    func run() throws {
        let operation = DissolveOperation(
            keys: keys, aggregates: (count.map { [Aggregate(.count, name: $0)] } ?? []) + aggregates)
        try runSpatialOperation(operation, name: "dissolve", input: input, out: out)
    }
}
