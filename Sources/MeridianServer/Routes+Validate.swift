import Hummingbird
import Meridian
import MeridianLibC
import MeridianPlatform

/// `POST /validate`: the body (GeoJSON in any layout, KML, KMZ, GPX, CSV,
/// a GeoPackage or an IMDF archive, told apart by content) checked as
/// `meridian validate` checks a file, answered with the report of
/// `meridian validate --format json` (its versioned schema). `name` names
/// the input in the report (default `request`); `geometry` is `off`,
/// `errors` (the default) or `all`.
extension Routes {
    func validate(_ request: Request) async -> Response {
        var request = request
        let query: Query
        do throws(DiagnosticError) {
            query = try Query(request)
        } catch {
            return Reply.error(.badRequest, error.diagnostic)
        }
        let name = query["name"].map { String($0.prefix(200)) } ?? "request"
        let geometry: GeometryValidityLevel
        switch query["geometry"] {
        case nil, "errors": geometry = .errors
        case "off": geometry = .off
        case "all": geometry = .all
        case let other?:
            return Reply.error(
                .badRequest, Query.invalid("geometry", "give off, errors or all, not \"\(other)\"").diagnostic)
        }
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: options.maximumBodyBytes)
        } catch {
            return Reply.error(
                .contentTooLarge, code: "serve.body.too-large",
                "the body is larger than \(options.maximumBodyBytes) bytes, the most this server takes")
        }
        let bytes = Array(buffer: body)
        return await Self.offload { [options] in
            Self.report(of: bytes, name: name, geometry: geometry, options: options)
        }
    }

    /// The report on a body: checked by the worker program when there is
    /// one (its crash, hang or memory is its own: 422 or 500), else here.
    static func report(of bytes: [UInt8], name: String, geometry: GeometryValidityLevel, options: ServerOptions)
        -> Response
    {
        let kept: String
        switch keep(bytes) {
        case .failure(let error): return Reply.error(.internalServerError, error.diagnostic)
        case .success(let path): kept = path
        }
        defer { unlink(kept) }
        guard let worker = options.validateWorker else {
            return Reply.bytes(
                ValidateWorker.report(path: kept, name: name, geometry: geometry), type: "application/json")
        }
        let outcome = WorkerProcess.run(
            executable: worker,
            arguments: ValidateWorker.arguments(
                path: kept, name: name, geometry: geometry, memoryBytes: options.validateMemoryBytes,
                cpuSeconds: Int(options.validateTimeout.rounded(.up))),
            timeLimit: options.validateTimeout, outputLimit: 256 << 20)
        switch outcome {
        case .finished(0, let output):
            return Reply.bytes(output, type: "application/json")
        case .timedOut:
            return Reply.error(
                .unprocessableContent, code: "serve.validate.limits",
                "checking the body took longer than \(options.validateTimeout) s, the most this server allows")
        case .signalled, .finished, .tooMuchOutput:
            return Reply.error(
                .unprocessableContent, code: "serve.validate.limits",
                "checking the body needed more than the \(options.validateMemoryBytes >> 20) MiB this server allows, "
                    + "or failed; the server is unharmed")
        case .couldNotStart(let why):
            return Reply.error(
                .internalServerError, code: "serve.validate.worker",
                "the checking process could not be started: \(why)")
        }
    }

    /// The body, kept in a private temporary file (an archive is read by seeking).
    static func keep(_ bytes: [UInt8]) -> Result<String, DiagnosticError> {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/meridian-serve-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            return .failure(DiagnosticError(code: "serve.io", message: "the body could not be kept for checking"))
        }
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { Platform.close(descriptor) }
        if bytes.withUnsafeBytes({ Platform.write(descriptor, all: $0) }) != nil {
            unlink(path)
            return .failure(DiagnosticError(code: "serve.io", message: "the body could not be kept for checking"))
        }
        return .success(path)
    }

    /// Runs blocking work on a thread of its own, off the server's.
    static func offload<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
        await withCheckedContinuation { continuation in
            if !Platform.startThread({ continuation.resume(returning: work()) }) {
                continuation.resume(returning: work())
            }
        }
    }
}

/// The process that checks one uploaded file for `POST /validate`, apart
/// from the server: `meridian-serve --validate-worker PATH NAME GEOMETRY
/// MEMORY CPU` limits itself, checks the file and writes the report
/// (`meridian validate --format json`) on standard output.
public enum ValidateWorker {
    static let flag = "--validate-worker"

    static func arguments(
        path: String, name: String, geometry: GeometryValidityLevel, memoryBytes: Int, cpuSeconds: Int
    ) -> [String] {
        [flag, path, name, geometry.rawValue, String(memoryBytes), String(cpuSeconds)]
    }

    /// When `arguments` (the program's, its name first) ask for a worker,
    /// does the work and returns the exit status; nil otherwise.
    public static func main(_ arguments: [String]) -> Int32? {
        guard arguments.count == 7, arguments[1] == flag, let geometry = GeometryValidityLevel(rawValue: arguments[4]),
            let memory = Int(arguments[5]), let cpu = Int(arguments[6])
        else { return nil }
        WorkerProcess.limitThisProcess(memoryBytes: memory, cpuSeconds: cpu)
        let report = report(path: arguments[2], name: arguments[3], geometry: geometry)
        return report.withUnsafeBytes { Platform.write(1, all: $0) } == nil ? 0 : 3
    }

    /// The report on the file at `path`, every location naming it `name`.
    static func report(path: String, name: String, geometry: GeometryValidityLevel) -> [UInt8] {
        var diagnostics: [Diagnostic]
        do throws(DiagnosticError) {
            diagnostics = InputValidator(geometry: geometry).validate(try Input(path: path)).diagnostics
        } catch {
            diagnostics = [error.diagnostic]
        }
        var report = DiagnosticReport()
        // Where the body was kept is nobody's business: every location names the input.
        report.add(
            file: name,
            diagnostics: diagnostics.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.location.file = name
                return diagnostic
            })
        return report.json().jsonBytes(pretty: true)
    }
}
