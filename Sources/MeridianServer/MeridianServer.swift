import Hummingbird
import Logging
import Meridian
import MeridianPlatform
import Metrics
import Prometheus
import ServiceLifecycle
import UnixSignals

/// `meridian serve`: static map images and place search over HTTP, over
/// the datasets named at start, on Hummingbird 2.
///
/// ```swift
/// var options = ServerOptions()
/// options.datasets = ["venue.zip", "parks.geojson"]
/// let server = try MeridianServer(options: options)
/// try await server.run()          // until SIGTERM or SIGINT; SIGHUP reloads
/// ```
///
/// Endpoints (docs/openapi.json): `GET /snapshot` (SVG or PNG, parameters
/// as Apple's Maps Web Snapshots), `GET /v1/search`,
/// `/v1/searchAutocomplete`, `/v1/geocode`, `/v1/reverseGeocode`,
/// `/v1/place/{id}`, `/v1/places?ids=`, `/v1/directions` and `/v1/etas`
/// (answers shaped as the Apple Maps Server API's), `POST /validate` (the report of `meridian validate
/// --format json`), `GET /datasets`, `GET /health` and `GET /metrics`
/// (Prometheus). Read-only: no request names a file.
public struct MeridianServer: Sendable {
    public let options: ServerOptions
    public let catalogue: CatalogueHolder
    let registry: PrometheusCollectorRegistry
    let logger: Logger

    /// Loads the datasets; fails with the first one that cannot be read.
    public init(options: ServerOptions, logger: Logger = Logger(label: "meridian.serve")) throws(DiagnosticError) {
        self.options = options
        self.logger = logger
        self.catalogue = CatalogueHolder(try Catalogue(paths: options.datasets))
        self.registry = PrometheusCollectorRegistry()
    }

    /// The application: routes, middleware and the reload service.
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: LimitsMiddleware(options: options))
        router.add(middleware: MetricsMiddleware())
        if !options.corsOrigins.isEmpty { router.add(middleware: CORSPolicy(origins: options.corsOrigins)) }
        if let token = options.token { router.add(middleware: BearerTokenMiddleware(token: token)) }
        let routes = Routes(options: options, catalogue: catalogue, registry: registry)
        routes.add(to: router)
        return Application(
            router: router,
            configuration: ApplicationConfiguration(
                address: .hostname(options.host, port: options.port), serverName: "meridian"),
            services: [Reloader(server: self), MemoryTrimmer()],
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// Serves until `SIGTERM` or `SIGINT`, finishing the requests in
    /// flight; `SIGHUP` reloads the datasets.
    public func run(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        try await application(onRunning: onRunning).runService()
    }

    /// Loads the datasets again and swaps them in; requests under way
    /// finish on the old ones. A dataset that fails keeps the old ones.
    func reload() {
        let next = catalogue.current.generation + 1
        do throws(DiagnosticError) {
            let loaded = try Catalogue(paths: options.datasets, generation: next)
            catalogue.replace(with: loaded)
            logger.info(
                "reloaded", metadata: ["datasets": "\(loaded.datasets.count)", "places": "\(loaded.places.count)"])
        } catch {
            logger.error(
                "reload failed; serving the datasets loaded before", metadata: ["error": "\(error.diagnostic.message)"])
        }
    }
}

/// Reloads the datasets on `SIGHUP`.
struct Reloader: Service {
    let server: MeridianServer

    func run() async throws {
        let signals = await UnixSignalsSequence(trapping: .sighup)
        for await _ in signals.cancelOnGracefulShutdown() {
            server.reload()
        }
    }
}

/// Every few seconds, hands the memory the allocator holds free back to
/// the system: a burst of snapshots leaves the allocator's arenas at their
/// high-water mark otherwise, and the server's size would show the busiest
/// moment it ever had rather than what it holds.
struct MemoryTrimmer: Service {
    func run() async throws {
        // Stops at once on shutdown, not at the end of a sleep.
        try? await cancelWhenGracefulShutdown {
            while true {
                try await Task.sleep(for: .seconds(5))
                Platform.releaseFreedMemory()
            }
        }
    }
}
