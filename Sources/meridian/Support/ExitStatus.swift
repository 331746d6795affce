import Meridian

/// The tool's exit statuses, one rule for every subcommand:
///
/// | status | meaning |
/// |---|---|
/// | 0 | success (also when a reader of standard output closed the pipe early) |
/// | 1 | `validate` found problems (errors, or warnings with `--strict`) |
/// | 2 | usage: a bad option or argument, or an option the data cannot satisfy |
/// | 3 | input/output: a file could not be found, opened, read, decoded or written |
///
/// A file that cannot be decoded (broken JSON, KML or zip) is an input
/// error (3) in `info`, `convert`, `merge` and `render`; `validate`
/// reports it as a problem of the file (1), since finding such problems is
/// its job. Status 3 wins over 1 when both happen.
enum ExitStatus {
    static let success: Int32 = 0
    static let problems: Int32 = 1
    static let usage: Int32 = 2
    static let inputOutput: Int32 = 3

    /// Diagnostic codes that blame the command line rather than a file:
    /// an unknown `--level`, `--level` on a non-IMDF input, render options
    /// out of range (a PNG too large among them), a map document (`--map`)
    /// that says something no map can be, or a filter that leaves nothing
    /// to draw.
    static let usagePrefixes = [
        "imdf.level.", "snapshot.options.", "snapshot.camera.", "snapshot.framing.", "snapshot.content.",
        "snapshot.png.size", "snapshot.document.",
        "report.rule.", "split.options.", "config.", "expression.", "places.category.", "places.query.",
    ]

    /// True for an error about what a file holds (a zip it cannot trust,
    /// UTF-16 GeoJSON) rather than about reading it: `validate` reports such
    /// an error as a problem of the file (1), not an input error (3).
    static func isContentProblem(_ error: DiagnosticError) -> Bool {
        let code = error.diagnostic.code
        return !code.hasPrefix("io.")
    }

    /// The status for an error that stopped a command.
    static func of(_ error: DiagnosticError) -> Int32 {
        let code = error.diagnostic.code
        if code == "io.output.closed" { return success }
        return usagePrefixes.contains { code.hasPrefix($0) } ? usage : inputOutput
    }
}
