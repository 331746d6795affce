import MeridianCore
import MeridianKML

extension FileSummary {
    /// Summarises a KML or KMZ file, streaming it. The layout is `kml`, or
    /// `kmz (doc.kml)` naming the entry read.
    public init(kmlPath path: String, options: KMLReadingOptions = KMLReadingOptions()) throws(DiagnosticError) {
        let reader = try KMLFeatureReader(path: path, options: options)
        self.init(path: path, layout: "kml")
        while let feature = try reader.next() { add(feature) }
        if let entry = reader.kmzEntry { layout = "kmz (\(entry))" }
    }
}
