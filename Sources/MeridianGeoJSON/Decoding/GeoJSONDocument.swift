import MeridianCore

/// A whole GeoJSON text (RFC 7946): a FeatureCollection, a single Feature,
/// or a bare geometry, decoded straight from UTF-8 bytes.
///
/// ```swift
/// let bytes = try Array(readFile("parks.geojson"))
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
/// Cost: linear in the input; memory about the size of the decoded model
/// (roughly 32 bytes per position plus the properties).
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
            Self.decode(buffer, options: options)
        }
        self = try result.get()
    }

    static func decode(
        _ buffer: UnsafeBufferPointer<UInt8>, options: JSONReadingOptions, lineOffset: Int = 0, byteOffsetBase: Int = 0
    ) -> Result<GeoJSONDocument, DiagnosticError> {
        var parser = GeoJSONParser(JSONReader(buffer, maximumDepth: options.maximumDepth))
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
