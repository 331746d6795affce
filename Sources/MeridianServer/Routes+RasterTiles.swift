import Hummingbird
import Meridian
import MeridianLibC

/// `GET /tiles/{z}/{x}/{y}.png`: a 256-pixel raster tile (512 with
/// `scale=2`) of the datasets (`datasets=`, all by default) drawn over the
/// first PMTiles dataset as a basemap, in its built-in style
/// (`colorScheme=light` or `dark`), for Leaflet and any XYZ tile client.
/// Tiles carry no text (placed tile by tile, a name would be cut off at
/// the next tile's edge) and points are dots. Each tile is drawn once and
/// kept (64 MiB of tiles, least recently used first out; a reload starts
/// afresh).
extension Routes {
    func rasterTile(_ request: Request, z: String, x: String, y file: String) async -> Response {
        let current = catalogue.current
        let layers: [Layer]
        let scheme: String
        let scale: Double
        let zoom: Int, column: Int, row: Int
        do throws(DiagnosticError) {
            guard file.hasSuffix(".png"), let z = Int(z), let x = Int(x), let y = Int(file.dropLast(4)),
                (0...TileID.maximumZoom).contains(z), (0..<(1 << z)).contains(x), (0..<(1 << z)).contains(y)
            else {
                throw Query.invalid(
                    "tile", "a raster tile is /tiles/Z/X/Y.png, Z from 0 to \(TileID.maximumZoom) and X and Y from 0 to 2^Z - 1")
            }
            (zoom, column, row) = (z, x, y)
            let query = try Query(request)
            layers = try current.layers(named: query.list("datasets"))
            scheme = query["colorScheme"] ?? "light"
            guard scheme == "light" || scheme == "dark" else { throw Query.invalid("colorScheme", "light or dark") }
            scale = Double(try query.integer("scale", in: 1...2) ?? 1)
        } catch {
            return Reply.error(.badRequest, error.diagnostic)
        }
        let key = "\(current.generation)/\(zoom)/\(column)/\(row)/\(scheme)/\(scale)/\(request.uri.query ?? "")"
        let tag = "\"\(current.generation)-\(Self.hash(key))\""
        var headers = HTTPFields()
        headers[.eTag] = tag
        headers[.cacheControl] = "public, max-age=3600"
        if request.headers[.ifNoneMatch] == tag { return Response(status: .notModified, headers: headers) }
        if let cached = rasterTiles[key] { return Reply.bytes(cached, type: "image/png", headers: headers) }
        let basemap = current.datasets.lazy.compactMap(\.tiles).first.map { archive in
            Basemap(source: archive, style: (BasemapStyle.named(scheme) ?? .light).withoutText())
        }
        let rendered = await renderer.run(timeout: options.renderTimeout) { () -> Result<[UInt8], DiagnosticError> in
            do throws(DiagnosticError) {
                var options = Snapshotter.Options(layers: layers)
                let side = MapSize.world.width / Double(1 << zoom)
                options.size = Snapshotter.Size(width: 256, height: 256)
                options.scale = scale
                options.framing = .mapRect(
                    MapRect(x: Double(column) * side, y: Double(row) * side, width: side, height: side))
                options.theme = scheme == "dark" ? .dark : .light
                options.basemap = basemap
                options.labels = .none
                options.markerStyle = .dot
                options.scaleBar = nil
                options.compass = .never
                return .success(try Snapshotter(options: options).snapshot().pngData())
            } catch {
                return .failure(error)
            }
        }
        switch rendered {
        case .busy:
            return Reply.error(.serviceUnavailable, code: "serve.busy", "too many tiles are waiting; try again shortly")
        case .timedOut:
            return Reply.error(
                .serviceUnavailable, code: "serve.render.timeout",
                "the tile took longer than \(options.renderTimeout) s to draw")
        case .done(.failure(let error)):
            return Reply.error(.unprocessableContent, error.diagnostic)
        case .done(.success(let bytes)):
            rasterTiles[key] = bytes
            return Reply.bytes(bytes, type: "image/png", headers: headers)
        }
    }
}

/// Byte strings by key, at most `limit` bytes in all, the least recently
/// used let go first. Safe from any thread.
final class ByteCache: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var entries: [String: (bytes: [UInt8], used: UInt64)] = [:]
    private var total = 0
    private var clock: UInt64 = 0
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        pthread_mutex_init(&mutex, nil)
    }

    subscript(key: String) -> [UInt8]? {
        get {
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key] = (entry.bytes, clock)
            return entry.bytes
        }
        set {
            guard let bytes = newValue, bytes.count <= limit / 16 else { return }
            pthread_mutex_lock(&mutex)
            defer { pthread_mutex_unlock(&mutex) }
            clock += 1
            if let old = entries.updateValue((bytes, clock), forKey: key) { total -= old.bytes.count }
            total += bytes.count
            // Past the limit: let the oldest eighth go at once (a sort per eviction would cost more).
            if total > limit {
                let oldest = entries.sorted { $0.value.used < $1.value.used }.prefix(max(1, entries.count / 8))
                for (key, entry) in oldest {
                    entries[key] = nil
                    total -= entry.bytes.count
                }
            }
        }
    }
}
