import Testing

@testable import MeridianCommandLine

/// A command with one of everything the reader declares.
struct Sample: Command {
    static let name = "sample"
    static let abstract = "A command with one of everything."
    static let discussion = "First paragraph.\n\nSecond paragraph."

    enum Colour: String, ArgumentValue, CaseIterable { case red, green }

    struct Shared: ArgumentGroup {
        let quiet: Bool
        let verbose: Bool
        let dryRun: Bool

        init(_ arguments: Arguments) throws {
            quiet = arguments.flag("quiet", short: "q", help: "Say less.")
            verbose = arguments.flag("verbose", short: "v", help: "Say more.")
            dryRun = arguments.flag("dry-run", short: "n", help: "Change nothing.")
        }

        func validate() throws {
            if quiet && verbose { throw UsageError("use only one of --quiet and --verbose") }
        }
    }

    let input: String
    let extra: String?
    let output: String
    let colour: Colour
    let count: Int?
    let tags: [String]
    let pretty: Bool
    let shared: Shared

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The input.")
        extra = arguments.optionalArgument("extra", help: "Another.")
        output = try arguments.option("output", short: "o", default: "-", help: "The output.")
        colour = try arguments.option("colour", default: .red, help: "A colour.")
        count = try arguments.option("count", valueName: "n", help: "How many.")
        tags = try arguments.repeatedOption("tag", help: "A tag (repeatable).")
        pretty = arguments.flag("pretty", help: "Indent.")
        shared = try arguments.group(Shared.self, title: "Shared")
    }

    func validate() throws {
        if let count, count < 0 { throw UsageError("--count must be 0 or more") }
    }

    func run() throws {}
}

struct Relay: Command {
    static let name = "relay"
    static let abstract = "Hands every word to another program."
    let words: [String]

    init(_ arguments: Arguments) throws {
        words = arguments.passthrough("words", help: "The other program's words.")
    }

    func run() throws {}
}

/// A command whose option's values count how often they are listed.
struct Listing: Command {
    static let name = "listing"
    static let abstract = "Lists its values only when asked."

    enum Choice: String, ArgumentValue, CaseIterable {
        case one, two
        nonisolated(unsafe) static var listings = 0
        static var allValueStrings: [String] {
            listings += 1
            return allCases.map(\.rawValue)
        }
    }

    let choice: Choice

    init(_ arguments: Arguments) throws {
        choice = try arguments.option("choice", default: .one, help: "A choice.")
    }

    func run() throws {}
}

@Suite struct CommandLineToolTests {
    let tool = CommandLineTool(
        name: "tool", abstract: "Does things.", version: "1.2.3", commands: [Sample.self, Relay.self])

    func parsed(_ words: [String]) throws -> Sample {
        guard case .run(let command) = tool.request(for: ["sample"] + words) else {
            throw UsageError("not a command to run")
        }
        return try #require(command as? Sample)
    }

    func usageError(_ words: [String]) -> String? {
        if case .usageError(let error, _) = tool.request(for: words) { return error.message }
        return nil
    }

    func printed(_ words: [String]) -> String? {
        if case .print(let text) = tool.request(for: words) { return text }
        return nil
    }

    @Test func readsEverySpellingOfOptionsAndFlags() throws {
        let command = try parsed([
            "in.geojson", "--output=out.geojson", "--colour", "green", "--count", "3", "--tag", "a", "--tag=b",
            "--pretty", "-qn", "--", "-not-an-option",
        ])
        #expect(command.input == "in.geojson" && command.extra == "-not-an-option")
        #expect(command.output == "out.geojson" && command.colour == .green && command.count == 3)
        #expect(command.tags == ["a", "b"] && command.pretty && command.shared.quiet && command.shared.dryRun)
    }

    @Test func defaultsShortOptionsAndTheLastOccurrence() throws {
        let command = try parsed(["-o", "a", "-ob", "x"])
        #expect(command.output == "b" && command.input == "x" && command.extra == nil)
        #expect(command.colour == .red && command.count == nil && command.tags.isEmpty && !command.pretty)
        #expect(try parsed(["-o=c", "x"]).output == "c")
    }

    @Test func aDashAndNegativeNumbersArePositional() throws {
        let command = try parsed(["-", "-33.8,151.2"])
        #expect(command.input == "-" && command.extra == "-33.8,151.2")
        // An option's value is the next word, whatever it starts with.
        #expect(usageError(["sample", "x", "--count", "-1"]) == "--count must be 0 or more")
    }

    @Test func mistakesAreUsageErrorsThatNameTheWord() {
        #expect(usageError(["sample"]) == "Missing expected argument '<input>'")
        #expect(usageError(["sample", "x", "--bogus"]) == "Unknown option '--bogus'")
        #expect(usageError(["sample", "x", "-z"]) == "Unknown option '-z'")
        #expect(usageError(["sample", "x", "y", "z"]) == "Unexpected argument 'z'")
        #expect(usageError(["sample", "x", "--count"]) == "Missing value for '--count <n>'")
        #expect(usageError(["sample", "x", "--count", "many"]) == "The value 'many' is invalid for '--count <n>'")
        #expect(
            usageError(["sample", "x", "--colour", "blue"])
                == "The value 'blue' is invalid for '--colour <colour>': give one of red, green")
        #expect(usageError(["sample", "x", "--pretty=yes"]) == "The flag '--pretty' takes no value")
        #expect(usageError(["sample", "x", "-q", "-v"]) == "use only one of --quiet and --verbose")
        #expect(usageError(["sample", "x", "--count", "-2"]) == "--count must be 0 or more")
        #expect(usageError(["nothing"]) == "Unknown command 'nothing'")
        #expect(usageError(["--nothing"]) == "Unknown option '--nothing'")
        #expect(usageError(["--generate-completion-script", "tcsh"]) != nil)
        #expect(usageError(["--generate-manual", "yesterday"]) != nil)
    }

    /// Listing an enumeration's cases instantiates generic metadata, a
    /// cost every start of the tool would pay: it waits for help, a
    /// completion script or an error.
    @Test func valuesAreListedOnlyWhenShown() throws {
        let tool = CommandLineTool(name: "tool", abstract: "Lists.", version: "1", commands: [Listing.self])
        Listing.Choice.listings = 0
        guard case .run(let command) = tool.request(for: ["listing", "--choice", "two"]) else {
            Issue.record("not a command to run")
            return
        }
        #expect((command as? Listing)?.choice == .two)
        #expect(Listing.Choice.listings == 0)
        guard case .print(let help) = tool.request(for: ["listing", "--help"]) else {
            Issue.record("no help")
            return
        }
        #expect(help.contains("(values: one, two; default: one)"))
        #expect(Listing.Choice.listings > 0)
        guard case .usageError(let error, _) = tool.request(for: ["listing", "--choice", "three"]) else {
            Issue.record("no usage error")
            return
        }
        #expect(error.message.hasSuffix("give one of one, two"))
    }

    @Test func theErrorTextCarriesTheCommandsUsage() {
        let text = tool.usageErrorText(UsageError("Unknown option '--bogus'"), command: Sample.self)
        #expect(
            text == """
                Error: Unknown option '--bogus'
                Usage: tool sample [<options>] <input> [<extra>]
                  See 'tool sample --help' for more information.

                """)
    }

    @Test func helpListsEverythingInColumns() throws {
        let help = try #require(printed(["sample", "--help"]))
        #expect(printed(["help", "sample"]) == help && printed(["sample", "x", "-h"]) == help)
        #expect(
            help.hasPrefix("OVERVIEW: A command with one of everything.\n\nFirst paragraph.\n\nSecond paragraph.\n"))
        #expect(help.contains("USAGE: tool sample [<options>] <input> [<extra>]\n"))
        #expect(help.contains("\n  -o, --output <output>   The output. (default: -)\n"))
        #expect(help.contains("\n  --colour <colour>       A colour. (values: red, green; default: red)\n"))
        #expect(help.contains("\nSHARED:\n  -q, --quiet             Say less.\n"))
        for line in help.split(separator: "\n") { #expect(line.count <= 80) }
        let toolHelp = try #require(printed([]))
        #expect(printed(["--help"]) == toolHelp && printed(["help"]) == toolHelp)
        #expect(toolHelp.contains("\n  sample                  A command with one of everything.\n"))
        #expect(printed(["--version"]) == "1.2.3\n")
    }

    @Test func longHelpWrapsUnderItsColumn() {
        let entry = HelpText.entry("--a-very-long-option-name <value>", String(repeating: "word ", count: 30))
        let lines = entry.split(separator: "\n")
        #expect(lines[0] == "  --a-very-long-option-name <value>")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 26) + "word") })
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    @Test func passthroughTakesEveryWordButHelp() throws {
        guard case .run(let command) = tool.request(for: ["relay", "data.geojson", "--port", "0", "-x"]) else {
            Issue.record("relay did not parse")
            return
        }
        #expect((command as? Relay)?.words == ["data.geojson", "--port", "0", "-x"])
        #expect(printed(["relay", "--help"])?.contains("USAGE: tool relay [<words> ...]") == true)
    }

    @Test func theManualPageIsMdocWithEveryOption() throws {
        let page = try #require(printed(["--generate-manual", "2026-11-25"]))
        #expect(page.contains(".Dd November 25, 2026\n.Dt TOOL 1\n"))
        #expect(page.contains(".It Em sample\n") && page.contains(".It Fl o , -output Ar output\n"))
        #expect(page.contains(".It Fl -colour Ar colour\nA colour. (values: red, green; default: red)\n"))
        #expect(page.contains("First paragraph.\n.Pp\nSecond paragraph.\n"))
        #expect(ManualPage.escaped(".dangerous") == "\\&.dangerous" && ManualPage.escaped("a\\b") == "a\\eb")
    }
}
