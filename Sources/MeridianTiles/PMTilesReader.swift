import CLibZ
import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianPlatform

/// Reads the tiles of a PMTiles version 3 archive: its header, root and
/// leaf directories (gzip or uncompressed), and each tile's bytes.
///
/// What the archive says is checked before it is used: the magic and
/// version, every section inside the file, directories that inflate to at
/// most 64 MiB with counts their bytes can hold, leaf directories at most
/// three deep (no cycles), and tiles that inflate to at most
/// ``largestTile`` bytes (a gzip bomb stops there): `tile.pmtiles.invalid`,
/// naming the section.
package struct PMTilesReader {
    static let largestTile = 64 << 20
    static let largestDirectory = 64 << 20

    struct Header {
        var rootOffset: Int, rootLength: Int
        var leavesOffset: Int, leavesLength: Int
        var dataOffset: Int, dataLength: Int
        var internalCompression: UInt8, tileCompression: UInt8, tileType: UInt8
        var minZoom: Int, maxZoom: Int
    }

    let bytes: UnsafeRawBufferPointer
    let name: String
    let header: Header

    init(bytes: UnsafeRawBufferPointer, name: String) throws(DiagnosticError) {
        self.bytes = bytes
        self.name = name
        guard bytes.count >= 127, bytes.starts(with: Array("PMTiles".utf8)) else {
            throw DiagnosticError(
                code: "tile.pmtiles.invalid", message: "\(name) is not a PMTiles archive (no PMTiles header)",
                location: SourceLocation(file: name))
        }
        guard bytes[7] == 3 else {
            throw DiagnosticError(
                code: "tile.pmtiles.invalid",
                message: "\(name) is PMTiles version \(bytes[7]): Meridian reads version 3",
                location: SourceLocation(file: name))
        }
        func u64(_ at: Int) -> UInt64 {
            var value: UInt64 = 0
            for index in 0..<8 { value |= UInt64(bytes[at + index]) << (8 * UInt64(index)) }
            return value
        }
        var sections: [Int] = []
        for at in stride(from: 8, to: 72, by: 8) {
            let value = u64(at)
            guard value <= UInt64(bytes.count) else {
                throw DiagnosticError(
                    code: "tile.pmtiles.invalid",
                    message: "\(name)'s header gives a section at or of \(value) bytes, past the end of its \(bytes.count)",
                    location: SourceLocation(file: name))
            }
            sections.append(Int(value))
        }
        for (offset, length) in [(sections[0], sections[1]), (sections[4], sections[5]), (sections[6], sections[7])]
        where offset + length > bytes.count {
            throw DiagnosticError(
                code: "tile.pmtiles.invalid",
                message: "\(name)'s header gives a section of \(length) bytes at \(offset), past the end of the file",
                location: SourceLocation(file: name))
        }
        header = Header(
            rootOffset: sections[0], rootLength: sections[1], leavesOffset: sections[4], leavesLength: sections[5],
            dataOffset: sections[6], dataLength: sections[7], internalCompression: bytes[97],
            tileCompression: bytes[98], tileType: bytes[99], minZoom: Int(bytes[100]), maxZoom: Int(bytes[101]))
        guard header.tileType == 1 else {
            throw DiagnosticError(
                code: "tile.pmtiles.invalid",
                message: "\(name) holds tiles of type \(header.tileType), not vector tiles (MVT, type 1)",
                location: SourceLocation(file: name))
        }
    }

    private func failure(_ message: String) -> DiagnosticError {
        DiagnosticError(code: "tile.pmtiles.invalid", message: "\(name): \(message)", location: SourceLocation(file: name))
    }

    /// Every tile of `zoom` (tile id order), with where its bytes are.
    func tiles(zoom: Int) throws(DiagnosticError) -> [(TileID, Range<Int>)] {
        var found: [(TileID, Range<Int>)] = []
        let first = Self.firstID(zoom: zoom)
        let last = Self.firstID(zoom: zoom + 1)
        try walk(
            offset: header.rootOffset, length: header.rootLength, depth: 0, first: first, last: last, into: &found)
        return found
    }

    static func firstID(zoom: Int) -> UInt64 { ((UInt64(1) << (2 * UInt64(zoom))) - 1) / 3 }

    private func walk(
        offset: Int, length: Int, depth: Int, first: UInt64, last: UInt64, into found: inout [(TileID, Range<Int>)]
    ) throws(DiagnosticError) {
        guard depth <= 3 else { throw failure("its leaf directories nest more than three deep") }
        guard offset >= 0, length >= 0, offset <= bytes.count - length else {
            throw failure("a directory of \(length) bytes at \(offset) runs past the end")
        }
        let raw = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
        let directory = try inflated(raw, compression: header.internalCompression, limit: Self.largestDirectory, what: "a directory")
        let entries = try directory.withUnsafeBytes { buffer in Result { () throws(DiagnosticError) in try parse(buffer) } }.get()
        for entry in entries {
            if entry.runLength == 0 {
                guard entry.offset <= UInt64(header.leavesLength), entry.length <= UInt64(header.leavesLength) - entry.offset
                else { throw failure("a leaf directory lies outside the leaf section") }
                try walk(
                    offset: header.leavesOffset + Int(entry.offset), length: Int(entry.length), depth: depth + 1,
                    first: first, last: last, into: &found)
                continue
            }
            guard entry.offset <= UInt64(header.dataLength), entry.length <= UInt64(header.dataLength) - entry.offset
            else { throw failure("a tile lies outside the tile section") }
            let start = header.dataOffset + Int(entry.offset)
            for step in 0..<UInt64(entry.runLength) {
                let id = entry.tileID + step
                guard id >= first, id < last else { continue }
                guard let tile = Self.tile(id: id) else { continue }
                found.append((tile, start..<(start + Int(entry.length))))
            }
        }
    }

    /// Where tile `tile`'s bytes are, nil when the archive has no such
    /// tile: a binary search of the root directory, then of at most three
    /// leaf directories, each inflated as it is reached.
    func range(of tile: TileID) throws(DiagnosticError) -> Range<Int>? {
        let id = tile.hilbertID
        var (offset, length) = (header.rootOffset, header.rootLength)
        for _ in 0...3 {
            guard offset >= 0, length >= 0, offset <= bytes.count - length else {
                throw failure("a directory of \(length) bytes at \(offset) runs past the end")
            }
            let raw = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)])
            let directory = try inflated(
                raw, compression: header.internalCompression, limit: Self.largestDirectory, what: "a directory")
            let entries = try directory.withUnsafeBytes { buffer in
                Result { () throws(DiagnosticError) in try parse(buffer) }
            }.get()
            // The last entry at or before the id.
            var (low, high) = (0, entries.count)
            while low < high {
                let middle = (low + high) / 2
                if entries[middle].tileID <= id { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return nil }
            let entry = entries[low - 1]
            if entry.runLength == 0 {
                guard entry.offset <= UInt64(header.leavesLength), entry.length <= UInt64(header.leavesLength) - entry.offset
                else { throw failure("a leaf directory lies outside the leaf section") }
                (offset, length) = (header.leavesOffset + Int(entry.offset), Int(entry.length))
                continue
            }
            guard id - entry.tileID < entry.runLength else { return nil }
            guard entry.offset <= UInt64(header.dataLength), entry.length <= UInt64(header.dataLength) - entry.offset
            else { throw failure("a tile lies outside the tile section") }
            let start = header.dataOffset + Int(entry.offset)
            return start..<(start + Int(entry.length))
        }
        throw failure("its leaf directories nest more than three deep")
    }

    struct Entry {
        var tileID: UInt64, offset: UInt64, length: UInt64, runLength: UInt64
    }

    private func parse(_ bytes: UnsafeRawBufferPointer) throws(DiagnosticError) -> [Entry] {
        var reader = ProtobufReader(bytes)
        let count = reader.varint()
        // Each entry takes at least four bytes.
        guard reader.isValid, count <= UInt64(bytes.count / 4) else {
            throw failure("a directory says it holds \(count) entries in \(bytes.count) bytes")
        }
        var entries = [Entry](repeating: Entry(tileID: 0, offset: 0, length: 0, runLength: 0), count: Int(count))
        var id: UInt64 = 0
        for index in entries.indices {
            id = id &+ reader.varint()
            entries[index].tileID = id
        }
        for index in entries.indices { entries[index].runLength = reader.varint() }
        for index in entries.indices { entries[index].length = reader.varint() }
        for index in entries.indices {
            let value = reader.varint()
            if value == 0, index > 0 {
                entries[index].offset = entries[index - 1].offset &+ entries[index - 1].length
            } else {
                entries[index].offset = value &- 1
            }
        }
        guard reader.isValid else { throw failure("a directory cannot be read") }
        return entries
    }

    /// The tile of a tile id.
    static func tile(id: UInt64) -> TileID? {
        var zoom = 0
        while zoom < 32, firstID(zoom: zoom + 1) <= id { zoom += 1 }
        guard zoom < 32 else { return nil }
        var position = Int64(id - firstID(zoom: zoom))
        var x: Int64 = 0
        var y: Int64 = 0
        var s: Int64 = 1
        let n = Int64(1) << zoom
        while s < n {
            let rx = 1 & (position / 2)
            let ry = 1 & (position ^ rx)
            if ry == 0 {
                if rx == 1 {
                    x = s - 1 - x
                    y = s - 1 - y
                }
                swap(&x, &y)
            }
            x += s * rx
            y += s * ry
            position /= 4
            s *= 2
        }
        return TileID(zoom: zoom, x: Int(x), y: Int(y))
    }

    /// The archive's metadata, inflated (JSON text by the specification).
    func metadata() throws(DiagnosticError) -> [UInt8] {
        let (offset, length) = (Int(u64(24)), Int(u64(32)))
        guard offset >= 0, length >= 0, offset <= bytes.count, length <= bytes.count - offset else {
            throw failure("its metadata runs past the end")
        }
        return try inflated(
            UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]),
            compression: header.internalCompression, limit: Self.largestDirectory, what: "the metadata")
    }

    /// The header's bounds (four 32-bit integers of 10^-7 degrees), nil
    /// when they are not a box on the globe.
    var bounds: BoundingBox? {
        func degrees(_ at: Int) -> Double {
            var value: UInt32 = 0
            for index in 0..<4 { value |= UInt32(bytes[at + index]) << (8 * UInt32(index)) }
            return Double(Int32(bitPattern: value)) / 10_000_000
        }
        let box = BoundingBox(west: degrees(102), south: degrees(106), east: degrees(110), north: degrees(114))
        guard (-180...180).contains(box.west), (-180...180).contains(box.east), (-90...90).contains(box.south),
            (-90...90).contains(box.north), box.south <= box.north
        else { return nil }
        return box
    }

    private func u64(_ at: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[at + index]) << (8 * UInt64(index)) }
        return value
    }

    /// The tile's bytes, inflated.
    func tileBytes(_ range: Range<Int>) throws(DiagnosticError) -> [UInt8] {
        try inflated(
            UnsafeRawBufferPointer(rebasing: bytes[range]), compression: header.tileCompression, limit: Self.largestTile,
            what: "a tile")
    }

    private func inflated(
        _ input: UnsafeRawBufferPointer, compression: UInt8, limit: Int, what: String
    ) throws(DiagnosticError) -> [UInt8] {
        switch compression {
        case 0, 1: return Array(input)
        case 2: return try Self.gunzip(input, limit: limit, what: what, name: name)
        default: throw failure("\(what) is compressed with method \(compression), which Meridian does not read (gzip it does)")
        }
    }

    /// A tile's bytes, gunzipped when they are gzipped (tile folders and
    /// MBTiles hold either), refused past ``largestTile``.
    package static func inflatedIfGzipped(_ bytes: UnsafeRawBufferPointer, name: String) throws(DiagnosticError)
        -> [UInt8]
    {
        guard bytes.starts(with: [0x1F, 0x8B]) else { return Array(bytes) }
        return try gunzip(bytes, limit: largestTile, what: "the tile", name: name)
    }

    /// `input` gunzipped, refused past `limit` bytes.
    static func gunzip(
        _ input: UnsafeRawBufferPointer, limit: Int, what: String, name: String
    ) throws(DiagnosticError) -> [UInt8] {
        func failure(_ message: String) -> DiagnosticError {
            DiagnosticError(code: "tile.pmtiles.invalid", message: "\(name): \(message)", location: SourceLocation(file: name))
        }
        var stream = z_stream()
        guard libz.inflateInit2_(&stream, MAX_WBITS + 16, libz.zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw failure("zlib could not start") }
        defer { _ = libz.inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        stream.next_in = UnsafeMutablePointer(
            mutating: (input.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!).assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        while true {
            let (status, produced): (Int32, Int) = chunk.withUnsafeMutableBytes { out in
                stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(out.count)
                let status = libz.inflate(&stream, Z_NO_FLUSH)
                return (status, out.count - Int(stream.avail_out))
            }
            output += chunk[..<produced]
            guard output.count <= limit else { throw failure("\(what) inflates to more than \(limit >> 20) MiB") }
            if status == Z_STREAM_END { return output }
            guard status == Z_OK, produced > 0 || stream.avail_in > 0 else {
                throw failure("\(what) does not inflate (zlib status \(status))")
            }
        }
    }
}
