import Meridian
import MeridianCommandLine

struct RenderCommand: ReportingCommand {
    static let name = "render"
    static let abstract =
        "Draw map data as a static SVG or PNG map, as MapKit's snapshotter draws an image."
    static let discussion = """
        Each input is one layer, drawn in the order given (the first at the bottom). Styles come \
        from simplestyle properties (stroke, stroke-width, fill, marker-color, marker-symbol...) \
        over the theme's defaults. Without --region, --bbox or --camera the map fits the data. \
        Only what is visible is written, simplified below a pixel. The output file appears only \
        when the whole map has been drawn. Inputs: GeoJSON, GeoJSON text sequences and \
        newline-delimited GeoJSON (- for standard input), KML and KMZ, and IMDF archives (a \
        folder or .zip holding manifest.json), of which one level is drawn (--level) the way \
        Apple's indoor sample draws it, titled with the level's name. A PNG (-o map.png, or \
        --image-format png) is the SVG drawn by librsvg and cairo at the size times --scale pixels \
        (--scale 2 for @2x). With --map, a map document (JSON modelled on Apple's Web Snapshots \
        parameters: center, z or spn or distance, size, scale, colorScheme, poi, annotations, \
        overlays, circles; see docs/map-document.md) frames and styles the map, and the inputs \
        are drawn under its content. With --basemap, a PMTiles archive of vector tiles is drawn \
        beneath everything, styled by --style (light or dark, built in, or a MapLibre style file; \
        see docs/tiles.md).
        """

    let inputs: [String]
    let map: String?
    let basemap: String?
    let style: String?
    let output: String
    let imageFormat: ImageFormat?
    let size: MapSize?
    let scale: Double?
    let region: NumberList?
    let bbox: NumberList?
    let camera: NumberList?
    let padding: Double
    let theme: ThemeName?
    let labels: String?
    let noLabels: Bool
    let labelPriority: String?
    let categoryProperty: String
    let filter: String?
    let marker: MarkerChoice
    let scaleBar: ScaleBarChoice
    let compass: CompassChoice
    let legend: Bool
    let title: String?
    let attribution: String?
    let level: Int?
    let systems: CoordinateSystemArguments
    let language: String?
    let svgData: String?
    let precision: Int
    let tolerance: Double
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        inputs = try arguments.arguments("inputs", help: "Input files, bottom layer first.")
        map = try arguments.option(
            "map",
            help: "A map document (JSON, see docs/map-document.md) declaring the map: its framing, style and content.")
        output = try arguments.requiredOption(
            "output", short: "o", help: "The map to write (.png for a PNG, else SVG), or - for standard output.")
        basemap = try arguments.option(
            "basemap", help: "Draw a PMTiles archive of vector tiles beneath the data (docs/tiles.md).")
        style = try arguments.option(
            "style",
            help: "The basemap's style: light, dark (the default follows --theme) or a MapLibre style file.")
        imageFormat = try arguments.option(
            "image-format", help: "svg or png (default: png for an output ending .png, else svg).")
        size = try arguments.option(
            "size",
            help: "Image size in points, WIDTHxHEIGHT (16 to 100000 each; default 1024x768, or the map document's).")
        scale = try arguments.option(
            "scale",
            help: "Pixels per point (the SVG's width and height are size x scale; default 1, or the map document's).")
        region = try arguments.option("region", help: "Show a region: LAT,LON,LAT_DELTA,LON_DELTA (degrees).")
        bbox = try arguments.option("bbox", help: "Show a box: WEST,SOUTH,EAST,NORTH (degrees).")
        camera = try arguments.option(
            "camera",
            help:
                "Look from a camera: LAT,LON,DISTANCE_M[,HEADING[,PITCH]]; the heading rotates the map, a pitch (0-60) tilts it in perspective."
        )
        padding = try arguments.option(
            "padding", default: 24, help: "Points left free around the data when fitting it.")
        theme = try arguments.option(
            "theme", help: "Theme: light or dark (default light, or the map document's colorScheme).")
        labels = try arguments.option("labels", help: "The property labels are taken from (default: name, then title).")
        noLabels = arguments.flag("no-labels", help: "Draw no labels.")
        labelPriority = try arguments.option(
            "label-priority",
            help:
                "The numeric property that decides which point labels win when they collide, larger first (PROP:asc for smaller first); default population, pop_max or scalerank when present."
        )
        categoryProperty = try arguments.option(
            "category-property", default: "category",
            help: "The property holding each feature's category (for --filter, --legend and colours).")
        filter = try arguments.option(
            "filter",
            help:
                "Points of interest to show by MapKit category: CAT,CAT (or include:CAT,...), exclude:CAT,..., all or none (cafe, restroom, publicTransport...)."
        )
        marker = try arguments.option("marker", default: .auto, help: "Point markers: auto, balloon or dot.")
        scaleBar = try arguments.option(
            "scale-bar", default: .metric, help: "Scale bar units: metric, imperial, yards or none.")
        compass = try arguments.option(
            "compass", default: .auto, help: "Compass: auto (when rotated), always or never.")
        legend = arguments.flag("legend", help: "Draw a legend of the categories shown.")
        title = try arguments.option("title", help: "A title drawn on the map and written to the SVG's <title>.")
        attribution = try arguments.option("attribution", help: "Attribution text drawn bottom right.")
        level = try arguments.option(
            "level", help: "IMDF inputs: the level ordinal to draw (default: 0 if a level has it, else the lowest).")
        language = try arguments.option(
            "language", help: "IMDF inputs: the preferred language of names (default: the manifest's language).")
        svgData = try arguments.option(
            "svg-data",
            help: "Properties to write on each drawn element as data- attributes, KEY,KEY (as mapshaper's svg-data).")
        precision = try arguments.option("precision", default: 2, help: "Decimals of SVG coordinates (0-6).")
        tolerance = try arguments.option(
            "tolerance", default: 0.15, help: "Simplification tolerance in pixels (0 keeps every visible vertex).")
        systems = try arguments.group { try CoordinateSystemArguments($0, target: false) }
        report = try arguments.group(ReportOptions.self)
    }

    func validate() throws {
        if inputs.isEmpty, map == nil {
            throw UsageError("give at least one input file, or a map document (--map)")
        }
        if map != nil, region != nil || bbox != nil || camera != nil || filter != nil {
            throw UsageError(
                "with --map the document frames the map and filters its points: leave out --region, --bbox, --camera and --filter"
            )
        }
        if style != nil, basemap == nil {
            throw UsageError("--style styles a basemap: give --basemap too")
        }
        if [region, bbox, camera].compactMap({ $0 }).count > 1 {
            throw UsageError("use only one of --region, --bbox and --camera")
        }
        if !(0...6).contains(precision) { throw UsageError("--precision must be between 0 and 6") }
        _ = try parsedFraming()
    }

    func run() throws {
        let format = imageFormat ?? ImageFormat(path: output)
        if format == .png { Snapshot.preparePNG() }
        let paths = try InputExpansion.expand(inputs)
        try OutputDestination.checkNotInput(
            output, inputs: paths + [map, basemap, style].compactMap { $0 })
        let destination = try OutputDestination(path: output)
        let opened = try paths.map { path throws(DiagnosticError) in try Input(path: path) }
        if level != nil, !opened.contains(where: { $0.format == .imdf }) {
            throw UsageError("--level applies to IMDF archives only")
        }
        let document = try map.map { path throws(DiagnosticError) in try MapDocument(contentsOf: path) }
        let colorScheme = document?.map.style.colorScheme
        let chosenTheme = theme?.theme ?? (colorScheme == .dark ? .dark : .light)
        let indoor = Layer.IndoorOptions(level: level, theme: chosenTheme, languages: language.map { [$0] } ?? [])
        var warnings: [Diagnostic] = []
        let layers = try opened.map { input throws(DiagnosticError) in
            try Layer(input: input, indoor: indoor, reading: systems.readingOptions, warnings: &warnings)
        }
        Console.shared.warn(warnings)
        var options: Snapshotter.Options
        if let document {
            options = try document.map(with: layers).options(
                size: size?.size ?? document.size, scale: scale ?? document.scale)
            options.title = title ?? options.title
            options.attribution = attribution ?? options.attribution
        } else {
            options = Snapshotter.Options(layers: layers)
            options.size = (size ?? MapSize(width: 1024, height: 768)).size
            options.scale = scale ?? 1
            options.framing = try parsedFraming()
            options.pointFilter = try parsedFilter()
            options.title = title
            options.attribution = attribution
            options.compass = compass.visibility
            options.scaleBar = scaleBar.units
        }
        options.theme = chosenTheme
        options.labels = noLabels ? .none : LabelOptions(property: labels)
        if let labelPriority {
            options.labels.priorityAscending = labelPriority.hasSuffix(":asc")
            options.labels.priority =
                options.labels.priorityAscending ? String(labelPriority.dropLast(4)) : labelPriority
        }
        options.categoryProperty = categoryProperty
        options.markerStyle = marker.style
        options.showsLegend = legend
        options.precision = precision
        options.simplificationTolerance = tolerance
        options.dataProperties = svgData?.split(separator: ",").map(String.init) ?? []
        if let archive = basemap ?? document?.basemapPath {
            let chosen = try Basemap(
                archive: archive, style: style ?? (basemap == nil ? document?.basemapStyle : nil), theme: chosenTheme)
            Console.shared.warn(chosen.style.warnings)
            options.basemap = chosen
        }
        let snapshot = try Snapshotter(options: options).snapshot()
        try snapshot.write(to: destination, as: format)
        try destination.commit()
    }

    private func numbers(_ list: NumberList, count: ClosedRange<Int>, option: String) throws -> [Double] {
        guard count.contains(list.values.count) else {
            let expected =
                count.lowerBound == count.upperBound
                ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
            throw UsageError("--\(option) takes \(expected) comma-separated numbers, not \(list.values.count)")
        }
        return list.values
    }

    private func parsedFraming() throws -> Framing {
        if let region {
            let n = try numbers(region, count: 4...4, option: "region")
            guard n[2] > 0, n[3] > 0 else {
                throw UsageError("--region needs positive latitude and longitude deltas")
            }
            return .region(
                CoordinateRegion(
                    center: Coordinate(latitude: n[0], longitude: n[1]),
                    span: CoordinateSpan(latitudeDelta: n[2], longitudeDelta: n[3])))
        }
        if let bbox {
            let n = try numbers(bbox, count: 4...4, option: "bbox")
            guard n[3] > n[1] else { throw UsageError("--bbox needs SOUTH below NORTH: WEST,SOUTH,EAST,NORTH") }
            // A west edge east of the east edge crosses the antimeridian.
            let east = n[2] < n[0] ? n[2] + 360 : n[2]
            let northWest = MapPoint(Coordinate(latitude: n[3], longitude: n[0]))
            let southEast = MapPoint(Coordinate(latitude: n[1], longitude: east))
            return .mapRect(
                MapRect(
                    x: northWest.x, y: northWest.y, width: southEast.x - northWest.x, height: southEast.y - northWest.y)
            )
        }
        if let camera {
            let n = try numbers(camera, count: 3...5, option: "camera")
            return .camera(
                MapCamera(
                    center: Coordinate(latitude: n[0], longitude: n[1]), distance: n[2],
                    heading: n.count > 3 ? n[3] : 0, pitch: n.count > 4 ? n[4] : 0))
        }
        return .automatic(padding: padding)
    }

    private func parsedFilter() throws(DiagnosticError) -> PointOfInterestFilter {
        guard let filter, !filter.isEmpty else { return .all }
        return try PointOfInterestFilter(parsing: filter)
    }
}
