import CCompression
import CLibZ
import MeridianArchive
import MeridianCore

/// The blobs of an OpenStreetMap PBF file (the `OSMHeader` block, then
/// `OSMData` blocks), found by walking their size prefixes once, before
/// any is decoded, so that blocks can be decoded on many threads and the
/// relations read first.
///
/// Each blob is a 4-byte big-endian header size, a `BlobHeader` (its type
/// and the blob's size) and a `Blob` (raw, zlib, LZ4 or Zstandard data
/// with its inflated size). The format's own limits are enforced before
/// anything is allocated: a header of at most 64 KiB, a blob of at most
/// 32 MiB and an inflated block of at most 32 MiB; sizes that run past the
/// end of the file, or an inflated block that is not the size it says,
/// are errors naming the blob's offset. The bytes are read-only, and read
/// by many threads at once.
struct PBFFile: @unchecked Sendable {
    struct BlobEntry {
        /// "OSMHeader" or "OSMData" (others are skipped, as the format says).
        var type: String
        /// Where the blob's `Blob` message starts, and its size.
        var offset: Int
        var size: Int
        /// Where its size prefix starts, for messages.
        var headerOffset: Int
    }

    static let largestHeader = 64 << 10
    static let largestBlob = 32 << 20

    let bytes: UnsafeRawBufferPointer
    let name: String
    private(set) var blobs: [BlobEntry] = []

    init(bytes: UnsafeRawBufferPointer, name: String) throws(DiagnosticError) {
        self.bytes = bytes
        self.name = name
        var offset = 0
        let count = bytes.count
        while offset < count {
            guard count - offset >= 4 else { throw failure("the file ends inside a blob's size", at: offset) }
            let headerSize =
                Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
                | Int(bytes[offset + 3])
            guard headerSize <= Self.largestHeader else {
                throw failure(
                    "a blob header says it is \(headerSize) bytes, more than the \(Self.largestHeader) the format allows",
                    at: offset)
            }
            guard headerSize <= count - offset - 4 else {
                throw failure("a blob header of \(headerSize) bytes runs past the end of the file", at: offset)
            }
            var reader = ProtobufReader(UnsafeRawBufferPointer(rebasing: bytes[(offset + 4)..<(offset + 4 + headerSize)]))
            var type: String?
            var dataSize: Int?
            while let field = reader.nextField() {
                switch field {
                case (1, 2): type = String(decoding: reader.bytes(), as: UTF8.self)
                case (3, 0): dataSize = Int(truncatingIfNeeded: Int32(truncatingIfNeeded: reader.varint()))
                default: reader.skip(field.wireType)
                }
            }
            guard reader.isValid, let type, let dataSize else {
                throw failure("a blob header cannot be read (its type or size is missing or malformed)", at: offset)
            }
            let dataOffset = offset + 4 + headerSize
            guard dataSize >= 0, dataSize <= Self.largestBlob else {
                throw failure(
                    "a blob says it is \(dataSize) bytes, outside the 0 to \(Self.largestBlob) the format allows",
                    at: offset)
            }
            guard dataSize <= count - dataOffset else {
                throw failure("a blob of \(dataSize) bytes runs past the end of the file", at: offset)
            }
            blobs.append(BlobEntry(type: type, offset: dataOffset, size: dataSize, headerOffset: offset))
            offset = dataOffset + dataSize
        }
    }

    func failure(_ message: String, at offset: Int) -> DiagnosticError {
        DiagnosticError(code: "osm.pbf.invalid", message: "\(message) (byte \(offset))", location: SourceLocation(file: name))
    }

    /// The inflated bytes of `blob`, handed to `body`.
    func withBlockBytes<T>(
        _ blob: BlobEntry, _ body: (UnsafeRawBufferPointer) throws(DiagnosticError) -> T
    ) throws(DiagnosticError) -> T {
        var reader = ProtobufReader(UnsafeRawBufferPointer(rebasing: bytes[blob.offset..<(blob.offset + blob.size)]))
        var rawSize: Int?
        var data: (kind: Int, bytes: UnsafeRawBufferPointer)?
        while let field = reader.nextField() {
            switch field {
            case (2, 0): rawSize = Int(truncatingIfNeeded: Int32(truncatingIfNeeded: reader.varint()))
            case (1, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2): data = (field.number, reader.bytes())
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid, let data else {
            throw failure("a blob cannot be read (it holds no data, or its fields are malformed)", at: blob.headerOffset)
        }
        if data.kind == 1 { return try body(data.bytes) }
        guard let rawSize, rawSize >= 0, rawSize <= Self.largestBlob else {
            throw failure(
                "a compressed blob says it inflates to \(rawSize.map(String.init) ?? "an unknown size"), "
                    + "outside the 0 to \(Self.largestBlob) bytes a block may hold", at: blob.headerOffset)
        }
        var output = [UInt8](repeating: 0, count: rawSize)
        let produced: Int
        switch data.kind {
        case 3: produced = try inflate(data.bytes, into: &output, blob: blob)
        case 6: produced = try decompressLZ4(data.bytes, into: &output, blob: blob)
        case 7: produced = try decompressZstandard(data.bytes, into: &output, blob: blob)
        default:
            throw failure(
                "a blob is compressed with \(data.kind == 4 ? "LZMA" : "bzip2"), which Meridian does not read "
                    + "(raw, zlib, LZ4 and Zstandard blobs it does)", at: blob.headerOffset)
        }
        guard produced == rawSize else {
            throw failure("a blob inflates to \(produced) bytes, not the \(rawSize) it says", at: blob.headerOffset)
        }
        let result = output.withUnsafeBytes { buffer in Result { () throws(DiagnosticError) in try body(buffer) } }
        return try result.get()
    }

    private func inflate(
        _ input: UnsafeRawBufferPointer, into output: inout [UInt8], blob: BlobEntry
    ) throws(DiagnosticError) -> Int {
        var stream = z_stream()
        guard libz.inflateInit2_(&stream, MAX_WBITS, libz.zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw failure("zlib could not start", at: blob.headerOffset) }
        defer { _ = libz.inflateEnd(&stream) }
        let capacity = output.count
        let (status, left, message): (Int32, Int, String?) = output.withUnsafeMutableBytes { out in
            stream.next_in = UnsafeMutablePointer(
                mutating: (input.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!).assumingMemoryBound(to: Bytef.self))
            stream.avail_in = uInt(input.count)
            // One byte more than the block may hold: a zlib stream that
            // would inflate past its stated size stops there, whatever it
            // would grow to.
            stream.next_out = (out.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 1)!).assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(capacity)
            let status = libz.inflate(&stream, Z_FINISH)
            return (status, Int(stream.avail_out), stream.msg.map { String(cString: $0) })
        }
        guard status == Z_STREAM_END else {
            if status == Z_BUF_ERROR || (status == Z_OK && left == 0) {
                throw failure("a zlib blob inflates to more than the \(capacity) bytes it says", at: blob.headerOffset)
            }
            throw failure("a zlib blob cannot be inflated: \(message ?? "zlib status \(status)")", at: blob.headerOffset)
        }
        return capacity - left
    }

    private static let zstd: MRZstd? = {
        var error = [CChar](repeating: 0, count: 256)
        return mr_zstd(&error, error.count)?.pointee
    }()

    private static let lz4: MRLZ4? = {
        var error = [CChar](repeating: 0, count: 256)
        return mr_lz4(&error, error.count)?.pointee
    }()

    private func decompressZstandard(
        _ input: UnsafeRawBufferPointer, into output: inout [UInt8], blob: BlobEntry
    ) throws(DiagnosticError) -> Int {
        guard let api = Self.zstd else {
            throw failure("a blob is compressed with Zstandard, and libzstd1 is not installed", at: blob.headerOffset)
        }
        let capacity = output.count
        let result = output.withUnsafeMutableBytes { out in
            api.ZSTD_decompress(
                out.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 1)!, capacity,
                input.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, input.count)
        }
        guard api.ZSTD_isError(result) == 0 else {
            throw failure(
                "a Zstandard blob cannot be decompressed: \(String(cString: api.ZSTD_getErrorName(result)))",
                at: blob.headerOffset)
        }
        return result
    }

    private func decompressLZ4(
        _ input: UnsafeRawBufferPointer, into output: inout [UInt8], blob: BlobEntry
    ) throws(DiagnosticError) -> Int {
        guard let api = Self.lz4 else {
            throw failure("a blob is compressed with LZ4, and liblz4-1 is not installed", at: blob.headerOffset)
        }
        guard input.count <= Int(Int32.max) else { throw failure("an LZ4 blob is too large", at: blob.headerOffset) }
        let capacity = output.count
        let result = output.withUnsafeMutableBytes { out in
            api.LZ4_decompress_safe(
                (input.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self),
                (out.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self),
                Int32(input.count), Int32(capacity))
        }
        guard result >= 0 else { throw failure("an LZ4 blob cannot be decompressed", at: blob.headerOffset) }
        return Int(result)
    }
}

/// What a PBF file's `OSMHeader` block says.
struct PBFHeader {
    var requiredFeatures: [String] = []
    var optionalFeatures: [String] = []
    var writingProgram: String?
    var boundingBox: BoundingBox?
    var replicationTimestamp: Int64?

    /// Blocks sorted by type, then id (nodes, then ways, then relations).
    var isSortedByTypeThenID: Bool { optionalFeatures.contains("Sort.Type_then_ID") }

    /// The features a reader must understand, and the ones Meridian does.
    static let understood: Set<String> = ["OsmSchema-V0.6", "DenseNodes", "HistoricalInformation"]

    init() {}

    init?(_ bytes: UnsafeRawBufferPointer) {
        var header = PBFHeader()
        var reader = ProtobufReader(bytes)
        while let field = reader.nextField() {
            switch field {
            case (1, 2):
                var box = ProtobufReader(reader.bytes())
                var values = [Int64](repeating: 0, count: 5)
                while let inner = box.nextField() {
                    if (1...4).contains(inner.number), inner.wireType == 0 {
                        values[inner.number] = box.signedVarint()
                    } else {
                        box.skip(inner.wireType)
                    }
                }
                // left, right, top, bottom in nanodegrees.
                header.boundingBox = BoundingBox(
                    west: Double(values[1]) / 1e9, south: Double(values[4]) / 1e9, east: Double(values[2]) / 1e9,
                    north: Double(values[3]) / 1e9)
            case (4, 2): header.requiredFeatures.append(String(decoding: reader.bytes(), as: UTF8.self))
            case (5, 2): header.optionalFeatures.append(String(decoding: reader.bytes(), as: UTF8.self))
            case (16, 2): header.writingProgram = String(decoding: reader.bytes(), as: UTF8.self)
            case (32, 0): header.replicationTimestamp = reader.int64()
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { return nil }
        self = header
    }
}
