import MeridianCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes one snapshot's SVG once the view is fixed: layers, labels and
/// furniture. Internal to ``Snapshotter``, which validates and frames.
///
/// The document's shape (stable, so CSS and scripts can rely on it):
/// ```
/// <svg role="img" ...><title/><desc/><defs/> <rect id="background"/>
///   <g id="layer-NAME" data-layer="NAME"> <g class="areas"/> <g class="lines"/> <g class="points"/> </g> ...
///   <g id="labels"> <g class="halo"/> <g class="text"/> </g>
///   <g id="furniture"> scale bar, compass, legend, title, attribution </g>
/// </svg>
/// ```
/// Every drawn element carries `data-id` (the feature id), and
/// `data-category` and `data-feature-type` when the feature has them.
struct SnapshotRenderer {
    let options: Options
    let theme: Theme
    let viewport: Viewport
    private var svg: SVGBuffer
    private var encoder: PathEncoder
    private var legend = Legend()
    private var categoryColors: [String: String] = [:]
    private var labels: [LabelRequest] = []
    private var obstacles: [LabelPlacer.Box] = []
    private var useBalloons = false
    private var levelName: String?
    private var drawnFeatures = 0

    typealias Options = Snapshotter.Options

    /// A label waiting for placement.
    private struct LabelRequest {
        var text: String
        var rank: Int
        var weight: Double
        var order: Int
        var fontSize: Double
        var candidates: [LabelPlacer.Candidate]
        var id: String?
        var color: String?
    }

    init(options: Options, viewport: Viewport) {
        self.options = options
        theme = options.theme
        self.viewport = viewport
        svg = SVGBuffer(precision: options.precision, capacity: 1 << 18)
        let tolerance = options.simplificationTolerance / options.scale
        encoder = PathEncoder(viewport: viewport, margin: 24, tolerance: tolerance, precision: options.precision)
    }

    mutating func render(_ items: [DrawItem]) -> Snapshot {
        // Balloons or dots: count the visible points first.
        var visiblePoints = 0
        for item in items where item.role == .generic {
            for point in item.points { visiblePoints += encoder.positions(of: point, margin: 0).count }
        }
        switch options.markerStyle {
        case .balloon: useBalloons = true
        case .dot: useBalloons = false
        case .automatic: useBalloons = visiblePoints <= MarkerStyle.automaticBalloonLimit
        }
        if visiblePoints == 0 { useBalloons = false }
        levelName = items.first { $0.role == .level }?.label

        var layersBody = SVGBuffer(precision: options.precision, capacity: 1 << 18)
        swap(&svg, &layersBody)
        for layerIndex in options.layers.indices {
            let layerItems = items.filter { $0.layer == layerIndex }
            writeLayer(index: layerIndex, items: layerItems)
        }
        swap(&svg, &layersBody)

        let title = options.title ?? levelName
        var furniture = SVGBuffer(precision: options.precision, capacity: 4096)
        layoutFurniture(title: title, into: &furniture)
        let (labelBytes, placed, dropped) = placeLabels()

        writeHeader(title: title, items: items)
        svg.append(contentsOf: layersBody.bytes)
        svg.append(contentsOf: labelBytes)
        svg.append("<g id=\"furniture\">\n")
        svg.append(contentsOf: furniture.bytes)
        svg.append("</g>\n")
        return Snapshot(
            size: options.size, scale: options.scale, viewport: viewport, body: svg.bytes,
            placedLabels: placed, droppedLabelCount: dropped)
    }

    // MARK: - Document

    private mutating func writeHeader(title: String?, items: [DrawItem]) {
        let width = options.size.width
        let height = options.size.height
        svg.append(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" width=\""
        )
        svg.appendNumber(width * options.scale, decimals: 2)
        svg.append("\" height=\"")
        svg.appendNumber(height * options.scale, decimals: 2)
        svg.append("\" viewBox=\"0 0 ")
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
        if useBalloons {
            // One balloon outline, reused by every marker: the tint comes from each <use>.
            svg.append(
                "<defs><path id=\"balloon\" d=\"M0,0C-1.5,-5 -11,-12 -11,-23A11,11 0 1 1 11,-23C11,-12 1.5,-5 0,0z\" stroke=\"#ffffff\" stroke-width=\"1.2\"/></defs>\n"
            )
        }
        svg.append("<rect id=\"background\" width=\"100%\" height=\"100%\" fill=\"")
        svg.appendEscaped(theme.background)
        svg.append("\"/>\n")
    }

    private func description(items: [DrawItem]) -> String {
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

    private static func sanitizedID(_ text: String) -> String {
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

    private mutating func writeLayer(index: Int, items: [DrawItem]) {
        let name = options.layers[index].id
        var id = Self.sanitizedID(name)
        if options.layers[..<index].contains(where: { Self.sanitizedID($0.id) == id }) { id += "-\(index + 1)" }
        svg.append("<g id=\"layer-")
        svg.appendTrusted(id)
        svg.append("\" data-layer=\"")
        svg.appendEscaped(name)
        svg.append("\">\n")

        // Areas: indoor context first, then rooms, then plain features, each in input order.
        let areas = items.filter { !$0.polygons.isEmpty || $0.circle != nil }.sorted {
            ($0.role, $0.order) < ($1.role, $1.order)
        }
        if !areas.isEmpty {
            svg.append("<g class=\"areas\" fill=\"")
            svg.appendEscaped(theme.fill)
            svg.append("\" fill-opacity=\"")
            svg.appendNumber(theme.fillOpacity, decimals: 3)
            svg.append("\" stroke=\"")
            svg.appendEscaped(theme.stroke)
            svg.append("\" stroke-width=\"")
            svg.appendNumber(theme.strokeWidth, decimals: 3)
            svg.append("\" stroke-linejoin=\"round\">\n")
            for item in areas { writeArea(item) }
            svg.append("</g>\n")
        }
        let lines = items.filter { !$0.lines.isEmpty }.sorted { ($0.role, $0.order) < ($1.role, $1.order) }
        if !lines.isEmpty {
            svg.append("<g class=\"lines\" fill=\"none\" stroke=\"")
            svg.appendEscaped(theme.lineStroke)
            svg.append("\" stroke-width=\"")
            svg.appendNumber(theme.lineWidth, decimals: 3)
            svg.append("\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n")
            for item in lines { writeLine(item) }
            svg.append("</g>\n")
        }
        let points = items.filter { !$0.points.isEmpty }
        if !points.isEmpty {
            svg.append("<g class=\"points\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"")
            svg.appendEscaped(theme.glyph)
            svg.append("\">\n")
            for item in points { writePoints(item) }
            svg.append("</g>\n")
        }
        svg.append("</g>\n")
    }

    private mutating func writeDataAttributes(_ item: DrawItem) {
        if let id = item.id {
            svg.append(" data-id=\"")
            svg.appendEscaped(id)
            svg.append("\"")
        }
        if let category = item.category {
            svg.append(" data-category=\"")
            svg.appendEscaped(category)
            svg.append("\"")
        }
        if let featureType = item.featureType {
            svg.append(" data-feature-type=\"")
            svg.appendEscaped(featureType)
            svg.append("\"")
        }
    }

    /// The tint of a category with no colour of its own: the theme's
    /// palette, in order of first appearance.
    private mutating func categoryColor(_ category: String?) -> String? {
        guard let category else { return nil }
        if let color = categoryColors[category] { return color }
        guard !theme.palette.isEmpty else { return nil }
        let color = theme.palette[categoryColors.count % theme.palette.count]
        categoryColors[category] = color
        return color
    }

    private mutating func areaStyle(_ item: DrawItem) -> SimpleStyle {
        var base = SimpleStyle(theme: theme)
        switch item.role {
        case .unit:
            base.fill = theme.unitFill(forCategory: item.category ?? "")
            (base.fillOpacity, base.stroke, base.strokeWidth) = (1, theme.unitStroke, 0.75)
        case .venue:
            (base.fill, base.fillOpacity, base.stroke, base.strokeWidth) = (theme.venueFill, 1, theme.levelStroke, 1)
        case .footprint:
            (base.fill, base.fillOpacity, base.stroke, base.strokeWidth) = (
                theme.footprintFill, 1, theme.levelStroke, 1
            )
        case .level:
            (base.fill, base.fillOpacity, base.stroke, base.strokeWidth) = (theme.levelFill, 1, theme.levelStroke, 1.5)
        case .section:
            (base.fill, base.fillOpacity, base.stroke, base.strokeWidth) = (
                theme.unitFills[.other] ?? theme.fill, 0.5, theme.unitStroke, 0.5
            )
        case .fixture, .kiosk:
            (base.fill, base.fillOpacity, base.stroke, base.strokeWidth) = (theme.fixtureFill, 1, theme.unitStroke, 0.5)
        default:
            if item.properties["fill"] == nil, let color = categoryColor(item.category) {
                base.fill = color
                if item.properties["stroke"] == nil { base.stroke = color }
            }
        }
        return SimpleStyle(properties: item.properties, over: base)
    }

    private mutating func writeStyle(
        fill: String?, fillOpacity: Double?, stroke: String, strokeWidth: Double, strokeOpacity: Double,
        defaults: SimpleStyle, lineDefaults: Bool
    ) {
        if let fill, fill != defaults.fill {
            svg.append(" fill=\"")
            svg.appendEscaped(fill)
            svg.append("\"")
        }
        if let fillOpacity, fillOpacity != defaults.fillOpacity {
            svg.append(" fill-opacity=\"")
            svg.appendNumber(fillOpacity, decimals: 3)
            svg.append("\"")
        }
        if stroke != (lineDefaults ? theme.lineStroke : defaults.stroke) {
            svg.append(" stroke=\"")
            svg.appendEscaped(stroke)
            svg.append("\"")
        }
        if strokeWidth != (lineDefaults ? theme.lineWidth : defaults.strokeWidth) {
            svg.append(" stroke-width=\"")
            svg.appendNumber(strokeWidth, decimals: 3)
            svg.append("\"")
        }
        if strokeOpacity != defaults.strokeOpacity {
            svg.append(" stroke-opacity=\"")
            svg.appendNumber(strokeOpacity, decimals: 3)
            svg.append("\"")
        }
    }

    private mutating func writeArea(_ item: DrawItem) {
        for polygon in item.polygons { encoder.appendPolygon(polygon) }
        if let circle = item.circle {
            let radiusPoints =
                circle.radius * mapPointsPerMeter(atLatitude: circle.center.latitude) * viewport.pointsPerMapPoint
            // About one vertex per 3 points of circumference: smooth at any size, never a projected ellipse.
            let vertices = Int(min(720, max(32, 2 * .pi * radiusPoints / 3)))
            var ring = circle.boundary(vertexCount: vertices)
            ring.append(ring[0])
            encoder.appendPolygon([ring])
        }
        let ring = encoder.lastLargestRing
        let d = encoder.takePath()
        guard !d.isEmpty else { return }
        drawnFeatures += 1
        let style = areaStyle(item)
        svg.append("<path")
        writeDataAttributes(item)
        writeStyle(
            fill: style.fill, fillOpacity: style.fillOpacity, stroke: style.stroke, strokeWidth: style.strokeWidth,
            strokeOpacity: style.strokeOpacity, defaults: SimpleStyle(theme: theme), lineDefaults: false)
        svg.append(" d=\"")
        svg.append(contentsOf: d)
        svg.append("\"/>\n")
        if let category = item.category, options.showsLegend, item.role != .venue, item.role != .level,
            item.role != .footprint
        {
            legend.note(category: category, color: style.fill, kind: .area)
        }
        // Indoor context (venue, footprint, level) is not labelled: the level's name is the
        // title, and a venue's name in the middle of its own floor plan reads as a room's.
        let isContext = item.role == .venue || item.role == .footprint || item.role == .level
        if options.labels.labelsAreas, !isContext, let text = item.label, let ring {
            let fontSize = options.labels.fontSize - 1
            let width = LabelPlacer.textWidth(text, fontSize: fontSize)
            if ring.maxX - ring.minX >= width * 0.8, ring.maxY - ring.minY >= fontSize, ring.cx.isFinite,
                ring.cy.isFinite
            {
                var candidates: [LabelPlacer.Candidate] = [
                    .init(x: ring.cx, y: ring.cy + fontSize * 0.35, alignment: .middle)
                ]
                // A room's amenity symbol often sits at its centre (a lift's "E", a restroom's
                // "WC"): then the name goes just below or above it, if the room is tall enough.
                if item.role == .unit, ring.maxY - ring.minY >= 3 * fontSize + 8 {
                    candidates.append(
                        .init(x: ring.cx, y: ring.cy + fontSize * 0.35 + fontSize + 6, alignment: .middle))
                    candidates.append(
                        .init(x: ring.cx, y: ring.cy + fontSize * 0.35 - fontSize - 6, alignment: .middle))
                }
                labels.append(
                    LabelRequest(
                        text: text, rank: item.role == .unit ? 2 : 3, weight: -ring.area, order: item.order,
                        fontSize: fontSize,
                        candidates: candidates, id: item.id, color: nil))
            }
        }
    }

    private mutating func writeLine(_ item: DrawItem) {
        for line in item.lines { encoder.appendLine(line) }
        let anchor = encoder.lastLineAnchor
        let d = encoder.takePath()
        guard !d.isEmpty else { return }
        drawnFeatures += 1
        var base = SimpleStyle(theme: theme)
        base.stroke = theme.lineStroke
        base.strokeWidth = theme.lineWidth
        switch item.role {
        case .opening:
            // Apple's sample: openings in the walkway colour, over unit outlines, so doorways read as gaps.
            base.stroke = theme.unitFills[.walkway] ?? theme.background
            base.strokeWidth = 2
        case .detail:
            base.stroke = theme.unitStroke
            base.strokeWidth = 0.5
        default:
            if item.properties["stroke"] == nil, let color = categoryColor(item.category) { base.stroke = color }
        }
        let style = SimpleStyle(properties: item.properties, over: base)
        svg.append("<path")
        writeDataAttributes(item)
        writeStyle(
            fill: nil, fillOpacity: nil, stroke: style.stroke, strokeWidth: style.strokeWidth,
            strokeOpacity: style.strokeOpacity,
            defaults: SimpleStyle(theme: theme), lineDefaults: true)
        if item.role == .opening { svg.append(" stroke-linecap=\"butt\"") }
        svg.append(" d=\"")
        svg.append(contentsOf: d)
        svg.append("\"/>\n")
        if let category = item.category, options.showsLegend, item.role == .generic {
            legend.note(category: category, color: style.stroke, kind: .line)
        }
        if let text = item.label, let anchor, item.role == .generic {
            let fontSize = options.labels.fontSize - 1
            if anchor.length >= LabelPlacer.textWidth(text, fontSize: fontSize) {
                labels.append(
                    LabelRequest(
                        text: text, rank: 4, weight: -anchor.length, order: item.order, fontSize: fontSize,
                        candidates: [
                            .init(x: anchor.x, y: anchor.y - 4, alignment: .middle),
                            .init(x: anchor.x, y: anchor.y + fontSize + 3, alignment: .middle),
                        ],
                        id: item.id, color: nil))
            }
        }
    }

    private mutating func writePoints(_ item: DrawItem) {
        var base = SimpleStyle(theme: theme)
        if item.role == .amenity {
            base.markerColor = theme.amenityTint
        } else if item.properties["marker-color"] == nil, let color = categoryColor(item.category) {
            base.markerColor = color
        }
        let style = SimpleStyle(properties: item.properties, over: base)
        var drew = false
        for coordinate in item.points {
            for (x, y) in encoder.positions(of: coordinate, margin: 40) {
                drew = true
                switch item.role {
                case .occupant:
                    // Occupants are names at their anchors, not markers.
                    if let text = item.label {
                        let fontSize = options.labels.fontSize - 1.5
                        labels.append(
                            LabelRequest(
                                text: text, rank: 1, weight: 0, order: item.order, fontSize: fontSize,
                                candidates: [
                                    .init(x: x, y: y + fontSize * 0.35, alignment: .middle),
                                    .init(x: x, y: y - 3, alignment: .middle),
                                    .init(x: x, y: y + fontSize + 2, alignment: .middle),
                                ], id: item.id, color: nil))
                    }
                case .amenity:
                    writeAmenity(item, x: x, y: y, style: style)
                default:
                    if useBalloons {
                        writeBalloon(item, x: x, y: y, style: style)
                    } else {
                        writeDot(item, x: x, y: y, style: style)
                    }
                }
            }
        }
        if drew {
            drawnFeatures += 1
            if let category = item.category, options.showsLegend, item.role != .occupant {
                legend.note(category: category, color: style.markerColor, kind: .point)
            }
        }
    }

    private mutating func writeBalloon(_ item: DrawItem, x: Double, y: Double, style: SimpleStyle) {
        let s = style.markerSize.factor
        svg.append("<g class=\"marker\"")
        writeDataAttributes(item)
        svg.append(" transform=\"translate(")
        svg.appendNumber(x)
        svg.append(" ")
        svg.appendNumber(y)
        if s != 1 {
            svg.append(") scale(")
            svg.appendNumber(s, decimals: 2)
        }
        svg.append(")\">")
        if let title = style.title ?? item.label {
            svg.append("<title>")
            svg.appendEscaped(title)
            svg.append("</title>")
        }
        svg.append("<use xlink:href=\"#balloon\" fill=\"")
        svg.appendEscaped(style.markerColor)
        svg.append("\"/>")
        let glyph = MarkerGlyph.text(symbol: style.markerSymbol, title: item.label ?? style.title)
        if glyph.isEmpty {
            svg.append("<circle cy=\"-23\" r=\"4\"/>")
        } else {
            svg.append("<text y=\"-19\" font-size=\"")
            svg.appendNumber(glyph.count > 1 ? 9 : 12, decimals: 0)
            svg.append("\">")
            svg.appendEscaped(glyph)
            svg.append("</text>")
        }
        svg.append("</g>\n")
        obstacles.append(LabelPlacer.Box(minX: x - 11 * s, minY: y - 34 * s, maxX: x + 11 * s, maxY: y))
        if let text = item.label {
            let fontSize = options.labels.fontSize
            let headY = y - 23 * s
            labels.append(
                LabelRequest(
                    text: text, rank: 0, weight: 0, order: item.order, fontSize: fontSize,
                    candidates: [
                        .init(x: x + 13 * s, y: headY + fontSize * 0.35, alignment: .start),
                        .init(x: x - 13 * s, y: headY + fontSize * 0.35, alignment: .end),
                        .init(x: x, y: y + fontSize + 1, alignment: .middle),
                        .init(x: x, y: y - 36 * s, alignment: .middle),
                    ], id: item.id, color: nil))
        }
    }

    private mutating func writeDot(_ item: DrawItem, x: Double, y: Double, style: SimpleStyle) {
        let r = 4 * style.markerSize.factor
        svg.append("<circle")
        writeDataAttributes(item)
        svg.append(" cx=\"")
        svg.appendNumber(x)
        svg.append("\" cy=\"")
        svg.appendNumber(y)
        svg.append("\" r=\"")
        svg.appendNumber(r)
        svg.append("\" fill=\"")
        svg.appendEscaped(style.markerColor)
        svg.append("\" stroke=\"#ffffff\" stroke-width=\"1.2\"/>\n")
        obstacles.append(LabelPlacer.Box(minX: x - r, minY: y - r, maxX: x + r, maxY: y + r))
        if let text = item.label {
            let fontSize = options.labels.fontSize - 1
            labels.append(
                LabelRequest(
                    text: text, rank: 2, weight: 0, order: item.order, fontSize: fontSize,
                    candidates: [
                        .init(x: x + r + 3, y: y + fontSize * 0.35, alignment: .start),
                        .init(x: x - r - 3, y: y + fontSize * 0.35, alignment: .end),
                        .init(x: x, y: y - r - 3, alignment: .middle),
                        .init(x: x, y: y + r + fontSize, alignment: .middle),
                    ], id: item.id, color: nil))
        }
    }

    private mutating func writeAmenity(_ item: DrawItem, x: Double, y: Double, style: SimpleStyle) {
        svg.append("<g class=\"amenity\"")
        writeDataAttributes(item)
        svg.append(" transform=\"translate(")
        svg.appendNumber(x)
        svg.append(" ")
        svg.appendNumber(y)
        svg.append(")\">")
        if let title = item.label ?? item.category {
            svg.append("<title>")
            svg.appendEscaped(title)
            svg.append("</title>")
        }
        // Two-letter glyphs ("WC", "Es") are set smaller so they stay inside the disc.
        let glyph = MarkerGlyph.amenity(category: item.category)
        svg.append("<circle r=\"7.5\" fill=\"")
        svg.appendEscaped(style.markerColor)
        svg.append(
            glyph.count > 1
                ? "\" stroke=\"#ffffff\"/><text y=\"2.2\" font-size=\"6\">"
                : "\" stroke=\"#ffffff\"/><text y=\"3\" font-size=\"8.5\">")
        svg.appendEscaped(glyph)
        svg.append("</text></g>\n")
        obstacles.append(LabelPlacer.Box(minX: x - 8, minY: y - 8, maxX: x + 8, maxY: y + 8))
    }

    // MARK: - Labels

    private mutating func placeLabels() -> (bytes: [UInt8], placed: [String], dropped: Int) {
        guard !labels.isEmpty else { return ([], [], 0) }
        var placer = LabelPlacer(width: viewport.width, height: viewport.height)
        for box in obstacles { placer.addObstacle(box) }
        let ordered = labels.sorted { ($0.rank, $0.weight, $0.order) < ($1.rank, $1.weight, $1.order) }
        var placed: [(LabelRequest, LabelPlacer.Candidate)] = []
        var dropped = 0
        for request in ordered {
            if let spot = placer.place(text: request.text, fontSize: request.fontSize, candidates: request.candidates) {
                placed.append((request, spot))
            } else {
                dropped += 1
            }
        }
        var out = SVGBuffer(precision: options.precision, capacity: placed.count * 160)
        out.append("<g id=\"labels\">\n<g class=\"halo\" fill=\"")
        out.appendEscaped(theme.halo)
        out.append("\" stroke=\"")
        out.appendEscaped(theme.halo)
        out.append("\" stroke-width=\"3\" stroke-linejoin=\"round\" stroke-opacity=\"0.85\" aria-hidden=\"true\">\n")
        for (request, spot) in placed { writeText(request, spot, into: &out, withID: false) }
        out.append("</g>\n<g class=\"text\" fill=\"")
        out.appendEscaped(theme.text)
        out.append("\">\n")
        for (request, spot) in placed { writeText(request, spot, into: &out, withID: true) }
        out.append("</g>\n</g>\n")
        return (out.bytes, placed.map(\.0.text), dropped)
    }

    private func writeText(
        _ request: LabelRequest, _ spot: LabelPlacer.Candidate, into out: inout SVGBuffer, withID: Bool
    ) {
        out.append("<text")
        if withID, let id = request.id {
            out.append(" data-id=\"")
            out.appendEscaped(id)
            out.append("\"")
        }
        out.append(" x=\"")
        out.appendNumber(spot.x)
        out.append("\" y=\"")
        out.appendNumber(spot.y)
        out.append("\" font-size=\"")
        out.appendNumber(request.fontSize, decimals: 2)
        out.append("\"")
        switch spot.alignment {
        case .start: break
        case .middle: out.append(" text-anchor=\"middle\"")
        case .end: out.append(" text-anchor=\"end\"")
        }
        out.append(">")
        out.appendEscaped(request.text)
        out.append("</text>\n")
    }

    // MARK: - Furniture

    /// Writes the furniture and registers its boxes as obstacles for labels.
    private mutating func layoutFurniture(title: String?, into out: inout SVGBuffer) {
        let width = viewport.width
        let height = viewport.height
        var nextY = 10.0
        if let title, !title.isEmpty {
            let fontSize = 15.0
            let textWidth = min(LabelPlacer.textWidth(title, fontSize: fontSize), width - 40)
            out.append("<g id=\"map-title-panel\"><rect x=\"10\" y=\"10\" width=\"")
            out.appendNumber(textWidth + 20)
            out.append("\" height=\"28\" rx=\"4\" fill=\"")
            out.appendEscaped(theme.panel)
            out.append("\" fill-opacity=\"0.9\" stroke=\"")
            out.appendEscaped(theme.panelBorder)
            out.append("\"/><text x=\"20\" y=\"29\" font-size=\"15\" font-weight=\"bold\" fill=\"")
            out.appendEscaped(theme.text)
            out.append("\">")
            out.appendEscaped(title)
            out.append("</text></g>\n")
            obstacles.append(.init(minX: 10, minY: 10, maxX: 30 + textWidth, maxY: 38))
            nextY = 46
        }
        if options.showsLegend, !legend.isEmpty {
            let size = legend.size
            legend.write(into: &out, x: 10, y: nextY, theme: theme)
            obstacles.append(.init(minX: 10, minY: nextY, maxX: 10 + size.width, maxY: nextY + size.height))
        }
        let showCompass: Bool
        switch options.compass {
        case .automatic: showCompass = viewport.heading.truncatingRemainder(dividingBy: 360) != 0
        case .always: showCompass = true
        case .never: showCompass = false
        }
        if showCompass {
            let cx = width - 10 - Compass.radius
            let cy = 10 + Compass.radius
            Compass(heading: viewport.heading).write(into: &out, centerX: cx, centerY: cy, theme: theme)
            obstacles.append(
                .init(
                    minX: cx - Compass.radius, minY: cy - Compass.radius, maxX: cx + Compass.radius,
                    maxY: cy + Compass.radius))
        }
        if let units = options.scaleBar, let bar = scaleBar(units: units) {
            bar.write(into: &out, x: 16, y: height - 12, theme: theme)
            obstacles.append(.init(minX: 10, minY: height - 32, maxX: 22 + bar.length, maxY: height - 4))
        }
        if let attribution = options.attribution, !attribution.isEmpty {
            let textWidth = LabelPlacer.textWidth(attribution, fontSize: 9)
            out.append("<text id=\"attribution\" x=\"")
            out.appendNumber(width - 6)
            out.append("\" y=\"")
            out.appendNumber(height - 6)
            out.append("\" font-size=\"9\" text-anchor=\"end\" fill=\"")
            out.appendEscaped(theme.secondaryText)
            out.append("\" stroke=\"")
            out.appendEscaped(theme.background)
            out.append("\" stroke-width=\"2.5\" stroke-opacity=\"0.8\" paint-order=\"stroke\">")
            out.appendEscaped(attribution)
            out.append("</text>\n")
            obstacles.append(.init(minX: width - 8 - textWidth, minY: height - 17, maxX: width, maxY: height))
        }
    }

    /// The scale bar for the centre's latitude, or nil when Mercator's
    /// change of scale across the image would make any single bar wrong by
    /// more than 25%.
    private func scaleBar(units: DistanceFormatter.Units) -> ScaleBar? {
        let k = viewport.pointsPerMapPoint
        let center = viewport.center
        let metersPerPoint = metersPerMapPoint(atLatitude: center.coordinate.latitude) / k
        let halfHeight = max(viewport.width, viewport.height) / 2 / k
        for y in [center.y - halfHeight, center.y + halfHeight] {
            let latitude = MapPoint(x: center.x, y: min(max(y, 0), MapSize.world.height)).coordinate.latitude
            let ratio = metersPerMapPoint(atLatitude: latitude) / k / metersPerPoint
            if ratio < 0.75 || ratio > 1.25 { return nil }
        }
        return ScaleBar(metersPerPoint: metersPerPoint, units: units, maximumLength: min(140, viewport.width * 0.3))
    }
}
