import Foundation
import MeridianCore
import MeridianPlatform
import MeridianTestSupport
import Testing
import ZIPFoundation

@testable import MeridianArchive

/// The zip guard, against archives each test builds itself (bombs, zip
/// slip, links, forged sizes, bad CRCs, encryption), so this coverage
/// never depends on shared fixtures.
@Suite struct ZipArchiveTests {
    static func makeZip(
        _ entries: [(String, [UInt8])], method: CompressionMethod = .deflate, links: [(String, String)] = []
    ) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-\(UUID().uuidString).zip")
        let archive = try Archive(url: url, accessMode: .create)
        for (path, bytes) in entries {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: method
            ) { position, size in
                Data(bytes[Int(position)..<Int(position) + size])
            }
        }
        for (path, target) in links {
            let bytes = Data(target.utf8)
            try archive.addEntry(with: path, type: .symlink, uncompressedSize: Int64(bytes.count)) { position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return url
    }

    /// The zip's bytes with `edit` applied at the first central directory header.
    static func forge(_ url: URL, _ edit: (inout [UInt8], _ centralHeader: Int) -> Void) throws {
        var bytes = Array(try Data(contentsOf: url))
        let header = try #require(
            (0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) })
        edit(&bytes, header)
        try Data(bytes).write(to: url)
    }

    func code(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch { return (error as? DiagnosticError)?.diagnostic.code ?? "\(error)" }
    }

    @Test func readsEntriesAndTheirBytes() throws {
        let url = try Self.makeZip([("doc.kml", Array("<kml/>".utf8)), ("files/a.png", [1, 2, 3])])
        defer { try? FileManager.default.removeItem(at: url) }
        let zip = try ZipArchive(path: url.path)
        #expect(zip.entries.map(\.path) == ["doc.kml", "files/a.png"])
        #expect(try zip.contents(of: zip.entries[0]) == Array("<kml/>".utf8))
    }

    @Test func pathsThatLeaveTheFolderAreRefused() throws {
        for evil in ["../evil.geojson", "a/../../evil.kml", "/etc/passwd", "C:\\evil.kml", "a\\..\\..\\b"] {
            let url = try Self.makeZip([("doc.kml", Array("<kml/>".utf8)), (evil, Array("{}".utf8))])
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(diagnosticCode { _ = try ZipArchive(path: url.path) } == "archive.unsafe-path", "\(evil)")
        }
        #expect(ZipArchive.isSafe("a/b..c/d.kml"))
    }

    @Test func symbolicLinksAreNeverFollowed() throws {
        let url = try Self.makeZip([("doc.kml", Array("<kml/>".utf8))], links: [("manifest.json", "/etc/passwd")])
        defer { try? FileManager.default.removeItem(at: url) }
        let zip = try ZipArchive(path: url.path)
        #expect(zip.entries.map(\.path) == ["doc.kml"])
    }

    @Test func aBombIsStoppedByTheRatioOfWhatActuallyInflates() throws {
        // 8 MiB of blanks deflate to a few KiB: a ratio near 1000.
        let url = try Self.makeZip([("unit.geojson", [UInt8](repeating: 0x20, count: 8 << 20))])
        defer { try? FileManager.default.removeItem(at: url) }
        let zip = try ZipArchive(path: url.path)
        #expect(diagnosticCode { _ = try zip.contents(of: zip.entries[0]) } == "archive.compression-ratio")
    }

    @Test func aSizeForgedSmallIsCaughtWhileInflating() throws {
        let url = try Self.makeZip([("doc.kml", (0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) })])
        defer { try? FileManager.default.removeItem(at: url) }
        // The central directory's uncompressed size (offset 24) says 10 bytes.
        try Self.forge(url) { bytes, header in
            bytes[header + 24] = 10
            bytes[header + 25] = 0
            bytes[header + 26] = 0
            bytes[header + 27] = 0
        }
        let zip = try ZipArchive(path: url.path)
        let entry = try #require(zip.entries.first)
        #expect(diagnosticCode { _ = try zip.contents(of: entry) } == "archive.entry-too-large")
    }

    @Test func aHugeDeclaredSizeIsRefusedAtOnce() throws {
        let url = try Self.makeZip([("doc.kml", Array("<kml/>".utf8))])
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.forge(url) { bytes, header in
            for offset in 24..<28 { bytes[header + offset] = 0xF0 }
        }
        #expect(diagnosticCode { _ = try ZipArchive(path: url.path) } == "archive.entry-too-large")
    }

    @Test func aWrongCRCIsCorrupt() throws {
        let url = try Self.makeZip([("doc.kml", Array("<kml><Placemark/></kml>".utf8))], method: .none)
        defer { try? FileManager.default.removeItem(at: url) }
        var bytes = Array(try Data(contentsOf: url))
        // The stored data follows the 30-byte local header and the 7-byte name.
        bytes[30 + 7 + 2] ^= 0x20
        try Data(bytes).write(to: url)
        let zip = try ZipArchive(path: url.path)
        #expect(diagnosticCode { _ = try zip.contents(of: zip.entries[0]) } == "archive.corrupt")
    }

    @Test func anEncryptedEntryIsNamed() throws {
        // Built by the package's own writer, whose bytes are fixed.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-\(UUID().uuidString).zip")
        try Data(ZipArchive.deflated([("doc.kml", Array("<kml/>".utf8))])).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        try Self.forge(url) { bytes, header in bytes[header + 8] |= 1 }
        let result = Result { () throws(DiagnosticError) in try ZipArchive(path: url.path) }
        guard case .failure(let error) = result else {
            Issue.record("an encrypted archive was opened")
            return
        }
        #expect(error.diagnostic.code == "archive.encrypted")
        #expect(error.diagnostic.message.contains("doc.kml"))
    }

    @Test func tooManyEntriesAreRefused() throws {
        let url = try Self.makeZip((0..<5).map { ("f\($0).geojson", Array("{}".utf8)) })
        defer { try? FileManager.default.removeItem(at: url) }
        let limits = ArchiveLimits(maximumEntryCount: 4)
        #expect(diagnosticCode { _ = try ZipArchive(path: url.path, limits: limits) } == "archive.too-many-entries")
    }

    @Test func theTotalIsBoundedAcrossEntries() throws {
        let url = try Self.makeZip(
            [
                ("a.geojson", [UInt8](repeating: 0x41, count: 3000)),
                ("b.geojson", [UInt8](repeating: 0x42, count: 3000)),
            ],
            method: .none)
        defer { try? FileManager.default.removeItem(at: url) }
        let zip = try ZipArchive(path: url.path, limits: ArchiveLimits(maximumTotalSize: 5000))
        _ = try zip.contents(of: zip.entries[0])
        #expect(diagnosticCode { _ = try zip.contents(of: zip.entries[1]) } == "archive.too-large")
    }

    @Test func aFileThatIsNoZipIsUnreadable() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("meridian-\(UUID().uuidString).zip")
        try Data("not a zip at all".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(diagnosticCode { _ = try ZipArchive(path: url.path) } == "archive.unreadable")
    }

    @Test func aZipOnAPipeIsSpooledAndNothingIsLeftBehind() throws {
        let url = try Self.makeZip([("doc.kml", Array("<kml/>".utf8))])
        defer { try? FileManager.default.removeItem(at: url) }
        let bytes = Array(try Data(contentsOf: url))
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let writeEnd = ends[1]
        let writer = Thread {
            bytes.withUnsafeBytes { _ = write(writeEnd, $0.baseAddress, $0.count) }
            close(writeEnd)
        }
        writer.start()
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: Platform.temporaryDirectory))
        let zip = try ZipArchive(spooling: ends[0], prefix: [], displayName: "<stdin>")
        close(ends[0])
        #expect(try zip.contents(of: zip.entries[0]) == Array("<kml/>".utf8))
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: Platform.temporaryDirectory))
        #expect(after.subtracting(before).filter { $0.hasPrefix("meridian-zip-") }.isEmpty)
    }
}

/// Meridian's own zip structures against ZIPFoundation, which reads and
/// writes the same archives independently.
@Suite struct ZipRoundTripTests {
    func code(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch { return (error as? DiagnosticError)?.diagnostic.code ?? "\(error)" }
    }

    /// Text that deflates well, bytes that do not (stored), and the edges.
    static func samples() -> [(String, [UInt8])] {
        var random = SeededRandom(seed: 7)
        let text = Array(String(repeating: "<Placemark><name>Cambridge</name></Placemark>\n", count: 4000).utf8)
        let noise = (0..<150_000).map { _ in UInt8.random(in: 0...255, using: &random) }
        return [
            ("doc.kml", text), ("files/noise.bin", noise), ("empty.txt", []), ("one.txt", [65]), ("ünï/ç.txt", [1, 2]),
        ]
    }

    @Test func whatMeridianWritesZIPFoundationReads() throws {
        let entries = Self.samples()
        let bytes = try ZipArchive.deflated(entries.map { (path: $0.0, bytes: $0.1) })
        let archive = try Archive(data: Data(bytes), accessMode: .read)
        var read: [String: [UInt8]] = [:]
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry, skipCRC32: false) { data.append($0) }
            read[entry.path] = Array(data)
        }
        for (path, expected) in entries { #expect(read[path] == expected, "\(path)") }
        // The noise is stored (deflating it would not shrink it), the text deflated.
        #expect(archive["files/noise.bin"]?.compressedSize == 150_000)
        #expect((archive["doc.kml"]?.compressedSize ?? .max) < 10_000)
        // The same entries give the same bytes.
        #expect(try ZipArchive.deflated(entries.map { (path: $0.0, bytes: $0.1) }) == bytes)
    }

    @Test func whatZIPFoundationWritesMeridianReads() throws {
        for method in [CompressionMethod.deflate, .none] {
            let entries = Self.samples()
            let url = try ZipArchiveTests.makeZip(entries, method: method)
            defer { try? FileManager.default.removeItem(at: url) }
            let archive = try ZipArchive(path: url.path)
            #expect(archive.entries.map(\.path) == entries.map(\.0))
            for (entry, expected) in zip(archive.entries, entries) {
                #expect(try archive.contents(of: entry) == expected.1)
            }
        }
    }

    @Test func aCutArchiveOrAnUnknownMethodIsRefusedByName() throws {
        let bytes = try ZipArchive.deflated([(path: "doc.kml", bytes: Array(repeating: 65, count: 100_000))])
        let header = 30 + "doc.kml".utf8.count
        let central = try #require(
            (0..<(bytes.count - 4)).first { bytes[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) })
        // Deflated data overwritten with garbage, and a compressed size that runs past the end.
        var garbled = bytes
        for index in (header + 2)..<(header + 40) { garbled[index] = 0xFF }
        var long = bytes
        let pastTheEnd = UInt32(bytes.count - header + 5)
        for shift in 0..<4 { long[central + 20 + shift] = UInt8(truncatingIfNeeded: pastTheEnd >> (8 * shift)) }
        for (name, broken) in [("garbled.zip", garbled), ("long.zip", long)] {
            let archive = try ZipArchive(bytes: broken, displayName: name)
            #expect(code { _ = try archive.contents(of: archive.entries[0]) } == "archive.corrupt", "\(name)")
        }
        // Method 12 (bzip2) in both headers.
        var other = bytes
        other[8] = 12
        other[central + 10] = 12
        let otherZip = try ZipArchive(bytes: other, displayName: "bzip2.zip")
        do {
            _ = try otherZip.contents(of: otherZip.entries[0])
            Issue.record("an entry of method 12 was read")
        } catch {
            #expect(error.diagnostic.code == "archive.unreadable" && error.diagnostic.message.contains("method 12"))
        }
    }

    /// Names without the UTF-8 flag: code page 437 (Info-ZIP, Windows),
    /// unless they are valid UTF-8 (macOS writes those without the flag).
    @Test func namesWithoutTheUTF8FlagAreCodePage437OrUTF8() throws {
        func zip(named bytes: [UInt8]) throws -> ZipArchive {
            let placeholder = String(repeating: "X", count: bytes.count)
            var zip = try ZipArchive.deflated([(path: placeholder + ".kml", bytes: Array("<kml/>".utf8))])
            let central = try #require(
                (0..<(zip.count - 4)).first { zip[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) })
            for (flag, name) in [(6, 30), (central + 8, central + 46)] {
                zip[flag + 1] &= ~0x08  // bit 11 of the little-endian flags
                zip.replaceSubrange(name..<(name + bytes.count), with: bytes)
            }
            return try ZipArchive(bytes: zip, displayName: "names.zip")
        }
        #expect(try zip(named: [0x63, 0x61, 0x66, 0x82]).entries.map(\.path) == ["café.kml"])
        #expect(try zip(named: [0x63, 0x61, 0x66, 0xC3, 0xA9]).entries.map(\.path) == ["café.kml"])
        // 0xC4 alone is no UTF-8: code page 437's box-drawing line.
        #expect(try zip(named: [0x61, 0xC4]).entries.map(\.path) == ["a─.kml"])
    }
}
