import ArgumentParser
import Meridian

#if canImport(Glibc)
    import Glibc
#endif

/// `meridian validate`: IMDF archives for now; the GeoJSON path joins
/// here, beside IMDFCommands.validate, when the GeoJSON validator lands.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Validate an IMDF archive (a .zip or a folder holding manifest.json).",
        discussion: """
            Prints every problem with its severity (VIOLATION, WARNING, INFO), stable code, file, \
            feature id and property. Exit status: 0 no violations (warnings allowed unless --strict); \
            1 violations found (or warnings with --strict); 2 unreadable input or bad usage.
            """
    )

    @Argument(help: "The archive to validate.")
    var input: String

    @Option(help: "Output: text or json.")
    var format: ReportFormat = .text

    @Flag(help: "Treat warnings as failures (exit 1).")
    var strict = false

    func run() throws {
        guard IMDFCommands.handles(input) else {
            throw DiagnosticError(
                code: "validate.unsupported",
                message: "\(input) is not an IMDF archive (a .zip or folder holding manifest.json)",
                location: SourceLocation(file: input))
        }
        let status = try IMDFCommands.validate(input, format: format, strict: strict)
        if status != 0 { throw ExitCode(status) }
    }
}
