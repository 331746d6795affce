import MeridianArchive
import MeridianCore
import MeridianIO

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

    /// The archive's bytes: `tiles` (tile id, gzip-compressed tile) in any
    /// order, `metadata` as JSON.
    public static func archive(
        tiles: [(TileID, [UInt8])], metadata: [UInt8], header: Header
    ) throws(DiagnosticError) -> [UInt8] {
        let sorted = tiles.map { (id: $0.0.hilbertID, bytes: $0.1) }.sorted { $0.id < $1.id }
        var data: [UInt8] = []
        var entries: [Entry] = []
        var stored: [[UInt8]: (offset: UInt64, length: UInt32)] = [:]
        var contents = 0
        for tile in sorted {
            if let last = entries.last, last.tileID + UInt64(last.runLength) == tile.id,
                let known = stored[tile.bytes], known.offset == last.offset
            {
                entries[entries.count - 1].runLength += 1
                continue
            }
            if let known = stored[tile.bytes] {
                entries.append(Entry(tileID: tile.id, offset: known.offset, length: known.length, runLength: 1))
                continue
            }
            let place = (offset: UInt64(data.count), length: UInt32(tile.bytes.count))
            stored[tile.bytes] = place
            data += tile.bytes
            contents += 1
            entries.append(Entry(tileID: tile.id, offset: place.offset, length: place.length, runLength: 1))
        }
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
        put64(data.count, at: 64)
        put64(sorted.count, at: 72)
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
        return out + root + compressedMetadata + leaves + data
    }

    /// The root directory and the leaf directories, compressed: one root
    /// when it fits the first 16 KiB, else leaves of 4 096 entries and
    /// more until the root of their entries fits.
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
