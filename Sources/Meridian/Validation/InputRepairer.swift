import MeridianCore
import MeridianIMDF
import MeridianIO
import MeridianValidity

/// Repairs any input Meridian reads: the work behind `meridian fix`.
///
/// ```swift
/// let summary = try InputRepairer(precision: 7).repair(input: "venue.zip", output: "fixed.zip")
/// summary.changes      // every change, as fix.* notes naming the feature
/// ```
///
/// An IMDF archive is repaired as an archive (``IMDFRepairer``: ids and
/// their references, geometry, slivers, display points) and written as a
/// zip. Every other input, or an archive converted with an explicit
/// `format`, goes feature by feature through ``FeatureConverter`` with
/// ``FeatureRepairer``: geometry only, in the input's format unless
/// `format` says otherwise. The output appears only when the repair
/// succeeds.
public struct InputRepairer: Sendable {
    /// Snap coordinates to this many decimals, keeping geometry valid.
    public var precision: Int?
    /// Indent GeoJSON output.
    public var pretty: Bool
    /// The most seconds GEOS may spend rebuilding one geometry; nil for no bound.
    public var timeLimit: Double?

    public init(
        precision: Int? = nil, pretty: Bool = false,
        timeLimit: Double? = GeometryValidator.RepairOptions.defaultTimeLimit
    ) {
        self.precision = precision
        self.pretty = pretty
        self.timeLimit = timeLimit
    }

    public struct Summary: Sendable {
        public var featureCount: Int
        public var changedFeatures: Int
        /// The changes (notes), what could not be changed (warnings), and
        /// geometries left unrepaired (errors: `fix.geometry.unrepaired`).
        public var changes: [Diagnostic]
        /// Problems the reader worked around (KML).
        public var warnings: [Diagnostic]
    }

    public func repair(input: String, output: String, format: OutputFormat? = nil) throws(DiagnosticError) -> Summary {
        let opened = try Input(path: input)
        if opened.format == .imdf, format == nil {
            let source = try opened.imdfArchiveSource()
            let result = try IMDFRepairer(precision: precision, timeLimit: timeLimit).repair(source)
            let destination = try OutputDestination(path: output)
            do throws(DiagnosticError) {
                try destination.write(result.archive)
                try destination.commit()
            } catch {
                destination.discard()
                throw error
            }
            return Summary(
                featureCount: result.featureCount, changedFeatures: result.changedFeatures, changes: result.changes,
                warnings: [])
        }
        let summary = try FeatureConverter.convert(
            input: opened, output: output,
            settings: ConversionSettings(
                format: format, writing: WritingOptions(precision: precision, pretty: pretty),
                repair: FeatureRepairer.Options(precision: precision, timeLimit: timeLimit)))
        return Summary(
            featureCount: summary.featureCount, changedFeatures: summary.repairedFeatures, changes: summary.repairs,
            warnings: summary.warnings)
    }
}
