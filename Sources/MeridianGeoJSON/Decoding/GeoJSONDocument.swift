import MeridianCore
import MeridianJSON
import MeridianIO
import MeridianPlatform

/// A whole GeoJSON text (RFC 7946): a FeatureCollection, a single Feature,
/// or a bare geometry, decoded straight from UTF-8 bytes.
///
/// ```swift
/// let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: "parks.geojson")))
/// let document = try GeoJSONDocument(decoding: bytes)
/// for feature in document.featureCollection.features {
///     print(feature.id ?? "-", feature.geometry?.typeName ?? "no geometry")
/// }
/// ```
///
/// Decoding is a single pass over the bytes: positions are parsed into
/// `[Coordinate]` arrays as they are met, and nothing else is built for
/// geometry. Everything is kept: ids as written, properties in key order,
/// foreign members and bboxes. Errors are thrown as `DiagnosticError`
/// with line, column, byte offset and JSON pointer.
///
/// A FeatureCollection of more than 192 KiB that starts with its `type`
/// is decoded on every core (`MERIDIAN_THREADS` sets how many threads, 1
/// keeps it on the caller's), its features in runs cut between features,
/// and a coordinates array of more than 64 KiB is read in runs as well;
/// the result, and any error, are what one thread gives.
///
/// Cost: linear in the input; memory about the size of the decoded model
/// (24 bytes per position; the values of features' properties packed, a
/// number in 2 to 9 bytes, a string in its length and bytes). A file is
/// better read with ``init(contentsOfFile:options:)``, which does not hold
/// its text.
public enum GeoJSONDocument: Sendable, Hashable {
    case featureCollection(FeatureCollection)
    case feature(Feature)
    /// A bare geometry, with its members other than type and coordinates
    /// (or geometries) kept in order.
    case geometry(Geometry, members: JSONObject)

    /// Decodes one GeoJSON text.
    public init<Bytes: Collection<UInt8>>(decoding bytes: Bytes, options: JSONReadingOptions = JSONReadingOptions())
        throws(DiagnosticError)
    {
        let result: Result<GeoJSONDocument, DiagnosticError> = withContiguousBytes(bytes) { buffer in
            if let document = Self.decodeOnEveryCore(buffer, options: options) { return .success(document) }
            return Self.decode(buffer, options: options, coordinateThreads: OrderedWorkPool<Int, Int>.defaultThreads)
        }
        self = try result.get()
    }

    /// A FeatureCollection of over 192 KiB whose first member is its
    /// `type`, decoded as a file of it is: its features in runs on every
    /// core (``GeoJSONFeatureReader/nextBatch(using:)``), straight from
    /// `buffer`. Nil for any other document, with one thread, or when the
    /// runs meet an error: the whole document is then decoded on this
    /// thread, which gives the error, located as always.
    static func decodeOnEveryCore(
        _ buffer: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions, threads: Int? = nil
    )
        -> GeoJSONDocument?
    {
        let threads = threads ?? OrderedWorkPool<Int, Int>.defaultThreads
        guard threads > 1, buffer.count > GeoJSONFeatureReader.streamingSize,
            GeoJSONFeatureReader.startsAsFeatureCollection(buffer), let bytes = MappedFile(borrowing: buffer)
        else { return nil }
        let reader = GeoJSONFeatureReader(
            source: ByteSource(borrowing: bytes, maximumHeld: options.maximumValueSize, fileName: options.fileName),
            options: options)
        return try? GeoJSONDocument(reading: reader, using: FeatureBatchDecoder(threads: threads) { $0 })
    }

    /// The document in `buffer`, decoded on this thread (a coordinates
    /// array of over 64 KiB on `coordinateThreads`).
    static func decode(
        _ buffer: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions, lineOffset: Int = 0, byteOffsetBase: Int = 0,
        coordinateThreads: Int = 1
    ) -> Result<GeoJSONDocument, DiagnosticError> {
        var parser = GeoJSONParser(
            JSONReader(buffer, maximumDepth: options.maximumDepth),
            carried: ParserCarryOver(coordinateThreads: coordinateThreads))
        do throws(JSONReaderFailure) {
            let decoded = try parser.readObject(.any)
            try parser.reader.expectEnd()
            return .success(GeoJSONDocument(decoded))
        } catch {
            return .failure(
                DiagnosticError(
                    error.diagnostic(
                        in: buffer, file: options.fileName, lineOffset: lineOffset, byteOffsetBase: byteOffsetBase)))
        }
    }

    init(_ decoded: GeoJSONParser.Decoded) {
        switch decoded {
        case .featureCollection(let collection): self = .featureCollection(collection)
        case .feature(let feature): self = .feature(feature)
        case .geometry(let geometry, let members): self = .geometry(geometry, members: members)
        }
    }

    /// The document as a collection: a single feature becomes a collection
    /// of one; a bare geometry becomes one feature with no properties.
    public var featureCollection: FeatureCollection {
        switch self {
        case .featureCollection(let collection): return collection
        case .feature(let feature): return FeatureCollection(features: [feature])
        case .geometry(let geometry, let members):
            var feature = Feature(geometry: geometry)
            feature.geometryMembers = members
            return FeatureCollection(features: [feature])
        }
    }
}
