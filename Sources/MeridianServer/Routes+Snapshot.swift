import Hummingbird
import Meridian
import MeridianLibC
import MeridianPlatform

/// `GET /snapshot`: the parameters of Apple's Maps Web Snapshots (`center`,
/// `z` or `spn`, `size`, `scale`, `t`, `colorScheme`, `poi`,
/// `annotations`, `overlays`), read as the map document `meridian render
/// --map` reads, plus `datasets` (names, comma-separated; all by default)
/// and `format` (`svg` or `png`; else the Accept header decides, SVG
/// first). The same renderer as the command line draws it.
extension Routes {
    /// The document keys whose values are JSON (arrays and objects) or
    /// numbers, not text.
    static let jsonKeys: Set<String> = [
        "annotations", "overlays", "circles", "controls", "poi", "z", "scale", "distance", "heading", "pitch",
    ]

    func snapshot(_ request: Request) async -> Response {
        let started = ContinuousClock.now
        let document: MapDocument
        let layers: [Layer]
        let png: Bool
        let current = catalogue.current
        do throws(DiagnosticError) {
            let query = try Query(request)
            var object = JSONObject()
            // A request names no files: the basemap keys are the command line's.
            for key in MapDocument.keys where !MapDocument.fileKeys.contains(key) {
                guard let text = query[key] else { continue }
                if Self.jsonKeys.contains(key) {
                    do throws(DiagnosticError) {
                        object[key] = try JSONValue(parsing: Array(text.utf8))
                    } catch {
                        throw Query.invalid(key, "not JSON: \(error.diagnostic.message)")
                    }
                } else {
                    object[key] = .string(text)
                }
            }
            if object["size"] == nil { object["size"] = .string("600x400") }
            do throws(DiagnosticError) {
                document = try MapDocument(json: .object(object))
            } catch {
                // The pointer names the parameter (/size, /annotations/0/point).
                throw DiagnosticError(
                    code: error.diagnostic.code,
                    message: "\(error.diagnostic.location.jsonPointer.map { String($0.dropFirst()) + ": " } ?? "")"
                        + error.diagnostic.message)
            }
            let side = Int((max(document.size.width, document.size.height) * document.scale).rounded(.up))
            guard side <= options.maximumImageSide else {
                throw Query.invalid(
                    "size",
                    "the image would be \(side) pixels across; this server draws at most \(options.maximumImageSide)")
            }
            layers = try current.layers(named: query.list("datasets"))
            switch query["format"]?.lowercased() {
            case "svg": png = false
            case "png": png = true
            case nil: png = Self.prefersPNG(request.headers[.accept])
            case let other?: throw Query.invalid("format", "give svg or png, not \"\(other)\"")
            }
        } catch {
            return Reply.error(.badRequest, error.diagnostic)
        }
        // The same request on the same data draws the same image.
        let tag = "\"\(current.generation)-\(Self.hash(request.uri.query ?? ""))-\(png ? "png" : "svg")\""
        var headers = HTTPFields()
        headers[.eTag] = tag
        headers[.cacheControl] = "public, max-age=300"
        headers[.vary] = "Accept"
        if request.headers[.ifNoneMatch] == tag {
            return Response(status: .notModified, headers: headers)
        }
        let rendered = await renderer.run(timeout: options.renderTimeout) { () -> Result<[UInt8], DiagnosticError> in
            do throws(DiagnosticError) {
                var options = try document.map(with: layers).options(size: document.size, scale: document.scale)
                options.theme = document.map.style.colorScheme == .dark ? .dark : .light
                let snapshot = try Snapshotter(options: options).snapshot()
                return .success(png ? try snapshot.pngData() : snapshot.bytes)
            } catch {
                return .failure(error)
            }
        }
        switch rendered {
        case .busy:
            return Reply.error(
                .serviceUnavailable, code: "serve.busy", "too many snapshots are waiting; try again shortly")
        case .timedOut:
            return Reply.error(
                .serviceUnavailable, code: "serve.render.timeout",
                "the snapshot took longer than \(options.renderTimeout) s to draw; ask for less (a smaller size or fewer datasets)"
            )
        case .done(.failure(let error)):
            return Reply.error(.unprocessableContent, error.diagnostic)
        case .done(.success(let bytes)):
            headers[.init("Server-Timing")!] = "render;dur=\((ContinuousClock.now - started).milliseconds)"
            return Reply.bytes(bytes, type: png ? "image/png" : "image/svg+xml", headers: headers)
        }
    }

    /// Whether an Accept header ranks PNG above SVG (SVG when it says neither).
    static func prefersPNG(_ accept: String?) -> Bool {
        guard let accept else { return false }
        func quality(_ type: String) -> Double {
            for part in accept.split(separator: ",") {
                let pieces = part.split(separator: ";").map { $0.trimmingSpaces }
                guard pieces.first.map(String.init) == type else { continue }
                for piece in pieces.dropFirst() where piece.hasPrefix("q=") {
                    return Double(piece.dropFirst(2)) ?? 1
                }
                return 1
            }
            return 0
        }
        return quality("image/png") > quality("image/svg+xml")
    }

    /// FNV-1a, in hex: short, and the same in every process.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        return String(value, radix: 16)
    }
}

extension Duration {
    var milliseconds: String {
        let (seconds, attoseconds) = components
        let value = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        return String(Int(value.rounded()))
    }
}

/// Bounds the snapshots drawn at once (one per core) and the ones waiting,
/// and gives up waiting on one that takes too long.
final class RenderGate: @unchecked Sendable {
    enum Outcome<Value: Sendable>: Sendable {
        case done(Value)
        case busy
        case timedOut
    }

    private var mutex = pthread_mutex_t()
    private var running = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// Work handed to the drawing threads, at most one per thread.
    private var jobs: [@Sendable () -> Void] = []
    private var jobReady = pthread_cond_t()
    private var threads = 0
    let concurrency: Int
    let queue: Int

    init(concurrency: Int, queue: Int) {
        self.concurrency = max(1, concurrency)
        self.queue = queue
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&jobReady, nil)
    }

    /// Hands a job to a drawing thread, starting the threads the first
    /// time (always the same few: a thread per drawing would leave memory
    /// behind in an allocator arena each). False when none could start.
    private func dispatch(_ job: @escaping @Sendable () -> Void) -> Bool {
        pthread_mutex_lock(&mutex)
        if threads == 0 {
            for _ in 0..<concurrency where Platform.startThread({ [self] in serve() }) { threads += 1 }
        }
        let available = threads > 0
        if available {
            jobs.append(job)
            pthread_cond_signal(&jobReady)
        }
        pthread_mutex_unlock(&mutex)
        return available
    }

    private func serve() {
        pthread_mutex_lock(&mutex)
        while true {
            while jobs.isEmpty { pthread_cond_wait(&jobReady, &mutex) }
            let job = jobs.removeFirst()
            pthread_mutex_unlock(&mutex)
            job()
            pthread_mutex_lock(&mutex)
        }
    }

    /// Runs `work` on a drawing thread once a turn comes; `.busy` when
    /// too many wait, `.timedOut` when it has not finished within `timeout`
    /// seconds (it then finishes unheard, holding its turn until it does).
    func run<Value: Sendable>(timeout: Double, _ work: @escaping @Sendable () -> Value) async -> Outcome<Value> {
        guard await enter() else { return .busy }
        let result = Box<Value>()
        let finished: Bool = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let once = Once(continuation)
            // The clock; cancelled when the drawing finishes first, so that
            // no sleeper outlives its snapshot.
            let timer = Task {
                try? await Task.sleep(for: .milliseconds(Int(timeout * 1000)))
                once.resume(false)
            }
            let started = dispatch { [self] in
                result.value = work()
                leave()
                once.resume(true)
                timer.cancel()
            }
            guard started else {
                leave()
                timer.cancel()
                once.resume(false)
                return
            }
        }
        guard finished, let value = result.value else { return .timedOut }
        return .done(value)
    }

    private func enter() async -> Bool {
        pthread_mutex_lock(&mutex)
        if running < concurrency {
            running += 1
            pthread_mutex_unlock(&mutex)
            return true
        }
        guard waiting.count < queue else {
            pthread_mutex_unlock(&mutex)
            return false
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiting.append(continuation)
            pthread_mutex_unlock(&mutex)
        }
        return true
    }

    private func leave() {
        pthread_mutex_lock(&mutex)
        if waiting.isEmpty {
            running -= 1
            pthread_mutex_unlock(&mutex)
        } else {
            // The turn passes straight to the next in line.
            let next = waiting.removeFirst()
            pthread_mutex_unlock(&mutex)
            next.resume()
        }
    }

    final class Box<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// A continuation resumed by whichever comes first.
    final class Once: @unchecked Sendable {
        private var continuation: CheckedContinuation<Bool, Never>?
        private var mutex = pthread_mutex_t()

        init(_ continuation: CheckedContinuation<Bool, Never>) {
            self.continuation = continuation
            pthread_mutex_init(&mutex, nil)
        }

        func resume(_ value: Bool) {
            pthread_mutex_lock(&mutex)
            let taken = continuation
            continuation = nil
            pthread_mutex_unlock(&mutex)
            taken?.resume(returning: value)
        }
    }
}
