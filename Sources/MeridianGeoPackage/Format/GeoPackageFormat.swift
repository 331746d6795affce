import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianLibC
import MeridianPlatform

extension InputFormat {
    /// An OGC GeoPackage: an SQLite database with `gpkg_contents`.
    public static let gpkg = InputFormat("gpkg")
}

extension OutputFormat {
    /// An OGC GeoPackage, a table per input layer, each with its R*Tree index.
    public static let gpkg = OutputFormat("gpkg")
}

/// Where ``ReadingOptions`` keeps whether a GeoPackage's views are read.
enum GeoPackageViewsKey: FormatOptionKey {
    static let defaultValue = false
}

extension ReadingOptions {
    /// Read a GeoPackage's layers that are views (computed by the file's
    /// own SQL, within SQLite's step budget); by default they are left out
    /// with a `gpkg.layer.view` warning (`convert --gpkg-views`).
    public var readsGeoPackageViews: Bool {
        get { self[GeoPackageViewsKey.self] }
        set { self[GeoPackageViewsKey.self] = newValue }
    }
}

/// GeoPackage as an input format: a regular file that starts with
/// SQLite's header (SQLite needs a file it can seek in, so a database on a
/// pipe is refused). Its features are in layers, one per feature table.
public struct GeoPackageFormat: FeatureFormat {
    public let format = InputFormat.gpkg

    public init() {}

    public func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match? {
        guard probe.isBytes, probe.skippedBytes == 0, probe.head.starts(with: Array("SQLite format 3\0".utf8)) else {
            return nil
        }
        guard probe.isRegularFile else {
            throw DiagnosticError(
                code: "io.open",
                message: "\(probe.name) is an SQLite database (a GeoPackage?): give it as a file, not a stream",
                location: SourceLocation(file: probe.name))
        }
        return .certain
    }

    /// Geometries read as null (unreadable, off the globe, in another SRS) are errors of the file.
    public var errorsWhenValidating: Set<String> {
        ["gpkg.geometry.corrupt", "gpkg.geometry.out-of-range", "gpkg.geometry.srs"]
    }

    /// Every feature layer, or the one `options.layer` names.
    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        try GeoPackageReader(
            path: input.filePath ?? input.path, displayName: input.name, layer: options.layer,
            readsViews: options.readsGeoPackageViews)
    }

    public func matchingOutput(for input: Input, in formats: FormatRegistry) -> OutputFormat? { .gpkg }
}

extension GeoPackageReader: FeatureReader {
    /// The table of the feature ``next()`` returned last.
    public func layer(of feature: Feature) -> String? { currentLayer }

    public var warnings: [Diagnostic] { diagnostics }
}

/// GeoPackage as an output format: a table per input layer (features of
/// no layer go in one named after the output file), written row by row
/// into a private temporary file, as SQLite needs a file it can seek in,
/// then copied into the destination.
public struct GeoPackageOutputFormat: FeatureOutputFormat {
    public let format = OutputFormat.gpkg
    public let extensions = [".gpkg"]
    /// Its layers record their system (gpkg_spatial_ref_sys).
    public let writesAnyCoordinateSystem = true

    public init() {}

    public func writer(to destination: OutputDestination, options: WritingOptions) -> any FeatureWriter {
        GeoPackageOutputWriter(destination: destination, system: options.coordinateSystem)
    }
}

final class GeoPackageOutputWriter: FeatureWriter {
    let destination: OutputDestination
    /// The database being written, created with the first feature.
    private var output: (file: TemporaryFile, writer: GeoPackageFileWriter)?

    /// The system positions are in, when not WGS 84 (`--t-srs`).
    private let system: WrittenCoordinateSystem?

    init(destination: OutputDestination, system: WrittenCoordinateSystem?) {
        self.destination = destination
        self.system = system
    }

    func write(_ feature: Feature, collection: FeatureCollection, layer: String?) throws(DiagnosticError) {
        try database().writer.write(
            feature, layer: layer.flatMap { $0.isEmpty ? nil : $0 } ?? destination.layerName)
    }

    func complete(collection: FeatureCollection) throws(DiagnosticError) {
        let (file, writer) = try database()
        try writer.finish()
        try copy(file)
        output = nil
    }

    func discard() {
        output = nil
    }

    private func database() throws(DiagnosticError) -> (file: TemporaryFile, writer: GeoPackageFileWriter) {
        if let output { return output }
        let file = try TemporaryFile(purpose: "gpkg")
        let opened = (
            file, try GeoPackageFileWriter(path: file.path, displayName: destination.displayName, system: system)
        )
        output = opened
        return opened
    }

    /// Copies the finished database to the destination, a megabyte at a time.
    private func copy(_ file: TemporaryFile) throws(DiagnosticError) {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DiagnosticError(code: "io.read", message: "cannot read back the GeoPackage just written")
        }
        defer { Platform.close(descriptor) }
        var chunk: [UInt8] = []
        while true {
            chunk.removeAll(keepingCapacity: true)
            let count = Platform.read(descriptor, appendingTo: &chunk, count: 1 << 20)
            if count < 0 {
                throw DiagnosticError(code: "io.read", message: "cannot read back the GeoPackage just written")
            }
            if count == 0 { break }
            try destination.write(chunk)
        }
    }
}
