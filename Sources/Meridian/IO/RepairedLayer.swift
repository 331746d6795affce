import MeridianCore
import MeridianIO
import MeridianValidity

/// Every feature of an input, read whole and each geometry made valid as
/// `meridian fix` makes it: the layer a join or an overlay holds while
/// the other input streams past.
///
/// ```swift
/// let counties = try RepairedLayer(path: "counties.shp")
/// counties.features.count    // every feature, repaired
/// counties.repairs           // fix.* notes, located at each feature
/// ```
public struct RepairedLayer: Sendable {
    public var features: [Feature]
    /// Each change made, as `fix.*` notes (see ``FeatureRepairer``).
    public var repairs: [Diagnostic]
    /// Problems the reader worked around.
    public var warnings: [Diagnostic]
    /// How the input was laid out (``FeatureSource/layout``), to locate its features.
    public var layout: String

    public init(path: String, options: FeatureRepairer.Options = FeatureRepairer.Options(rewind: false))
        throws(DiagnosticError)
    {
        let source = try FeatureSource(input: Input(path: path))
        var features = try source.readAll()
        let repairer = FeatureRepairer(file: source.input.name, options: options)
        let layout = source.layout
        for index in features.indices { repairer.repair(&features[index], index: index, layout: layout) }
        self.features = features
        repairs = repairer.changes
        warnings = source.warnings
        self.layout = layout
    }
}
