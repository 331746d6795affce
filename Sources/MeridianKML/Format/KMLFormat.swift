import MeridianArchive
import MeridianCore
import MeridianIO

extension InputFormat {
    /// A KML 2.2 document (UTF-8 or UTF-16).
    public static let kml = InputFormat("kml")
    /// A KMZ: a zip holding a KML document.
    public static let kmz = InputFormat("kmz")
}

/// KML and KMZ as input formats. KML is any XML that no more particular
/// XML format (GPX, TCX) claims by its root element; KMZ is any zip that
/// no more particular zipped format (an IMDF archive) claims.
public struct KMLFormat: FeatureFormat {
    public let format: InputFormat

    /// KML text.
    public static let kml = KMLFormat(format: .kml)
    /// A zipped KML document.
    public static let kmz = KMLFormat(format: .kmz)

    private init(format: InputFormat) {
        self.format = format
    }

    public func recognise(_ probe: InputProbe) -> InputProbe.Match? {
        switch probe.content {
        case .zip: return format == .kmz ? .fallback : nil
        case .bytes: return format == .kml && probe.looksLikeXML ? .likely : nil
        case .folder, .location: return nil
        }
    }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        try Self.reader(for: input, options: KMLReadingOptions())
    }

    public func validate(_ input: Input, options: ValidationOptions) -> [Diagnostic]? {
        KMLValidator.validate(geometry: options.geometry) { options throws(DiagnosticError) in
            try Self.reader(for: input, options: options)
        }
    }

    public func matchingOutput(for input: Input, in formats: FormatRegistry) -> OutputFormat? {
        format == .kmz ? .kmz : .kml
    }

    static func reader(for input: Input, options: KMLReadingOptions) throws(DiagnosticError) -> KMLFeatureReader {
        switch input.content {
        case .zip(let zip):
            return try KMLFeatureReader(kmz: zip, options: options)
        case .stream(let descriptor, let prefix, let lines, _, let seekable):
            return try KMLFeatureReader(
                fileDescriptor: descriptor, prefix: prefix, leadingNewlines: lines, fileName: input.name,
                seekable: seekable, options: options)
        case .folder, .location:
            throw DiagnosticError(
                code: "io.open", message: "\(input.name) is not KML", location: SourceLocation(file: input.name))
        }
    }
}

extension KMLFeatureReader: FeatureReader {
    /// A feature's layer: the top-level folder it is in, as GDAL's KML
    /// driver names layers; nil outside folders.
    public func layer(of feature: Feature) -> String? {
        feature.properties["folder"]?.arrayValue?.first?.stringValue
    }

    public var warnings: [Diagnostic] { diagnostics }

    /// `kmz (doc.kml)` for a KMZ's entry.
    public var layout: String? { kmzEntry.map { "kmz (\($0))" } }
}
