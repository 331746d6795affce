import MeridianCore
import MeridianGeoJSON

/// Streams features from a GeoJSON input to a GeoJSON output, one at a
/// time: the work behind `meridian convert`.
///
/// ```swift
/// let summary = try FeatureConverter.convert(
///     input: "big.geojson", output: "big.geojsonseq", format: .geojsonseq,
///     writer: GeoJSONWriter(options: .init(precision: 6)))
/// print(summary.featureCount)
/// ```
///
/// Memory stays bounded by the largest feature, even for a FeatureCollection
/// of gigabytes. The output file appears only when the conversion succeeds.
public enum FeatureConverter {
    public struct Summary: Sendable, Hashable {
        public var featureCount: Int
    }

    public static func convert(
        input: String, output: String, format: GeoJSONOutputFormat, writer: GeoJSONWriter,
        options: JSONReadingOptions = JSONReadingOptions()
    ) throws(DiagnosticError) -> Summary {
        let reader = try GeoJSONFeatureReader(path: input, options: options)
        let sink = try OutputStream(path: output)
        var count = 0
        do throws(DiagnosticError) {
            switch format {
            case .geojson:
                // The header waits for the first feature so that a collection's
                // members written before "features" are known.
                var first = true
                while let feature = try reader.next() {
                    if first { try sink.write(writer.collectionHeader(reader.collection)) }
                    try sink.write(writer.collectionElement(feature, first: first))
                    first = false
                    count += 1
                }
                if first { try sink.write(writer.collectionHeader(reader.collection)) }
                var footer = reader.collection
                footer.features = count > 0 ? [Feature()] : []
                try sink.write(writer.collectionFooter(footer))
            case .geojsonseq, .ndjson:
                let framing: GeoJSONWriter.RecordFraming = format == .geojsonseq ? .geoJSONSeq : .ndjson
                while let feature = try reader.next() {
                    try sink.write(writer.encodeRecord(feature, as: framing))
                    count += 1
                }
            }
            try sink.commit()
        } catch {
            sink.discard()
            throw error
        }
        return Summary(featureCount: count)
    }
}
