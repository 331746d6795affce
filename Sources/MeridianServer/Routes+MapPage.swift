import Hummingbird
import Meridian
import MeridianLibC
import MeridianPlatform

/// `GET /map`: a page with a slippy map of the raster tiles
/// (`/tiles/{z}/{x}/{y}.png`, the datasets over the basemap), framed on
/// the datasets, drawn by Leaflet. Leaflet is Debian's (`libjs-leaflet`),
/// read from its folder when the server starts and served from `/leaflet/`:
/// the page asks for nothing from another origin. `datasets=` and
/// `colorScheme=` pass on to the tiles.
extension Routes {
    /// Debian's Leaflet, where `libjs-leaflet` installs it.
    static let leafletFolder = "/usr/share/javascript/leaflet"

    /// Leaflet's script and style sheet, read once; nil when not installed.
    static let leaflet: (script: [UInt8], styles: [UInt8])? = {
        guard let script = readFile(leafletFolder + "/leaflet.js"), let styles = readFile(leafletFolder + "/leaflet.css")
        else { return nil }
        return (script, styles)
    }()

    private static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { Platform.close(descriptor) }
        var bytes: [UInt8] = []
        while Platform.read(descriptor, appendingTo: &bytes, count: 1 << 16) > 0 {}
        return bytes.isEmpty ? nil : bytes
    }

    func leafletFile(_ name: String) -> Response {
        guard let leaflet = Self.leaflet else { return leafletMissing() }
        var headers = HTTPFields()
        headers[.cacheControl] = "public, max-age=86400"
        switch name {
        case "leaflet.js": return Reply.bytes(leaflet.script, type: "text/javascript; charset=utf-8", headers: headers)
        case "leaflet.css": return Reply.bytes(leaflet.styles, type: "text/css; charset=utf-8", headers: headers)
        default: return Reply.error(.notFound, code: "serve.parameter.invalid", "only leaflet.js and leaflet.css are here")
        }
    }

    private func leafletMissing() -> Response {
        Reply.error(
            .serviceUnavailable, code: "serve.map.leaflet",
            "the map page needs Leaflet, which is not installed here (apt-get install libjs-leaflet)")
    }

    func mapPage(_ request: Request) -> Response {
        guard Self.leaflet != nil else { return leafletMissing() }
        let current = catalogue.current
        let query: Query
        let layers: [Layer]
        do throws(DiagnosticError) {
            query = try Query(request)
            layers = try current.layers(named: query.list("datasets"))
            if let scheme = query["colorScheme"], scheme != "light", scheme != "dark" {
                throw Query.invalid("colorScheme", "light or dark")
            }
        } catch {
            return Reply.error(.badRequest, error.diagnostic)
        }
        var box: BoundingBox?
        for layer in layers {
            for feature in layer.features {
                guard let extent = feature.geometry?.boundingBox else { continue }
                box = box.map { var merged = $0; merged.extend(extent); return merged } ?? extent
            }
        }
        let limit = 85.0
        let bounds =
            box ?? current.datasets.lazy.compactMap(\.tiles?.bounds).first
            ?? BoundingBox(west: -180, south: -limit, east: 180, north: limit)
        var parameters: [String] = []
        if let names = query["datasets"] { parameters.append("datasets=" + names.addingPercentEncodingForPath()) }
        if let scheme = query["colorScheme"] { parameters.append("colorScheme=" + scheme) }
        let tiles = "/tiles/{z}/{x}/{y}.png" + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        let attribution = current.datasets.lazy.compactMap(\.tiles?.attribution).first ?? ""
        func script(_ value: JSONValue) -> String {
            // JSON in a script: "<" escaped, so no text can close the element.
            String(decoding: value.jsonBytes(), as: UTF8.self).replacingAll("<", with: "\\u003c")
        }
        let frame: JSONValue = .array([
            .array([.double(max(-limit, bounds.south)), .double(bounds.west)]),
            .array([.double(min(limit, bounds.north)), .double(bounds.east)]),
        ])
        let page = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Meridian map</title>
            <link rel="stylesheet" href="/leaflet/leaflet.css">
            <style>html, body, #map { height: 100%; margin: 0; }</style>
            </head>
            <body>
            <div id="map"></div>
            <script src="/leaflet/leaflet.js"></script>
            <script>
            const map = L.map("map");
            L.tileLayer(\(script(.string(tiles))), { maxZoom: 18, attribution: \(script(.string(attribution))) }).addTo(map);
            map.fitBounds(\(script(frame)), { padding: [24, 24] });
            </script>
            </body>
            </html>

            """
        var headers = HTTPFields()
        headers[.init("Content-Security-Policy")!] =
            "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:"
        return Reply.bytes(Array(page.utf8), type: "text/html; charset=utf-8", headers: headers)
    }
}
