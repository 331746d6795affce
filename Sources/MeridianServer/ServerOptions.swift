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

    public init() {}
}
