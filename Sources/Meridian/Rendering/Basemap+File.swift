import MeridianCore
import MeridianLibC
import MeridianPlatform
import MeridianSnapshot
import MeridianTiles

extension PMTilesArchive: BasemapSource {}
extension MBTilesArchive: BasemapSource {}

extension BasemapStyle {
    /// The largest style file read: 16 MiB.
    public static let largestFile = 16 << 20

    /// A built-in style by name (`light`, `dark`), else the style file at
    /// `path`: JSON syntax errors located by line and column, everything
    /// else by JSON pointer, each with the file's path.
    ///
    /// ```swift
    /// let style = try BasemapStyle(contentsOf: "Samples/basemap-style.json")
    /// let map = Map { track }.basemap(Basemap(source: try PMTilesArchive(path: "Samples/natural-earth.pmtiles"), style: style))
    /// ```
    public init(contentsOf path: String) throws(DiagnosticError) {
        if let builtIn = BasemapStyle.named(path) {
            self = builtIn
            return
        }
        let bytes = try readWholeFile(path, limit: Self.largestFile, what: "the basemap style")
        try self.init(jsonBytes: bytes, name: path)
    }
}

extension Basemap {
    /// The PMTiles archive or MBTiles database at `path` (told apart by
    /// content) in a style (a built-in name or a style file; by default the
    /// built-in style matching `theme`).
    public init(archive path: String, style: String? = nil, theme: Theme = .light) throws(DiagnosticError) {
        let input = try Input(path: path, formats: FormatRegistry(readers: [VectorTileFormat.pmtiles, MBTilesFormat()]))
        let source: any BasemapSource =
            input.format == .mbtiles ? try MBTilesArchive(input: input) : try PMTilesArchive(input: input)
        self.init(source: source, style: try BasemapStyle(contentsOf: style ?? (theme.name == "dark" ? "dark" : "light")))
    }
}

/// The bytes of a small file (`-` is standard input), refused past `limit`.
func readWholeFile(_ path: String, limit: Int, what: String) throws(DiagnosticError) -> [UInt8] {
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY)
    guard descriptor >= 0 else {
        throw DiagnosticError(
            code: "io.open", message: "cannot open \(what) \(path): \(Platform.errorMessage())",
            location: SourceLocation(file: path))
    }
    defer { if descriptor != 0 { Platform.close(descriptor) } }
    var bytes: [UInt8] = []
    while true {
        let count = Platform.read(descriptor, appendingTo: &bytes, count: 1 << 16)
        if count < 0 {
            throw DiagnosticError(
                code: "io.read", message: "cannot read \(what) \(path): \(Platform.errorMessage())",
                location: SourceLocation(file: path))
        }
        if count == 0 { return bytes }
        if bytes.count > limit {
            throw DiagnosticError(
                code: "io.read", message: "\(what) \(path) is larger than \(limit >> 20) MiB",
                location: SourceLocation(file: path))
        }
    }
}
