import MeridianCore

/// A format Meridian writes: its name, the file extensions that choose it,
/// and the writer that encodes features into an ``OutputDestination``.
/// Each format module provides one per format it writes, and a
/// ``FormatRegistry`` lists them.
public protocol FeatureOutputFormat: Sendable {
    var format: OutputFormat { get }
    /// The endings of file names that choose this format, lower case with
    /// their dot (`.kml`).
    var extensions: [String] { get }
    /// The schemes of locations this format writes to (`postgresql` for
    /// `postgresql://…`), lower case.
    var schemes: [String] { get }
    /// Whether positions may be written in any coordinate reference
    /// system (`--t-srs`), not only WGS 84 longitude and latitude (which
    /// KML and GPX are by definition).
    var writesAnyCoordinateSystem: Bool { get }
    /// A writer of features into `destination`, which it writes but never
    /// commits.
    func writer(to destination: OutputDestination, options: WritingOptions) throws(DiagnosticError)
        -> any FeatureWriter
}

extension FeatureOutputFormat {
    public var writesAnyCoordinateSystem: Bool { false }
    public var schemes: [String] { [] }
}

/// Writes features one at a time into a destination: what a
/// ``FeatureOutputFormat`` hands `FeatureSink`. A format whose document
/// needs every feature first (KML's shared styles, CSV's columns) holds
/// them until ``complete(collection:)``.
public protocol FeatureWriter: AnyObject {
    /// Appends a feature; `collection` holds the members of a collection
    /// header (a writer uses it with the first feature), `layer` the layer
    /// it was read from (``FeatureReader/layer(of:)``).
    func write(_ feature: Feature, collection: FeatureCollection, layer: String?) throws(DiagnosticError)
    /// Writes what is left (a collection's closing members, a document
    /// held to the end) without committing the destination.
    func complete(collection: FeatureCollection) throws(DiagnosticError)
    /// Gives up: removes whatever the writer made besides the destination.
    func discard()
    /// What the writer changed to fit the format (a field name shortened),
    /// as warnings.
    var warnings: [Diagnostic] { get }
}

extension FeatureWriter {
    public func discard() {}
    public var warnings: [Diagnostic] { [] }
}

/// A writer whose features are encoded each on its own, so that they can
/// be encoded on any thread in batches (``batchEncoder``) and written in
/// order here: the GeoJSON flavours.
public protocol BatchFeatureWriter: FeatureWriter {
    /// Encodes features as ``FeatureWriter/write(_:collection:layer:)``
    /// writes them, on any thread.
    var batchEncoder: @Sendable ([Feature]) -> [UInt8] { get }
    /// Appends `count` features encoded by ``batchEncoder``; `collection`
    /// as for ``FeatureWriter/write(_:collection:layer:)``.
    func write(encoded bytes: [UInt8], count: Int, collection: FeatureCollection) throws(DiagnosticError)
}
