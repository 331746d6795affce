import MeridianCRS
import MeridianCore
import MeridianIO

/// The features of any input Meridian reads, one at a time, whatever its
/// format: what `meridian convert`, `merge`, `info`, `render` and `preview`
/// read through.
///
/// ```swift
/// let source = try FeatureSource(path: "venue.zip")   // or "-", "tour.kmz", "big.geojsonseq"
/// source.format                                        // .imdf
/// while let feature = try source.next() { ... }
/// ```
///
/// The input is opened once by ``Input``, which decides its format from
/// the content; the reader is the format's (``FeatureFormat``), so a
/// format registered by a program reads here like the built-in ones.
///
/// Cost: GeoJSON, KML, GPX, TCX and CSV stream in memory bounded by the
/// largest feature (KMZ by its KML entry); an IMDF archive is decoded
/// whole, as its features refer to each other.
public final class FeatureSource {
    public typealias Format = InputFormat

    /// The input read.
    public let input: Input
    /// The path given ("-" for standard input).
    public var path: String { input.path }
    public var format: InputFormat { input.format }
    /// The input's size in bytes when known (a regular file), for progress.
    public var totalBytes: Int? { input.size }

    private let reader: any FeatureReader
    /// The reader, when it decodes runs of features on many threads.
    private let batchReader: (any BatchFeatureReader)?
    /// An error met while gathering a batch, thrown once the features
    /// before it are handed on.
    private var pendingError: DiagnosticError?
    /// How many features of a reader that reads on one thread make a batch.
    static let batchSize = 256
    /// Carries features to the system asked for.
    private let reprojector: FeatureReprojector
    /// Features handed out so far, to name one in a reprojection error.
    private var handedOut = 0
    /// The decoder that reprojects on the decoding threads, made for the
    /// caller's decoder and kept with it (its threads stay with it).
    private var reprojectingDecoder: (caller: ObjectIdentifier, decoder: AnyObject)?

    /// Opens an input; `level` keeps one level (by ordinal) of a format
    /// with levels (IMDF) and is an error for other formats.
    public convenience init(path: String, level: Int? = nil) throws(DiagnosticError) {
        try self.init(input: Input(path: path), options: ReadingOptions(level: level))
    }

    /// Reads an opened input as `options` say (``ReadingOptions``).
    public init(input: Input, options: ReadingOptions = ReadingOptions()) throws(DiagnosticError) {
        self.input = input
        if options.level != nil, !input.recognisedFormat.hasLevels {
            throw DiagnosticError(
                code: "imdf.level.not-imdf",
                message: "--level applies to IMDF archives only, and \(input.name) is \(input.format.rawValue)",
                location: SourceLocation(file: input.name))
        }
        reader = try input.reader(options: options)
        batchReader = reader as? any BatchFeatureReader
        reprojector = FeatureReprojector(options: options, file: input.name)
    }

    /// The next feature, or nil at the end.
    public func next() throws(DiagnosticError) -> Feature? {
        guard let feature = try reader.next() else { return nil }
        var features = [feature]
        try reproject(&features, layers: [reader.layer(of: feature)])
        handedOut += 1
        return features[0]
    }

    /// Carries features just read, of the layers given, to the system
    /// asked for; on a position that cannot be carried, the features
    /// before it are kept and the error is thrown, or kept for the next
    /// call when there are some (`holdingError`).
    private func reproject(
        _ features: inout [Feature], layers: [String?], holdingError: Bool = false
    ) throws(DiagnosticError) {
        var start = 0
        while start < features.count {
            var end = start + 1
            while end < features.count, layers[end] == layers[start] { end += 1 }
            let declared = reader.coordinateSystem(ofLayer: layers[start])
            if let transformation = try reprojector.transformation(declared: declared),
                let failure = reprojector.transform(&features, range: start..<end, with: transformation)
            {
                let error = reprojector.error(failure, first: handedOut)
                features.removeSubrange(failure.index...)
                guard holdingError, !features.isEmpty else { throw error }
                // The position's error comes before any the reading met after it.
                pendingError = error
                return
            }
            start = end
        }
    }

    /// The coordinate reference systems the features handed out so far
    /// were read in (as declared, or as ``ReadingOptions/sourceCoordinateSystem``
    /// says), each by name and code: `OSGB36 / British National Grid (EPSG:27700)`,
    /// `WGS 84 (EPSG:4326)`.
    public var sourceCoordinateSystems: [String] { reprojector.sources }

    /// The system features are handed out in, as asked for
    /// (``ReadingOptions/coordinateSystem``); nil for WGS 84.
    public var coordinateSystem: String? { reprojector.target }

    /// The threads a feature read by ``next()`` may be read on
    /// (``FeatureReader/threads``).
    public var threads: Int {
        get { reader.threads }
        set { reader.threads = newValue }
    }

    /// The next features as a batch made by `decoder`, nil at the end. A
    /// large GeoJSON FeatureCollection, text sequence or NDJSON input is
    /// decoded on the decoder's threads (``BatchFeatureReader``); other
    /// formats are read on this thread, up to 256 features a batch. When
    /// reading fails, the features before the failure come first, and the
    /// error with the next call.
    public func nextBatch<Batch>(using decoder: FeatureBatchDecoder<Batch>) throws(DiagnosticError) -> Batch? {
        if let error = pendingError {
            pendingError = nil
            throw error
        }
        if let batchReader {
            // Its features are all in the system of its nil layer, carried
            // on the decoding threads.
            try reader.readHeader()
            let declared = reader.coordinateSystem(ofLayer: nil)
            guard let transformation = try reprojector.transformation(declared: declared) else {
                return try batchReader.nextBatch(using: decoder)
            }
            let reprojecting = reprojectingDecoder(for: decoder, transformation: transformation)
            guard let (batch, count, failure) = try batchReader.nextBatch(using: reprojecting) else { return nil }
            if let failure {
                let error = reprojector.error(failure, first: handedOut)
                guard count > 0 else { throw error }
                pendingError = error
            }
            handedOut += count
            return batch
        }
        var features: [Feature] = []
        var layers: [String?] = []
        do throws(DiagnosticError) {
            while features.count < Self.batchSize, let feature = try reader.next() {
                features.append(feature)
                layers.append(reader.layer(of: feature))
            }
        } catch {
            guard !features.isEmpty else { throw error }
            pendingError = error
        }
        // A system that cannot serve throws here: no feature goes out
        // in the system it was read in.
        try reproject(&features, layers: layers, holdingError: true)
        handedOut += features.count
        return features.isEmpty ? nil : decoder.process(features)
    }

    /// A decoder that reprojects each run on the decoding threads before
    /// `decoder` makes its batch, and says how many features the batch
    /// holds and where a position could not be carried (the run is cut
    /// before that feature).
    private func reprojectingDecoder<Batch>(
        for decoder: FeatureBatchDecoder<Batch>, transformation: SharedCoordinateTransformation
    ) -> FeatureBatchDecoder<(Batch, Int, FeatureReprojector.Failure?)> {
        typealias Reprojecting = FeatureBatchDecoder<(Batch, Int, FeatureReprojector.Failure?)>
        if let made = reprojectingDecoder, made.caller == ObjectIdentifier(decoder),
            let reprojecting = made.decoder as? Reprojecting
        {
            return reprojecting
        }
        let reprojector = reprojector
        let process = decoder.process
        let reprojecting = Reprojecting(threads: decoder.threads, runSize: decoder.runSize) { features in
            var features = features
            let failure = reprojector.transform(&features, with: transformation)
            if let failure { features.removeSubrange(failure.index...) }
            return (process(features), features.count, failure)
        }
        reprojectingDecoder = (ObjectIdentifier(decoder), reprojecting)
        return reprojecting
    }

    /// The layer of a feature this source read (``FeatureReader/layer(of:)``),
    /// as `convert --layer` names layers and a GeoPackage output writes
    /// them, as GDAL's drivers split these formats: a GeoPackage's table,
    /// an IMDF feature type, a GPX file's `waypoints`, `routes` or
    /// `tracks`, a KML document's top-level folder; nil for formats
    /// without layers and KML features outside folders.
    public func layer(of feature: Feature) -> String? {
        reader.layer(of: feature)
    }

    /// Every remaining feature, decoded on `threads` threads (nil: one per
    /// core) when the input is a large GeoJSON collection or record stream.
    public func readAll(threads: Int? = nil) throws(DiagnosticError) -> [Feature] {
        var features: [Feature] = []
        if threads == 1 {
            while let feature = try next() { features.append(feature) }
            return features
        }
        let decoder = FeatureBatchDecoder(threads: threads) { $0 }
        while let batch = try nextBatch(using: decoder) { features += batch }
        return features
    }

    /// Bytes read so far, when the format can say (GeoJSON); nil otherwise.
    public var bytesConsumed: Int? { reader.bytesConsumed }

    /// A GeoJSON FeatureCollection's own members (bbox, foreign members),
    /// to carry into a converted collection; empty for other formats.
    /// Once features are carried to another system (``ReadingOptions/coordinateSystem``),
    /// its box is left out and its `crs` member names the new system.
    public var collection: FeatureCollection { reprojector.collection(reader.collection) }

    /// The layout read (`featureCollection`, `geoJSONSeq`, `kmz (doc.kml)`...)
    /// once the first feature is read; otherwise the format's name.
    public var layout: String { reader.layout ?? format.rawValue }

    /// The records skipped (``ReadingOptions/skippingBadRecords``), with
    /// why, and how many.
    public var skippedRecords: (count: Int, reasons: [Diagnostic]) { reader.skippedRecords }

    /// Warnings the reader collected (KML: malformed coordinates, styles...).
    public var warnings: [Diagnostic] { reader.warnings }
}
