import Meridian
import MeridianTOML

/// How `meridian serve` listens and what it refuses: every limit here is a
/// clear 4xx or 503 answer when a request passes it.
public struct ServerOptions: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// The data files (or place indexes) to serve, loaded at start and on
    /// `SIGHUP`. Requests name them by file name, never by path.
    public var datasets: [String] = []
    /// When set, every request but `/health` needs `Authorization: Bearer <token>`.
    public var token: String?
    /// Origins allowed to call from a browser (`*` for any); empty turns
    /// CORS off, so browsers refuse cross-origin calls.
    public var corsOrigins: [String] = []
    /// The largest request body (`POST /validate`): 64 MiB. 413 past it.
    public var maximumBodyBytes = 64 << 20
    /// The longest request target (path and query): 16 KiB. 414 past it.
    public var maximumTargetBytes = 16 << 10
    /// The longest side of a snapshot in pixels (size times scale): 4096.
    public var maximumImageSide = 4096
    /// How long a snapshot may take before the answer is 503: 10 s.
    public var renderTimeout = 10.0
    /// Snapshots drawn at once (one per core); more wait.
    public var renderConcurrency = 2
    /// Snapshots waiting for a turn before the answer is 503.
    public var renderQueue = 256
    /// The program that checks an uploaded file (`POST /validate`) in a
    /// process of its own: an executable whose `main` first calls
    /// ``ValidateWorker/main(_:)`` (`meridian-serve` does). Nil checks in
    /// the server's own process, where a reader's crash is the server's.
    public var validateWorker: String?
    /// How long checking one upload may take (wall clock and CPU) before
    /// the answer is 422: 60 s.
    public var validateTimeout = 60.0
    /// The memory checking one upload may take beyond what the worker
    /// starts with, before the answer is 422: 1 GiB.
    public var validateMemoryBytes = 1 << 30

    public init() {}
}

extension ServerOptions {
    /// The keys of a configuration file (`meridian serve --config serve.toml`).
    public static let configurationKeys = [
        "datasets", "host", "port", "token", "cors", "max-body-mb", "max-image-side", "render-timeout",
        "validate-timeout", "validate-memory-mb",
    ]

    /// Reads a TOML configuration over these options:
    ///
    /// ```toml
    /// datasets = ["venue.zip", "parks.geojson"]
    /// host = "0.0.0.0"
    /// port = 8080
    /// token = "..."                  # or MERIDIAN_TOKEN
    /// cors = ["https://maps.example.org"]
    /// max-body-mb = 64
    /// max-image-side = 4096
    /// render-timeout = 10.0
    /// validate-timeout = 60.0
    /// validate-memory-mb = 1024
    /// ```
    ///
    /// An unknown key or a value of the wrong type is a `serve.config`
    /// error naming the file, the key and its line.
    public mutating func read(configuration text: String, path: String) throws(DiagnosticError) {
        let root: TOMLTable
        do throws(TOMLError) {
            root = try TOMLTable(parsing: text)
        } catch {
            throw DiagnosticError(
                code: "serve.config", message: "not valid TOML: \(error.message)",
                location: SourceLocation(file: path, line: error.line, column: error.column))
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func error(_ key: String, _ message: String) -> DiagnosticError {
            let line = lines.firstIndex { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix(key) }.map { $0 + 1 }
            return DiagnosticError(
                code: "serve.config", message: message, location: SourceLocation(file: path, line: line))
        }
        func strings(_ key: String) throws(DiagnosticError) -> [String]? {
            guard let value = root[key] else { return nil }
            guard let array = value.array, array.allSatisfy({ $0.string != nil }) else {
                throw error(key, "\(key) must be an array of strings")
            }
            return array.compactMap(\.string)
        }
        func integer(_ key: String, _ range: ClosedRange<Int>) throws(DiagnosticError) -> Int? {
            guard let value = root[key] else { return nil }
            guard let number = value.integer.map(Int.init), range.contains(number) else {
                throw error(key, "\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
            }
            return number
        }
        for key in root.keys where !Self.configurationKeys.contains(key) {
            throw error(key, "unknown key '\(key)'; the keys are \(Self.configurationKeys.joined(separator: ", "))")
        }
        if let datasets = try strings("datasets") { self.datasets = datasets }
        if let cors = try strings("cors") { corsOrigins = cors }
        if let value = root["host"] {
            guard let host = value.string else { throw error("host", "host must be a string") }
            self.host = host
        }
        if let value = root["token"] {
            guard let token = value.string, !token.isEmpty else { throw error("token", "token must be a string") }
            self.token = token
        }
        if let port = try integer("port", 0...65535) { self.port = port }
        if let megabytes = try integer("max-body-mb", 1...4096) { maximumBodyBytes = megabytes << 20 }
        if let side = try integer("max-image-side", 16...16384) { maximumImageSide = side }
        func seconds(_ key: String, _ most: Double) throws(DiagnosticError) -> Double? {
            guard let value = root[key] else { return nil }
            guard let seconds = value.double ?? value.integer.map(Double.init), seconds > 0, seconds <= most else {
                throw error(key, "\(key) must be a number of seconds above 0, at most \(Int(most))")
            }
            return seconds
        }
        if let seconds = try seconds("render-timeout", 600) { renderTimeout = seconds }
        if let seconds = try seconds("validate-timeout", 3_600) { validateTimeout = seconds }
        if let megabytes = try integer("validate-memory-mb", 64...65_536) { validateMemoryBytes = megabytes << 20 }
    }
}
