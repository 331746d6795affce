import MeridianCore
import MeridianLibC
import MeridianPlatform

/// A command-line tool of subcommands: finds the command a command line
/// names, reads its arguments, and answers `--help`, `help COMMAND`,
/// `--version`, `--generate-completion-script SHELL` and
/// `--generate-manual DATE` itself.
package struct CommandLineTool: Sendable {
    package var name: String
    package var abstract: String
    package var discussion: String
    package var version: String
    package var commands: [any Command.Type]
    /// The exit status of a usage error.
    package var usageStatus: Int32
    /// The exit status when help, the version, the manual or a completion
    /// script cannot be written (a full disk; a closed pipe is no failure).
    package var outputStatus: Int32

    package init(
        name: String, abstract: String, discussion: String = "", version: String, commands: [any Command.Type],
        usageStatus: Int32 = 2, outputStatus: Int32 = 3
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.version = version
        self.commands = commands
        self.usageStatus = usageStatus
        self.outputStatus = outputStatus
    }

    /// The tool's own options, as its help lists them.
    static let toolOptions = [
        ("--version", "Show the version."),
        ("--generate-completion-script <shell>", "Print a completion script for bash, zsh or fish."),
        ("--generate-manual <date>", "Print the manual page (mdoc), dated YYYY-MM-DD."),
        ("-h, --help", "Show help information."),
    ]

    /// What a command line asks for.
    package enum Request {
        /// Run this command (its values read and checked).
        case run(any Command)
        /// Print this text on standard output and exit 0.
        case print(String)
        /// A usage error: print it (with the usage of the command, when
        /// one was named) and exit with ``usageStatus``.
        case usageError(UsageError, (any CommandArguments.Type)?)
    }

    /// The request a command line makes (the words after the tool's name).
    package func request(for words: [String]) -> Request {
        guard let first = words.first else { return .print(HelpText.tool(self)) }
        switch first {
        case "-h", "--help": return .print(HelpText.tool(self))
        case "--version": return .print(version + "\n")
        case "help":
            guard words.count > 1 else { return .print(HelpText.tool(self)) }
            guard let command = command(named: words[1]) else {
                return .usageError(UsageError("Unknown command '\(words[1])'"), nil)
            }
            return .print(HelpText.command(command, declarations: Self.declarations(of: command), tool: name))
        case "--generate-completion-script":
            guard words.count == 2, let shell = CompletionScript.Shell(rawValue: words[1]) else {
                return .usageError(UsageError("--generate-completion-script takes bash, zsh or fish"), nil)
            }
            return .print(CompletionScript(tool: self).script(for: shell))
        case "--generate-manual":
            guard words.count == 2, let page = ManualPage(tool: self, date: words[1]) else {
                return .usageError(UsageError("--generate-manual takes a date, YYYY-MM-DD"), nil)
            }
            return .print(page.text)
        default:
            guard let command = command(named: first) else {
                let kind = first.hasPrefix("-") ? "option" : "command"
                return .usageError(UsageError("Unknown \(kind) '\(first)'"), nil)
            }
            return runRequest(command, words.dropFirst())
        }
    }

    /// The values of `command` read from `words`: the command, or what to
    /// print instead (its help, or a usage error).
    private func read<C: CommandArguments>(_ command: C.Type, _ words: ArraySlice<String>) -> Reading<C> {
        let declarations = Self.declarations(of: command)
        do {
            let words = try CommandLineWords(words, declarations: declarations)
            if words.wantsHelp {
                return .refused(.print(HelpText.command(command, declarations: declarations, tool: name)))
            }
            let arguments = Arguments(reading: words)
            let value = try command.init(arguments)
            if let extra = arguments.unreadPositionals.first {
                throw UsageError("Unexpected argument '\(extra)'")
            }
            for check in arguments.groupChecks { try check() }
            try value.validate()
            return .read(value)
        } catch let error as UsageError {
            return .refused(.usageError(error, command))
        } catch {
            return .refused(.usageError(UsageError("\(error)"), command))
        }
    }

    /// A command's values, or what to do instead.
    private enum Reading<C> {
        case read(C)
        case refused(Request)
    }

    /// The request to run `command` with `words`, or to print its help or
    /// a usage error.
    private func runRequest<C: Command>(_ command: C.Type, _ words: ArraySlice<String>) -> Request {
        switch read(command, words) {
        case .read(let value): .run(value)
        case .refused(let request): request
        }
    }

    /// For a tool of one command (`meridian-serve`): reads the process's
    /// arguments as that command's, printing its help (`-h`, `--help`) or
    /// a usage error and exiting instead when the command line asks.
    package func parse<C: CommandArguments>(
        _ command: C.Type, _ words: [String] = Array(CommandLine.arguments.dropFirst())
    )
        -> C
    {
        switch read(command, words[...]) {
        case .read(let value): return value
        case .refused(let request): finish(request)
        }
    }

    /// Runs ``request(for:)`` on the process's arguments: prints what it
    /// asks to print and exits, or returns the command to run.
    package func parse(_ words: [String] = Array(CommandLine.arguments.dropFirst())) -> any Command {
        let request = request(for: words)
        if case .run(let command) = request { return command }
        finish(request)
    }

    /// Prints what a request asks to print and exits (0, or ``usageStatus``
    /// for a usage error).
    private func finish(_ request: Request) -> Never {
        switch request {
        case .run: exit(0)
        case .print(let text):
            if let failure = Self.write(text, to: 1), failure != EPIPE {
                Self.write("\(name): cannot write standard output: \(Platform.errorMessage(failure))\n", to: 2)
                exit(outputStatus)
            }
            exit(0)
        case .usageError(let error, let command):
            fail(error, command: command)
        }
    }

    /// Prints a usage error on standard error, with the usage of the
    /// command (or of the tool) and where to find help, and exits with
    /// ``usageStatus``.
    package func fail(_ error: UsageError, command: (any CommandArguments.Type)?) -> Never {
        Self.write(usageErrorText(error, command: command), to: 2)
        exit(usageStatus)
    }

    func usageErrorText(_ error: UsageError, command: (any CommandArguments.Type)?) -> String {
        let usage: String
        let helpPath: String
        if let command {
            usage = HelpText.usage(Self.declarations(of: command), path: "\(name) \(command.name)")
            helpPath = "\(name) \(command.name)"
        } else {
            usage = "\(name) <subcommand>"
            helpPath = name
        }
        return "Error: \(error.message)\nUsage: \(usage)\n  See '\(helpPath) --help' for more information.\n"
    }

    /// Writes all of `text` to a file descriptor (standard output 1,
    /// standard error 2); the error number when a write fails.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        return text.withUTF8 { Platform.write(descriptor, all: UnsafeRawBufferPointer($0)) }
    }

    func command(named word: String) -> (any Command.Type)? {
        commands.first { $0.name == word }
    }

    /// What a command declares, learnt by running its initializer on an
    /// empty reader.
    static func declarations(of command: any CommandArguments.Type) -> [Declaration] {
        let arguments = Arguments()
        _ = try? command.init(arguments)
        return arguments.declarations
    }
}
