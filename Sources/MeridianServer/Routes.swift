import Hummingbird
import Meridian
import Prometheus

/// The endpoints. Handlers answer JSON (or an image); a bad parameter is a
/// 400 whose body names it, never a stack trace or a file path.
struct Routes: Sendable {
    let options: ServerOptions
    let catalogue: CatalogueHolder
    let registry: PrometheusCollectorRegistry
    let renderer: RenderGate
    let rasterTiles = ByteCache(limit: 64 << 20)

    init(options: ServerOptions, catalogue: CatalogueHolder, registry: PrometheusCollectorRegistry) {
        self.options = options
        self.catalogue = catalogue
        self.registry = registry
        self.renderer = RenderGate(concurrency: options.renderConcurrency, queue: options.renderQueue)
    }

    func add(to router: Router<BasicRequestContext>) {
        router.get("/health") { _, _ in Reply.json(JSONObject([("status", .string("ok"))])) }
        router.get("/metrics") { _, _ in
            Reply.bytes(registry.emitToBuffer(), type: "text/plain; version=0.0.4; charset=utf-8")
        }
        router.get("/datasets") { _, _ in datasets() }
        router.get("/snapshot") { request, _ in await snapshot(request) }
        router.get("/v1/search") { request, _ in answer(request, search) }
        router.get("/v1/searchAutocomplete") { request, _ in answer(request, autocomplete) }
        router.get("/v1/geocode") { request, _ in answer(request, geocode) }
        router.get("/v1/reverseGeocode") { request, _ in answer(request, reverseGeocode) }
        router.get("/v1/place/:id") { request, context in
            answer(request) { query throws(DiagnosticError) in
                try place(id: context.parameters.get("id") ?? "", query)
            }
        }
        router.get("/v1/places") { request, _ in answer(request, places) }
        router.get("/v1/directions") { request, _ in directions(request) }
        router.get("/v1/etas") { request, _ in etas(request) }
        router.post("/validate") { request, _ in await validate(request) }
        router.get("/map") { request, _ in mapPage(request) }
        router.get("/leaflet/:file") { _, context in leafletFile(context.parameters.get("file") ?? "") }
        router.get("/tiles/:dataset") { request, context in
            tileJSON(request, file: context.parameters.get("dataset") ?? "")
        }
        // The same names by position as the routes beside it (the router
        // requires it): here they are the zoom, column and row.
        router.get("/tiles/:dataset/:z/:x") { request, context in
            await rasterTile(
                request, z: context.parameters.get("dataset") ?? "", x: context.parameters.get("z") ?? "",
                y: context.parameters.get("x") ?? "")
        }
        router.get("/tiles/:dataset/:z/:x/:y") { request, context in
            tile(
                request, dataset: context.parameters.get("dataset") ?? "", z: context.parameters.get("z") ?? "",
                x: context.parameters.get("x") ?? "", y: context.parameters.get("y") ?? "")
        }
    }

    /// Runs a handler on the request's query, turning a DiagnosticError
    /// into a 400 that names the problem.
    private func answer(_ request: Request, _ body: (Query) throws(DiagnosticError) -> Response) -> Response {
        do throws(DiagnosticError) {
            return try body(Query(request))
        } catch {
            return Reply.error(.badRequest, error.diagnostic)
        }
    }

    // MARK: - Datasets

    private func datasets() -> Response {
        let current = catalogue.current
        return Reply.json(
            JSONObject([
                (
                    "datasets",
                    .array(
                        current.datasets.map { dataset in
                            .object(
                                JSONObject([
                                    ("name", .string(dataset.name)),
                                    ("features", .integer(Int64(dataset.layer?.features.count ?? 0))),
                                    ("places", .integer(Int64(dataset.placeCount))),
                                    ("tiles", .bool(dataset.tiles != nil)),
                                ]))
                        })
                ),
                ("places", .integer(Int64(current.places.count))),
                ("generation", .integer(Int64(current.generation))),
            ]))
    }
}
