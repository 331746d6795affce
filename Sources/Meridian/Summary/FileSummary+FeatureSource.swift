import MeridianCore
import MeridianGeoJSON

extension FileSummary {
    /// Summarises any input a ``FeatureSource`` reads (GeoJSON family, KML,
    /// KMZ, IMDF features), streaming it (a large GeoJSON input on every
    /// core); `progress` is told the bytes read every 1024 features or so
    /// when the format streams.
    public init(source: FeatureSource, progress: ((Int) -> Void)? = nil) throws(DiagnosticError) {
        self.init(path: Input.redactingPassword(source.path), layout: source.format.rawValue)
        // A large GeoJSON input is decoded and summarised in parts on every
        // core; the parts are added up here, in order.
        let decoder = FeatureBatchDecoder { features in
            var part = FileSummary(path: "", layout: "")
            for feature in features { part.add(feature) }
            return part
        }
        var reported = 0
        while let part = try source.nextBatch(using: decoder) {
            add(part)
            if let progress, featureCount - reported >= 1024, let bytes = source.bytesConsumed {
                progress(bytes)
                reported = featureCount
            }
        }
        layout = source.layout
        coordinateSystems = source.sourceCoordinateSystems
        extentSystem = source.coordinateSystem
    }
}

/// The summary of any input, whatever its format: a ``VenueSummary`` for
/// an IMDF venue, a ``FileSummary`` for everything else.
public enum InputSummary: Sendable {
    case features(FileSummary)
    case venue(VenueSummary)

    /// Summarises an opened input, read as `options` say (its coordinate
    /// systems, for one), streaming it when it streams.
    public init(
        input: Input, options: ReadingOptions = ReadingOptions(), progress: ((Int) -> Void)? = nil
    ) throws(DiagnosticError) {
        if input.format == .imdf {
            self = .venue(VenueSummary(archive: try input.imdfArchive(), path: input.path))
        } else {
            self = .features(try FileSummary(source: FeatureSource(input: input, options: options), progress: progress))
        }
    }

    /// The report for people, ending with a newline.
    public var text: String {
        switch self {
        case .features(let summary): summary.text + "\n"
        case .venue(let summary): summary.text
        }
    }

    public var json: JSONValue {
        switch self {
        case .features(let summary): summary.json
        case .venue(let summary): summary.json
        }
    }

    /// Features counted (0 for a venue, whose counts are by type).
    public var featureCount: Int {
        if case .features(let summary) = self { return summary.featureCount }
        return 0
    }
}
