import MeridianCore
import MeridianGeoJSON

/// Writes features one at a time as a FeatureCollection, a GeoJSON text
/// sequence or newline-delimited GeoJSON: the output side of
/// `meridian convert` and `merge`.
///
/// ```swift
/// let sink = try GeoJSONFeatureSink(path: "-", format: .ndjson)
/// try sink.write(feature)
/// try sink.finish()      // closes the collection, commits the file
/// ```
///
/// Memory holds one feature and the output buffer. A FeatureCollection's
/// header is written with the first feature, so that a source
/// collection's members read before its `features` can be carried over
/// (`collection`). Like ``OutputStream``, a file appears only on
/// ``finish(collection:)``; a sink dropped unfinished leaves nothing.
public final class GeoJSONFeatureSink {
    public let format: GeoJSONOutputFormat
    public let writer: GeoJSONWriter
    public private(set) var featureCount = 0
    private let stream: OutputStream

    public init(path: String, format: GeoJSONOutputFormat, writer: GeoJSONWriter = GeoJSONWriter())
        throws(DiagnosticError)
    {
        self.format = format
        self.writer = writer
        self.stream = try OutputStream(path: path)
    }

    /// Appends a feature; `collection` gives the members of the collection
    /// header (used with the first feature only).
    public func write(_ feature: Feature, collection: FeatureCollection = FeatureCollection()) throws(DiagnosticError) {
        switch format {
        case .geojson:
            if featureCount == 0 { try stream.write(writer.collectionHeader(collection)) }
            try stream.write(writer.collectionElement(feature, first: featureCount == 0))
        case .geojsonseq:
            try stream.write(writer.encodeRecord(feature, as: .geoJSONSeq))
        case .ndjson:
            try stream.write(writer.encodeRecord(feature, as: .ndjson))
        }
        featureCount += 1
    }

    /// Closes a collection (with `collection`'s members written after its
    /// features) and commits the output.
    public func finish(collection: FeatureCollection = FeatureCollection()) throws(DiagnosticError) {
        if format == .geojson {
            if featureCount == 0 { try stream.write(writer.collectionHeader(collection)) }
            var footer = collection
            footer.features = featureCount > 0 ? [Feature()] : []
            try stream.write(writer.collectionFooter(footer))
        }
        try stream.commit()
    }

    /// Abandons the output (a file is removed).
    public func discard() {
        stream.discard()
    }
}
