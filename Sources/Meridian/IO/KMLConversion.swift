import MeridianCore
import MeridianGeoJSON
import MeridianKML

/// Conversion to KML or KMZ: the work behind `meridian convert in.geojson
/// -o out.kml|out.kmz` (KML to GeoJSON is ``FeatureConverter``'s).
///
/// ```swift
/// let result = try KMLConversion.toKML(input: "parks.geojson", output: "parks.kmz", kmz: true)
/// result.featureCount
/// ```
///
/// Every feature is read first, because shared styles and the typed Schema
/// are written before the first Placemark. Any input Meridian reads will
/// do, an IMDF venue included. The output file appears only when the
/// conversion succeeds.
public enum KMLConversion {
    public struct Result: Sendable {
        public var featureCount: Int
        public var warnings: [Diagnostic]
    }

    /// Reads features from any input Meridian knows (GeoJSON, KML, KMZ)
    /// and writes them as KML, or KMZ when `kmz` is true.
    public static func toKML(input: String, output: String, kmz: Bool, writer: KMLWriter = KMLWriter())
        throws(DiagnosticError) -> Result
    {
        let source = try FeatureSource(path: input)
        var features: [Feature] = []
        while let feature = try source.next() { features.append(feature) }
        let warnings = source.warnings
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
