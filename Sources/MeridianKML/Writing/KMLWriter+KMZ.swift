import Foundation
import MeridianCore
import ZIPFoundation

extension KMLWriter {
    /// The document as a KMZ: a zip holding `doc.kml`, deflated.
    public func encodeKMZ(_ collection: FeatureCollection) throws(DiagnosticError) -> [UInt8] {
        let kml = Data(encode(collection))
        do {
            let archive = try Archive(accessMode: .create)
            try archive.addEntry(
                with: "doc.kml", type: .file, uncompressedSize: Int64(kml.count), compressionMethod: .deflate
            ) { position, size in
                kml.subdata(in: Int(position)..<Int(position) + size)
            }
            guard let data = archive.data else {
                throw DiagnosticError(code: "kmz.write.failed", message: "the KMZ archive could not be built")
            }
            return Array(data)
        } catch let error as DiagnosticError {
            throw error
        } catch {
            throw DiagnosticError(code: "kmz.write.failed", message: "the KMZ archive could not be built: \(error)")
        }
    }
}
