import MeridianCore
import MeridianLibC
import MeridianPlatform

/// A zip archive opened defensively, for every format that ships as a zip
/// (KMZ, zipped IMDF venues): the one place the zip-safety rules live.
///
/// ```swift
/// let zip = try ZipArchive(path: "venue.zip", displayName: "venue.zip")
/// for entry in zip.entries where entry.path.hasSuffix(".geojson") {
///     let bytes = try zip.contents(of: entry)
/// }
/// ```
///
/// Opening reads the central directory only, O(entries), and refuses the
/// whole archive when an entry has an absolute path, a drive letter or a
/// `..` component (zip slip), is encrypted, or when the archive lists more
/// entries than ``ArchiveLimits/maximumEntryCount``. ``contents(of:)``
/// inflates one entry into memory and stops as soon as it outgrows its
/// declared size, the entry limit, the archive's total, or the compression
/// ratio measured on the bytes actually inflated; its CRC-32 is then
/// verified. Directories, symbolic links (never followed) and macOS
/// metadata (`__MACOSX/`, `.DS_Store`) are left out of ``entries``.
///
/// Errors are `DiagnosticError`s located at the archive (`file`), with
/// codes `archive.unreadable`, `archive.encrypted`, `archive.corrupt`,
/// `archive.too-many-entries`, `archive.entry-too-large`,
/// `archive.too-large`, `archive.compression-ratio` and
/// `archive.unsafe-path`.
public final class ZipArchive {
    /// One file in the archive.
    public struct Entry: Sendable, Hashable {
        /// The path inside the archive, `/`-separated, never absolute and
        /// never with a `..` component.
        public var path: String
        public var compressedSize: UInt64
        public var uncompressedSize: UInt64
        /// Its place in ``ZipArchive/entries`` (and its central directory record's).
        let position: Int
    }

    /// The name diagnostics give the archive (a path, or `<stdin>`).
    public let displayName: String
    public let limits: ArchiveLimits
    public let entries: [Entry]
    /// The central directory's record of each entry, in ``entries``' order.
    private let records: [CentralDirectory.Record]
    private let descriptor: Int32
    private let fileSize: UInt64
    private var inflatedTotal: UInt64 = 0

    /// Opens the zip file at `path`; diagnostics name it `displayName`.
    public init(path: String, displayName: String? = nil, limits: ArchiveLimits = ArchiveLimits())
        throws(DiagnosticError)
    {
        let name = displayName ?? path
        self.displayName = name
        self.limits = limits
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Self.error("archive.unreadable", "cannot open \(name): \(Platform.errorMessage())", archive: name)
        }
        let directory: CentralDirectory
        do throws(DiagnosticError) {
            directory = try CentralDirectory(descriptor: descriptor, displayName: name, limits: limits)
        } catch {
            Platform.close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        fileSize = directory.fileSize
        var entries: [Entry] = []
        var records: [CentralDirectory.Record] = []
        for record in directory.records {
            let entryPath = record.name
            guard Self.isSafe(entryPath) else {
                throw Self.error(
                    "archive.unsafe-path", "entry \"\(entryPath)\" would leave the archive's folder", archive: name)
            }
            guard record.isEncrypted == false else {
                throw Self.error(
                    "archive.encrypted",
                    "entry \(entryPath) is encrypted; Meridian reads no encrypted archives (decrypt it first)",
                    archive: name)
            }
            guard !record.isDirectory, !record.isSymbolicLink, !Self.isMetadata(entryPath) else { continue }
            guard record.compressedSize <= directory.fileSize else {
                throw Self.error(
                    "archive.corrupt",
                    "entry \(entryPath) declares \(record.compressedSize) compressed bytes, more than the archive holds",
                    archive: name)
            }
            guard record.uncompressedSize <= limits.maximumEntrySize else {
                throw Self.error(
                    "archive.entry-too-large",
                    "entry \(entryPath) declares \(record.uncompressedSize) bytes, more than the limit of \(limits.maximumEntrySize)",
                    archive: name)
            }
            entries.append(
                Entry(
                    path: entryPath, compressedSize: record.compressedSize, uncompressedSize: record.uncompressedSize,
                    position: entries.count))
            records.append(record)
        }
        if directory.records.count < directory.declaredCount {
            throw Self.error(
                "archive.corrupt",
                "the central directory lists \(directory.declaredCount) entries, but only \(directory.records.count) could be read",
                archive: name)
        }
        self.entries = entries
        self.records = records
    }

    deinit { Platform.close(descriptor) }

    /// Opens a zip held in memory: it is spooled to a private temporary
    /// file (mode 0600) that is removed at once, while the archive keeps it
    /// open, so nothing is left behind whatever happens next.
    package convenience init(bytes: [UInt8], displayName: String, limits: ArchiveLimits = ArchiveLimits())
        throws(DiagnosticError)
    {
        let spool = try TemporaryFile(purpose: "zip")
        defer { spool.remove() }
        try spool.write(bytes, displayName: displayName)
        try self.init(path: spool.path, displayName: displayName, limits: limits)
    }

    /// The entry at `path`, if the archive holds a file there.
    public func entry(named path: String) -> Entry? {
        entries.first { $0.path == path }
    }

    /// The inflated bytes of one entry, within the limits; its CRC-32 is
    /// verified.
    public func contents(of entry: Entry) throws(DiagnosticError) -> [UInt8] {
        guard entry.position < entries.count, entries[entry.position] == entry else {
            throw error("archive.corrupt", "entry \(entry.path) is missing from the archive")
        }
        let record = records[entry.position]
        // The local header: 30 bytes, the name and an extra field of its own.
        let header = CentralDirectory.read(descriptor, at: record.localHeaderOffset, count: 30)
        guard header.count == 30, CentralDirectory.u32(header, 0) == 0x0403_4B50 else {
            throw error("archive.corrupt", "entry \(entry.path) has no local header where the directory says")
        }
        let dataOffset =
            record.localHeaderOffset + 30 + UInt64(CentralDirectory.u16(header, 26))
            + UInt64(CentralDirectory.u16(header, 28))
        guard dataOffset <= fileSize, record.compressedSize <= fileSize - dataOffset else {
            throw error("archive.corrupt", "entry \(entry.path) runs past the end of the archive")
        }
        // The most this entry may inflate to: its declared size, the entry
        // and total limits, and (past 1 MiB) the ratio to its compressed size.
        // A forged compressed size can make the product exceed UInt64 (found
        // by fuzzing: it trapped), so it is clamped first.
        let ratioProduct = Double(max(entry.compressedSize, 1)) * limits.maximumCompressionRatio
        let ratioBound = max(UInt64(1 << 20), ratioProduct < 1.8e19 ? UInt64(ratioProduct) : UInt64.max)
        let remaining = limits.maximumTotalSize - min(inflatedTotal, limits.maximumTotalSize)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(min(entry.uncompressedSize, 64 << 20)))
        var checksum: UInt32 = 0
        let input = ZipEntryInput(
            descriptor: descriptor, offset: dataOffset, count: record.compressedSize, path: entry.path,
            archive: displayName)
        let consume = { (chunk: UnsafeRawBufferPointer) throws(DiagnosticError) in
            bytes.append(contentsOf: chunk)
            checksum = ZipEntryInput.crc32(checksum, chunk)
            let count = UInt64(bytes.count)
            if count > entry.uncompressedSize {
                throw self.error(
                    "archive.entry-too-large",
                    "entry \(entry.path) inflates beyond its declared \(entry.uncompressedSize) bytes")
            } else if count > ratioBound {
                throw self.error(
                    "archive.compression-ratio",
                    "entry \(entry.path) inflates more than \(Int(self.limits.maximumCompressionRatio)) times its \(entry.compressedSize) compressed bytes"
                )
            } else if count > remaining {
                throw self.error(
                    "archive.too-large", "the archive inflates to more than \(self.limits.maximumTotalSize) bytes")
            }
        }
        switch record.method {
        case 0: try input.copy(into: consume)
        case 8: try input.inflate(into: consume)
        default:
            throw error(
                "archive.unreadable",
                "entry \(entry.path) uses compression method \(record.method); Meridian reads stored and deflated entries"
            )
        }
        guard checksum == record.crc32 else {
            throw error(
                "archive.corrupt",
                "entry \(entry.path) is corrupt: its CRC-32 is \(hex(checksum)), the archive says \(hex(record.crc32))"
            )
        }
        guard UInt64(bytes.count) == entry.uncompressedSize else {
            throw error(
                "archive.corrupt",
                "entry \(entry.path) inflates to \(bytes.count) bytes, the archive says \(entry.uncompressedSize)")
        }
        inflatedTotal += UInt64(bytes.count)
        return bytes
    }

    /// No absolute paths, no drive letters, no `..` components (zip slip),
    /// whichever slash separates them.
    package static func isSafe(_ name: String) -> Bool {
        let normalized = String(name.map { $0 == "\\" ? "/" : $0 })
        if normalized.hasPrefix("/") { return false }
        if normalized.count >= 2, normalized.dropFirst().first == ":" { return false }
        return !normalized.split(separator: "/").contains("..")
    }

    /// Files macOS adds to zips it makes, which no format means.
    package static func isMetadata(_ name: String) -> Bool {
        name.hasPrefix("__MACOSX/") || name.hasSuffix("/.DS_Store") || name == ".DS_Store"
    }

    /// True when the bytes start with a zip local file header (PK\3\4) or
    /// the empty-archive signature (PK\5\6).
    /// (An array, not any collection: generic code called from another
    /// module runs as such, making its types' metadata at run time, 0.1
    /// million instructions at every start of `convert`.)
    package static func isZip(_ prefix: [UInt8]) -> Bool {
        guard prefix.count >= 4, prefix[0] == 0x50, prefix[1] == 0x4B else { return false }
        return (prefix[2] == 0x03 && prefix[3] == 0x04) || (prefix[2] == 0x05 && prefix[3] == 0x06)
    }

    /// Refuses a file named as a zip (`.kmz`, `.zip`) whose content is no
    /// zip, rather than reading it as something else.
    package static func checkNamedZip(_ path: String, head: [UInt8]) throws(DiagnosticError) {
        let lower = path.lowercased()
        guard lower.hasSuffix(".kmz") || lower.hasSuffix(".zip"), !isZip(head) else { return }
        throw error(
            "archive.unreadable", "\(path) is named as a zip archive, but its content is not a zip", archive: path)
    }

    private func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 8 - digits.count)) + digits
    }

    private func error(_ code: String, _ message: String) -> DiagnosticError {
        Self.error(code, message, archive: displayName)
    }

    static func error(_ code: String, _ message: String, archive: String) -> DiagnosticError {
        DiagnosticError(code: code, message: message, location: SourceLocation(file: archive))
    }
}

extension ZipArchive {
    /// Opens a zip arriving on a stream (standard input, a pipe): `prefix`
    /// holds the bytes already read from it. The stream is spooled to a
    /// private temporary file that is removed at once (the archive keeps
    /// it open), refusing more than ``ArchiveLimits/maximumTotalSize`` bytes.
    package convenience init(
        spooling descriptor: Int32, prefix: [UInt8], displayName: String, limits: ArchiveLimits = ArchiveLimits()
    ) throws(DiagnosticError) {
        let spool = try TemporaryFile(purpose: "zip")
        defer { spool.remove() }
        try spool.write(prefix, displayName: displayName)
        try spool.copy(
            from: descriptor, displayName: displayName, limit: limits.maximumTotalSize,
            alreadyWritten: UInt64(prefix.count))
        try self.init(path: spool.path, displayName: displayName, limits: limits)
    }
}
