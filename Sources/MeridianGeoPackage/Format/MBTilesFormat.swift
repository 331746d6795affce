import CSQLite
import MeridianCore
import MeridianIO
import MeridianLibC
import MeridianTiles

extension InputFormat {
    /// An MBTiles 1.3 database of Mapbox Vector Tiles.
    public static let mbtiles = InputFormat("mbtiles")
}

/// MBTiles as an input format: an SQLite database whose header carries
/// MBTiles' application id (`MPBX`, as `meridian tile` and the
/// specification's writers set it), or whose name ends in `.mbtiles`. Its
/// vector tiles are read at the highest zoom, each decoded back to
/// longitude and latitude, as a PMTiles archive is (`VectorTileReader`).
/// Placed before GeoPackage in the registry, which takes any other SQLite file.
public struct MBTilesFormat: FeatureFormat {
    public let format = InputFormat.mbtiles
    /// `MPBX`, big-endian: MBTiles' `PRAGMA application_id`.
    public static let applicationID: Int32 = 0x4D50_4258

    public init() {}

    public func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match? {
        guard probe.isBytes, probe.skippedBytes == 0, probe.head.starts(with: Array("SQLite format 3\0".utf8)),
            probe.isRegularFile
        else { return nil }
        let id = probe.head.count >= 72 ? probe.head[68..<72].reduce(0) { $0 << 8 | Int32($1) } : 0
        return id == Self.applicationID || probe.path.lowercased().hasSuffix(".mbtiles") ? .certain : nil
    }

    public var errorsWhenValidating: Set<String> { ["tile.mvt.geometry"] }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        try MBTilesArchive(input: input).reader()
    }
}

/// An MBTiles 1.3 database of vector tiles, opened for looking tiles up
/// one at a time (a basemap, `BasemapSource` in the Meridian module) or
/// reading every tile of its highest zoom (`reader()`).
///
/// ```swift
/// let archive = try MBTilesArchive(path: "countries.mbtiles")
/// let layers = try archive.features(zoom: 2, x: 2, y: 1)   // rows are flipped to XYZ here
/// ```
///
/// The database is a stranger's program as a GeoPackage is: it is opened
/// read-only with SQLite's value-length cap and step budget. Its metadata
/// must say `format` `pbf`; tiles inflate to at most 64 MiB (`tile.*`
/// codes as for PMTiles, naming the tile). One connection serves every
/// thread, a lookup at a time.
public final class MBTilesArchive: @unchecked Sendable {
    private let database: SQLiteDatabase
    private var mutex = pthread_mutex_t()
    public let name: String
    public let zoomRange: ClosedRange<Int>
    /// The `metadata` table, name to value.
    public let metadata: [String: String]

    public convenience init(path: String) throws(DiagnosticError) {
        try self.init(input: Input(path: path, formats: FormatRegistry(readers: [MBTilesFormat()])))
    }

    public init(input: Input) throws(DiagnosticError) {
        name = input.name
        database = try SQLiteDatabase(file: input.filePath ?? input.path, path: input.name, readOnly: true)
        var metadata: [String: String] = [:]
        let rows = try database.prepare("SELECT name, value FROM metadata")
        while try rows.step() {
            if let key = rows.text(0), let value = rows.text(1) { metadata[key] = value }
        }
        self.metadata = metadata
        func failure(_ message: String) -> DiagnosticError {
            DiagnosticError(code: "tile.mbtiles.invalid", message: "\(input.name): \(message)", location: SourceLocation(file: input.name))
        }
        guard metadata["format"] == nil || metadata["format"] == "pbf" else {
            throw failure("its tiles are \(metadata["format"] ?? ""), not vector tiles (pbf)")
        }
        let zooms = try database.prepare("SELECT min(zoom_level), max(zoom_level) FROM tiles")
        guard try zooms.step(), zooms.type(0) == SQLITE_INTEGER else { throw failure("it holds no tiles") }
        let (low, high) = (zooms.int(0), zooms.int(1))
        guard low >= 0, low <= high, high <= Int64(TileID.maximumZoom) else {
            throw failure("its tiles are of zooms \(low) to \(high)")
        }
        zoomRange = Int(low)...Int(high)
        pthread_mutex_init(&mutex, nil)
    }

    /// The attribution the metadata gives, if any.
    public var attribution: String? { metadata["attribution"] }

    /// Tile `zoom`/`x`/`y` (rows from the north, as XYZ numbers them),
    /// inflated; nil where the database has no such tile.
    public func tileData(zoom: Int, x: Int, y: Int) throws(DiagnosticError) -> [UInt8]? {
        guard (0...TileID.maximumZoom).contains(zoom), (0..<(1 << zoom)).contains(x), (0..<(1 << zoom)).contains(y)
        else { return nil }
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        let query = try database.prepare(
            "SELECT tile_data FROM tiles WHERE zoom_level = ? AND tile_column = ? AND tile_row = ?")
        query.bind(Int64(zoom), at: 1)
        query.bind(Int64(x), at: 2)
        query.bind(Int64((1 << zoom) - 1 - y), at: 3)
        guard try query.step() else { return nil }
        return try query.blob(0).withUnsafeBytes { bytes in
            Result { () throws(DiagnosticError) in try PMTilesReader.inflatedIfGzipped(bytes, name: name) }
        }.get()
    }

    /// Tile `zoom`/`x`/`y`'s features in longitude and latitude, by layer name.
    public func features(zoom: Int, x: Int, y: Int) throws(DiagnosticError) -> [String: [Feature]] {
        guard let data = try tileData(zoom: zoom, x: x, y: y) else { return [:] }
        return try VectorTileDecoder(tile: TileID(zoom: zoom, x: x, y: y), name: name).layers(data)
    }

    /// Every tile of the highest zoom, in the database's order, as features.
    public func reader() throws(DiagnosticError) -> VectorTileReader {
        let zoom = zoomRange.upperBound
        let rows = try database.prepare("SELECT tile_column, tile_row FROM tiles WHERE zoom_level = ? ORDER BY rowid")
        rows.bind(Int64(zoom), at: 1)
        var tiles: [VectorTileReader.Tile] = []
        var offGrid = 0
        while try rows.step() {
            let (x, row) = (rows.int(0), rows.int(1))
            // GDAL writes tiles past Web Mercator's band for data near the poles.
            guard (0..<Int64(1 << zoom)).contains(x), (0..<Int64(1 << zoom)).contains(row) else {
                offGrid += 1
                continue
            }
            let id = TileID(zoom: zoom, x: Int(x), y: (1 << zoom) - 1 - Int(row))
            tiles.append(
                (id, { [self] () throws(DiagnosticError) -> [UInt8] in
                    try tileData(zoom: id.zoom, x: id.x, y: id.y) ?? []
                }))
        }
        let warnings =
            offGrid == 0
            ? []
            : [
                Diagnostic(
                    severity: .warning, code: "tile.mbtiles.off-grid",
                    message: "\(offGrid) tiles of zoom \(zoom) lie off its grid (past Web Mercator's band) and are left out",
                    location: SourceLocation(file: name))
            ]
        return VectorTileReader(
            owner: self, name: name, tiles: tiles,
            layout: "MBTiles, zoom \(zoom) of \(zoomRange.lowerBound)-\(zoom), \(tiles.count) tiles", warnings: warnings)
    }
}
