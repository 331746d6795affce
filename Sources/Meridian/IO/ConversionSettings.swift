import MeridianCore
import MeridianIO
import MeridianSpatial

/// Everything a conversion is asked to do, as one value: what `meridian
/// convert` parses its options into, and what ``FeatureConverter`` takes.
///
/// ```swift
/// var settings = ConversionSettings(format: .ndjson)
/// settings.writing.precision = 6
/// settings.reading.skippingBadRecords = true
/// try FeatureConverter.convert(input: "big.geojsonseq", output: "big.ndjson", settings: settings)
/// ```
public struct ConversionSettings: Sendable {
    /// The output format; nil for the input's own
    /// (``OutputFormat/init(matching:)``).
    public var format: OutputFormat?
    /// How the input is read (a level, a layer, bad records, CSV columns).
    public var reading: ReadingOptions
    /// How the output is written (precision, indentation, winding).
    public var writing: WritingOptions
    /// Make every geometry valid on the way (`convert --fix`, `meridian fix`).
    public var repair: FeatureRepairer.Options?
    /// Filter and shape features after any repair (``FeatureShaper``);
    /// reading stops once its `limit` is written.
    public var shaping: ShapingOptions?
    /// A spatial operation every feature goes through after any repair
    /// and before shaping (`meridian buffer`, `dissolve`...); its
    /// diagnostics are the summary's `operationDiagnostics`.
    public var operation: (any FeatureOperation)?
    /// The threads used (nil: one per core, or `MERIDIAN_THREADS`; 1: the
    /// caller's alone). The output is byte for byte the same whatever the
    /// number.
    public var threads: Int?
    /// The formats the output format is found among.
    public var formats: FormatRegistry

    public init(
        format: OutputFormat? = nil, reading: ReadingOptions = ReadingOptions(),
        writing: WritingOptions = WritingOptions(), repair: FeatureRepairer.Options? = nil,
        shaping: ShapingOptions? = nil, operation: (any FeatureOperation)? = nil, threads: Int? = nil,
        formats: FormatRegistry = .standard
    ) {
        self.format = format
        self.reading = reading
        self.writing = writing
        self.repair = repair
        self.shaping = shaping
        self.operation = operation
        self.threads = threads
        self.formats = formats
    }
}
