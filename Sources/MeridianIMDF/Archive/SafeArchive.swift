import Foundation
import MeridianCore
import ZIPFoundation

/// A zip archive opened defensively: the limits that keep a hostile or
/// broken archive (a zip bomb, a zip-slip path, a forged size) from
/// exhausting memory or escaping its folder, for every format that ships
/// as a zip (IMDF here; KMZ uses the same limits).
///
/// ```swift
/// let zip = try SafeArchive(path: "venue.zip")
/// for entry in zip.entries where entry.path.hasSuffix(".geojson") {
///     let bytes = try zip.contents(of: entry)
/// }
/// ```
///
/// Opening reads the central directory only: O(entries). ``contents(of:)``
/// inflates one entry into memory, counting bytes as they arrive, and stops
/// with an error as soon as the entry outgrows its declared size or a
/// limit, so the cost is bounded by ``Limits`` whatever the headers claim.
/// Directories, symbolic links and macOS metadata (`__MACOSX/`,
/// `.DS_Store`) are left out of ``entries``.
///
/// Errors are ``DiagnosticError``s with codes `archive.unreadable`,
/// `archive.too-many-entries`, `archive.entry-too-large`,
/// `archive.too-large`, `archive.compression-ratio`, `archive.unsafe-path`
/// and `archive.corrupt`, located at the archive (and entry) path.
struct SafeArchive {
    /// The limits; the defaults suit any real IMDF venue or KMZ.
    struct Limits: Sendable, Hashable {
        /// Entries in the central directory (IMDF needs 17).
        var maximumEntryCount = 10_000
        /// Bytes of one inflated entry.
        var maximumEntrySize: UInt64 = 512 << 20
        /// Bytes of all inflated entries together.
        var maximumTotalSize: UInt64 = 2 << 30
        /// Inflated / compressed bytes, checked for entries of 1 MiB and
        /// more: text compresses 5-20 times; bombs compress 1000 times.
        var maximumCompressionRatio: Double = 200

        static let `default` = Limits()
    }

    /// One file in the archive.
    struct Entry: Sendable, Hashable {
        /// The path inside the archive, `/`-separated, never absolute and
        /// never with a `..` component.
        var path: String
        var compressedSize: UInt64
        var uncompressedSize: UInt64
    }

    let path: String
    let limits: Limits
    let entries: [Entry]
    private let archive: ZIPFoundation.Archive

    init(path: String, limits: Limits = .default) throws(DiagnosticError) {
        self.path = path
        self.limits = limits
        let opened: ZIPFoundation.Archive
        do {
            opened = try ZIPFoundation.Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw Self.error("archive.unreadable", "\(path) is not a readable zip archive", path: path)
        }
        archive = opened
        var entries: [Entry] = []
        var total: UInt64 = 0
        var count = 0
        for entry in opened {
            count += 1
            guard count <= limits.maximumEntryCount else {
                throw Self.error(
                    "archive.too-many-entries", "the archive has more than \(limits.maximumEntryCount) entries",
                    path: path)
            }
            guard entry.type == .file else { continue }
            let name = entry.path
            guard Self.isSafe(name) else {
                throw Self.error(
                    "archive.unsafe-path", "entry \"\(name)\" would leave the archive's folder", path: path)
            }
            if Self.isMetadata(name) { continue }
            let size = entry.uncompressedSize
            guard size <= limits.maximumEntrySize else {
                throw Self.error(
                    "archive.entry-too-large",
                    "entry \(name) declares \(size) bytes, more than the limit of \(limits.maximumEntrySize)",
                    path: path)
            }
            total += size
            guard total <= limits.maximumTotalSize else {
                throw Self.error(
                    "archive.too-large", "the archive inflates to more than \(limits.maximumTotalSize) bytes",
                    path: path)
            }
            try Self.checkRatio(
                inflated: size, compressed: entry.compressedSize, limits: limits, entry: name, path: path)
            entries.append(Entry(path: name, compressedSize: entry.compressedSize, uncompressedSize: size))
        }
        self.entries = entries
    }

    /// The inflated bytes of one entry.
    func contents(of entry: Entry) throws(DiagnosticError) -> [UInt8] {
        guard let zipEntry = archive[entry.path] else {
            throw Self.error("archive.corrupt", "entry \(entry.path) is missing", path: path)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(min(entry.uncompressedSize, 64 << 20)))
        let declared = entry.uncompressedSize
        let limit = limits.maximumEntrySize
        var overflow = false
        do {
            _ = try archive.extract(zipEntry, skipCRC32: false) { chunk in
                bytes.append(contentsOf: chunk)
                // A forged header: more bytes than declared, or than allowed.
                if UInt64(bytes.count) > declared || UInt64(bytes.count) > limit {
                    overflow = true
                    throw CocoaError(.fileReadTooLarge)
                }
            }
        } catch {
            if overflow {
                throw Self.error(
                    "archive.entry-too-large", "entry \(entry.path) inflates beyond its declared \(declared) bytes",
                    path: path)
            }
            throw Self.error("archive.corrupt", "entry \(entry.path) cannot be inflated: \(error)", path: path)
        }
        try Self.checkRatio(
            inflated: UInt64(bytes.count), compressed: entry.compressedSize, limits: limits, entry: entry.path,
            path: path)
        return bytes
    }

    /// No absolute paths, no drive letters, no `..` components (zip slip).
    static func isSafe(_ name: String) -> Bool {
        let normalized = name.replacingOccurrences(of: "\\", with: "/")
        if normalized.hasPrefix("/") { return false }
        if normalized.count >= 2, normalized.dropFirst().first == ":" { return false }
        return !normalized.split(separator: "/").contains("..")
    }

    /// Files macOS adds to zips it makes, which no format means.
    static func isMetadata(_ name: String) -> Bool {
        name.hasPrefix("__MACOSX/") || name.hasSuffix("/.DS_Store") || name == ".DS_Store"
    }

    private static func checkRatio(inflated: UInt64, compressed: UInt64, limits: Limits, entry: String, path: String)
        throws(DiagnosticError)
    {
        guard inflated >= 1 << 20 else { return }
        let ratio = Double(inflated) / Double(max(compressed, 1))
        guard ratio <= limits.maximumCompressionRatio else {
            throw error(
                "archive.compression-ratio",
                "entry \(entry) inflates \(Int(ratio)) times, more than the limit of \(Int(limits.maximumCompressionRatio))",
                path: path)
        }
    }

    private static func error(_ code: String, _ message: String, path: String) -> DiagnosticError {
        DiagnosticError(code: code, message: message, location: SourceLocation(file: path))
    }
}
