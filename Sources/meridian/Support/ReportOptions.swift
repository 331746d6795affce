import ArgumentParser

/// The options every subcommand shares: how diagnostics and reports are
/// printed, and how much.
struct ReportOptions: ParsableArguments {
    @Option(
        help:
            "How reports and diagnostics are printed: text, json (versioned schema), ndjson (a line per diagnostic), sarif (SARIF 2.1.0, for code scanning) or github (workflow annotations)."
    )
    var format: DiagnosticFormat = .text

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, notes, progress or summaries of success.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print per-file timings and counts on standard error.")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("use only one of --quiet and --verbose") }
    }
}

/// A command whose output follows ``ReportOptions``; `main` configures the
/// ``Console`` from it before running.
protocol ReportingCommand: ParsableCommand {
    var report: ReportOptions { get }
}

enum DiagnosticFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json, ndjson, sarif, github
}
