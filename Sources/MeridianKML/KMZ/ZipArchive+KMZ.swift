import MeridianArchive
import MeridianCore

extension ZipArchive {
    /// The name and bytes of a KMZ's KML entry: the first one whose name
    /// ends in `.kml` (any case), in the central directory's order, at any
    /// depth, as Google Earth picks it.
    func firstKML() throws(DiagnosticError) -> (name: String, bytes: [UInt8]) {
        guard let entry = entries.first(where: { $0.path.lowercased().hasSuffix(".kml") }) else {
            throw DiagnosticError(
                code: "kmz.kml.missing",
                message: entries.isEmpty
                    ? "the archive holds no files, so no .kml file" : "the archive holds no .kml file",
                location: SourceLocation(file: displayName))
        }
        return (entry.path, try contents(of: entry))
    }
}
