import MeridianCore
import MeridianIO

/// Writes features one at a time in any ``OutputFormat``: the output side
/// of `meridian convert` and `merge`.
///
/// ```swift
/// let sink = try FeatureSink(path: "-", format: .ndjson)
/// try sink.write(feature)
/// try sink.finish()      // closes the collection, commits the file
/// ```
///
/// The writer is the format's (``FeatureOutputFormat``), found in a
/// ``FormatRegistry``. GeoJSON flavours stream: memory holds one feature
/// and the output buffer. KML, KMZ and CSV hold every feature until
/// ``finish(collection:)`` (shared styles and columns come first), GPX
/// holds its routes and tracks, and a GeoPackage is written into a private
/// temporary file, then copied. Like ``OutputDestination``,
/// a file appears only on ``finish(collection:)``; a sink dropped
/// unfinished leaves nothing.
public final class FeatureSink {
    public let format: OutputFormat
    public private(set) var featureCount = 0
    /// What the format's writer changed to fit it (a shapefile's field
    /// names shortened), as warnings.
    public var warnings: [Diagnostic] { writer.warnings }
    /// The destination written to.
    public let destination: OutputDestination
    private let writer: any FeatureWriter
    private let batchWriter: (any BatchFeatureWriter)?

    /// A sink writing `path` ("-" for standard output).
    public convenience init(
        path: String, format: OutputFormat, options: WritingOptions = WritingOptions(),
        formats: FormatRegistry = .standard
    ) throws(DiagnosticError) {
        try self.init(destination: OutputDestination(path: path), format: format, options: options, formats: formats)
    }

    /// A sink writing into `destination`; `format` must be one of `formats`.
    public init(
        destination: OutputDestination, format: OutputFormat, options: WritingOptions = WritingOptions(),
        formats: FormatRegistry = .standard
    ) throws(DiagnosticError) {
        guard let output = formats.writer(for: format) else {
            throw DiagnosticError(
                code: "io.format.unknown",
                message:
                    "Meridian writes no format named \(format.rawValue) (known: \(formats.writers.map(\.format.rawValue).joined(separator: ", ")))"
            )
        }
        self.format = format
        self.destination = destination
        writer = try output.writer(to: destination, options: options)
        batchWriter = writer as? any BatchFeatureWriter
    }

    /// Appends a feature; `collection` gives the members of the collection
    /// header (used with the first feature only). `layer` is the layer of
    /// the input it came from (``FeatureSource/layer(of:)``): a GeoPackage
    /// output writes each layer as a table of its own, and features of no
    /// layer into one named after the output file.
    public func write(_ feature: Feature, collection: FeatureCollection = FeatureCollection(), layer: String? = nil)
        throws(DiagnosticError)
    {
        try writer.write(feature, collection: collection, layer: layer)
        featureCount += 1
    }

    /// For the formats whose features are written one after another, each
    /// on its own (GeoJSON, a text sequence, NDJSON): encodes features as
    /// ``write(_:collection:layer:)`` writes them, on any thread, for
    /// ``write(encoded:count:collection:)``. Nil for the formats that hold
    /// their features to the end or write them into a database.
    public var batchEncoder: (@Sendable ([Feature]) -> [UInt8])? {
        batchWriter?.batchEncoder
    }

    /// Appends `count` features encoded by ``batchEncoder``; `collection`
    /// gives the members of the collection header, as for
    /// ``write(_:collection:layer:)``.
    public func write(encoded bytes: [UInt8], count: Int, collection: FeatureCollection = FeatureCollection())
        throws(DiagnosticError)
    {
        guard count > 0, let batchWriter else { return }
        try batchWriter.write(encoded: bytes, count: count, collection: collection)
        featureCount += count
    }

    /// Writes what is left (a collection's closing members, the KML
    /// document) without committing: for commands that commit several
    /// outputs together (``OutputDestination/commit(_:)``).
    public func complete(collection: FeatureCollection = FeatureCollection()) throws(DiagnosticError) {
        try writer.complete(collection: collection)
    }

    /// Closes a collection (with `collection`'s members written after its
    /// features) and commits the output.
    public func finish(collection: FeatureCollection = FeatureCollection()) throws(DiagnosticError) {
        try complete(collection: collection)
        try destination.commit()
    }

    /// Abandons the output (a file is removed).
    public func discard() {
        writer.discard()
        destination.discard()
    }
}
