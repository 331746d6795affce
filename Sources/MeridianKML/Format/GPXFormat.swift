import MeridianCore
import MeridianIO

extension InputFormat {
    /// GPX 1.0 or 1.1.
    public static let gpx = InputFormat("gpx")
    /// Garmin's Training Center XML.
    public static let tcx = InputFormat("tcx")
}

/// GPX and TCX as input formats: XML whose root element is `<gpx>` or
/// `<TrainingCenterDatabase>`. A GPX's features are in three layers, as
/// GDAL's GPX driver names them: `waypoints`, `routes` and `tracks`.
public struct GPXFormat: FeatureFormat {
    public let format: InputFormat
    /// The local name of the root element.
    let rootElement: String

    /// GPX 1.0 and 1.1.
    public static let gpx = GPXFormat(format: .gpx, rootElement: "gpx")
    /// Garmin's TCX.
    public static let tcx = GPXFormat(format: .tcx, rootElement: "TrainingCenterDatabase")

    private init(format: InputFormat, rootElement: String) {
        self.format = format
        self.rootElement = rootElement
    }

    public func recognise(_ probe: InputProbe) -> InputProbe.Match? {
        probe.isBytes && probe.xmlRootName == rootElement ? .certain : nil
    }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        try Self.reader(for: input)
    }

    public func validate(_ input: Input, options: ValidationOptions) -> [Diagnostic]? {
        GPXValidator.validate(geometry: options.geometry) { () throws(DiagnosticError) in try Self.reader(for: input) }
    }

    /// GPX is written back as GPX; a TCX's features as GeoJSON.
    public func matchingOutput(for input: Input, in formats: FormatRegistry) -> OutputFormat? {
        format == .gpx ? .gpx : nil
    }

    static func reader(for input: Input) throws(DiagnosticError) -> GPXFeatureReader {
        let stream = try input.stream(or: "io.open", isNot: "GPX or TCX")
        return try GPXFeatureReader(
            fileDescriptor: stream.descriptor, prefix: stream.prefix, leadingNewlines: stream.skippedLines,
            fileName: input.name)
    }
}

extension GPXFeatureReader: FeatureReader {
    /// A GPX feature's layer, `waypoints`, `routes` or `tracks`; nil for TCX.
    public func layer(of feature: Feature) -> String? {
        guard dialect == .gpx else { return nil }
        switch feature.properties["_gpxType"]?.stringValue {
        case "trk": return "tracks"
        case "rte": return "routes"
        default: return "waypoints"
        }
    }

    public var warnings: [Diagnostic] { diagnostics }
}
