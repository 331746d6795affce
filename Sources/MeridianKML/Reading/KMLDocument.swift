import MeridianCore

/// A whole KML or KMZ document read into memory: its features and the
/// warnings found while reading.
///
/// ```swift
/// let document = try KMLDocument(path: "tour.kml")
/// document.features.count
/// document.featureCollection     // ready for GeoJSONWriter
/// ```
///
/// Built on ``KMLFeatureReader``; use the reader directly to stream a
/// large file. Cost: memory for every feature.
public struct KMLDocument: Sendable {
    public var features: [Feature]
    public var diagnostics: [Diagnostic]

    public init(path: String, options: KMLReadingOptions = KMLReadingOptions()) throws(DiagnosticError) {
        let reader = try KMLFeatureReader(path: path, options: options)
        features = try reader.readAll()
        diagnostics = reader.diagnostics
    }

    public init(bytes: [UInt8], fileName: String? = nil, options: KMLReadingOptions = KMLReadingOptions())
        throws(DiagnosticError)
    {
        let reader = try KMLFeatureReader(bytes: bytes, fileName: fileName, options: options)
        features = try reader.readAll()
        diagnostics = reader.diagnostics
    }

    /// The features as a GeoJSON FeatureCollection.
    public var featureCollection: FeatureCollection {
        FeatureCollection(features: features)
    }
}
