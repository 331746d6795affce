import Meridian
import MeridianCommandLine
import MeridianLibC
import MeridianPlatform

/// `meridian serve`: runs `meridian-serve`, built and installed beside this
/// tool, with the same arguments. The server is a program of its own so
/// that SwiftNIO is loaded by the server only, not at every start of every
/// other command.
struct ServeCommand: Command {
    static let name = "serve"
    static let abstract =
        "Serve map images and place search over HTTP, over your own data files."
    static let discussion = """
        Runs meridian-serve (built beside meridian) with these arguments: the datasets, then \
        --port, --host, --token, --cors and the limits. meridian serve --options lists them. \
        Endpoints: GET /snapshot, /v1/search, /v1/searchAutocomplete, /v1/geocode, \
        /v1/reverseGeocode, /v1/place/ID, /v1/places?ids=, POST /validate, GET /datasets, \
        /health, /metrics (docs/openapi.json).
        """

    let arguments: [String]

    init(_ commandLine: Arguments) throws {
        arguments = commandLine.passthrough("arguments", help: "The datasets and the server's options.")
    }

    func run() throws {
        let server = Self.serverPath()
        // `--options` is the server's own --help (this command's --help is this text).
        let passed = arguments.map { $0 == "--options" ? "--help" : $0 }
        var argv: [UnsafeMutablePointer<CChar>?] = (["meridian serve"] + passed).map { strdup($0) }
        argv.append(nil)
        execv(server, &argv)
        throw DiagnosticError(
            code: "io.open",
            message: "meridian serve runs \(server), which could not be started: \(Platform.errorMessage()); "
                + "build it with swift build --product meridian-serve")
    }

    /// `meridian-serve` in the folder this executable is in.
    static func serverPath() -> String {
        let folder = Platform.executablePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
            separator: "/")
        return (folder.isEmpty ? "." : folder) + "/meridian-serve"
    }
}
