import MeridianCore

/// A format Meridian reads: how its content is recognised, and the reader
/// that decodes its features. Each format module provides one per format
/// it reads, and a ``FormatRegistry`` lists them.
///
/// ```swift
/// struct LinesFormat: FeatureFormat {
///     let format = InputFormat("lines")
///     func recognise(_ probe: InputProbe) -> InputProbe.Match? {
///         probe.meaningfulBytes.starts(with: Array("LINES\n".utf8)) ? .certain : nil
///     }
///     func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
///         try LinesReader(input)
///     }
/// }
/// var formats = FormatRegistry.standard
/// formats.register(LinesFormat())
/// let input = try Input(path: "walk.lines", formats: formats)
/// ```
///
/// Recognition looks at content, never at the name alone (a format may
/// use the name as a hint, as IMDF does with `manifest.json`). Every
/// registered format is asked; the strongest ``InputProbe/Match`` wins,
/// and between equals the one registered first.
public protocol FeatureFormat: Sendable {
    /// The format's name, as diagnostics and `info` show it.
    var format: InputFormat { get }

    /// How surely `probe` holds this format, or nil when it does not. A
    /// format may throw a located error when the content is recognisably
    /// meant for it but cannot be read as it is (UTF-16 GeoJSON, a
    /// GeoPackage on a pipe); that error is reported unless another format
    /// recognises the input as ``InputProbe/Match/certain``.
    func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match?

    /// A reader of the features of `input`, which this format recognised.
    func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader

    /// The problems of `input` as the format's own validator finds them
    /// (structure, values, geometry validity at `options.geometry`), or nil
    /// to have every feature read and its geometry checked, which is what
    /// `meridian validate` then does.
    func validate(_ input: Input, options: ValidationOptions) -> [Diagnostic]?

    /// The codes of reading warnings that are errors of the file when it is
    /// validated: what reading works around by leaving data out (a
    /// geometry off the globe or unreadable, read as null), which
    /// `meridian validate` must not pass with exit status 0.
    var errorsWhenValidating: Set<String> { get }

    /// The output format that writes `input` back as it came (`meridian
    /// fix` and `convert` without `--to`), or nil for the registry's first
    /// writer.
    func matchingOutput(for input: Input, in formats: FormatRegistry) -> OutputFormat?

    /// Whether the format has levels (floors), which `--level` picks.
    var hasLevels: Bool { get }
}

extension FeatureFormat {
    public func validate(_ input: Input, options: ValidationOptions) -> [Diagnostic]? { nil }
    public var errorsWhenValidating: Set<String> { [] }

    /// `diagnostics` with the warnings of ``errorsWhenValidating`` made errors.
    public func asValidationFindings(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let errors = errorsWhenValidating
        guard !errors.isEmpty else { return diagnostics }
        return diagnostics.map { diagnostic in
            var found = diagnostic
            if errors.contains(found.code) { found.severity = .error }
            return found
        }
    }
    public func matchingOutput(for input: Input, in formats: FormatRegistry) -> OutputFormat? { nil }
    public var hasLevels: Bool { false }
}

/// How much `meridian validate` checks, as every format's validator takes it.
public struct ValidationOptions: Sendable {
    /// How many diagnostics of one code are kept per input.
    public var maximumPerCode: Int
    /// How much geometry validity (OGC rules, through GEOS) is checked.
    public var geometry: ValidityLevel

    public init(maximumPerCode: Int = 1_000, geometry: ValidityLevel = .errors) {
        self.maximumPerCode = maximumPerCode
        self.geometry = geometry
    }
}
