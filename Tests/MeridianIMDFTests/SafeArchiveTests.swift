import Foundation
import MeridianCore
import Testing
import ZIPFoundation

@testable import MeridianIMDF

/// The zip limits, against archives made on the fly.
@Suite struct SafeArchiveTests {
    static func makeZip(_ entries: [(String, [UInt8])]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-\(UUID().uuidString).zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, bytes) in entries {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate
            ) { position, size in
                Data(bytes[Int(position)..<Int(position) + size])
            }
        }
        return url
    }

    func code(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch { return (error as? DiagnosticError)?.diagnostic.code ?? "\(error)" }
    }

    @Test func readsAZipOfAVenue() throws {
        let source = VenueBuilder().source
        let url = try Self.makeZip(
            [("manifest.json", source.manifest!.bytes)] + source.featureFiles.map { ($0.name, $0.bytes) })
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(IMDFSource.isIMDF(path: url.path))
        let archive = try IMDFArchive(contentsOf: url.path)
        #expect(archive.container == .zip && archive.units.count == 2)
        #expect(IMDFValidator().validate(archive).isEmpty)
    }

    @Test func pathsThatLeaveTheFolderAreRejected() throws {
        let url = try Self.makeZip([("manifest.json", Array("{}".utf8)), ("../evil.geojson", Array("{}".utf8))])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(code { _ = try SafeArchive(path: url.path) } == "archive.unsafe-path")
        #expect(!SafeArchive.isSafe("/etc/passwd") && !SafeArchive.isSafe("a/../../b") && SafeArchive.isSafe("a/b..c"))
    }

    @Test func tooManyEntriesAreRejected() throws {
        let url = try Self.makeZip((0..<5).map { ("f\($0).geojson", Array("{}".utf8)) })
        defer { try? FileManager.default.removeItem(at: url) }
        var limits = SafeArchive.Limits()
        limits.maximumEntryCount = 4
        #expect(code { _ = try SafeArchive(path: url.path, limits: limits) } == "archive.too-many-entries")
    }

    @Test func aZipBombIsRejected() throws {
        // 4 MiB of zeros deflate to a few KiB: a ratio near 1000.
        let url = try Self.makeZip([("unit.geojson", [UInt8](repeating: 0x20, count: 4 << 20))])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(code { _ = try SafeArchive(path: url.path) } == "archive.compression-ratio")
    }

    @Test func oversizedEntriesAreRejected() throws {
        let url = try Self.makeZip([("unit.geojson", [UInt8](repeating: 0x20, count: 2000))])
        defer { try? FileManager.default.removeItem(at: url) }
        var limits = SafeArchive.Limits()
        limits.maximumEntrySize = 1000
        #expect(code { _ = try SafeArchive(path: url.path, limits: limits) } == "archive.entry-too-large")
    }

    @Test func aFileThatIsNoZipIsUnreadable() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-\(UUID().uuidString).zip")
        try Data("not a zip".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(code { _ = try SafeArchive(path: url.path) } == "archive.unreadable")
        #expect(!IMDFSource.isIMDF(path: url.path))
    }
}
