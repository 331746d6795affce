import Logging
import Meridian
import MeridianCommandLine
import MeridianCore
import MeridianLibC
import MeridianPlatform
import MeridianServer

/// `meridian serve`, on its own so that the command line's every start
/// does not load SwiftNIO: `meridian serve ARGS` runs `meridian-serve ARGS`.
@main
enum ServeMain {
    /// Help and usage errors name the command as users type it: `meridian serve`.
    static let tool = CommandLineTool(
        name: "meridian", abstract: ServeCommand.abstract, version: meridianVersion, commands: [], usageStatus: 2)

    static func main() async {
        // The server runs this program again to check each upload apart from itself.
        if let status = ValidateWorker.main(CommandLine.arguments) { Platform.exit(status) }
        let command = tool.parse(ServeCommand.self)
        do {
            try await command.run()
        } catch let error as UsageError {
            tool.fail(error, command: ServeCommand.self)
        } catch let error as ExitCode {
            Platform.exit(error.status)
        } catch {
            FileHandleless.error("meridian serve: \(error)")
            Platform.exit(3)
        }
    }
}

/// The server's command line, and starting the server.
struct ServeCommand: CommandArguments {
    static let name = "serve"
    static let abstract =
        "Serve map images and place search over HTTP, over your own data files."
    static let discussion = """
        Loads the datasets at start (data files of any format Meridian reads, or place indexes \
        from meridian index) and answers GET /snapshot (SVG or PNG, with the parameters of Apple's \
        Maps Web Snapshots), /v1/search, /v1/searchAutocomplete, /v1/geocode, /v1/reverseGeocode, \
        /v1/place/ID and /v1/places?ids= (shaped as the Apple Maps Server API), POST /validate, \
        GET /datasets, /health and /metrics (Prometheus). SIGHUP reloads the datasets without \
        dropping a request; SIGTERM and SIGINT finish the requests under way and exit 0. \
        docs/openapi.json describes every endpoint.
        """

    let datasets: [String]
    let config: String?
    let host: String?
    let port: Int?
    let token: String?
    let cors: String?
    let maxBodyMb: Int?
    let maxImageSide: Int?
    let renderTimeout: Double?
    let validateTimeout: Double?
    let validateMemoryMb: Int?
    let logLevel: String

    init(_ arguments: Arguments) throws {
        datasets = try arguments.arguments(
            "datasets", help: "The datasets: data files, or place indexes. Requests name them by file name.")
        config = try arguments.option(
            "config",
            help:
                "A TOML file of these settings (datasets, host, port, token, cors, max-body-mb, max-image-side, render-timeout, validate-timeout, validate-memory-mb); options given here win."
        )
        host = try arguments.option("host", help: "The address to listen on (default: 127.0.0.1, this machine only).")
        port = try arguments.option("port", help: "The port (default: 8080; 0: any free port, printed at start).")
        token = try arguments.option(
            "token",
            help:
                "Require Authorization: Bearer TOKEN on every request but /health (default: the environment's MERIDIAN_TOKEN)."
        )
        cors = try arguments.option(
            "cors", help: "Origins allowed to call from a browser, comma-separated, or * (default: none, CORS off).")
        maxBodyMb = try arguments.option("max-body-mb", help: "The largest POST body, in MiB (default: 64).")
        maxImageSide = try arguments.option(
            "max-image-side", help: "The longest side of a snapshot, in pixels (default: 4096).")
        renderTimeout = try arguments.option(
            "render-timeout", help: "How long a snapshot may take, in seconds, before the answer is 503 (default: 10).")
        validateTimeout = try arguments.option(
            "validate-timeout",
            help: "How long checking one POST /validate body may take, in seconds, before the answer is 422 (default: 60).")
        validateMemoryMb = try arguments.option(
            "validate-memory-mb",
            help: "The memory checking one POST /validate body may take, in MiB, before the answer is 422 (default: 1024).")
        logLevel = try arguments.option(
            "log-level", default: "info", help: "Log level: trace, debug, info, notice, warning, error or critical.")
    }

    func validate() throws {
        if datasets.isEmpty && config == nil { throw UsageError("give at least one dataset to serve") }
        if let port, !(0...65535).contains(port) { throw UsageError("--port must be between 0 and 65535") }
        if let maxBodyMb, !(1...4096).contains(maxBodyMb) {
            throw UsageError("--max-body-mb must be between 1 and 4096")
        }
        if let maxImageSide, !(16...16384).contains(maxImageSide) {
            throw UsageError("--max-image-side must be between 16 and 16384")
        }
        if let renderTimeout, !(renderTimeout > 0 && renderTimeout <= 600) {
            throw UsageError("--render-timeout must be above 0 and at most 600 seconds")
        }
        if let validateTimeout, !(validateTimeout > 0 && validateTimeout <= 3_600) {
            throw UsageError("--validate-timeout must be above 0 and at most 3600 seconds")
        }
        if let validateMemoryMb, !(64...65_536).contains(validateMemoryMb) {
            throw UsageError("--validate-memory-mb must be between 64 and 65536")
        }
        if Logger.Level(rawValue: logLevel) == nil { throw UsageError("--log-level: \(logLevel) is not a level") }
    }

    func run() async throws {
        var options = ServerOptions()
        if let config {
            do throws(DiagnosticError) {
                guard let bytes = try Platform.readWholeFile(config, limit: 1 << 20) else {
                    throw DiagnosticError(
                        code: "serve.config", message: "larger than 1 MiB", location: SourceLocation(file: config))
                }
                try options.read(configuration: String(decoding: bytes, as: UTF8.self), path: config)
            } catch {
                FileHandleless.error("meridian serve: \(DiagnosticReport.line(error.diagnostic))")
                throw ExitCode(2)
            }
        }
        if !datasets.isEmpty { options.datasets = datasets }
        if options.datasets.isEmpty { throw UsageError("give at least one dataset to serve") }
        if let host { options.host = host }
        if let port { options.port = port }
        if let token = token ?? getenv("MERIDIAN_TOKEN").map({ String(cString: $0) }) { options.token = token }
        if let cors { options.corsOrigins = cors.split(separator: ",").map(String.init) }
        if let maxBodyMb { options.maximumBodyBytes = maxBodyMb << 20 }
        if let maxImageSide { options.maximumImageSide = maxImageSide }
        if let renderTimeout { options.renderTimeout = renderTimeout }
        if let validateTimeout { options.validateTimeout = validateTimeout }
        if let validateMemoryMb { options.validateMemoryBytes = validateMemoryMb << 20 }
        options.renderConcurrency = Platform.onlineProcessors
        options.validateWorker = Platform.executablePath
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = Logger.Level(rawValue: logLevel) ?? .info
            return handler
        }
        let server: MeridianServer
        do {
            server = try MeridianServer(options: options)
        } catch {
            FileHandleless.error(
                "meridian serve: \(error.diagnostic.location.file.map { $0 + ": " } ?? "")\(error.diagnostic.message)")
            throw ExitCode(3)
        }
        for warning in server.catalogue.current.warnings {
            FileHandleless.error("meridian serve: warning: \(warning.message)")
        }
        let listening = options.host
        try await server.run { port in
            // The line a script waits for, with the port when it was 0.
            let line = "meridian serve: listening on http://\(listening):\(port)\n"
            _ = Array(line.utf8).withUnsafeBytes { Platform.write(1, all: $0) }
        }
    }
}

/// Standard error without Foundation.
enum FileHandleless {
    static func error(_ line: String) {
        _ = Array((line + "\n").utf8).withUnsafeBytes { Platform.write(2, all: $0) }
    }
}
