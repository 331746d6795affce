import MeridianCore

/// Writes one snapshot's SVG once the view is fixed: layers, labels and
/// furniture. Internal to ``Snapshotter``, which validates and frames.
///
/// The document's shape (stable, so CSS and scripts can rely on it):
/// ```
/// <svg role="img" ...><title/><desc/><defs/> <rect id="background"/>
///   <g id="basemap"/> <g id="basemap-labels"/>   (only with a basemap)
///   <g id="layer-NAME" data-layer="NAME"> <g class="areas"/> <g class="lines"/> <g class="points"/> </g> ...
///   <g id="labels"> <g class="halo"/> <g class="text"/> </g>
///   <g id="above-labels"> <g id="layer-NAME-above" ...> ... </g> </g>   (only overlays set above the labels)
///   <g id="furniture"> scale bar, compass, legend, title, attribution </g>
/// </svg>
/// ```
/// Every drawn element carries `data-id` (the feature id), and
/// `data-category` and `data-feature-type` when the feature has them.
///
/// This file holds the document and the layer loop; the rest is split by
/// what is drawn: `+Areas`, `+Lines`, `+Points` (markers), `+Style` (the
/// attributes they share), `+Labels` (placement without overlaps) and
/// `+Furniture` (title, legend, compass, scale bar, attribution).
struct SnapshotRenderer {
    let options: Options
    let theme: Theme
    let viewport: Viewport
    var svg: SVGBuffer
    var encoder: PathEncoder
    var legend = Legend()
    var categoryColors: [String: String] = [:]
    var labels: [LabelRequest] = []
    var obstacles: [LabelPlacer.Box] = []
    /// Whether points with no `meridian:marker` are balloons (else dots).
    var useBalloons = false
    /// Whether a balloon was written, so the document needs its shape in `<defs>`.
    var drewBalloon = false
    var drawnFeatures = 0
    /// The basemap's tiles, when the options have a basemap.
    var basemapTiles: [BasemapTile] = []
    /// Where the data's labels were placed (the basemap's keep clear).
    var placedLabelBoxes: [LabelPlacer.Box] = []
    /// The properties written as `data-` attributes, and their names.
    let dataAttributes: [(property: String, attribute: String)]

    typealias Options = Snapshotter.Options

    init(options: Options, viewport: Viewport) {
        self.options = options
        theme = options.theme
        self.viewport = viewport
        dataAttributes = Self.dataAttributes(options.dataProperties)
        svg = SVGBuffer(precision: options.precision, capacity: 1 << 18)
        let tolerance = options.simplificationTolerance / options.scale
        encoder = PathEncoder(viewport: viewport, margin: 24, tolerance: tolerance, precision: options.precision)
    }

    mutating func render(_ items: [DrawItem]) -> Snapshot {
        // Balloons or dots: count the visible points first, as far as the
        // choice needs (past the automatic limit, or to the first for balloons).
        var visiblePoints = 0
        if options.markerStyle != .dot {
            let enough = options.markerStyle == .automatic ? MarkerStyle.automaticBalloonLimit + 1 : 1
            count: for index in items.indices where items[index].hints.marker == nil {
                for point in items[index].points {
                    visiblePoints += encoder.positions(of: point, margin: 0).count
                    if visiblePoints >= enough { break count }
                }
            }
        }
        switch options.markerStyle {
        case .balloon: useBalloons = true
        case .dot: useBalloons = false
        case .automatic: useBalloons = visiblePoints <= MarkerStyle.automaticBalloonLimit
        }
        if visiblePoints == 0 { useBalloons = false }

        let basemapZoom = Basemap.zoom(of: viewport)
        let basemapShapes = options.basemap.map { writeBasemapShapes($0, tiles: basemapTiles, zoom: basemapZoom) } ?? []
        var layersBody = SVGBuffer(precision: options.precision, capacity: 1 << 18)
        swap(&svg, &layersBody)
        for layerIndex in options.layers.indices { writeLayer(index: layerIndex, items: items) }
        swap(&svg, &layersBody)
        // Overlays above the labels: drawn (and their label requests made) before the labels are placed.
        var aboveLabels = SVGBuffer(precision: options.precision, capacity: 4096)
        swap(&svg, &aboveLabels)
        for layerIndex in options.layers.indices
        where items.indices.contains(where: {
            items[$0].layer == layerIndex && items[$0].hints.overlayLevel == .aboveLabels
        }) {
            writeLayer(index: layerIndex, items: items, above: true)
        }
        swap(&svg, &aboveLabels)

        let title = options.title ?? options.layers.lazy.compactMap(\.title).first { !$0.isEmpty }
        var furniture = SVGBuffer(precision: options.precision, capacity: 4096)
        layoutFurniture(title: title, into: &furniture)
        let (labelBytes, placed, dropped) = placeLabels()
        let basemapLabels =
            options.basemap.map {
                writeBasemapLabels($0, tiles: basemapTiles, zoom: basemapZoom, taken: obstacles + placedLabelBoxes)
            } ?? []

        writeHeader(title: title, items: items)
        var rest = SVGBuffer(precision: options.precision, capacity: furniture.bytes.count + 64)
        if !aboveLabels.isEmpty {
            rest.append("<g id=\"above-labels\">\n")
            for part in aboveLabels.parts { rest.append(contentsOf: part) }
            rest.append("</g>\n")
        }
        rest.append("<g id=\"furniture\">\n")
        rest.append(contentsOf: furniture.bytes)
        rest.append("</g>\n")
        // In parts: the layers (17 MB for a 200 MB file) are not copied again.
        return Snapshot(
            size: options.size, scale: options.scale, viewport: viewport,
            body: svg.parts + [basemapShapes, basemapLabels] + layersBody.parts + [labelBytes, rest.bytes],
            placedLabels: placed,
            droppedLabelCount: dropped)
    }

    // MARK: - Document

    mutating func writeHeader(title: String?, items: [DrawItem]) {
        let width = options.size.width
        let height = options.size.height
        svg.append(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\""
        )
        svg.appendNumber(width * options.scale, decimals: 2)
        svg.append("\"")
        svg.attribute("height", height * options.scale, decimals: 2)
        svg.append(" viewBox=\"0 0 ")
        svg.appendNumber(width, decimals: 2)
        svg.append(" ")
        svg.appendNumber(height, decimals: 2)
        svg.append(
            "\" role=\"img\" aria-labelledby=\"map-title map-desc\" font-family=\"Helvetica, Arial, 'DejaVu Sans', sans-serif\" data-theme=\""
        )
        svg.appendEscaped(theme.name)
        svg.append("\">\n<title id=\"map-title\">")
        svg.appendEscaped(title ?? "Map")
        svg.append("</title>\n<desc id=\"map-desc\">")
        svg.appendEscaped(description(items: items))
        svg.append("</desc>\n")
        if drewBalloon {
            // One balloon outline, reused by every marker: the tint comes from each <use>.
            svg.append(
                "<defs><path id=\"balloon\" d=\"M0,0C-1.5,-5 -11,-12 -11,-23A11,11 0 1 1 11,-23C11,-12 1.5,-5 0,0z\" stroke=\"#ffffff\" stroke-width=\"1.2\"/></defs>\n"
            )
        }
        svg.append("<rect id=\"background\" width=\"100%\" height=\"100%\"")
        svg.attribute("fill", escaping: theme.background)
        svg.append("/>\n")
    }

    func description(items: [DrawItem]) -> String {
        let center = viewport.center.coordinate
        let metersAcross = viewport.width / viewport.pointsPerMapPoint * metersPerMapPoint(atLatitude: center.latitude)
        let names = options.layers.map(\.id).joined(separator: ", ")
        var text = "Map of \(drawnFeatures) of \(items.count) features from \(names), centred on "
        text += "\(formatFixed(center.latitude, decimals: 5)), \(formatFixed(center.longitude, decimals: 5)), "
        text += "about \(DistanceFormatter().string(fromDistance: metersAcross)) across"
        if viewport.heading != 0 { text += ", heading \(formatFixed(viewport.heading, decimals: 1)) degrees" }
        return text + "."
    }

    // MARK: - Layers

    static func sanitizedID(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if (scalar.value < 128 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))) || scalar == "-"
                || scalar == "_"
            {
                result.unicodeScalars.append(scalar)
            } else if !result.hasSuffix("-") {
                result += "-"
            }
        }
        return result.isEmpty ? "layer" : result
    }

    /// What of an item a pass over a layer draws.
    enum Part { case areas, lines, points }

    /// The positions in `items` of layer `layer`'s items at `level` that
    /// have `part`, in drawing order: ascending `meridian:draw-order`, then
    /// input order (``DrawingHints``). Positions, and fields read in place:
    /// a large map's items are neither copied to be sorted nor to be tested.
    static func drawingOrder(_ items: [DrawItem], layer: Int, level: DrawingHints.OverlayLevel, _ part: Part) -> [Int] {
        var positions: [Int] = []
        for index in items.indices where items[index].layer == layer && items[index].hints.overlayLevel == level {
            let has: Bool
            switch part {
            case .areas: has = !items[index].polygons.isEmpty || items[index].circle != nil
            case .lines: has = !items[index].lines.isEmpty
            case .points: has = !items[index].points.isEmpty
            }
            if has { positions.append(index) }
        }
        return positions.sorted {
            (items[$0].hints.drawOrder, items[$0].order) < (items[$1].hints.drawOrder, items[$1].order)
        }
    }

    /// Writes layer `index`'s items (of all `items`, those of the layer
    /// drawn below the labels, or with `above`, those drawn above them).
    mutating func writeLayer(index: Int, items: [DrawItem], above: Bool = false) {
        let level: DrawingHints.OverlayLevel = above ? .aboveLabels : .aboveRoads
        let name = options.layers[index].id
        var id = Self.sanitizedID(name)
        if options.layers[..<index].contains(where: { Self.sanitizedID($0.id) == id }) { id += "-\(index + 1)" }
        svg.append("<g id=\"layer-")
        svg.appendTrusted(id)
        if above { svg.append("-above") }
        svg.append("\" data-layer=\"")
        svg.appendEscaped(name)
        if options.emphasis == .muted, options.layers[index].role == .data {
            svg.append("\" opacity=\"")
            svg.appendNumber(MapStyle.mutedOpacity, decimals: 2)
        }
        svg.append("\">\n")

        let areas = Self.drawingOrder(items, layer: index, level: level, .areas)
        if !areas.isEmpty {
            svg.append("<g class=\"areas\"")
            svg.attribute("fill", escaping: theme.fill)
            svg.attribute("fill-opacity", theme.fillOpacity, decimals: 3)
            svg.attribute("stroke", escaping: theme.stroke)
            svg.attribute("stroke-width", theme.strokeWidth, decimals: 3)
            svg.append(" stroke-linejoin=\"round\">\n")
            writeItems(items, areas, paths: encodedPaths(items, areas, areas: true), part: .areas)
            svg.append("</g>\n")
        }
        let lines = Self.drawingOrder(items, layer: index, level: level, .lines)
        if !lines.isEmpty {
            svg.append("<g class=\"lines\" fill=\"none\"")
            svg.attribute("stroke", escaping: theme.lineStroke)
            svg.attribute("stroke-width", theme.lineWidth, decimals: 3)
            svg.append(" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n")
            writeItems(items, lines, paths: encodedPaths(items, lines, areas: false), part: .lines)
            svg.append("</g>\n")
        }
        let points = Self.drawingOrder(items, layer: index, level: level, .points)
        if !points.isEmpty {
            svg.append("<g class=\"points\" font-weight=\"bold\" text-anchor=\"middle\"")
            svg.attribute("fill", escaping: theme.glyph)
            svg.append(">\n")
            writeItems(items, points, paths: [], part: .points)
            svg.append("</g>\n")
        }
        svg.append("</g>\n")
    }
}
