import MeridianCore
import MeridianLibC
import MeridianPlatform

/// A zip's end-of-central-directory record (zip64 too) and every header of
/// its central directory, read with bounds checks: what ``ZipArchive``
/// lists and where each entry's bytes are.
struct CentralDirectory {
    /// One central directory header.
    struct Record {
        var name: String
        var flags: UInt16
        /// 0 stored, 8 deflated.
        var method: UInt16
        var crc32: UInt32
        var compressedSize: UInt64
        var uncompressedSize: UInt64
        var localHeaderOffset: UInt64
        var isDirectory: Bool
        var isSymbolicLink: Bool

        var isEncrypted: Bool { flags & 1 != 0 }
    }

    /// The headers, in the directory's order; reading stops at the first
    /// that is not one (``declaredCount`` then says more were promised).
    var records: [Record] = []
    /// How many entries the end record declares.
    var declaredCount = 0
    /// The size of the zip file: no entry can hold more compressed bytes.
    var fileSize: UInt64

    init(descriptor: Int32, displayName: String, limits: ArchiveLimits) throws(DiagnosticError) {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw ZipArchive.error("archive.unreadable", "cannot read \(displayName)", archive: displayName)
        }
        let size = UInt64(status.st_size)
        fileSize = size
        // The record is 22 bytes plus a comment of up to 65 535 bytes, at the end.
        let tailLength = min(size, 22 + 65_535)
        let tail = Self.read(descriptor, at: size - tailLength, count: Int(tailLength))
        guard tail.count >= 22,
            let record = stride(from: tail.count - 22, through: 0, by: -1).first(where: {
                Self.u32(tail, $0) == 0x0605_4B50
            })
        else {
            throw ZipArchive.error(
                "archive.unreadable", "\(displayName) is not a readable zip archive (no central directory)",
                archive: displayName)
        }
        var count = UInt64(Self.u16(tail, record + 10))
        var directorySize = UInt64(Self.u32(tail, record + 12))
        var directoryOffset = UInt64(Self.u32(tail, record + 16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            // Zip64: the locator sits just before the record.
            let locatorStart = size - tailLength + UInt64(record)
            let locator = locatorStart >= 20 ? Self.read(descriptor, at: locatorStart - 20, count: 20) : []
            if locator.count == 20, Self.u32(locator, 0) == 0x0706_4B50 {
                let zip64 = Self.read(descriptor, at: Self.u64(locator, 8), count: 56)
                guard zip64.count == 56, Self.u32(zip64, 0) == 0x0606_4B50 else {
                    throw ZipArchive.error(
                        "archive.corrupt", "\(displayName) has a broken zip64 central directory record",
                        archive: displayName)
                }
                count = Self.u64(zip64, 32)
                directorySize = Self.u64(zip64, 40)
                directoryOffset = Self.u64(zip64, 48)
            }
        }
        guard count <= UInt64(limits.maximumEntryCount) else {
            throw ZipArchive.error(
                "archive.too-many-entries",
                "the archive declares \(count) entries, more than the limit of \(limits.maximumEntryCount)",
                archive: displayName)
        }
        // 64 MiB of headers is far more than the entry limit allows.
        guard directoryOffset <= size, directorySize <= size - directoryOffset, directorySize <= 64 << 20 else {
            throw ZipArchive.error(
                "archive.corrupt", "the central directory of \(displayName) lies outside the file",
                archive: displayName)
        }
        declaredCount = Int(count)
        // Entry headers: 46 bytes, then the name, extra field and comment.
        let directory = Self.read(descriptor, at: directoryOffset, count: Int(directorySize))
        var offset = 0
        for _ in 0..<count {
            guard offset + 46 <= directory.count, Self.u32(directory, offset) == 0x0201_4B50 else { break }
            let nameLength = Int(Self.u16(directory, offset + 28))
            let extraLength = Int(Self.u16(directory, offset + 30))
            let commentLength = Int(Self.u16(directory, offset + 32))
            let nameStart = offset + 46
            let extraStart = nameStart + nameLength
            guard extraStart + extraLength + commentLength <= directory.count else { break }
            let flags = Self.u16(directory, offset + 8)
            let name = Self.name(directory[nameStart..<extraStart], markedUTF8: flags & 0x0800 != 0)
            var entry = Record(
                name: name, flags: flags, method: Self.u16(directory, offset + 10),
                crc32: Self.u32(directory, offset + 16),
                compressedSize: UInt64(Self.u32(directory, offset + 20)),
                uncompressedSize: UInt64(Self.u32(directory, offset + 24)),
                localHeaderOffset: UInt64(Self.u32(directory, offset + 42)),
                isDirectory: name.hasSuffix("/") || name.hasSuffix("\\"), isSymbolicLink: false)
            // Made on Unix (host 3): the high half of the external attributes is the mode.
            if directory[offset + 5] == 3 {
                let mode = Self.u32(directory, offset + 38) >> 16
                entry.isSymbolicLink = mode & 0o170000 == 0o120000
                entry.isDirectory = entry.isDirectory || mode & 0o170000 == 0o040000
            }
            Self.applyZip64(directory[extraStart..<(extraStart + extraLength)], to: &entry)
            records.append(entry)
            offset = extraStart + extraLength + commentLength
        }
    }

    /// Fields saturated at 0xFFFFFFFF take their 64-bit values from the
    /// zip64 extra field (id 1), in the order the format fixes.
    private static func applyZip64(_ extra: ArraySlice<UInt8>, to entry: inout Record) {
        let bytes = Array(extra)
        var at = 0
        while at + 4 <= bytes.count {
            let id = u16(bytes, at)
            let length = Int(u16(bytes, at + 2))
            let end = min(bytes.count, at + 4 + length)
            if id == 1 {
                var field = at + 4
                func next() -> UInt64? {
                    guard field + 8 <= end else { return nil }
                    defer { field += 8 }
                    return u64(bytes, field)
                }
                if entry.uncompressedSize == 0xFFFF_FFFF, let value = next() { entry.uncompressedSize = value }
                if entry.compressedSize == 0xFFFF_FFFF, let value = next() { entry.compressedSize = value }
                if entry.localHeaderOffset == 0xFFFF_FFFF, let value = next() { entry.localHeaderOffset = value }
                return
            }
            at = end
        }
    }

    /// An entry's name: UTF-8 when the entry says so (flag bit 11) or its
    /// bytes are valid UTF-8 (as macOS writes them, without the flag), else
    /// code page 437, zip's original encoding (as Info-ZIP and Windows write
    /// them, and as Python's zipfile reads them).
    static func name(_ bytes: ArraySlice<UInt8>, markedUTF8: Bool) -> String {
        if markedUTF8 || bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var text = ""
        text.unicodeScalars.append(
            contentsOf: bytes.map { Unicode.Scalar($0 < 0x80 ? UInt32($0) : codePage437[Int($0) - 0x80])! })
        return text
    }

    /// The upper half of code page 437 (bytes 0x80 to 0xFF), as Unicode scalars.
    private static let codePage437: [UInt32] = [
        0x00C7, 0x00FC, 0x00E9, 0x00E2, 0x00E4, 0x00E0, 0x00E5, 0x00E7, 0x00EA, 0x00EB, 0x00E8, 0x00EF,
        0x00EE, 0x00EC, 0x00C4, 0x00C5, 0x00C9, 0x00E6, 0x00C6, 0x00F4, 0x00F6, 0x00F2, 0x00FB, 0x00F9,
        0x00FF, 0x00D6, 0x00DC, 0x00A2, 0x00A3, 0x00A5, 0x20A7, 0x0192, 0x00E1, 0x00ED, 0x00F3, 0x00FA,
        0x00F1, 0x00D1, 0x00AA, 0x00BA, 0x00BF, 0x2310, 0x00AC, 0x00BD, 0x00BC, 0x00A1, 0x00AB, 0x00BB,
        0x2591, 0x2592, 0x2593, 0x2502, 0x2524, 0x2561, 0x2562, 0x2556, 0x2555, 0x2563, 0x2551, 0x2557,
        0x255D, 0x255C, 0x255B, 0x2510, 0x2514, 0x2534, 0x252C, 0x251C, 0x2500, 0x253C, 0x255E, 0x255F,
        0x255A, 0x2554, 0x2569, 0x2566, 0x2560, 0x2550, 0x256C, 0x2567, 0x2568, 0x2564, 0x2565, 0x2559,
        0x2558, 0x2552, 0x2553, 0x256B, 0x256A, 0x2518, 0x250C, 0x2588, 0x2584, 0x258C, 0x2590, 0x2580,
        0x03B1, 0x00DF, 0x0393, 0x03C0, 0x03A3, 0x03C3, 0x00B5, 0x03C4, 0x03A6, 0x0398, 0x03A9, 0x03B4,
        0x221E, 0x03C6, 0x03B5, 0x2229, 0x2261, 0x00B1, 0x2265, 0x2264, 0x2320, 0x2321, 0x00F7, 0x2248,
        0x00B0, 0x2219, 0x00B7, 0x221A, 0x207F, 0x00B2, 0x25A0, 0x00A0,
    ]

    static func read(_ descriptor: Int32, at offset: UInt64, count: Int) -> [UInt8] {
        guard count > 0, offset <= UInt64(Int64.max) else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let done = bytes.withUnsafeMutableBytes { Platform.readFully(descriptor, into: $0, at: Int64(offset)) }
        return Array(bytes[0..<max(done, 0)])
    }

    static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        guard at >= 0, at + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        guard at >= 0, at + 4 <= bytes.count else { return 0 }
        return UInt32(u16(bytes, at)) | UInt32(u16(bytes, at + 2)) << 16
    }

    static func u64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        guard at >= 0, at + 8 <= bytes.count else { return 0 }
        return UInt64(u32(bytes, at)) | UInt64(u32(bytes, at + 4)) << 32
    }
}
