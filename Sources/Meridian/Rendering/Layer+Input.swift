import MeridianCore
import MeridianIMDF
import MeridianSnapshot

extension Layer {
    /// What an IMDF input needs to become a layer: which level, the theme
    /// its colours come from, and the preferred languages of names.
    public struct IndoorOptions: Sendable {
        public var level: Int?
        public var theme: Theme
        public var languages: [String]

        public init(level: Int? = nil, theme: Theme = .light, languages: [String] = []) {
            self.level = level
            self.theme = theme
            self.languages = languages
        }
    }

    /// One input as a layer to draw, named after the file: an IMDF venue
    /// becomes one level's features styled as Apple's indoor sample draws
    /// them (``IMDFLevelLayer``); KML and KMZ become features whose styles
    /// are simplestyle properties; GeoJSON in any layout is read as is.
    /// `warnings` receives what the reader worked around (KML); `reading`
    /// says how the input is read (the system it is in, for one).
    public init(
        input: Input, indoor: IndoorOptions = IndoorOptions(), reading: ReadingOptions = ReadingOptions(),
        warnings: inout [Diagnostic]
    ) throws(DiagnosticError) {
        let name = Self.name(of: input.path)
        if input.format == .imdf {
            let level = try IMDFLevelLayer(
                archive: try input.imdfArchive(), ordinal: indoor.level, theme: indoor.theme,
                languages: indoor.languages)
            self = level.layer
            id = name + "-" + id
            return
        }
        let source = try FeatureSource(input: input, options: reading)
        let features = try source.readAll()
        warnings += source.warnings
        self.init(id: name, features: features)
    }

    /// A file's name without folders and extension ("stdin" for -).
    public static func name(of path: String) -> String {
        path == "-" ? "stdin" : path.fileStem
    }
}
