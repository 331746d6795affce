import ArgumentParser
import Meridian

struct RenderCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw map data as a static SVG or PNG map, as MapKit's snapshotter draws an image.",
        discussion: """
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
            are drawn under its content.
            """
    )

    @Argument(help: "Input files, bottom layer first.")
    var inputs: [String] = []

    @Option(help: "A map document (JSON, see docs/map-document.md) declaring the map: its framing, style and content.")
    var map: String?

    @Option(name: .shortAndLong, help: "The map to write (.png for a PNG, else SVG), or - for standard output.")
    var output: String

    @Option(help: "svg or png (default: png for an output ending .png, else svg).")
    var imageFormat: ImageFormat?

    @Option(help: "Image size in points, WIDTHxHEIGHT (16 to 100000 each; default 1024x768, or the map document's).")
    var size: MapSize?

    @Option(help: "Pixels per point (the SVG's width and height are size x scale; default 1, or the map document's).")
    var scale: Double?

    @Option(help: "Show a region: LAT,LON,LAT_DELTA,LON_DELTA (degrees).")
    var region: NumberList?

    @Option(help: "Show a box: WEST,SOUTH,EAST,NORTH (degrees).")
    var bbox: NumberList?

    @Option(
        help:
            "Look from a camera: LAT,LON,DISTANCE_M[,HEADING[,PITCH]]; the heading rotates the map, a pitch (0-60) tilts it in perspective."
    )
    var camera: NumberList?

    @Option(help: "Points left free around the data when fitting it.")
    var padding: Double = 24

    @Option(help: "Theme: light or dark (default light, or the map document's colorScheme).")
    var theme: ThemeName?

    @Option(help: "The property labels are taken from (default: name, then title).")
    var labels: String?

    @Flag(help: "Draw no labels.")
    var noLabels = false

    @Option(
        help:
            "The numeric property that decides which point labels win when they collide, larger first (PROP:asc for smaller first); default population, pop_max or scalerank when present."
    )
    var labelPriority: String?

    @Option(help: "The property holding each feature's category (for --filter, --legend and colours).")
    var categoryProperty: String = "category"

    @Option(
        help:
            "Points of interest to show by MapKit category: CAT,CAT (or include:CAT,...), exclude:CAT,..., all or none (cafe, restroom, publicTransport...)."
    )
    var filter: String?

    @Option(help: "Point markers: auto, balloon or dot.")
    var marker: MarkerChoice = .auto

    @Option(help: "Scale bar units: metric, imperial, yards or none.")
    var scaleBar: ScaleBarChoice = .metric

    @Option(help: "Compass: auto (when rotated), always or never.")
    var compass: CompassChoice = .auto

    @Flag(help: "Draw a legend of the categories shown.")
    var legend = false

    @Option(help: "A title drawn on the map and written to the SVG's <title>.")
    var title: String?

    @Option(help: "Attribution text drawn bottom right.")
    var attribution: String?

    @Option(help: "IMDF inputs: the level ordinal to draw (default: 0 if a level has it, else the lowest).")
    var level: Int?

    @Option(help: "IMDF inputs: the preferred language of names (default: the manifest's language).")
    var language: String?

    @Option(
        help: "Properties to write on each drawn element as data- attributes, KEY,KEY (as mapshaper's svg-data).")
    var svgData: String?

    @Option(help: "Decimals of SVG coordinates (0-6).")
    var precision: Int = 2

    @Option(help: "Simplification tolerance in pixels (0 keeps every visible vertex).")
    var tolerance: Double = 0.15

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if inputs.isEmpty, map == nil {
            throw ValidationError("give at least one input file, or a map document (--map)")
        }
        if map != nil, region != nil || bbox != nil || camera != nil || filter != nil {
            throw ValidationError(
                "with --map the document frames the map and filters its points: leave out --region, --bbox, --camera and --filter"
            )
        }
        if [region, bbox, camera].compactMap({ $0 }).count > 1 {
            throw ValidationError("use only one of --region, --bbox and --camera")
        }
        if !(0...6).contains(precision) { throw ValidationError("--precision must be between 0 and 6") }
        _ = try parsedFraming()
    }

    func run() throws {
        let paths = try InputExpansion.expand(inputs)
        let destination = try OutputDestination(path: output)
        let opened = try paths.map { path throws(DiagnosticError) in try Input(path: path) }
        if level != nil, !opened.contains(where: { $0.format == .imdf }) {
            throw ValidationError("--level applies to IMDF archives only")
        }
        let document = try map.map { path throws(DiagnosticError) in try MapDocument(contentsOf: path) }
        let colorScheme = document?.map.style.colorScheme
        let chosenTheme = theme?.theme ?? (colorScheme == .dark ? .dark : .light)
        let indoor = Layer.IndoorOptions(level: level, theme: chosenTheme, languages: language.map { [$0] } ?? [])
        var warnings: [Diagnostic] = []
        let layers = try opened.map { input throws(DiagnosticError) in
            try Layer(input: input, indoor: indoor, warnings: &warnings)
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
        let snapshot = try Snapshotter(options: options).snapshot()
        try destination.write((imageFormat ?? ImageFormat(path: output)) == .png ? snapshot.pngData() : snapshot.bytes)
        try destination.commit()
    }

    private func numbers(_ list: NumberList, count: ClosedRange<Int>, option: String) throws -> [Double] {
        guard count.contains(list.values.count) else {
            let expected =
                count.lowerBound == count.upperBound
                ? "\(count.lowerBound)" : "\(count.lowerBound) to \(count.upperBound)"
            throw ValidationError("--\(option) takes \(expected) comma-separated numbers, not \(list.values.count)")
        }
        return list.values
    }

    private func parsedFraming() throws -> Framing {
        if let region {
            let n = try numbers(region, count: 4...4, option: "region")
            guard n[2] > 0, n[3] > 0 else {
                throw ValidationError("--region needs positive latitude and longitude deltas")
            }
            return .region(
                CoordinateRegion(
                    center: Coordinate(latitude: n[0], longitude: n[1]),
                    span: CoordinateSpan(latitudeDelta: n[2], longitudeDelta: n[3])))
        }
        if let bbox {
            let n = try numbers(bbox, count: 4...4, option: "bbox")
            guard n[3] > n[1] else { throw ValidationError("--bbox needs SOUTH below NORTH: WEST,SOUTH,EAST,NORTH") }
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
