import MeridianCore

/// Reads the features of one input, one at a time: what a
/// ``FeatureFormat`` hands ``Input``'s users. Only ``next()`` is required;
/// the rest have defaults for a format that reads on one thread, has no
/// layers and works around nothing.
///
/// A reader is used by one thread at a time (a pipeline may hand it to a
/// reading thread, then back).
public protocol FeatureReader: AnyObject {
    /// The next feature, or nil at the end.
    func next() throws(DiagnosticError) -> Feature?

    /// The layer of a feature this reader returned, as `convert --layer`
    /// names layers and a multi-layer output writes them (a database's
    /// table, a GPX's `tracks`); nil for a format without layers.
    func layer(of feature: Feature) -> String?

    /// The coordinate reference system of a layer's positions
    /// (``layer(of:)``), as PROJ reads a system: `EPSG:27700`, WKT,
    /// PROJJSON or a PROJ string; nil for WGS 84 longitude and latitude,
    /// as GeoJSON has them (RFC 7946). A reader that decodes on many
    /// threads (``BatchFeatureReader``) is asked for the nil layer only.
    func coordinateSystem(ofLayer layer: String?) -> String?

    /// Reads what the input declares before its first feature (a
    /// collection's members), so that ``coordinateSystem(ofLayer:)`` can
    /// answer before any feature is read.
    func readHeader() throws(DiagnosticError)

    /// Problems the reader worked around (malformed coordinates, styles
    /// that resolve nowhere), as warnings.
    var warnings: [Diagnostic] { get }

    /// How the input was laid out, as `info` and `convert` report it; nil
    /// for the format's name.
    var layout: String? { get }

    /// The collection's own members (bbox, foreign members) a format
    /// carries, to write into a converted collection.
    var collection: FeatureCollection { get }

    /// Bytes of the input read so far, for progress; nil when unknown.
    var bytesConsumed: Int? { get }

    /// Records left out because they could not be decoded (when the
    /// reader was asked to skip them), with why, and how many.
    var skippedRecords: (count: Int, reasons: [Diagnostic]) { get }

    /// The threads ``next()`` may use within one large feature; a reader
    /// that uses one ignores it.
    var threads: Int { get set }
}

/// A reader that can cut its input into runs of features and decode them
/// on many threads (GeoJSON's collections and record streams).
public protocol BatchFeatureReader: FeatureReader {
    /// The next features as one batch made by `decoder`, decoded on the
    /// decoder's threads; nil at the end.
    func nextBatch<Batch>(using decoder: FeatureBatchDecoder<Batch>) throws(DiagnosticError) -> Batch?
}

extension FeatureReader {
    public func layer(of feature: Feature) -> String? { nil }
    public func coordinateSystem(ofLayer layer: String?) -> String? { nil }
    public func readHeader() throws(DiagnosticError) {}
    public var warnings: [Diagnostic] { [] }
    public var layout: String? { nil }
    public var collection: FeatureCollection { FeatureCollection() }
    public var bytesConsumed: Int? { nil }
    public var skippedRecords: (count: Int, reasons: [Diagnostic]) { (0, []) }
    public var threads: Int {
        get { 1 }
        set {}
    }
}

/// The features of a format that is decoded whole (an IMDF venue, whose
/// features refer to each other), handed out one at a time.
public final class FeatureArrayReader: FeatureReader {
    private let features: [Feature]
    private var index = 0
    private let layerOf: (Feature) -> String?

    public init(_ features: [Feature], layer: @escaping (Feature) -> String? = { _ in nil }) {
        self.features = features
        self.layerOf = layer
    }

    public func next() -> Feature? {
        guard index < features.count else { return nil }
        defer { index += 1 }
        return features[index]
    }

    public func layer(of feature: Feature) -> String? { layerOf(feature) }
}
