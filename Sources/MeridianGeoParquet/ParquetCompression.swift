import CCompression
import CLibZ
import MeridianArchive
import MeridianCore

/// Why a column chunk cannot be read: a code of `parquet.*` and what.
struct ParquetFailure: Error {
    var code: String
    var reason: String

    init(_ code: String, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}

/// The compressions of Parquet pages: Snappy and Zstandard through their
/// libraries, gzip through zlib, each opened when first needed.
enum ParquetCompression {
    /// The most bytes a page may hold uncompressed: a header that says
    /// more is refused before anything is allocated.
    static let largestPage = 512 << 20

    private static let snappy: Result<MRSnappy, ParquetFailure> = {
        var error = [CChar](repeating: 0, count: 256)
        guard let table = mr_snappy(&error, error.count) else {
            return .failure(ParquetFailure("parquet.codec.unavailable", String(nulTerminated: error)))
        }
        return .success(table.pointee)
    }()

    private static let zstd: Result<MRZstd, ParquetFailure> = {
        var error = [CChar](repeating: 0, count: 256)
        guard let table = mr_zstd(&error, error.count) else {
            return .failure(ParquetFailure("parquet.codec.unavailable", String(nulTerminated: error)))
        }
        return .success(table.pointee)
    }()

    /// `input` decompressed into exactly `count` bytes.
    static func decompress(
        _ codec: ParquetCodec, _ input: UnsafeRawBufferPointer, count: Int
    ) throws(ParquetFailure) -> [UInt8] {
        guard count <= largestPage else {
            throw ParquetFailure(
                "parquet.page.too-large",
                "a page says it holds \(count) bytes uncompressed, more than the \(largestPage) a page may")
        }
        if codec == .uncompressed {
            guard input.count == count else {
                throw ParquetFailure(
                    "parquet.page.invalid", "an uncompressed page of \(input.count) bytes says it holds \(count)")
            }
            return Array(input)
        }
        guard input.count > 0 || count == 0 else {
            throw ParquetFailure("parquet.page.invalid", "a compressed page is empty")
        }
        var output = [UInt8](repeating: 0, count: count)
        var produced = 0
        let failure: ParquetFailure? = output.withUnsafeMutableBytes { out -> ParquetFailure? in
            let source = input.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
            let target = out.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 1)!
            switch codec {
            case .snappy:
                let api: MRSnappy
                switch snappy {
                case .success(let table): api = table
                case .failure(let failure): return failure
                }
                var length = 0
                let cSource = source.assumingMemoryBound(to: CChar.self)
                guard api.snappy_uncompressed_length(cSource, input.count, &length) == 0, length == count else {
                    return ParquetFailure(
                        "parquet.page.invalid", "a Snappy page does not hold the \(count) bytes its header says")
                }
                length = count
                guard
                    api.snappy_uncompress(cSource, input.count, target.assumingMemoryBound(to: CChar.self), &length)
                        == 0
                else { return ParquetFailure("parquet.page.invalid", "a Snappy page cannot be decompressed") }
                produced = length
            case .zstd:
                let api: MRZstd
                switch zstd {
                case .success(let table): api = table
                case .failure(let failure): return failure
                }
                let result = api.ZSTD_decompress(target, count, source, input.count)
                guard api.ZSTD_isError(result) == 0 else {
                    return ParquetFailure(
                        "parquet.page.invalid",
                        "a Zstandard page cannot be decompressed: \(String(cString: api.ZSTD_getErrorName(result)))")
                }
                produced = result
            case .gzip:
                var stream = z_stream()
                // 15 + 32: a gzip or zlib header, whichever it has.
                guard
                    libz.inflateInit2_(&stream, MAX_WBITS + 32, libz.zlibVersion(), Int32(MemoryLayout<z_stream>.size))
                        == Z_OK
                else { return ParquetFailure("parquet.page.invalid", "zlib could not start") }
                defer { _ = libz.inflateEnd(&stream) }
                stream.next_in = UnsafeMutablePointer(mutating: source.assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(input.count)
                stream.next_out = target.assumingMemoryBound(to: Bytef.self)
                stream.avail_out = uInt(count)
                let status = libz.inflate(&stream, Z_FINISH)
                guard status == Z_STREAM_END else {
                    let reason = stream.msg.map { String(cString: $0) } ?? "zlib status \(status)"
                    return ParquetFailure("parquet.page.invalid", "a gzip page cannot be decompressed: \(reason)")
                }
                produced = count - Int(stream.avail_out)
            default:
                return ParquetFailure(
                    "parquet.codec.unsupported",
                    "a column is compressed with \(codec.name), which Meridian does not read (Snappy, gzip and Zstandard it does)"
                )
            }
            return nil
        }
        if let failure { throw failure }
        guard produced == count else {
            throw ParquetFailure(
                "parquet.page.invalid", "a \(codec.name) page holds \(produced) bytes, not the \(count) its header says"
            )
        }
        return output
    }

    /// `input` compressed with `codec` (Snappy, gzip, Zstandard or none).
    static func compress(_ codec: ParquetCodec, _ input: [UInt8], level: Int32? = nil) throws(ParquetFailure) -> [UInt8]
    {
        switch codec {
        case .snappy:
            let api: MRSnappy
            switch snappy {
            case .success(let table): api = table
            case .failure(let failure): throw failure
            }
            var output = [UInt8](repeating: 0, count: api.snappy_max_compressed_length(input.count))
            var length = output.count
            let status = input.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    api.snappy_compress(
                        source.baseAddress.map { $0.assumingMemoryBound(to: CChar.self) } ?? UnsafePointer(
                            bitPattern: 1)!, input.count,
                        target.baseAddress!.assumingMemoryBound(to: CChar.self), &length)
                }
            }
            guard status == 0 else { throw ParquetFailure("parquet.output.failed", "Snappy could not compress a page") }
            output.removeSubrange(length...)
            return output
        case .zstd:
            let api: MRZstd
            switch zstd {
            case .success(let table): api = table
            case .failure(let failure): throw failure
            }
            var output = [UInt8](repeating: 0, count: api.ZSTD_compressBound(input.count))
            let capacity = output.count
            let result = input.withUnsafeBytes { source in
                output.withUnsafeMutableBytes { target in
                    api.ZSTD_compress(
                        target.baseAddress!, capacity, source.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!,
                        input.count, level ?? 3)
                }
            }
            guard api.ZSTD_isError(result) == 0 else {
                throw ParquetFailure("parquet.output.failed", "Zstandard could not compress a page")
            }
            output.removeSubrange(result...)
            return output
        case .gzip:
            var stream = z_stream()
            // 15 + 16: a gzip header, as Parquet's GZIP means.
            guard
                libz.deflateInit2_(
                    &stream, level ?? Z_DEFAULT_COMPRESSION, Z_DEFLATED, MAX_WBITS + 16, 8, Z_DEFAULT_STRATEGY,
                    libz.zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK
            else { throw ParquetFailure("parquet.output.failed", "zlib could not start") }
            defer { _ = libz.deflateEnd(&stream) }
            var output = [UInt8](repeating: 0, count: Int(libz.deflateBound(&stream, uLong(input.count))) + 32)
            let capacity = output.count
            var source = input
            let status = source.withUnsafeMutableBytes { sourceBytes in
                output.withUnsafeMutableBytes { target in
                    stream.next_in = sourceBytes.baseAddress?.assumingMemoryBound(to: Bytef.self)
                    stream.avail_in = uInt(input.count)
                    stream.next_out = target.baseAddress!.assumingMemoryBound(to: Bytef.self)
                    stream.avail_out = uInt(capacity)
                    return libz.deflate(&stream, Z_FINISH)
                }
            }
            guard status == Z_STREAM_END else {
                throw ParquetFailure("parquet.output.failed", "zlib could not compress a page")
            }
            output.removeSubrange(Int(stream.total_out)...)
            return output
        default:
            return input
        }
    }
}

extension Array where Element == UInt8 {
    /// `withUnsafeBytes` for a body that throws a ``ParquetFailure``.
    func withParquetBytes<T>(_ body: (UnsafeRawBufferPointer) throws(ParquetFailure) -> T) throws(ParquetFailure) -> T {
        try withUnsafeBytes { raw in Result { () throws(ParquetFailure) in try body(raw) } }.get()
    }
}
