import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianLibC
import MeridianPlatform

extension InputFormat {
    /// A PMTiles archive of vector tiles.
    public static let pmtiles = InputFormat("pmtiles")
    /// One Mapbox Vector Tile, named by its place: `.../Z/X/Y.mvt`.
    public static let mvt = InputFormat("mvt")
}

/// Vector tiles as an input: a PMTiles archive (its magic bytes), read at
/// its highest zoom, or a single `.mvt` tile whose path ends in `Z/X/Y.mvt`
/// (as a tile server's folders lay them out). Each tile's features come
/// back in longitude and latitude with their layer's name as the layer; a
/// feature cut by tile edges comes back once per tile, as GDAL's MVT
/// driver gives it.
public struct VectorTileFormat: FeatureFormat {
    public let format: InputFormat

    public static let pmtiles = VectorTileFormat(format: .pmtiles)
    public static let mvt = VectorTileFormat(format: .mvt)

    private init(format: InputFormat) { self.format = format }

    public func recognise(_ probe: InputProbe) -> InputProbe.Match? {
        guard probe.isBytes else { return nil }
        if format == .pmtiles {
            return probe.head.starts(with: Array("PMTiles".utf8)) ? .certain : nil
        }
        // A tile starts with its first layer (field 3, length-delimited), or
        // is gzipped (as GDAL and tippecanoe write tile folders); an
        // OpenStreetMap PBF starts with a zero byte, never either.
        guard probe.path.hasSuffix(".mvt") || probe.path.hasSuffix(".pbf"),
            probe.head.first == 0x1A || probe.head.starts(with: [0x1F, 0x8B]), Self.tile(ofPath: probe.path) != nil
        else {
            return nil
        }
        return .certain
    }

    /// The tile a path names: `.../Z/X/Y.mvt` (or `.pbf`, as tile folders
    /// also name them).
    static func tile(ofPath path: String) -> TileID? {
        let parts = path.split(separator: "/").suffix(3).map(String.init)
        let name = parts.last ?? ""
        guard parts.count == 3, let zoom = Int(parts[0]), let x = Int(parts[1]),
            let y = Int(name.hasSuffix(".mvt") || name.hasSuffix(".pbf") ? String(name.dropLast(4)) : name),
            (0...30).contains(zoom), x >= 0, y >= 0, x < 1 << zoom, y < 1 << zoom
        else { return nil }
        return TileID(zoom: zoom, x: x, y: y)
    }

    public var errorsWhenValidating: Set<String> { ["tile.mvt.geometry"] }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        let (owner, bytes) = try TileBytes.load(input)
        return try VectorTileReader(
            owner: owner, bytes: bytes, name: input.name, single: format == .mvt ? Self.tile(ofPath: input.path) : nil)
    }
}

/// The features of vector tiles, a tile at a time: a PMTiles archive's
/// tiles of its highest zoom, one tile, or (from MeridianGeoPackage) an
/// MBTiles database's.
public final class VectorTileReader: FeatureReader {
    /// A tile and how to get its bytes, inflated.
    package typealias Tile = (id: TileID, bytes: () throws(DiagnosticError) -> [UInt8])

    /// What keeps the tiles' bytes alive (a mapping, a database).
    private let owner: AnyObject?
    private let name: String
    private let tiles: [Tile]
    private var nextTile = 0
    private var queue: [(layer: String, feature: Feature)] = []
    private var position = 0
    private var currentLayer: String?
    private var found: [Diagnostic] = []
    public let layout: String?

    package init(owner: AnyObject?, name: String, tiles: [Tile], layout: String, warnings: [Diagnostic] = []) {
        self.owner = owner
        self.name = name
        self.tiles = tiles
        self.layout = layout
        found = warnings
    }

    convenience init(owner: AnyObject?, bytes: UnsafeRawBufferPointer, name: String, single: TileID?)
        throws(DiagnosticError)
    {
        if let single {
            let tile: Tile = (
                single,
                { () throws(DiagnosticError) -> [UInt8] in
                    try PMTilesReader.inflatedIfGzipped(bytes, name: name)
                }
            )
            self.init(owner: owner, name: name, tiles: [tile], layout: "Mapbox Vector Tile")
            return
        }
        let reader = try PMTilesReader(bytes: bytes, name: name)
        let ranges = try reader.tiles(zoom: reader.header.maxZoom)
        let tiles = ranges.map { id, range -> Tile in
            (id, { () throws(DiagnosticError) -> [UInt8] in try reader.tileBytes(range) })
        }
        let header = reader.header
        self.init(
            owner: owner, name: name, tiles: tiles,
            layout: "PMTiles, zoom \(header.maxZoom) of \(header.minZoom)-\(header.maxZoom), \(tiles.count) tiles")
    }

    public func next() throws(DiagnosticError) -> Feature? {
        while position == queue.count {
            guard nextTile < tiles.count else { return nil }
            let tile = tiles[nextTile]
            nextTile += 1
            let raw = try tile.bytes()
            var warnings = found
            queue = try raw.withUnsafeBytes { tileBytes in
                Result { () throws(DiagnosticError) in
                    try VectorTileDecoder(tile: tile.id, name: name).decode(tileBytes, warnings: &warnings)
                }
            }.get()
            found = warnings
            position = 0
        }
        defer { position += 1 }
        currentLayer = queue[position].layer
        return queue[position].feature
    }

    public func layer(of feature: Feature) -> String? { currentLayer }

    public var warnings: [Diagnostic] { found }
}
