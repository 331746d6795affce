import Hummingbird
import Meridian

/// `GET /tiles/{dataset}/{z}/{x}/{y}.mvt`: a tile of a PMTiles dataset, as
/// MapLibre, OpenLayers and Leaflet's vector plugins fetch tiles (204 where
/// the archive has none, as tile servers answer); `GET /tiles/{dataset}.json`:
/// its TileJSON 3.0.0, whose `tiles` URL points back at this server.
extension Routes {
    func tile(_ request: Request, dataset name: String, z: String, x: String, y file: String) -> Response {
        let current = catalogue.current
        guard let archive = current.datasets.first(where: { $0.name == name })?.tiles else {
            return unknownTiles(name, current)
        }
        guard file.hasSuffix(".mvt"), let zoom = Int(z), let column = Int(x), let row = Int(file.dropLast(4)),
            (0...TileID.maximumZoom).contains(zoom), (0..<(1 << zoom)).contains(column), (0..<(1 << zoom)).contains(row)
        else {
            return Reply.error(
                .badRequest, code: "serve.parameter.invalid",
                "a tile is /tiles/DATASET/Z/X/Y.mvt, Z from 0 to \(TileID.maximumZoom) and X and Y from 0 to 2^Z - 1")
        }
        let tag = "\"\(current.generation)-\(zoom)-\(column)-\(row)\""
        var headers = HTTPFields()
        headers[.eTag] = tag
        headers[.cacheControl] = "public, max-age=3600"
        if request.headers[.ifNoneMatch] == tag { return Response(status: .notModified, headers: headers) }
        headers[.vary] = "Accept-Encoding"
        do throws(DiagnosticError) {
            // Gzipped as stored, to a client that takes gzip (web maps do): no work per request.
            if Self.acceptsGzip(request.headers[.acceptEncoding]),
                let stored = try archive.gzippedTileData(zoom: zoom, x: column, y: row)
            {
                headers[.contentEncoding] = "gzip"
                return Reply.bytes(stored, type: "application/vnd.mapbox-vector-tile", headers: headers)
            }
            guard let bytes = try archive.tileData(zoom: zoom, x: column, y: row) else {
                return Response(status: .noContent, headers: headers)
            }
            return Reply.bytes(bytes, type: "application/vnd.mapbox-vector-tile", headers: headers)
        } catch {
            // The archive lies about this tile: the message names the tile, not the file.
            return Reply.error(
                .internalServerError, code: error.diagnostic.code, "tile \(zoom)/\(column)/\(row) cannot be read")
        }
    }

    /// Whether an Accept-Encoding header takes gzip (with a quality above 0).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: ";").map { $0.trimmingSpaces }
            guard pieces.first?.lowercased() == "gzip" || pieces.first == "*" else { continue }
            return !pieces.dropFirst().contains { $0.hasPrefix("q=") && Double($0.dropFirst(2)) == 0 }
        }
        return false
    }

    func tileJSON(_ request: Request, file: String) -> Response {
        let current = catalogue.current
        let name = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        guard file.hasSuffix(".json"), let archive = current.datasets.first(where: { $0.name == name })?.tiles else {
            return unknownTiles(name, current)
        }
        let host = request.head.authority ?? "localhost"
        let escaped = name.addingPercentEncodingForPath()
        var document = JSONObject([
            ("tilejson", "3.0.0"), ("name", .string(name)),
            ("tiles", .array([.string("http://\(host)/tiles/\(escaped)/{z}/{x}/{y}.mvt")])),
            ("minzoom", .integer(Int64(archive.zoomRange.lowerBound))),
            ("maxzoom", .integer(Int64(archive.zoomRange.upperBound))),
            ("vector_layers", archive.metadata["vector_layers"] ?? .array([])),
        ])
        if let bounds = archive.bounds {
            document["bounds"] = .array([bounds.west, bounds.south, bounds.east, bounds.north].map { .double($0) })
        }
        if let attribution = archive.attribution { document["attribution"] = .string(attribution) }
        return Reply.json(document)
    }

    private func unknownTiles(_ name: String, _ current: Catalogue) -> Response {
        let names = current.datasets.filter { $0.tiles != nil }.map { "\"\($0.name)\"" }
        return Reply.error(
            .notFound, code: "serve.dataset.unknown",
            "no tile dataset is named \"\(name)\"; "
                + (names.isEmpty ? "this server has none (serve a .pmtiles file)" : "the tile datasets are \(names.joined(separator: ", "))"))
    }
}

extension String {
    /// The text with everything but unreserved characters percent-escaped,
    /// for one segment of a URL's path.
    func addingPercentEncodingForPath() -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
