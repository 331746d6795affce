import MeridianCore
import MeridianIO
import MeridianJSON
import MeridianLibC
import MeridianPlatform

/// A PMTiles version 3 archive of vector tiles, opened for looking tiles
/// up one at a time: what a basemap under a snapshot and a tile server
/// need, where ``VectorTileReader`` reads every tile of a zoom in turn.
///
/// ```swift
/// let archive = try PMTilesArchive(path: "Samples/natural-earth.pmtiles")
/// archive.zoomRange                                  // 0...5
/// let layers = try archive.features(zoom: 2, x: 2, y: 1)   // ["land": [...], "borders": [...], ...]
/// let bytes = try archive.tileData(zoom: 2, x: 2, y: 1)    // the tile's MVT bytes, inflated
/// ```
///
/// A file is mapped, not read, so an archive of gigabytes costs only the
/// pages its tiles touch; a pipe is read whole. Every lookup is checked as
/// ``VectorTileReader`` checks the whole archive (`tile.pmtiles.invalid`,
/// `tile.mvt.invalid`); the archive is immutable, so one may be shared by
/// every thread.
public final class PMTilesArchive: @unchecked Sendable {
    private let owner: AnyObject?
    private let reader: PMTilesReader
    /// The archive's name in messages.
    public let name: String
    /// The zooms the archive's header says it holds.
    public let zoomRange: ClosedRange<Int>
    /// The archive's JSON metadata (`vector_layers`, `attribution`...), or
    /// an empty object when it has none or it is not a JSON object.
    public let metadata: JSONObject

    /// Opens the archive at `path` (`-` is standard input).
    public convenience init(path: String) throws(DiagnosticError) {
        try self.init(input: Input(path: path, formats: FormatRegistry(readers: [VectorTileFormat.pmtiles])))
    }

    /// Opens the archive an input holds.
    public init(input: Input) throws(DiagnosticError) {
        let (owner, bytes) = try TileBytes.load(input)
        self.owner = owner
        name = input.name
        reader = try PMTilesReader(bytes: bytes, name: input.name)
        let header = reader.header
        guard header.minZoom <= header.maxZoom, header.maxZoom <= TileID.maximumZoom else {
            throw DiagnosticError(
                code: "tile.pmtiles.invalid",
                message: "\(input.name)'s header gives zooms \(header.minZoom) to \(header.maxZoom)",
                location: SourceLocation(file: input.name))
        }
        zoomRange = header.minZoom...header.maxZoom
        metadata = (try? reader.metadata()).flatMap { try? JSONValue(parsing: $0).objectValue } ?? JSONObject()
    }

    /// The bounds the header gives, nil when they are not a box on the globe.
    public var bounds: BoundingBox? { reader.bounds }

    /// The attribution the metadata gives, if any.
    public var attribution: String? { metadata["attribution"]?.stringValue }

    /// Tile `zoom`/`x`/`y`'s Mapbox Vector Tile bytes, inflated; nil where
    /// the archive has no such tile.
    public func tileData(zoom: Int, x: Int, y: Int) throws(DiagnosticError) -> [UInt8]? {
        try storedRange(zoom: zoom, x: x, y: y).map { range throws(DiagnosticError) in try reader.tileBytes(range) }
    }

    /// Where tile `zoom`/`x`/`y`'s stored bytes are; nil for a tile off the
    /// grid or not in the archive.
    private func storedRange(zoom: Int, x: Int, y: Int) throws(DiagnosticError) -> Range<Int>? {
        guard (0...TileID.maximumZoom).contains(zoom), (0..<(1 << zoom)).contains(x), (0..<(1 << zoom)).contains(y)
        else { return nil }
        return try reader.range(of: TileID(zoom: zoom, x: x, y: y))
    }

    /// Tile `zoom`/`x`/`y`'s bytes as stored, when the archive stores its
    /// tiles gzipped (nil otherwise, or where there is no such tile): what
    /// a server sends as they are to a client that accepts gzip.
    public func gzippedTileData(zoom: Int, x: Int, y: Int) throws(DiagnosticError) -> [UInt8]? {
        guard reader.header.tileCompression == 2, let range = try storedRange(zoom: zoom, x: x, y: y) else { return nil }
        return Array(reader.bytes[range])
    }

    /// Tile `zoom`/`x`/`y`'s features in longitude and latitude, by layer
    /// name, in the tile's order; empty where the archive has no such tile.
    /// Geometry the decoder leaves out (an unclosed ring) is left out here
    /// too, without a word: a picture has nowhere to put warnings.
    public func features(zoom: Int, x: Int, y: Int) throws(DiagnosticError) -> [String: [Feature]] {
        guard let data = try tileData(zoom: zoom, x: x, y: y) else { return [:] }
        return try VectorTileDecoder(tile: TileID(zoom: zoom, x: x, y: y), name: name).layers(data)
    }
}

/// The bytes of an input that holds tiles: a file mapped, a pipe read
/// whole (an archive is read at random, which a pipe cannot be).
enum TileBytes {
    static func load(_ input: Input) throws(DiagnosticError) -> (owner: AnyObject?, bytes: UnsafeRawBufferPointer) {
        let stream = try input.stream(or: "tile.pmtiles.invalid", isNot: "a vector tile file")
        var status = stat()
        if stream.seekable, fstat(stream.descriptor, &status) == 0 {
            let mapped = MappedFile(descriptor: stream.descriptor, count: Int(status.st_size))
            return (mapped, UnsafeRawBufferPointer(start: mapped?.base, count: mapped?.count ?? 0))
        }
        var bytes = stream.prefix
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { Platform.read(stream.descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                throw DiagnosticError(
                    code: "io.read", message: "cannot read \(input.name): \(Platform.errorMessage())",
                    location: SourceLocation(file: input.name))
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        let owned = OwnedBytes(bytes)
        return (owned, UnsafeRawBufferPointer(owned.bytes))
    }

    /// Bytes read from a pipe, kept at one address.
    final class OwnedBytes {
        let bytes: UnsafeMutableRawBufferPointer
        init(_ source: [UInt8]) {
            bytes = .allocate(byteCount: source.count, alignment: 8)
            source.withUnsafeBytes { bytes.copyMemory(from: $0) }
        }
        deinit { bytes.deallocate() }
    }
}
