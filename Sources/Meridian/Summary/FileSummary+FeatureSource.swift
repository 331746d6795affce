import MeridianCore

extension FileSummary {
    /// Summarises any input a ``FeatureSource`` reads (GeoJSON family, KML,
    /// KMZ, IMDF features), streaming it; `progress` is told the bytes read
    /// every 1024 features when the format streams.
    public init(source: FeatureSource, progress: ((Int) -> Void)? = nil) throws(DiagnosticError) {
        self.init(path: source.path, layout: source.format.rawValue)
        while let feature = try source.next() {
            add(feature)
            if let progress, featureCount % 1024 == 0, let bytes = source.bytesConsumed { progress(bytes) }
        }
        layout = source.layout
    }
}
