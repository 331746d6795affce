import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianPlatform

extension InputFormat {
    /// ESRI shapefiles: a `.shp` with its `.shx`, `.dbf`, `.prj` and `.cpg`,
    /// a folder of them, or a zip.
    public static let shapefile = InputFormat("shapefile")
}

/// Where ``ReadingOptions`` keeps the encoding a shapefile's text is read in.
enum ShapefileEncodingKey: FormatOptionKey {
    static let defaultValue: String? = nil
}

extension ReadingOptions {
    /// The encoding of a shapefile's `.dbf` text (an iconv name or a code
    /// page: `CP1252`, `1251`, `UTF-8`, `SHIFT_JIS`), whatever its `.cpg`
    /// and language driver say (`--encoding`).
    public var shapefileEncoding: String? {
        get { self[ShapefileEncodingKey.self] }
        set { self[ShapefileEncodingKey.self] = newValue }
    }
}

/// Shapefiles as an input format: a file that starts with the shapefile
/// header (file code 9994, version 1000), given by its path so that its
/// siblings can be found; a folder holding `.shp` files; a zip holding
/// `.shp` entries.
public struct ShapefileFormat: FeatureFormat {
    public let format = InputFormat.shapefile

    public init() {}

    public func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match? {
        switch probe.content {
        case .folder:
            let names = Platform.entries(ofFolder: probe.path) ?? []
            return names.contains { $0.lowercased().hasSuffix(".shp") } ? .certain : nil
        case .zip(let entries):
            return entries.contains { $0.lowercased().hasSuffix(".shp") && !$0.hasPrefix("__MACOSX/") } ? .certain : nil
        case .bytes:
            let head = probe.head
            guard probe.skippedBytes == 0, head.count >= 32, head.starts(with: [0x00, 0x00, 0x27, 0x0A]),
                head[28] == 0xE8, head[29] == 0x03, head[30] == 0, head[31] == 0
            else { return nil }
            guard probe.isRegularFile, probe.path != "-" else {
                throw DiagnosticError(
                    code: "io.open",
                    message:
                        "\(probe.name) is a shapefile's .shp: give its path, so that the .dbf beside it is read too",
                    location: SourceLocation(file: probe.name))
            }
            return .certain
        case .location:
            return nil
        }
    }

    /// Shapes with no geometry read, or records read without attributes,
    /// are errors of the file.
    public var errorsWhenValidating: Set<String> {
        [
            "shp.record.truncated", "shp.record.count", "shp.shape.unknown", "shp.shape.multipatch",
            "shp.count.mismatch", "shp.dbf.truncated", "shp.dbf.invalid", "shp.encoding.invalid", "shp.value.invalid",
        ]
    }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        if case .zip(let zip) = input.content {
            return try ShapefileReader(
                path: input.path, displayName: input.name, zip: zip, encoding: options.shapefileEncoding)
        }
        return try ShapefileReader(
            path: input.filePath ?? input.path, displayName: input.name, encoding: options.shapefileEncoding)
    }
}

extension ShapefileReader: FeatureReader {
    /// The layer of the feature ``next()`` returned last: its `.shp`'s name.
    public func layer(of feature: Feature) -> String? { currentLayer }

    public var warnings: [Diagnostic] { diagnostics }

    public var layout: String? { layers.count == 1 ? "shapefile" : "shapefile (\(layers.count) layers)" }
}
