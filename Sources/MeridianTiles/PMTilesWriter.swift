import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianLibC
import MeridianPlatform

/// Writes a PMTiles version 3 archive: the 127-byte header, the root
/// directory (and leaf directories when the root would pass 16 KiB less
/// the header), the JSON metadata, then the tiles in tile-id order
/// (clustered), identical tiles stored once and consecutive ones as one
/// run. Directories and metadata are gzip-compressed, as are the tiles
/// (MVT, `tile_compression` 2), as the format's reference writer does.
public enum PMTilesWriter {
    public struct Header: Sendable {
        public var minZoom: Int
        public var maxZoom: Int
        public var bounds: BoundingBox
        public var center: Coordinate
        public var centerZoom: Int

        public init(minZoom: Int, maxZoom: Int, bounds: BoundingBox, center: Coordinate, centerZoom: Int) {
            self.minZoom = minZoom
            self.maxZoom = maxZoom
            self.bounds = bounds
            self.center = center
            self.centerZoom = centerZoom
        }
    }

    struct Entry {
        var tileID: UInt64
        var offset: UInt64
        var length: UInt32
        var runLength: UInt32
    }

    /// A whole archive in memory: `tiles` in any order.
    public static func archive(
        tiles: [(TileID, [UInt8])], metadata: [UInt8], header: Header
    ) throws(DiagnosticError) -> [UInt8] {
        let stream = try Stream(keepingData: true)
        for tile in tiles.sorted(by: { $0.0.hilbertID < $1.0.hilbertID }) { try stream.add(tile.0, tile.1) }
        let (head, data) = try stream.finish(metadata: metadata, header: header)
        return head + data
    }

    /// An archive written as its tiles come, in ascending PMTiles id (as
    /// ``TileSetBuilder/build(_:into:)`` makes them): tile data goes to a
    /// temporary file in chunks, identical tiles are stored once (found by
    /// a hash of their bytes, then compared), and only the directory
    /// entries stay in memory; ``finish(metadata:header:to:)`` writes the
    /// header, directories and metadata, then copies the data after them.
    public final class Stream {
        private var entries: [Entry] = []
        /// Where each tile's bytes were stored, by their hash (a second tile
        /// with the same hash and other bytes is stored again, not found).
        private var places: [Int: (offset: UInt64, length: UInt32)] = [:]
        private var chunk: [UInt8] = []
        /// Data bytes before ``chunk``: in ``file``, or in ``kept``.
        private var flushed = 0
        private let file: TemporaryFile?
        private var kept: [UInt8] = []
        private var reader: Int32 = -1
        private var addressed = 0
        private var contents = 0
        private static let chunkSize = 8 << 20

        /// `keepingData`: keep the data in memory (small archives) rather
        /// than in a temporary file.
        public init(keepingData: Bool = false) throws(DiagnosticError) {
            file = keepingData ? nil : try TemporaryFile(purpose: "pmtiles")
        }

        deinit { if reader >= 0 { close(reader) } }

        /// Adds a tile; its id must be above every id added before.
        public func add(_ tile: TileID, _ bytes: [UInt8]) throws(DiagnosticError) {
            let id = tile.hilbertID
            if let last = entries.last, id < last.tileID + UInt64(last.runLength) {
                throw DiagnosticError(code: "tile.pmtiles.order", message: "tile \(tile) came after a later tile")
            }
            addressed += 1
            var hasher = Hasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            let hash = hasher.finalize()
            let known = places[hash]
            if let place = known, place.length == bytes.count, try storedBytes(place) == bytes {
                if let last = entries.last, last.offset == place.offset, last.tileID + UInt64(last.runLength) == id {
                    entries[entries.count - 1].runLength += 1
                } else {
                    entries.append(Entry(tileID: id, offset: place.offset, length: place.length, runLength: 1))
                }
                return
            }
            let stored = (offset: UInt64(flushed + chunk.count), length: UInt32(bytes.count))
            if known == nil { places[hash] = stored }
            chunk += bytes
            contents += 1
            entries.append(Entry(tileID: id, offset: stored.offset, length: stored.length, runLength: 1))
            if chunk.count >= Self.chunkSize { try flush() }
        }

        private func flush() throws(DiagnosticError) {
            if let file { try file.write(chunk, displayName: "the PMTiles archive's tiles") } else { kept += chunk }
            flushed += chunk.count
            chunk.removeAll(keepingCapacity: true)
        }

        /// The bytes of a tile stored before.
        private func storedBytes(_ place: (offset: UInt64, length: UInt32)) throws(DiagnosticError) -> [UInt8] {
            let start = Int(place.offset)
            let end = start + Int(place.length)
            if start >= flushed { return Array(chunk[(start - flushed)..<(end - flushed)]) }
            guard let file else { return Array(kept[start..<end]) }
            if reader < 0 { reader = open(file.path, O_RDONLY) }
            var bytes = [UInt8](repeating: 0, count: Int(place.length))
            let count = bytes.withUnsafeMutableBytes { pread(reader, $0.baseAddress, $0.count, off_t(start)) }
            guard count == bytes.count else {
                throw DiagnosticError(code: "io.temporary", message: "cannot read back the PMTiles archive's tiles")
            }
            return bytes
        }

        /// Writes the archive to `destination` (not committed).
        public func finish(metadata: [UInt8], header: Header, to destination: OutputDestination) throws(DiagnosticError) {
            let (head, data) = try finish(metadata: metadata, header: header)
            try destination.write(head)
            if let file, flushed > 0 {
                let descriptor = open(file.path, O_RDONLY)
                defer { if descriptor >= 0 { close(descriptor) } }
                guard descriptor >= 0, let mapped = MappedFile(descriptor: descriptor, count: flushed) else {
                    throw DiagnosticError(code: "io.temporary", message: "cannot read back the PMTiles archive's tiles")
                }
                var offset = 0
                while offset < flushed {
                    let end = min(flushed, offset + Self.chunkSize)
                    try destination.write(UnsafeRawBufferPointer(start: mapped.base + offset, count: end - offset))
                    mapped.release(upTo: end)
                    offset = end
                }
            }
            try destination.write(data)
        }

        /// The header, directories and metadata; and the data not in the
        /// temporary file (all of it when kept in memory).
        fileprivate func finish(metadata: [UInt8], header: Header) throws(DiagnosticError) -> (head: [UInt8], data: [UInt8]) {
            let (root, leaves) = try directories(entries)
            let compressedMetadata = try gzip(metadata)
            var out = [UInt8](repeating: 0, count: 127)
            let rootOffset = 127
            let metadataOffset = rootOffset + root.count
            let leavesOffset = metadataOffset + compressedMetadata.count
            let dataOffset = leavesOffset + leaves.count
            func put64(_ value: Int, at position: Int) {
                for byte in 0..<8 { out[position + byte] = UInt8(truncatingIfNeeded: UInt64(value) >> (8 * UInt64(byte))) }
            }
            func put32(_ value: Int32, at position: Int) {
                let bits = UInt32(bitPattern: value)
                for byte in 0..<4 { out[position + byte] = UInt8(truncatingIfNeeded: bits >> (8 * UInt32(byte))) }
            }
            out.replaceSubrange(0..<7, with: Array("PMTiles".utf8))
            out[7] = 3
            put64(rootOffset, at: 8)
            put64(root.count, at: 16)
            put64(metadataOffset, at: 24)
            put64(compressedMetadata.count, at: 32)
            put64(leavesOffset, at: 40)
            put64(leaves.count, at: 48)
            put64(dataOffset, at: 56)
            put64(flushed + chunk.count, at: 64)
            put64(addressed, at: 72)
            put64(entries.count, at: 80)
            put64(contents, at: 88)
            out[96] = 1  // clustered
            out[97] = 2  // internal compression: gzip
            out[98] = 2  // tile compression: gzip
            out[99] = 1  // tile type: MVT
            out[100] = UInt8(header.minZoom)
            out[101] = UInt8(header.maxZoom)
            func e7(_ degrees: Double) -> Int32 { Int32((degrees * 1e7).rounded()) }
            put32(e7(header.bounds.west), at: 102)
            put32(e7(header.bounds.south), at: 106)
            put32(e7(header.bounds.east), at: 110)
            put32(e7(header.bounds.north), at: 114)
            out[118] = UInt8(header.centerZoom)
            put32(e7(header.center.longitude), at: 119)
            put32(e7(header.center.latitude), at: 123)
            return (out + root + compressedMetadata + leaves, file == nil ? kept + chunk : chunk)
        }
    }

    private static func directories(_ entries: [Entry]) throws(DiagnosticError) -> (root: [UInt8], leaves: [UInt8]) {
        let root = try gzip(serialized(entries))
        if root.count <= 16_384 - 127 { return (root, []) }
        var leafSize = 4_096
        while true {
            var leaves: [UInt8] = []
            var rootEntries: [Entry] = []
            var start = 0
            while start < entries.count {
                let chunk = Array(entries[start..<min(entries.count, start + leafSize)])
                let leaf = try gzip(serialized(chunk))
                rootEntries.append(
                    Entry(tileID: chunk[0].tileID, offset: UInt64(leaves.count), length: UInt32(leaf.count), runLength: 0))
                leaves += leaf
                start += leafSize
            }
            let root = try gzip(serialized(rootEntries))
            if root.count <= 16_384 - 127 { return (root, leaves) }
            leafSize *= 2
        }
    }

    /// A directory as PMTiles lays it out: the count, then the ids as
    /// deltas, the run lengths, the lengths, and the offsets (0 for "right
    /// after the previous tile", else offset + 1), all varints.
    private static func serialized(_ entries: [Entry]) -> [UInt8] {
        var out = ProtobufWriter()
        out.varint(UInt64(entries.count))
        var last: UInt64 = 0
        for entry in entries {
            out.varint(entry.tileID - last)
            last = entry.tileID
        }
        for entry in entries { out.varint(UInt64(entry.runLength)) }
        for entry in entries { out.varint(UInt64(entry.length)) }
        for (index, entry) in entries.enumerated() {
            if index > 0, entry.offset == entries[index - 1].offset + UInt64(entries[index - 1].length) {
                out.varint(0)
            } else {
                out.varint(entry.offset + 1)
            }
        }
        return out.bytes
    }

    static func gzip(_ bytes: [UInt8]) throws(DiagnosticError) -> [UInt8] {
        try ZipArchive.deflate(bytes, gzip: true)
    }
}
