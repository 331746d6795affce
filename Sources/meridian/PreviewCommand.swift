import ArgumentParser
import Meridian

struct PreviewCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Write one self-contained HTML page to explore map data in a browser.",
        discussion: """
            The page holds the map as SVG (drawn as 'meridian render' draws it) with pan and zoom \
            (drag, mouse wheel, the +/- buttons or keys), a toggle per input layer and for labels, \
            and a panel with the properties of the feature under the pointer (a click keeps it) and \
            its Apple Maps link. For an IMDF venue every level is drawn and a level switcher on the \
            right lists them as Apple's indoor-map sample does: highest first, labelled by short name, \
            starting at ordinal 0. The page loads nothing from the network: style and script are \
            inline. Inputs: GeoJSON (and sequences, - for standard input), KML, KMZ and IMDF archives.
            """
    )

    @Argument(help: "Input files, bottom layer first.")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The HTML file to write, or - for standard output.")
    var output: String

    @Option(help: "Theme: light or dark.")
    var theme: ThemeName = .light

    @Option(help: "Size of the drawn map in points, WIDTHxHEIGHT (the page scales it to the window).")
    var size = MapSize(width: 960, height: 640)

    @Option(help: "IMDF inputs: the preferred language of names (default: the manifest's language).")
    var language: String?

    @Option(help: "The page's title (default: the venue's name, else the inputs' names).")
    var title: String?

    @OptionGroup var report: ReportOptions

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one input file") }
    }

    func run() throws {
        let started = monotonicSeconds()
        var options = Snapshotter.Options()
        options.size = size.size
        options.theme = theme.theme
        let languages = language.map { [$0] } ?? []
        let paths = try InputExpansion.expand(inputs)
        let destination = try OutputDestination(path: output)
        let indoor = Layer.IndoorOptions(level: nil, theme: options.theme, languages: languages)
        var warnings: [Diagnostic] = []
        let sources = try paths.map { path throws(DiagnosticError) -> PreviewPage.Source in
            let input = try Input(path: path)
            if input.format == .imdf {
                return .venue(try input.imdfArchive(), name: Layer.name(of: path))
            }
            return .layer(try Layer(input: input, indoor: indoor, warnings: &warnings))
        }
        Console.shared.warn(warnings)
        let page = PreviewPage(sources: sources, options: options, languages: languages, title: title)
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
