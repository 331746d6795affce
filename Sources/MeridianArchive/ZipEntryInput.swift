import CLibZ
import MeridianCore
import MeridianPlatform

/// The compressed bytes of one zip entry, read from the archive in chunks
/// and handed on stored or inflated (zlib, raw deflate), a chunk at a time,
/// so that the caller can stop a zip bomb after its first too-many bytes.
struct ZipEntryInput {
    var descriptor: Int32
    var offset: UInt64
    var count: UInt64
    var path: String
    var archive: String

    static let chunkSize = 1 << 16

    /// A stored entry: its bytes as they are.
    func copy(into consume: (UnsafeRawBufferPointer) throws(DiagnosticError) -> Void) throws(DiagnosticError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var done: UInt64 = 0
        while done < count {
            let chunk = try read(into: buffer, at: done)
            try consume(UnsafeRawBufferPointer(rebasing: buffer[0..<chunk]))
            done += UInt64(chunk)
        }
    }

    /// A deflated entry, inflated.
    func inflate(into consume: (UnsafeRawBufferPointer) throws(DiagnosticError) -> Void) throws(DiagnosticError) {
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        let output = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer {
            input.deallocate()
            output.deallocate()
        }
        var stream = z_stream()
        // Negative window bits: a raw deflate stream, as zip stores it.
        guard libz.inflateInit2_(&stream, -MAX_WBITS, libz.zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else {
            throw corrupt("cannot be inflated: zlib could not start")
        }
        defer { _ = libz.inflateEnd(&stream) }
        var read: UInt64 = 0
        while true {
            if stream.avail_in == 0 {
                guard read < count else { throw corrupt("ends before its deflated data does") }
                let chunk = try self.read(into: input, at: read)
                read += UInt64(chunk)
                stream.next_in = input.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_in = uInt(chunk)
            }
            stream.next_out = output.baseAddress!.assumingMemoryBound(to: Bytef.self)
            stream.avail_out = uInt(Self.chunkSize)
            let status = libz.inflate(&stream, Z_NO_FLUSH)
            let produced = Self.chunkSize - Int(stream.avail_out)
            if produced > 0 { try consume(UnsafeRawBufferPointer(rebasing: output[0..<produced])) }
            switch status {
            case Z_STREAM_END: return
            case Z_OK: continue
            case Z_BUF_ERROR where stream.avail_in == 0: continue
            default:
                let reason = stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"
                throw corrupt("cannot be inflated: \(reason)")
            }
        }
    }

    /// The CRC-32 (zip's, zlib's) of `bytes` continued from `crc`.
    static func crc32(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
        return UInt32(libz.crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
    }

    /// Reads the next chunk of the entry's bytes (from `done` on) into
    /// `buffer`; a short read means the archive was cut.
    private func read(into buffer: UnsafeMutableRawBufferPointer, at done: UInt64) throws(DiagnosticError) -> Int {
        let wanted = Int(min(UInt64(buffer.count), count - done))
        let got = Platform.readFully(
            descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]), at: Int64(offset + done))
        guard got == wanted else { throw corrupt("is cut short: the archive ends inside it") }
        return wanted
    }

    private func corrupt(_ message: String) -> DiagnosticError {
        ZipArchive.error("archive.corrupt", "entry \(path) \(message)", archive: archive)
    }
}
