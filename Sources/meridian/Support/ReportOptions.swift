import MeridianCommandLine

/// The options every subcommand shares: how diagnostics and reports are
/// printed, and how much.
struct ReportOptions: ArgumentGroup {
    let format: DiagnosticFormat
    let quiet: Bool
    let verbose: Bool

    init(_ arguments: Arguments) throws {
        format = try arguments.option(
            "format", default: .text,
            help:
                "How reports and diagnostics are printed: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations)."
        )
        quiet = arguments.flag(
            "quiet", short: "q", help: "Print errors only: no warnings, notes, progress or summaries of success.")
        verbose = arguments.flag(
            "verbose", short: "v", help: "Also print per-file timings and counts on standard error.")
    }

    func validate() throws {
        if quiet && verbose { throw UsageError("use only one of --quiet and --verbose") }
    }
}

/// A command whose output follows ``ReportOptions``: the ``Console`` is
/// configured from them before it runs.
protocol ReportingCommand: Command {
    var report: ReportOptions { get }
}

extension ReportingCommand {
    func prepare() { Console.shared = Console(report) }
}

enum DiagnosticFormat: String, ArgumentValue, CaseIterable, Sendable {
    case text, json, ndjson, sarif, github
}
