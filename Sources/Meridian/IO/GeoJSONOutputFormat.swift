/// The GeoJSON flavours Meridian writes, chosen by name or by the output
/// file's extension.
public enum GeoJSONOutputFormat: String, Sendable, CaseIterable {
    /// One RFC 7946 FeatureCollection.
    case geojson
    /// RFC 8142 GeoJSON Text Sequences: RS + feature + LF per record.
    case geojsonseq
    /// Newline-delimited GeoJSON: one feature per line.
    case ndjson

    /// The format a file name implies: `.geojsonseq`/`.geojsons` are
    /// sequences, `.ndjson`/`.geojsonl`/`.jsonl` are lines, anything else
    /// (and standard output) is a FeatureCollection.
    public init(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".geojsonseq") || lower.hasSuffix(".geojsons") {
            self = .geojsonseq
        } else if lower.hasSuffix(".ndjson") || lower.hasSuffix(".geojsonl") || lower.hasSuffix(".jsonl") {
            self = .ndjson
        } else {
            self = .geojson
        }
    }
}
