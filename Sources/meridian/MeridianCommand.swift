import ArgumentParser
import Meridian

#if canImport(Glibc)
    import Glibc
#endif

@main
struct MeridianCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meridian",
        abstract: "Read, convert, validate and render map data: GeoJSON, GeoJSON sequences, NDJSON and IMDF.",
        discussion: """
            Exit status: 0 success; 1 validation problems found; 2 bad usage, \
            unreadable input or an output that could not be written.
            """,
        version: meridianVersion,
        subcommands: [InfoCommand.self, ConvertCommand.self, ValidateCommand.self, RenderCommand.self]
    )

    /// Parses and runs, mapping argument errors to exit status 2.
    static func main() {
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as DiagnosticError {
            if error.diagnostic.code == "io.output.closed" { Glibc.exit(0) }
            printError("meridian: \(error.diagnostic)")
            Glibc.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                printError(fullMessage(for: error))
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    var text = message
    if !text.hasSuffix("\n") { text += "\n" }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}
