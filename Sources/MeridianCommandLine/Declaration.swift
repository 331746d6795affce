/// One argument, option or flag a command declared: what help, usage,
/// completion scripts and the manual page are written from.
package struct Declaration: Sendable {
    package enum Kind: Sendable, Equatable {
        /// A positional argument; `repeats` takes every one left.
        case argument(required: Bool, repeats: Bool)
        /// `--name VALUE`; `repeats` keeps every occurrence.
        case option(required: Bool, repeats: Bool)
        /// `--name`, true when present.
        case flag
        /// Every word after the command, options included, for another
        /// program to read (`meridian serve`).
        case passthrough
    }

    package var kind: Kind
    /// The long name without dashes (`cut-antimeridian`), or the
    /// argument's name (`input`).
    package var name: String
    package var short: Character?
    /// The placeholder in usage and help: `<name>`.
    package var valueName: String
    package var help: String
    /// The values an option accepts when there are few (an enumeration).
    package var values: [String] { listValues() }
    /// The default, as help shows it.
    package var defaultValue: String? { describeDefault() }
    /// The help section it is listed under (nil: OPTIONS or ARGUMENTS).
    package var group: String?
    /// ``values`` and ``defaultValue``, worked out only when help, a
    /// completion script or an error asks: listing an enumeration's cases
    /// generically instantiates type metadata, which every start of the
    /// tool would otherwise pay (a third of a million instructions).
    private let listValues: @Sendable () -> [String]
    private let describeDefault: @Sendable () -> String?

    init(
        kind: Kind, name: String, short: Character?, valueName: String, help: String,
        values: @escaping @Sendable () -> [String], defaultValue: @escaping @Sendable () -> String?, group: String?
    ) {
        self.kind = kind
        self.name = name
        self.short = short
        self.valueName = valueName
        self.help = help
        self.listValues = values
        self.describeDefault = defaultValue
        self.group = group
    }

    /// `--name`, or `<name>` for an argument.
    package var label: String {
        switch kind {
        case .argument, .passthrough: "<\(valueName)>"
        case .option, .flag: "--" + name
        }
    }

    /// How usage and errors name it: `--to <to>`, `-o <output>`, `<input>`.
    package var synopsis: String {
        switch kind {
        case .argument, .passthrough: label
        case .option: "--\(name) <\(valueName)>"
        case .flag: "--" + name
        }
    }

    package var takesValue: Bool {
        if case .option = kind { return true }
        return false
    }

    package var isPositional: Bool {
        switch kind {
        case .argument, .passthrough: true
        case .option, .flag: false
        }
    }
}
