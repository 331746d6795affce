import CLibZ
import MeridianCore

extension ZipArchive {
    /// A zip holding `entries` (path, bytes), each deflated (or stored when
    /// deflating would not make it smaller), built in memory: how KMZ (and
    /// any later zipped format) is written. Names are marked UTF-8; every
    /// entry is dated 1980-01-01, zip's first day, so that the same input
    /// gives the same bytes.
    package static func deflated(_ entries: [(path: String, bytes: [UInt8])]) throws(DiagnosticError) -> [UInt8] {
        var zip: [UInt8] = []
        var directory: [UInt8] = []
        for (path, bytes) in entries {
            let name = Array(path.utf8)
            let crc = bytes.withUnsafeBytes { ZipEntryInput.crc32(0, $0) }
            var method: UInt16 = 8
            var stored = try deflate(bytes)
            if stored.count >= bytes.count {
                method = 0
                stored = bytes
            }
            guard name.count <= 0xFFFF, bytes.count < 0xFFFF_FFFF, zip.count + stored.count < 0xFFFF_FFFF - 0x1_0000
            else {
                throw DiagnosticError(
                    code: "archive.write", message: "\(path) is too large for a zip without zip64 (4 GiB)")
            }
            let offset = UInt32(zip.count)
            // Local header: version 2.0, UTF-8 names, method, time 00:00, date 1980-01-01.
            append32(0x0403_4B50, to: &zip)
            for field: UInt16 in [20, 0x0800, method, 0, 0x21] { append16(field, to: &zip) }
            for field in [crc, UInt32(stored.count), UInt32(bytes.count)] { append32(field, to: &zip) }
            append16(UInt16(name.count), to: &zip)
            append16(0, to: &zip)
            zip += name
            zip += stored
            // Central header: made on Unix (3) by version 2.0, a regular file of mode 0644.
            append32(0x0201_4B50, to: &directory)
            for field: UInt16 in [0x0314, 20, 0x0800, method, 0, 0x21] { append16(field, to: &directory) }
            for field in [crc, UInt32(stored.count), UInt32(bytes.count)] { append32(field, to: &directory) }
            for field: UInt16 in [UInt16(name.count), 0, 0, 0, 0] { append16(field, to: &directory) }
            append32(0o100644 << 16, to: &directory)
            append32(offset, to: &directory)
            directory += name
        }
        guard entries.count < 0xFFFF else {
            throw DiagnosticError(code: "archive.write", message: "more than 65 534 entries need zip64")
        }
        let directoryOffset = UInt32(zip.count)
        zip += directory
        // End of central directory: disk 0, the counts, the directory's size and offset, no comment.
        append32(0x0605_4B50, to: &zip)
        for field: UInt16 in [0, 0, UInt16(entries.count), UInt16(entries.count)] { append16(field, to: &zip) }
        append32(UInt32(directory.count), to: &zip)
        append32(directoryOffset, to: &zip)
        append16(0, to: &zip)
        return zip
    }

    /// `bytes` as a raw deflate stream (zlib's default level), or with
    /// `gzip` as a gzip member (PMTiles' tiles and directories).
    package static func deflate(_ bytes: [UInt8], gzip: Bool = false) throws(DiagnosticError) -> [UInt8] {
        var stream = z_stream()
        guard
            libz.deflateInit2_(
                &stream, Z_DEFAULT_COMPRESSION, Z_DEFLATED, gzip ? MAX_WBITS + 16 : -MAX_WBITS, 8, Z_DEFAULT_STRATEGY,
                libz.zlibVersion(),
                Int32(MemoryLayout<z_stream>.size)) == Z_OK
        else { throw DiagnosticError(code: "archive.write", message: "zlib could not start deflating") }
        defer { _ = libz.deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(libz.deflateBound(&stream, uLong(bytes.count))))
        let status = bytes.withUnsafeBytes { input in
            output.withUnsafeMutableBytes { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress!.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(out.count)
                return libz.deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else {
            throw DiagnosticError(code: "archive.write", message: "zlib could not deflate an entry (\(status))")
        }
        output.removeLast(Int(stream.avail_out))
        return output
    }

    private static func append16(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes.append(UInt8(value & 0xFF))
        bytes.append(UInt8(value >> 8))
    }

    private static func append32(_ value: UInt32, to bytes: inout [UInt8]) {
        append16(UInt16(value & 0xFFFF), to: &bytes)
        append16(UInt16(value >> 16), to: &bytes)
    }
}
