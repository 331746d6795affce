import CLibZ
import MeridianArchive
import MeridianCore
import MeridianPlatform

/// gzip-compressed OSM XML (`.osm.gz`, as planet dumps and many extracts
/// come): the head inflated to recognise the document, the whole inflated
/// into a private temporary file to be parsed, up to ``largest`` bytes (a
/// gzip bomb stops there, with an error).
enum GzipStream {
    static let magic: [UInt8] = [0x1F, 0x8B]
    static let largest: UInt64 = 4 << 30

    /// The first inflated bytes of `head` (at most `limit`), or nil when it
    /// is not gzip or its first bytes do not inflate.
    static func inflatedHead(_ head: [UInt8], limit: Int = 1 << 16) -> [UInt8]? {
        guard head.starts(with: magic) else { return nil }
        var output = [UInt8](repeating: 0, count: limit)
        var stream = z_stream()
        guard libz.inflateInit2_(&stream, MAX_WBITS + 16, libz.zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { return nil }
        defer { _ = libz.inflateEnd(&stream) }
        let produced: Int? = head.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress!.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(limit)
                let status = libz.inflate(&stream, Z_SYNC_FLUSH)
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return nil }
                return limit - Int(stream.avail_out)
            }
        }
        guard let produced else { return nil }
        return Array(output[..<produced])
    }

    /// Inflates the stream (after `prefix`, bytes already read) into a
    /// private temporary file, open for reading and already removed.
    static func inflate(descriptor: Int32, prefix: [UInt8], name: String) throws(DiagnosticError) -> Int32 {
        let spool = try TemporaryFile(purpose: "osm-xml")
        defer { spool.remove() }
        var stream = z_stream()
        guard libz.inflateInit2_(&stream, MAX_WBITS + 16, libz.zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw failure("zlib could not start", name) }
        defer { _ = libz.inflateEnd(&stream) }
        var input = prefix
        let chunk = 1 << 20
        var output = [UInt8](repeating: 0, count: chunk)
        var total: UInt64 = 0
        var ended = false
        var readAll = false
        while !ended {
            if input.isEmpty {
                guard !readAll else {
                    throw failure("the gzip stream is truncated: it ends before its last block", name)
                }
                input = [UInt8](repeating: 0, count: chunk)
                let count = input.withUnsafeMutableBytes { Platform.read(descriptor, $0.baseAddress, chunk) }
                guard count >= 0 else {
                    throw DiagnosticError(
                        code: "io.read", message: "cannot read \(name): \(Platform.errorMessage())",
                        location: SourceLocation(file: name))
                }
                input.removeSubrange(count...)
                if count == 0 { readAll = true }
                continue
            }
            var consumed = 0
            var produced = 0
            let status: Int32 = input.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress!.assumingMemoryBound(to: Bytef.self))
                    stream.avail_in = uInt(source.count)
                    stream.next_out = target.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    stream.avail_out = uInt(chunk)
                    let status = libz.inflate(&stream, Z_NO_FLUSH)
                    consumed = source.count - Int(stream.avail_in)
                    produced = chunk - Int(stream.avail_out)
                    return status
                }
            }
            input.removeSubrange(..<consumed)
            guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced > 0) else {
                throw failure("the gzip stream cannot be inflated (zlib status \(status))", name)
            }
            total += UInt64(produced)
            guard total <= largest else {
                throw failure("the gzip stream inflates to more than \(largest >> 30) GiB: convert it to PBF with osmium cat", name)
            }
            try spool.write(UnsafeRawBufferPointer(rebasing: output.withUnsafeBytes { $0 }[..<produced]), displayName: name)
            if status == Z_STREAM_END { ended = true }
        }
        return try Platform.openForReading(spool.path, name: name)
    }

    private static func failure(_ message: String, _ name: String) -> DiagnosticError {
        DiagnosticError(code: "osm.xml.syntax", message: message, location: SourceLocation(file: name))
    }
}
