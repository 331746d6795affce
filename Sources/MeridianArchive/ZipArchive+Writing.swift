import Foundation
import MeridianCore
import ZIPFoundation

extension ZipArchive {
    /// A zip holding `entries` (path, bytes), deflated, built in memory:
    /// how KMZ (and any later zipped format) is written.
    package static func deflated(_ entries: [(path: String, bytes: [UInt8])]) throws(DiagnosticError) -> [UInt8] {
        do {
            let archive = try Archive(accessMode: .create)
            for (path, bytes) in entries {
                let data = Data(bytes)
                try archive.addEntry(
                    with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
                ) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
            }
            guard let data = archive.data else {
                throw DiagnosticError(code: "archive.write", message: "the zip archive could not be built")
            }
            return Array(data)
        } catch let error as DiagnosticError {
            throw error
        } catch {
            throw DiagnosticError(code: "archive.write", message: "the zip archive could not be built: \(error)")
        }
    }
}
