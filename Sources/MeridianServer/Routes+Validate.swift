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
        let result: Result<[Diagnostic], DiagnosticError> = await Self.offload {
            Self.check(bytes, geometry: geometry)
        }
        switch result {
        case .failure(let error):
            return Reply.error(.internalServerError, error.diagnostic)
        case .success(let diagnostics):
            var report = DiagnosticReport()
            // Where the body was kept is nobody's business: every location names the input.
            report.add(
                file: name,
                diagnostics: diagnostics.map { diagnostic in
                    var diagnostic = diagnostic
                    diagnostic.location.file = name
                    return diagnostic
                })
            return Reply.bytes(report.json().jsonBytes(pretty: true), type: "application/json")
        }
    }

    /// The body, kept in a private temporary file (an archive is read by
    /// seeking), checked, and the file removed.
    static func check(_ bytes: [UInt8], geometry: GeometryValidityLevel) -> Result<[Diagnostic], DiagnosticError> {
        let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
        var template = Array((folder + "/meridian-serve-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            return .failure(DiagnosticError(code: "serve.io", message: "the body could not be kept for checking"))
        }
        let path = String(cString: template)
        defer {
            unlink(path)
            Platform.close(descriptor)
        }
        let failed = bytes.withUnsafeBytes { Platform.write(descriptor, all: $0) }
        if failed != nil {
            return .failure(DiagnosticError(code: "serve.io", message: "the body could not be kept for checking"))
        }
        do throws(DiagnosticError) {
            return .success(InputValidator(geometry: geometry).validate(try Input(path: path)).diagnostics)
        } catch {
            return .success([error.diagnostic])
        }
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
