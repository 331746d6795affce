import MeridianCore
import MeridianPlaces
import MeridianLibC
import MeridianPlatform

/// Draws features into a static SVG map, as `MKMapSnapshotter` draws a
/// map into an image.
///
/// ```swift
/// let document = try GeoJSONDocument(decoding: bytes)
/// var options = Snapshotter.Options(layers: [Layer(id: "landmarks", features: document.featureCollection.features)])
/// options.labels = LabelOptions(property: "name")
/// options.showsLegend = true
/// let snapshot = try Snapshotter(options: options).snapshot()
/// let svg = snapshot.bytes   // or, with `import Meridian`, try snapshot.write(toFile: "landmarks.svg")
/// ```
///
/// What it does, in order: validate the options (errors are
/// `DiagnosticError`s with `snapshot.*` codes, never traps; see
/// `Snapshotter+Validation`); break each
/// feature into areas, lines and points, dropping points the
/// ``PointOfInterestFilter`` excludes; frame the view (region, map rect, camera
/// or automatic fit) on the Web Mercator plane of `MapPoint`; then write
/// layer by layer, areas below lines below points, each in
/// `meridian:draw-order` (see ``DrawingHints``), only what is visible
/// (see `PathEncoder` for clipping and simplification), then labels
/// placed without overlaps, then the scale bar, compass, legend, title and
/// attribution.
///
/// The output is deterministic: the same options give the same bytes.
/// Cost: linear in the input's vertices for the visible part (projection
/// is one `sin` and one `log` per vertex), O(1) per part outside the view,
/// and output size proportional to what is visible at pixel resolution.
public struct Snapshotter: Sendable {
    public var options: Options

    public init(options: Options) {
        self.options = options
    }

    /// Renders the snapshot.
    public func snapshot() throws(DiagnosticError) -> Snapshot {
        try validate()
        let items = try collectItems()
        try options.cameraBounds?.check()
        var viewport = try makeViewport(items: items)
        if let bounds = options.cameraBounds { viewport = bounds.clamp(viewport) }
        var renderer = SnapshotRenderer(options: options, viewport: viewport)
        if let basemap = options.basemap { renderer.basemapTiles = try Self.tiles(of: basemap, for: viewport) }
        let snapshot = renderer.render(items)
        // A large layer's items are let go on a worker thread: destroying
        // those of a 191 MB file (each a handful of arrays and strings) took
        // this thread 26 ms of a 1.2 s render, with the other core idle. A
        // small map's are not worth a thread.
        if items.count >= Self.parallelFeatures {
            _ = Platform.runOnWorkerThread { withExtendedLifetime(items) {} }
        }
        return snapshot
    }

    /// The basemap tiles a view needs, fetched and decoded.
    static func tiles(of basemap: Basemap, for viewport: Viewport) throws(DiagnosticError) -> [BasemapTile] {
        var tiles: [BasemapTile] = []
        for tile in basemap.tiles(covering: viewport.mapBounds(margin: 24), zoom: Basemap.zoom(of: viewport)) {
            let size = MapSize.world.width / Double(1 << tile.zoom)
            let layers = try basemap.source.features(zoom: tile.zoom, x: tile.x, y: tile.y)
            guard !layers.isEmpty else { continue }
            tiles.append(
                BasemapTile(
                    layers: layers, rect: MapRect(x: Double(tile.x) * size, y: Double(tile.y) * size, width: size, height: size)))
        }
        return tiles
    }

    // MARK: - Content

    private func collectItems() throws(DiagnosticError) -> [DrawItem] {
        var runs: [ElementRun<DrawItem>] = []
        var order = 0
        for (layerIndex, layer) in options.layers.enumerated() {
            runs += featureItems(layer, index: layerIndex, firstOrder: order)
            order += layer.features.count
            let overlays = ElementRun<DrawItem>(capacity: layer.overlays.count)
            for overlay in layer.overlays {
                var item: DrawItem
                switch overlay {
                case .circle(let circle, let properties):
                    item = makeItem(layer: layerIndex, order: order, properties: properties)
                    guard circle.radius.isFinite, circle.radius > 0, circle.center.isDrawable else { continue }
                    item.circle = circle
                case .geodesicPolyline(let line, let properties):
                    item = makeItem(layer: layerIndex, order: order, properties: properties)
                    item.lines = [line.coordinates]
                case .annotation(let annotation, let properties):
                    var merged = properties
                    if merged["title"] == nil, let title = annotation.title { merged["title"] = .string(title) }
                    item = makeItem(layer: layerIndex, order: order, properties: merged)
                    if item.label == nil { item.label = annotation.title }
                    let passes =
                        layer.role == .content || options.pointFilter.includes(item.pointOfInterestCategory(nil))
                    item.points = passes ? [annotation.coordinate] : []
                }
                order += 1
                if !item.isEmpty { overlays.append(item) }
            }
            runs.append(overlays)
        }
        // Moved into one array, not copied: see ElementRun.
        let items = [DrawItem](concatenating: runs, threads: OrderedWorkPool<Int, Int>.defaultThreads)
        // A basemap alone is a map (a tile of it, a region of it); data alone must have something.
        guard !items.isEmpty || options.basemap != nil else {
            throw DiagnosticError(
                code: "snapshot.content.empty",
                message:
                    "nothing to draw: the inputs have no features with geometry\(options.pointFilter == .all ? "" : " that pass the point filter")"
            )
        }
        return items
    }

    /// Below this many features a layer's items are made on the calling
    /// thread; above, on every core, this many features at a time.
    static let parallelFeatures = 2_048
    static let featuresPerJob = 512

    /// The items of a layer's features that have something to draw, in
    /// order, the first feature's numbered `firstOrder`: made on every
    /// core (``OrderedWorkPool/defaultThreads``) for a large layer.
    private func featureItems(_ layer: Layer, index layerIndex: Int, firstOrder: Int) -> [ElementRun<DrawItem>] {
        let features = layer.features
        let make: @Sendable (Range<Int>) -> ElementRun<DrawItem> = { [self] positions in
            let run = ElementRun<DrawItem>(capacity: positions.count)
            for position in positions {
                if let item = item(
                    of: features[position], layer: layer, index: layerIndex, order: firstOrder + position)
                {
                    run.append(item)
                }
            }
            return run
        }
        let threads = features.count >= Self.parallelFeatures ? OrderedWorkPool<Int, Int>.defaultThreads : 1
        return OrderedWorkPool.results(of: Self.jobs(features.count, Self.featuresPerJob), threads: threads, work: make)
    }

    /// 0..<count in runs of `size` (the last may be shorter): the jobs a
    /// pool is given.
    static func jobs(_ count: Int, _ size: Int) -> [Range<Int>] {
        stride(from: 0, to: count, by: size).map { $0..<min(count, $0 + size) }
    }

    /// A feature's item, nil when it has nothing to draw.
    private func item(of feature: Feature, layer: Layer, index layerIndex: Int, order: Int) -> DrawItem? {
        guard let geometry = feature.geometry else { return nil }
        var properties = feature.properties
        for (key, value) in options.styleOverrides.members { properties[key] = value }
        let featureType =
            properties["feature_type"]?.stringValue ?? feature.foreignMembers["feature_type"]?.stringValue
        var item = DrawItem(
            layer: layerIndex, order: order, id: feature.id?.description,
            category: DrawItem.text(of: properties[options.categoryProperty]),
            featureType: featureType, properties: properties, hints: DrawingHints(properties: properties),
            label: labelText(properties))
        item.add(geometry)
        if !item.points.isEmpty, layer.role == .data,
            !options.pointFilter.includes(item.pointOfInterestCategory(featureType))
        {
            item.points = []
        }
        return item.isEmpty ? nil : item
    }

    private func makeItem(layer: Int, order: Int, properties: JSONObject) -> DrawItem {
        var merged = properties
        for (key, value) in options.styleOverrides.members { merged[key] = value }
        return DrawItem(
            layer: layer, order: order, id: nil, category: DrawItem.text(of: merged[options.categoryProperty]),
            featureType: nil, properties: merged, hints: DrawingHints(properties: merged), label: labelText(merged))
    }

    private func labelText(_ properties: JSONObject) -> String? {
        guard options.labels.isEnabled else { return nil }
        if let property = options.labels.property { return DrawItem.text(of: properties[property]) }
        return DrawItem.text(of: properties["name"]) ?? DrawItem.text(of: properties["title"])
    }

    // MARK: - Framing

    /// The extent of every position of `items`: on every core for a large
    /// map (a 200 MB file's 3.9 million positions took 40 ms on one).
    static func extent(of items: [DrawItem]) -> ContentExtent {
        let threads = items.count >= parallelFeatures ? OrderedWorkPool<Int, Int>.defaultThreads : 1
        let parts = OrderedWorkPool.results(of: jobs(items.count, featuresPerJob), threads: threads) { range in
            var extent = ContentExtent()
            for index in range { items[index].addExtent(to: &extent) }
            extent.merge()
            return extent
        }
        var extent = ContentExtent()
        for part in parts { extent.formUnion(part) }
        return extent
    }

    private func makeViewport(items: [DrawItem]) throws(DiagnosticError) -> Viewport {
        let width = options.size.width
        let height = options.size.height
        func check(_ rect: MapRect) throws(DiagnosticError) {
            guard !rect.isNull, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
                rect.width > 0 || rect.height > 0
            else {
                throw DiagnosticError(
                    code: "snapshot.framing.invalid", message: "the region to show is empty or not finite")
            }
        }
        /// The largest scale at which `rect` fits around `center`.
        func scale(_ rect: MapRect, around center: MapPoint, padding: Double) -> Double {
            let availableWidth = width - 2 * padding > 8 ? width - 2 * padding : width
            let availableHeight = height - 2 * padding > 8 ? height - 2 * padding : height
            let halfWidth = max(center.x - rect.minX, rect.maxX - center.x)
            let halfHeight = max(center.y - rect.minY, rect.maxY - center.y)
            var k = Double.infinity
            if halfWidth > 0 { k = min(k, availableWidth / 2 / halfWidth) }
            if halfHeight > 0 { k = min(k, availableHeight / 2 / halfHeight) }
            return k
        }
        switch options.framing {
        case .region(let region):
            // Centred on the region's centre, as MapKit: on Mercator the
            // centre is not the middle of the region's map rect.
            let rect = MapRect(region)
            try check(rect)
            let center = MapPoint(region.center)
            return Viewport(
                width: width, height: height, center: center,
                pointsPerMapPoint: scale(rect, around: center, padding: 0), heading: 0)
        case .mapRect(let rect):
            try check(rect)
            let center = MapPoint(x: rect.midX, y: rect.midY)
            return Viewport(
                width: width, height: height, center: center,
                pointsPerMapPoint: scale(rect, around: center, padding: 0), heading: 0)
        case .camera(let camera):
            let meters = 2 * camera.distance * tan(MapCamera.halfFieldOfView)
            let mapPoints = meters * mapPointsPerMeter(atLatitude: camera.center.latitude)
            let k = min(width, height) / mapPoints
            guard k.isFinite, k > 0 else {
                throw DiagnosticError(code: "snapshot.framing.invalid", message: "the camera's view is empty")
            }
            // The image's top edge (and the clipping margin above it) must see the
            // ground, not the sky: a tall image takes less pitch, as MapKit limits it.
            let focal = min(width, height) / 2 / tan(MapCamera.halfFieldOfView)
            let topRay = atan((height / 2 + 24) / focal) * 180 / .pi
            return Viewport(
                width: width, height: height, center: MapPoint(camera.center), pointsPerMapPoint: k,
                heading: camera.heading, pitch: min(camera.pitch, 85 - topRay))
        case .automatic(let padding):
            let extent = Self.extent(of: items)
            // Room for a balloon above the topmost point and labels beside.
            let hasPoints = items.contains { !$0.points.isEmpty }
            var rect = extent.mapRect
            guard !rect.isNull else {
                throw DiagnosticError(
                    code: "snapshot.content.empty",
                    message:
                        "nothing to draw: no feature has a position that can be drawn (finite, within 720 degrees of longitude)"
                )
            }
            // Latitudes are clamped at 85 degrees, so whole-world data fits the square world.
            rect = MapRect(
                x: rect.minX, y: max(rect.minY, 0), width: rect.width,
                height: min(rect.maxY, MapSize.world.height) - max(rect.minY, 0))
            let center = MapPoint(x: rect.midX, y: rect.midY)
            var k = scale(rect, around: center, padding: max(0, padding) + (hasPoints ? 20 : 0))
            // Points alone (a single place, a small cluster): show at least 1 km, as a map app
            // zooms to a place. Areas and lines (a floor plan 60 m across) are fitted, as MapKit
            // fits an overlay's boundingMapRect, down to 10 m so a sliver still has a scale.
            let hasShapes = items.contains { !$0.polygons.isEmpty || !$0.lines.isEmpty || $0.circle != nil }
            let minimumMeters = hasShapes ? 10.0 : 1_000.0
            let maximumK =
                min(width, height) / (minimumMeters / metersPerMapPoint(atLatitude: center.coordinate.latitude))
            if !k.isFinite || k > maximumK { k = maximumK }
            return Viewport(width: width, height: height, center: center, pointsPerMapPoint: k, heading: 0)
        }
    }
}
