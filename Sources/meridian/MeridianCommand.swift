import Meridian
import MeridianCommandLine
import MeridianCore
import MeridianLibC
import MeridianPlatform

@main
enum MeridianCommand {
    static let tool = CommandLineTool(
        name: "meridian",
        abstract:
            "Read, convert, validate, fix, merge and render map data: GeoJSON, GeoJSON sequences, NDJSON, KML, KMZ, GPX, TCX, CSV and IMDF.",
        discussion: """
            Formats are detected from the content. Use - for standard input or output; \
            give many inputs or quoted globs ('data/*.geojson') to info, validate, merge and render.

            Exit status: 0 success (also when a reader closes the output pipe early); \
            1 validate found problems; 2 bad usage (an option or argument, or an option the \
            data cannot satisfy such as an unknown --level); 3 an input could not be found, \
            opened, read or decoded, or an output could not be written.
            """,
        version: meridianVersion,
        commands: [
            InfoCommand.self, ConvertCommand.self, ValidateCommand.self, FixCommand.self, MergeCommand.self,
            BufferCommand.self, CleanCommand.self, DissolveCommand.self, JoinCommand.self, MeasureCommand.self, OverlayCommand.self,
            RenderCommand.self,
            PreviewCommand.self, SplitCommand.self, TileCommand.self, RouteCommand.self, RulesCommand.self, SearchCommand.self, CompleteCommand.self,
            GeocodeCommand.self, ReverseCommand.self, LookupCommand.self, IndexCommand.self, ServeCommand.self,
        ],
        usageStatus: ExitStatus.usage)

    /// Parses, configures the console, runs, and maps errors to the exit
    /// statuses of ``ExitStatus``.
    static func main() {
        // A closed pipe makes writes fail with EPIPE, which the writers turn
        // into a clean stop, instead of killing the process.
        signal(SIGPIPE, SIG_IGN)
        Platform.tuneAllocatorForCommands()
        let command = tool.parse()
        command.prepare()
        do {
            try command.run()
        } catch let error as DiagnosticError {
            let status = ExitStatus.of(error)
            if status != ExitStatus.success { Console.shared.fail(error) }
            Platform.exit(status)
        } catch let error as UsageError {
            tool.fail(error, command: type(of: command))
        } catch let error as ExitCode {
            Platform.exit(error.status)
        } catch {
            Console.error("Error: \(error)")
            Platform.exit(ExitStatus.inputOutput)
        }
    }
}
