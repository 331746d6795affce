import MeridianCore

/// What a zip's end-of-central-directory record and central directory say,
/// read with bounds checks before the archive is trusted to ZIPFoundation:
/// how many entries it declares, and whether any is encrypted (ZIPFoundation
/// stops listing at the first encrypted entry without saying why).
struct CentralDirectory {
    /// The declared number of entries, when the record could be found.
    var entryCount: Int?
    /// The size of the zip file: no entry can hold more compressed bytes.
    var fileSize: UInt64 = 0

    init(path: String, displayName: String, limits: ArchiveLimits) throws(DiagnosticError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw ZipArchive.error(
                "archive.unreadable", "cannot open \(displayName): \(Platform.errorMessage())", archive: displayName)
        }
        defer { Platform.close(descriptor) }
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
            guard locatorStart >= 20 else { return }
            let locator = Self.read(descriptor, at: locatorStart - 20, count: 20)
            guard locator.count == 20, Self.u32(locator, 0) == 0x0706_4B50 else { return }
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
        entryCount = Int(count)
        // Entry headers: 46 bytes, then the name, extra field and comment.
        let directory = Self.read(descriptor, at: directoryOffset, count: Int(directorySize))
        var offset = 0
        for _ in 0..<count {
            guard offset + 46 <= directory.count, Self.u32(directory, offset) == 0x0201_4B50 else { break }
            let flags = Self.u16(directory, offset + 8)
            let nameLength = Int(Self.u16(directory, offset + 28))
            let extraLength = Int(Self.u16(directory, offset + 30))
            let commentLength = Int(Self.u16(directory, offset + 32))
            let nameEnd = min(directory.count, offset + 46 + nameLength)
            if flags & 1 != 0 {
                let name = String(decoding: directory[(offset + 46)..<nameEnd], as: UTF8.self)
                throw ZipArchive.error(
                    "archive.encrypted",
                    "entry \(name) is encrypted; Meridian reads no encrypted archives (decrypt it first)",
                    archive: displayName)
            }
            offset += 46 + nameLength + extraLength + commentLength
        }
    }

    private static func read(_ descriptor: Int32, at offset: UInt64, count: Int) -> [UInt8] {
        guard count > 0, offset <= UInt64(Int64.max) else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        let done = bytes.withUnsafeMutableBytes { Platform.readFully(descriptor, into: $0, at: Int64(offset)) }
        return Array(bytes[0..<max(done, 0)])
    }

    private static func u16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        guard at + 2 <= bytes.count else { return 0 }
        return UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func u32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        guard at + 4 <= bytes.count else { return 0 }
        return UInt32(u16(bytes, at)) | UInt32(u16(bytes, at + 2)) << 16
    }

    private static func u64(_ bytes: [UInt8], _ at: Int) -> UInt64 {
        guard at + 8 <= bytes.count else { return 0 }
        return UInt64(u32(bytes, at)) | UInt64(u32(bytes, at + 4)) << 32
    }
}
