import Foundation
import MeridianCore
import ZIPFoundation

/// A zip archive opened for reading within ``KMZLimits``: the KMZ side of
/// Meridian, and the place the zip-safety rules live.
///
/// ```swift
/// let archive = try SafeArchive(path: "tour.kmz", limits: KMZLimits())
/// let (name, bytes) = try archive.firstKML()    // "doc.kml", its bytes
/// ```
///
/// Rules: an archive listing more than `maximumEntryCount` entries, or any
/// entry with an absolute path or a `..` component, is refused whole. The
/// KML entry is the first one whose name ends in `.kml` (any case) in the
/// central directory's order, at any depth. Its declared size, its actual
/// size while inflating, and its compression ratio are checked against the
/// limits, and its CRC-32 is verified. Nothing is written to disk.
///
/// Cost: the central directory is read once; the chosen entry is inflated
/// into memory (bounded by `maximumEntrySize`).
struct SafeArchive {
    let archive: Archive
    let limits: KMZLimits
    let fileName: String?

    init(path: String, limits: KMZLimits) throws(DiagnosticError) {
        self.limits = limits
        self.fileName = path
        do {
            archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        } catch {
            throw Self.corrupt(path, "\(error)")
        }
    }

    init(bytes: [UInt8], fileName: String?, limits: KMZLimits) throws(DiagnosticError) {
        self.limits = limits
        self.fileName = fileName
        do {
            archive = try Archive(data: Data(bytes), accessMode: .read)
        } catch {
            throw Self.corrupt(fileName, "\(error)")
        }
    }

    private static func corrupt(_ file: String?, _ reason: String) -> DiagnosticError {
        DiagnosticError(
            code: "kmz.archive.corrupt", message: "not a readable KMZ (zip) archive: \(reason)",
            location: SourceLocation(file: file))
    }

    private func error(_ code: String, _ message: String) -> DiagnosticError {
        DiagnosticError(code: code, message: message, location: SourceLocation(file: fileName))
    }

    /// True for a path that could escape the folder it is extracted into.
    static func isUnsafe(_ path: String) -> Bool {
        if path.hasPrefix("/") || path.hasPrefix("\\") { return true }
        if path.count >= 2, path.dropFirst().first == ":" { return true }  // C:\...
        return path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains("..")
    }

    /// The name and bytes of the first `.kml` entry.
    func firstKML() throws(DiagnosticError) -> (name: String, bytes: [UInt8]) {
        var chosen: Entry?
        var count = 0
        for entry in archive {
            count += 1
            if count > limits.maximumEntryCount {
                throw error(
                    "kmz.archive.too-many-entries", "the archive lists more than \(limits.maximumEntryCount) entries")
            }
            if Self.isUnsafe(entry.path) {
                throw error("kmz.entry.unsafe-path", "the archive holds an entry with an unsafe path: \(entry.path)")
            }
            if chosen == nil, entry.type == .file, entry.path.lowercased().hasSuffix(".kml") { chosen = entry }
        }
        if count == 0 {
            throw error("kmz.archive.corrupt", "not a readable KMZ (zip) archive: it lists no entries")
        }
        guard let entry = chosen else {
            throw error("kmz.kml.missing", "the archive holds no .kml file")
        }
        let declared = entry.uncompressedSize
        if declared > limits.maximumEntrySize {
            throw error(
                "kmz.entry.too-large",
                "\(entry.path) declares \(declared) bytes uncompressed; the limit is \(limits.maximumEntrySize)")
        }
        if entry.isCompressed, declared > 1 << 20,
            Double(declared) > Double(max(entry.compressedSize, 1)) * limits.maximumCompressionRatio
        {
            throw error(
                "kmz.entry.ratio",
                "\(entry.path) would inflate \(declared / max(entry.compressedSize, 1)) times; the limit is \(Int(limits.maximumCompressionRatio))"
            )
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(declared))
        let limit = min(declared, limits.maximumEntrySize)
        var overflow = false
        do {
            _ = try archive.extract(entry, skipCRC32: false) { chunk in
                if UInt64(bytes.count + chunk.count) > limit {
                    overflow = true
                    throw CocoaError(.fileReadTooLarge)
                }
                bytes.append(contentsOf: chunk)
            }
        } catch {
            if overflow {
                throw self.error(
                    "kmz.entry.too-large", "\(entry.path) inflates past its declared size of \(declared) bytes")
            }
            throw self.error("kmz.entry.corrupt", "\(entry.path) could not be read from the archive: \(error)")
        }
        return (entry.path, bytes)
    }

    /// True when the bytes start with a zip local file header (PK\3\4),
    /// or the empty-archive signature (PK\5\6).
    static func isZip<C: Collection<UInt8>>(_ prefix: C) -> Bool {
        let head = Array(prefix.prefix(4))
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }
}
