import MeridianCore
import MeridianGeoJSON
import MeridianKML

/// Conversions between KML/KMZ and GeoJSON: the work behind
/// `meridian convert in.kml -o out.geojson` and `in.geojson -o out.kmz`.
///
/// ```swift
/// let result = try KMLConversion.kmlToGeoJSON(
///     input: "tour.kmz", output: "tour.geojson", format: .geojson, writer: GeoJSONWriter())
/// result.warnings     // malformed coordinates, unresolved styles...
/// ```
///
/// KML -> GeoJSON streams feature by feature (memory bounded by the largest
/// Placemark). GeoJSON -> KML reads every feature first, because shared
/// styles and the typed Schema are written before the first Placemark.
/// The output file appears only when the conversion succeeds.
public enum KMLConversion {
    public struct Result: Sendable {
        public var featureCount: Int
        public var warnings: [Diagnostic]
    }

    public static func kmlToGeoJSON(
        input: String, output: String, format: GeoJSONOutputFormat, writer: GeoJSONWriter,
        options: KMLReadingOptions = KMLReadingOptions()
    ) throws(DiagnosticError) -> Result {
        let reader = try KMLFeatureReader(path: input, options: options)
        let sink = try OutputStream(path: output)
        var count = 0
        do throws(DiagnosticError) {
            switch format {
            case .geojson:
                try sink.write(writer.collectionHeader())
                while let feature = try reader.next() {
                    try sink.write(writer.collectionElement(feature, first: count == 0))
                    count += 1
                }
                try sink.write(writer.collectionFooter(FeatureCollection(features: count > 0 ? [Feature()] : [])))
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
        return Result(featureCount: count, warnings: reader.diagnostics)
    }

    /// Reads features from any input Meridian knows (GeoJSON, KML, KMZ)
    /// and writes them as KML, or KMZ when `kmz` is true.
    public static func toKML(input: String, output: String, kmz: Bool, writer: KMLWriter = KMLWriter()) throws(DiagnosticError) -> Result {
        var features: [Feature] = []
        var warnings: [Diagnostic] = []
        switch InputFormat(path: input) {
        case .kml, .kmz:
            let reader = try KMLFeatureReader(path: input)
            features = try reader.readAll()
            warnings = reader.diagnostics
        case .geojson:
            let reader = try GeoJSONFeatureReader(path: input)
            while let feature = try reader.next() { features.append(feature) }
        }
        let collection = FeatureCollection(features: features)
        let bytes = kmz ? try writer.encodeKMZ(collection) : writer.encode(collection)
        let sink = try OutputStream(path: output)
        do throws(DiagnosticError) {
            try sink.write(bytes)
            try sink.commit()
        } catch {
            sink.discard()
            throw error
        }
        return Result(featureCount: features.count, warnings: warnings)
    }
}
