import MeridianCore
import MeridianGeoJSON
import MeridianLibC
import MeridianPlatform
import MeridianSnapshot

extension MapDocument {
    /// The largest map document read: 16 MiB.
    public static let largestFile = 16 << 20

    /// The map document in the file at `path` (`-` for standard input):
    /// JSON syntax errors located by line and column, everything else by
    /// JSON pointer, each with the file's path.
    ///
    /// ```swift
    /// let document = try MapDocument(contentsOf: "map.json")
    /// let map = document.map(with: [try Layer(input: Input(path: "parks.geojson"), warnings: &warnings)])
    /// try map.snapshot(size: document.size, scale: document.scale).write(toFile: "map.png")
    /// ```
    public init(contentsOf path: String) throws(DiagnosticError) {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw DiagnosticError(
                code: "io.open", message: "cannot open the map document \(path): \(Platform.errorMessage())",
                location: SourceLocation(file: path))
        }
        defer { if descriptor != 0 { Platform.close(descriptor) } }
        var bytes: [UInt8] = []
        while Platform.read(descriptor, appendingTo: &bytes, count: 1 << 16) > 0 {
            if bytes.count > Self.largestFile {
                throw DiagnosticError(
                    code: "snapshot.document.value", message: "the map document \(path) is larger than 16 MiB",
                    location: SourceLocation(file: path))
            }
        }
        do {
            try self.init(json: JSONValue(parsing: bytes, options: JSONReadingOptions(fileName: path)))
        } catch {
            var diagnostic = error.diagnostic
            diagnostic.location.file = path
            throw DiagnosticError(diagnostic)
        }
    }
}
