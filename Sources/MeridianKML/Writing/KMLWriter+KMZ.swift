import MeridianArchive
import MeridianCore

extension KMLWriter {
    /// The document as a KMZ: a zip holding `doc.kml`, deflated.
    public func encodeKMZ(_ collection: FeatureCollection) throws(DiagnosticError) -> [UInt8] {
        try ZipArchive.deflated([("doc.kml", encode(collection))])
    }
}
