import MeridianCore

/// A basemap tile fetched for a snapshot: its features by layer, and its
/// square on the map plane.
struct BasemapTile {
    var layers: [String: [Feature]]
    var rect: MapRect
}

extension SnapshotRenderer {
    /// The basemap's shapes (`<g id="basemap">`: background, fill, line
    /// and circle layers in the style's order), written under the data.
    /// Features that draw alike (the same evaluated paint) share one
    /// `<path>`, so a fill layer over many tiles is one element, and tiles'
    /// pieces that meet along their edges are filled as one shape, without
    /// hairline seams.
    mutating func writeBasemapShapes(_ basemap: Basemap, tiles: [BasemapTile], zoom: Double) -> [UInt8] {
        var out = SVGBuffer(precision: options.precision, capacity: 1 << 16)
        out.append("<g id=\"basemap\"")
        out.attribute("data-style", escaping: basemap.style.name)
        out.attribute("data-zoom", zoom, decimals: 2)
        out.append(">\n")
        for layer in basemap.style.layers where layer.isVisible(atZoom: zoom) {
            switch layer.kind {
            case .background:
                let context = StyleContext(zoom: zoom, properties: JSONObject(), geometryType: "Polygon", id: nil)
                let color = layer.color("background-color", context, default: StyleColor(red: 0, green: 0, blue: 0))
                out.append("<rect")
                out.attribute("data-style-layer", escaping: layer.id)
                out.append(" width=\"100%\" height=\"100%\"")
                Self.appendPaint("fill", color, opacity: layer.number("background-opacity", context, default: 1), to: &out)
                out.append("/>\n")
            case .fill, .line:
                writeShapeLayer(layer, tiles: tiles, zoom: zoom, into: &out)
            case .circle:
                writeCircleLayer(layer, tiles: tiles, zoom: zoom, into: &out)
            case .symbol:
                continue
            }
        }
        out.append("</g>\n")
        return out.bytes
    }

    /// The geometry of every feature of a layer's source layer that its
    /// filter passes, with the context its values are evaluated in, tile by tile.
    static func forEachFeature(
        of layer: StyleLayer, in tiles: [BasemapTile], zoom: Double,
        _ body: (Geometry, StyleContext, BasemapTile) -> Void
    ) {
        guard let sourceLayer = layer.sourceLayer else { return }
        for tile in tiles {
            for feature in tile.layers[sourceLayer] ?? [] {
                guard let geometry = feature.geometry else { continue }
                let context = StyleContext(
                    zoom: zoom, properties: feature.properties, geometryType: geometryType(geometry),
                    id: feature.id?.jsonValue)
                if let filter = layer.filter, !filter.isTrue(in: context) { continue }
                body(geometry, context, tile)
            }
        }
    }

    static func geometryType(_ geometry: Geometry) -> String {
        switch geometry {
        case .point, .multiPoint: "Point"
        case .lineString, .multiLineString: "LineString"
        case .polygon, .multiPolygon: "Polygon"
        case .geometryCollection(let members): members.first.map(geometryType) ?? "Point"
        }
    }

    /// How one group of a fill or line layer is painted.
    private struct Paint: Hashable {
        var color: StyleColor
        var opacity: Double
        var width = 0.0
        var dashes: [Double] = []
        var cap = "butt"
        var join = "miter"
    }

    private mutating func writeShapeLayer(_ layer: StyleLayer, tiles: [BasemapTile], zoom: Double, into out: inout SVGBuffer) {
        let black = StyleColor(red: 0, green: 0, blue: 0)
        var order: [Paint] = []
        var polygons: [Paint: [[[Coordinate]]]] = [:]
        var lines: [Paint: [[Coordinate]]] = [:]
        Self.forEachFeature(of: layer, in: tiles, zoom: zoom) { geometry, context, tile in
            var paint: Paint
            if layer.kind == .fill {
                guard context.geometryType == "Polygon" else { return }
                paint = Paint(
                    color: layer.color("fill-color", context, default: black),
                    opacity: layer.number("fill-opacity", context, default: 1))
            } else {
                guard context.geometryType != "Point" else { return }
                paint = Paint(
                    color: layer.color("line-color", context, default: black),
                    opacity: layer.number("line-opacity", context, default: 1),
                    width: min(1_000, max(0, layer.number("line-width", context, default: 1))))
                if let dashes = layer.value("line-dasharray", context)?.arrayValue?.compactMap(\.doubleValue),
                    dashes.count >= 2, dashes.count <= 16, dashes.allSatisfy({ $0 >= 0 && $0.isFinite }),
                    dashes.contains(where: { $0 > 0 })
                {
                    paint.dashes = dashes.map { min(10_000, $0 * max(paint.width, 0.5)) }
                }
                if let cap = layer.value("line-cap", context)?.stringValue, ["butt", "round", "square"].contains(cap) {
                    paint.cap = cap
                }
                if let join = layer.value("line-join", context)?.stringValue, ["bevel", "round", "miter"].contains(join) {
                    paint.join = join
                }
                guard paint.width > 0 else { return }
            }
            guard paint.opacity > 0, paint.color.alpha > 0 else { return }
            if polygons[paint] == nil, lines[paint] == nil { order.append(paint) }
            var rings: [[Coordinate]] = []
            var ownPolygons: [[[Coordinate]]] = []
            Self.collect(geometry, polygons: &ownPolygons, lines: &rings)
            if layer.kind == .fill {
                var clipped: [[[Coordinate]]] = []
                for polygon in ownPolygons {
                    let kept = polygon.map { TileClip.ring($0, to: tile.rect) }
                    guard let exterior = kept.first, !exterior.isEmpty else { continue }
                    clipped.append([exterior] + kept.dropFirst().filter { !$0.isEmpty })
                }
                polygons[paint, default: []] += clipped
            } else {
                for polygon in ownPolygons { rings += polygon }
                var parts: [[Coordinate]] = []
                for line in rings { parts += TileClip.line(line, to: tile.rect) }
                lines[paint, default: []] += parts
            }
        }
        for paint in order {
            if layer.kind == .fill {
                for polygon in polygons[paint] ?? [] { encoder.appendPolygon(polygon) }
            } else {
                for line in lines[paint] ?? [] { encoder.appendLine(line) }
            }
            let d = encoder.takePath()
            guard !d.isEmpty else { continue }
            out.append("<path")
            out.attribute("data-style-layer", escaping: layer.id)
            if layer.kind == .fill {
                Self.appendPaint("fill", paint.color, opacity: paint.opacity, to: &out)
            } else {
                out.append(" fill=\"none\"")
                Self.appendPaint("stroke", paint.color, opacity: paint.opacity, to: &out)
                out.attribute("stroke-width", paint.width, decimals: 2)
                out.append(" stroke-linecap=\"")
                out.appendTrusted(paint.cap)
                out.append("\" stroke-linejoin=\"")
                out.appendTrusted(paint.join)
                out.append("\"")
                if !paint.dashes.isEmpty {
                    out.append(" stroke-dasharray=\"")
                    for (index, dash) in paint.dashes.enumerated() {
                        if index > 0 { out.append(" ") }
                        out.appendNumber(dash, decimals: 2)
                    }
                    out.append("\"")
                }
            }
            out.append(" d=\"")
            out.append(contentsOf: d)
            out.append("\"/>\n")
        }
    }

    static func collect(_ geometry: Geometry, polygons: inout [[[Coordinate]]], lines: inout [[Coordinate]]) {
        switch geometry {
        case .point, .multiPoint: break
        case .lineString(let line): lines.append(line)
        case .multiLineString(let members): lines += members
        case .polygon(let rings): polygons.append(rings)
        case .multiPolygon(let members): polygons += members
        case .geometryCollection(let members): for member in members { collect(member, polygons: &polygons, lines: &lines) }
        }
    }

    static func points(of geometry: Geometry) -> [Coordinate] {
        switch geometry {
        case .point(let point): [point]
        case .multiPoint(let points): points
        case .geometryCollection(let members): members.flatMap(points(of:))
        default: []
        }
    }

    private mutating func writeCircleLayer(_ layer: StyleLayer, tiles: [BasemapTile], zoom: Double, into out: inout SVGBuffer) {
        let black = StyleColor(red: 0, green: 0, blue: 0)
        let encoder = self.encoder
        Self.forEachFeature(of: layer, in: tiles, zoom: zoom) { geometry, context, tile in
            let radius = layer.number("circle-radius", context, default: 5)
            guard radius > 0, radius <= 1_000 else { return }
            let fill = layer.color("circle-color", context, default: black)
            let opacity = layer.number("circle-opacity", context, default: 1)
            let strokeWidth = layer.number("circle-stroke-width", context, default: 0)
            for point in Self.points(of: geometry) where tile.rect.contains(MapPoint(point)) {
                for position in encoder.positions(of: point, margin: radius + strokeWidth) {
                    out.append("<circle")
                    out.attribute("data-style-layer", escaping: layer.id)
                    out.attribute("cx", position.x)
                    out.attribute("cy", position.y)
                    out.attribute("r", radius, decimals: 2)
                    Self.appendPaint("fill", fill, opacity: opacity, to: &out)
                    if strokeWidth > 0, strokeWidth <= 1_000 {
                        let stroke = layer.color("circle-stroke-color", context, default: black)
                        Self.appendPaint(
                            "stroke", stroke, opacity: layer.number("circle-stroke-opacity", context, default: 1), to: &out)
                        out.attribute("stroke-width", strokeWidth, decimals: 2)
                    }
                    out.append("/>\n")
                }
            }
        }
    }

    /// ` fill="#rrggbb"` (or `stroke`), and its opacity when below 1: the
    /// colour's alpha times the layer's opacity.
    static func appendPaint(_ attribute: StaticString, _ color: StyleColor, opacity: Double, to out: inout SVGBuffer) {
        out.append(" ")
        out.append(attribute)
        out.append("=\"")
        out.appendTrusted(color.hex)
        out.append("\"")
        let alpha = color.alpha * min(1, max(0, opacity))
        if alpha < 1 {
            out.append(" ")
            out.append(attribute)
            out.append("-opacity=\"")
            out.appendNumber(alpha, decimals: 3)
            out.append("\"")
        }
    }

    /// The basemap's text (its symbol layers, in the style's order), placed
    /// after the data's labels and clear of them, of the data's markers and
    /// of each other: a name of the basemap never covers the data's.
    mutating func writeBasemapLabels(_ basemap: Basemap, tiles: [BasemapTile], zoom: Double, taken: [LabelPlacer.Box])
        -> [UInt8]
    {
        var placer = LabelPlacer(width: viewport.width, height: viewport.height)
        for box in taken { placer.addObstacle(box) }
        var out = SVGBuffer(precision: options.precision, capacity: 1 << 12)
        let black = StyleColor(red: 0, green: 0, blue: 0)
        let encoder = self.encoder
        for layer in basemap.style.layers where layer.kind == .symbol && layer.isVisible(atZoom: zoom) {
            Self.forEachFeature(of: layer, in: tiles, zoom: zoom) { geometry, context, tile in
                guard var text = layer.value("text-field", context).map(Self.fieldText(context)), !text.isEmpty else {
                    return
                }
                switch layer.value("text-transform", context)?.stringValue {
                case "uppercase": text = text.uppercased()
                case "lowercase": text = text.lowercased()
                default: break
                }
                let size = layer.number("text-size", context, default: 16)
                guard size >= 1, size <= 200 else { return }
                for point in Self.points(of: geometry) where tile.rect.contains(MapPoint(point)) {
                    for position in encoder.positions(of: point, margin: 0) {
                        let gap = size * 0.35 + 2
                        let candidates = [
                            LabelPlacer.Candidate(x: position.x, y: position.y - gap, alignment: .middle),
                            LabelPlacer.Candidate(x: position.x + gap, y: position.y + size * 0.35, alignment: .start),
                            LabelPlacer.Candidate(x: position.x - gap, y: position.y + size * 0.35, alignment: .end),
                            LabelPlacer.Candidate(x: position.x, y: position.y + gap + size * 0.8, alignment: .middle),
                        ]
                        guard let spot = placer.place(text: text, fontSize: size, candidates: candidates) else { continue }
                        let opacity = layer.number("text-opacity", context, default: 1)
                        let haloWidth = layer.number("text-halo-width", context, default: 0)
                        let halo = layer.color("text-halo-color", context, default: StyleColor(red: 0, green: 0, blue: 0, alpha: 0))
                        for pass in haloWidth > 0 && halo.alpha > 0 ? [true, false] : [false] {
                            out.append("<text")
                            out.attribute("data-style-layer", escaping: layer.id)
                            out.attribute("x", spot.x)
                            out.attribute("y", spot.y)
                            out.attribute("font-size", size, decimals: 2)
                            switch spot.alignment {
                            case .start: break
                            case .middle: out.append(" text-anchor=\"middle\"")
                            case .end: out.append(" text-anchor=\"end\"")
                            }
                            if pass {
                                Self.appendPaint("fill", halo, opacity: opacity, to: &out)
                                Self.appendPaint("stroke", halo, opacity: opacity, to: &out)
                                out.attribute("stroke-width", min(haloWidth, size) * 2, decimals: 2)
                                out.append(" stroke-linejoin=\"round\" aria-hidden=\"true\"")
                            } else {
                                Self.appendPaint("fill", layer.color("text-color", context, default: black), opacity: opacity, to: &out)
                            }
                            out.append(">")
                            out.appendEscaped(text)
                            out.append("</text>\n")
                        }
                    }
                }
            }
        }
        guard !out.isEmpty else { return [] }
        var wrapped = SVGBuffer(precision: options.precision, capacity: out.bytes.count + 64)
        wrapped.append("<g id=\"basemap-labels\">\n")
        wrapped.append(contentsOf: out.bytes)
        wrapped.append("</g>\n")
        return wrapped.bytes
    }

    /// A `text-field` value as text: a string's `{property}` tokens
    /// replaced by the feature's values (legacy token syntax), anything
    /// else as `to-string` writes it.
    static func fieldText(_ context: StyleContext) -> (JSONValue) -> String {
        { value in
            guard case .string(let template) = value, template.containsText("{") else {
                return StyleExpression.text(of: value)
            }
            var result = ""
            var rest = Substring(template)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                result += rest[..<open]
                let key = String(rest[rest.index(after: open)..<close])
                result += StyleExpression.text(of: context.properties[key] ?? .null)
                rest = rest[rest.index(after: close)...]
            }
            return result + rest
        }
    }
}
