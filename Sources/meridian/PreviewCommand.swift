import Meridian
import MeridianCommandLine

struct PreviewCommand: ReportingCommand {
    static let name = "preview"
    static let abstract =
        "Write one self-contained HTML page to explore map data in a browser."
    static let discussion = """
        The page holds the map as SVG (drawn as 'meridian render' draws it) with pan and zoom \
        (drag, mouse wheel, the +/- buttons or keys), a toggle per input layer and for labels, \
        and a panel with the properties of the feature under the pointer (a click keeps it) and \
        its Apple Maps link. For an IMDF venue every level is drawn and a level switcher on the \
        right lists them as Apple's indoor-map sample does: highest first, labelled by short name, \
        starting at ordinal 0. The page loads nothing from the network: style and script are \
        inline. Inputs: GeoJSON (and sequences, - for standard input), KML, KMZ and IMDF archives.
        """

    let inputs: [String]
    let output: String
    let theme: ThemeName
    let size: MapSize
    let language: String?
    let title: String?
    let maxFeatures: Int
    let systems: CoordinateSystemArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        inputs = try arguments.arguments("inputs", required: true, help: "Input files, bottom layer first.")
        output = try arguments.requiredOption(
            "output", short: "o", help: "The HTML file to write, or - for standard output.")
        theme = try arguments.option("theme", default: .light, help: "Theme: light or dark.")
        size = try arguments.option(
            "size", default: MapSize(width: 960, height: 640),
            help: "Size of the drawn map in points, WIDTHxHEIGHT (the page scales it to the window).")
        language = try arguments.option(
            "language", help: "IMDF inputs: the preferred language of names (default: the manifest's language).")
        title = try arguments.option(
            "title", help: "The page's title (default: the venue's name, else the inputs' names).")
        maxFeatures = try arguments.option(
            "max-features", default: PreviewPage.defaultMaximumFeatures,
            help: "The most features of the data files a page holds (each is drawn and listed in it).")
        systems = try arguments.group { try CoordinateSystemArguments($0, target: false) }
        report = try arguments.group(ReportOptions.self)
    }

    func validate() throws {
        if maxFeatures < 1 { throw UsageError("--max-features must be 1 or more") }
        if inputs.isEmpty { throw UsageError("give at least one input file") }
    }

    func run() throws {
        let started = monotonicSeconds()
        var options = Snapshotter.Options()
        options.size = size.size
        options.theme = theme.theme
        let languages = language.map { [$0] } ?? []
        let paths = try InputExpansion.expand(inputs)
        try OutputDestination.checkNotInput(output, inputs: paths)
        let destination = try OutputDestination(path: output)
        let indoor = Layer.IndoorOptions(level: nil, theme: options.theme, languages: languages)
        var warnings: [Diagnostic] = []
        let sources = try paths.map { path throws(DiagnosticError) -> PreviewPage.Source in
            let input = try Input(path: path)
            if input.format == .imdf {
                return .venue(try input.imdfArchive(), name: Layer.name(of: path))
            }
            return .layer(
                try Layer(input: input, indoor: indoor, reading: systems.readingOptions, warnings: &warnings))
        }
        Console.shared.warn(warnings)
        let page = PreviewPage(
            sources: sources, options: options, languages: languages, title: title, maximumFeatures: maxFeatures)
        let html = try page.html()
        try destination.write(html)
        try destination.commit()
        let levels = page.levels.count
        Console.shared.note(
            "\(output): \(paths.count) input\(paths.count == 1 ? "" : "s")"
                + (levels > 0 ? ", \(levels) level\(levels == 1 ? "" : "s")" : "")
                + ", \(html.utf8.count) bytes in \(formatDuration(monotonicSeconds() - started))")
    }
}
