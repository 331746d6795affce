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
        let bytes = try readWholeFile(path, limit: Self.largestFile, what: "the map document")
        do {
            try self.init(json: JSONValue(parsing: bytes, options: JSONReadingOptions(fileName: path)))
        } catch {
            var diagnostic = error.diagnostic
            diagnostic.location.file = path
            throw DiagnosticError(diagnostic)
        }
    }
}
