import MeridianCore

/// The formats a program reads and writes: the one list ``Input``
/// recognises content by and `FeatureSink` finds writers in, as GDAL's
/// driver manager lists drivers. `FormatRegistry.standard` (in the
/// `Meridian` module) holds every format Meridian ships; a program adds
/// its own to a copy.
///
/// ```swift
/// var formats = FormatRegistry.standard
/// formats.register(LinesFormat())             // reads .lines files
/// formats.register(output: LinesFormat())     // and writes them
/// let input = try Input(path: "walk.lines", formats: formats)
/// ```
///
/// Registering a format under a name already registered replaces it
/// where it stands.
public struct FormatRegistry: Sendable {
    /// The formats read, in the order they were registered (the order
    /// that breaks ties between equally sure recognitions).
    public private(set) var readers: [any FeatureFormat]
    /// The formats written; the first is written when nothing chooses one.
    public private(set) var writers: [any FeatureOutputFormat]

    public init(readers: [any FeatureFormat] = [], writers: [any FeatureOutputFormat] = []) {
        self.readers = []
        self.writers = []
        for reader in readers { register(reader) }
        for writer in writers { register(output: writer) }
    }

    /// Adds a format read.
    public mutating func register(_ format: any FeatureFormat) {
        if let index = readers.firstIndex(where: { $0.format == format.format }) {
            readers[index] = format
        } else {
            readers.append(format)
        }
    }

    /// Adds a format written.
    public mutating func register(output format: any FeatureOutputFormat) {
        if let index = writers.firstIndex(where: { $0.format == format.format }) {
            writers[index] = format
        } else {
            writers.append(format)
        }
    }

    /// Whether `format` may be written in any coordinate reference system
    /// (``FeatureOutputFormat/writesAnyCoordinateSystem``).
    public func writesAnyCoordinateSystem(_ format: OutputFormat) -> Bool {
        writer(for: format)?.writesAnyCoordinateSystem == true
    }

    /// The writer of `format`, if registered.
    public func writer(for format: OutputFormat) -> (any FeatureOutputFormat)? {
        writers.first { $0.format == format }
    }

    /// The output format named `name` (as `--to` names it), if registered.
    public func outputFormat(named name: String) -> OutputFormat? {
        writers.first { $0.format.rawValue == name }?.format
    }

    /// The format a file name's ending implies; for any other name (and
    /// standard output) the first writer's; nil when none is registered.
    public func outputFormat(forPath path: String) -> OutputFormat? {
        outputFormat(claiming: path) ?? writers.first?.format
    }

    /// The format an extension (or a location's scheme) names, or nil when
    /// no writer claims it.
    public func outputFormat(claiming path: String) -> OutputFormat? {
        let lower = path.lowercased()
        if Input.isLocation(path) {
            return writers.first { $0.schemes.contains { lower.hasPrefix($0 + "://") } }?.format
        }
        return writers.first { $0.extensions.contains(where: lower.hasSuffix) }?.format
    }

    /// The format that recognises `probe` most surely (the first
    /// registered among equals). A format that throws claims the input as
    /// surely as a magic number would, and refuses it: its error is thrown
    /// unless a format recognises the input at least as surely.
    public func recognise(_ probe: InputProbe) throws(DiagnosticError) -> any FeatureFormat {
        var best: (format: any FeatureFormat, match: InputProbe.Match)?
        var refusal: DiagnosticError?
        for reader in readers {
            do throws(DiagnosticError) {
                guard let match = try reader.recognise(probe) else { continue }
                if best == nil || match > best!.match { best = (reader, match) }
            } catch {
                refusal = refusal ?? error
            }
        }
        if let refusal, best?.match != .certain { throw refusal }
        if let best { return best.format }
        throw DiagnosticError(
            code: "io.format.unknown",
            message:
                "\(probe.name) is in no format Meridian reads (known: \(readers.map(\.format.rawValue).joined(separator: ", ")))",
            location: SourceLocation(file: probe.name))
    }
}
