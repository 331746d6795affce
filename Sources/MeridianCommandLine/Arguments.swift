/// Declares and reads a command's arguments, options and flags.
///
/// A command's `init(_:)` calls one method per value, in the order help
/// lists them. While the tool learns the declarations the methods return
/// defaults (nil, false, empty); while it reads, they return the command
/// line's values, converted and checked, and throw ``UsageError`` for a
/// value that does not convert or a missing required one. No reflection:
/// a command is its own parser, which keeps a start of the tool to a few
/// hundred thousand instructions.
package final class Arguments {
    /// What was declared so far, in order.
    package private(set) var declarations: [Declaration] = []
    /// The groups' checks, run before the command's.
    private(set) var groupChecks: [() throws -> Void] = []
    private let words: CommandLineWords?
    private var group: String?
    private var nextPositional = 0

    /// Declaring only.
    init() { words = nil }

    /// Reading `words` (tokenized against the declarations).
    init(reading words: CommandLineWords) { self.words = words }

    var isReading: Bool { words != nil }

    /// The positional words no declaration took.
    var unreadPositionals: ArraySlice<String> {
        guard let words else { return [] }
        return words.positionals[min(nextPositional, words.positionals.count)...]
    }

    // MARK: Positional arguments

    /// A required positional argument.
    package func argument(_ name: String, help: String) throws -> String {
        let declaration = declare(.argument(required: true, repeats: false), name, valueName: name, help: help)
        guard let words else { return "" }
        guard nextPositional < words.positionals.count else {
            throw UsageError("Missing expected argument '\(declaration.synopsis)'")
        }
        nextPositional += 1
        return words.positionals[nextPositional - 1]
    }

    /// A positional argument that may be left out.
    package func optionalArgument(_ name: String, help: String) -> String? {
        declare(.argument(required: false, repeats: false), name, valueName: name, help: help)
        guard let words, nextPositional < words.positionals.count else { return nil }
        nextPositional += 1
        return words.positionals[nextPositional - 1]
    }

    /// Every positional argument left; with `required`, at least one.
    package func arguments(_ name: String, required: Bool = false, help: String) throws -> [String] {
        let declaration = declare(.argument(required: required, repeats: true), name, valueName: name, help: help)
        guard let words else { return [] }
        let rest = Array(words.positionals[min(nextPositional, words.positionals.count)...])
        nextPositional = words.positionals.count
        if required, rest.isEmpty { throw UsageError("Missing expected argument '\(declaration.synopsis) ...'") }
        return rest
    }

    /// Every word after the command, options included (only `-h` and
    /// `--help` are the tool's): for a command that runs another program.
    package func passthrough(_ name: String, help: String) -> [String] {
        declare(.passthrough, name, valueName: name, help: help)
        guard let words else { return [] }
        nextPositional = words.positionals.count
        return words.positionals
    }

    // MARK: Options

    /// `--name VALUE`, nil when absent; the last occurrence wins.
    package func option<Value: ArgumentValue>(
        _ name: String, short: Character? = nil, valueName: String? = nil, help: String
    ) throws -> Value? {
        let declaration = declare(
            .option(required: false, repeats: false), name, short: short, valueName: valueName ?? name, help: help,
            values: { Value.allValueStrings })
        guard let text = words?.values(of: name).last else { return nil }
        return try convert(text, for: declaration)
    }

    /// `--name VALUE`, `defaultValue` when absent.
    package func option<Value: ArgumentValue>(
        _ name: String, short: Character? = nil, valueName: String? = nil, default defaultValue: Value, help: String
    ) throws -> Value {
        let declaration = declare(
            .option(required: false, repeats: false), name, short: short, valueName: valueName ?? name, help: help,
            values: { Value.allValueStrings }, defaultValue: { defaultValue.argumentDescription })
        guard let text = words?.values(of: name).last else { return defaultValue }
        return try convert(text, for: declaration)
    }

    /// `--name VALUE` that must be given.
    package func requiredOption(_ name: String, short: Character? = nil, valueName: String? = nil, help: String)
        throws -> String
    {
        let declaration = declare(
            .option(required: true, repeats: false), name, short: short, valueName: valueName ?? name, help: help)
        guard let words else { return "" }
        guard let text = words.values(of: name).last else {
            throw UsageError("Missing expected argument '\(declaration.synopsis)'")
        }
        return text
    }

    /// `--name VALUE`, as many times as given, in order.
    package func repeatedOption<Value: ArgumentValue>(
        _ name: String, short: Character? = nil, valueName: String? = nil, help: String
    ) throws -> [Value] {
        let declaration = declare(
            .option(required: false, repeats: true), name, short: short, valueName: valueName ?? name, help: help,
            values: { Value.allValueStrings })
        return try (words?.values(of: name) ?? []).map { text in try convert(text, for: declaration) }
    }

    /// `--name`: true when given.
    package func flag(_ name: String, short: Character? = nil, help: String) -> Bool {
        declare(.flag, name, short: short, valueName: name, help: help)
        return words?.flags.contains(name) ?? false
    }

    // MARK: Groups

    /// Reads a group of shared options, listed under `title` in help (or
    /// with the command's own options when nil).
    package func group<Group: ArgumentGroup>(_ type: Group.Type, title: String? = nil) throws -> Group {
        try group(title: title) { try Group($0) }
    }

    /// Reads a group made with settings of the command's own (help texts,
    /// ranges), listed under `title` in help.
    package func group<Group: ArgumentGroup>(title: String? = nil, _ make: (Arguments) throws -> Group) throws -> Group
    {
        let outer = group
        group = title
        defer { group = outer }
        let value = try make(self)
        if isReading { groupChecks.append { try value.validate() } }
        return value
    }

    // MARK: Declaring

    @discardableResult
    private func declare(
        _ kind: Declaration.Kind, _ name: String, short: Character? = nil, valueName: String, help: String,
        values: @escaping @Sendable () -> [String] = { [] }, defaultValue: @escaping @Sendable () -> String? = { nil }
    ) -> Declaration {
        let declaration = Declaration(
            kind: kind, name: name, short: short, valueName: valueName, help: help, values: values,
            defaultValue: defaultValue, group: group)
        if !isReading { declarations.append(declaration) }
        return declaration
    }

    private func convert<Value: ArgumentValue>(_ text: String, for declaration: Declaration) throws -> Value {
        if let value = Value(argument: text) { return value }
        var message = "The value '\(text)' is invalid for '\(declaration.synopsis)'"
        if !declaration.values.isEmpty {
            message += ": give one of " + declaration.values.joined(separator: ", ")
        }
        throw UsageError(message)
    }
}
