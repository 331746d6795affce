import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianLibC
import MeridianPlatform

/// Writes tiles as an MBTiles 1.3 database (SQLite): the `metadata` table
/// (name, format `pbf`, bounds, center, zooms, and the `json` of the vector
/// layers) and the `tiles` table, rows numbered from the south as MBTiles
/// numbers them (TMS), each tile's bytes as given (gzip-compressed MVT, as
/// tippecanoe writes them). Built in a private temporary file, then copied
/// to the destination, which appears only when it is whole.
public enum MBTilesWriter {
    /// One tile: its zoom, column and row from the north (XYZ), and bytes.
    public typealias Tile = (zoom: Int, x: Int, y: Int, bytes: [UInt8])

    public static func write(
        _ tiles: [Tile], metadata: [(String, String)], to destination: OutputDestination
    ) throws(DiagnosticError) {
        try write(to: destination) { (add) throws(DiagnosticError) in
            for tile in tiles { try add(tile) }
            return metadata
        }
    }

    /// Writes the tiles that `produce` hands to the function it is given,
    /// one at a time (a tile set of any size, as ``TileSetBuilder`` makes
    /// it), then the metadata it returns.
    public static func write(
        to destination: OutputDestination,
        tiles produce: ((Tile) throws(DiagnosticError) -> Void) throws(DiagnosticError) -> [(String, String)]
    ) throws(DiagnosticError) {
        let file = try TemporaryFile(purpose: "mbtiles")
        defer { file.remove() }
        do {
            let db = try SQLiteDatabase(file: file.path, path: destination.displayName, readOnly: false)
            try db.execute(
                """
                PRAGMA application_id = \(MBTilesFormat.applicationID); PRAGMA journal_mode = OFF;
                PRAGMA synchronous = OFF; BEGIN;
                CREATE TABLE metadata (name TEXT, value TEXT);
                CREATE TABLE tiles (zoom_level INTEGER, tile_column INTEGER, tile_row INTEGER, tile_data BLOB);
                """)
            let insert = try db.prepare(
                "INSERT INTO tiles (zoom_level, tile_column, tile_row, tile_data) VALUES (?, ?, ?, ?)")
            let metadata = try produce { (tile) throws(DiagnosticError) in
                insert.bind(Int64(tile.zoom), at: 1)
                insert.bind(Int64(tile.x), at: 2)
                insert.bind(Int64((1 << tile.zoom) - 1 - tile.y), at: 3)
                insert.bind(tile.bytes, at: 4)
                _ = try insert.step()
                insert.reset()
            }
            let entry = try db.prepare("INSERT INTO metadata (name, value) VALUES (?, ?)")
            for (name, value) in metadata {
                entry.bind(.string(name), at: 1)
                entry.bind(.string(value), at: 2)
                _ = try entry.step()
                entry.reset()
            }
            try db.execute("CREATE UNIQUE INDEX tile_index ON tiles (zoom_level, tile_column, tile_row); COMMIT;")
        }
        let descriptor = try Platform.openForReading(file.path, name: destination.displayName)
        defer { Platform.close(descriptor) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Platform.read(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else {
                throw DiagnosticError(
                    code: "io.read", message: "cannot read back the MBTiles just written",
                    location: SourceLocation(file: destination.displayName))
            }
            if count == 0 { break }
            try destination.write(chunk[..<count])
        }
    }
}
