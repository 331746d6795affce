import Foundation
import Meridian
import MeridianArchive
import MeridianTestSupport
import Testing

/// `Input`, the front door every command reads through: a format decided
/// from the bytes (never from the name), every kind of file opened once, and
/// clear errors for what cannot be read. Every input is built here.
@Suite struct InputTests {
    static let point =
        #"{"type":"Feature","properties":{"name":"A"},"geometry":{"type":"Point","coordinates":[0.12,52.2]}}"#
    static let kml =
        #"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Point><coordinates>1,2</coordinates></Point></Placemark></kml>"#
    static let manifest = #"{"version":"1.0.0","language":"en"}"#
    static let emptyCollection = #"{"type":"FeatureCollection","features":[]}"#

    func write(_ bytes: [UInt8], _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    @Test func theFormatComesFromTheBytesNotTheName() throws {
        try withTemporaryFolder { folder in
            let kmz = try ZipArchive.deflated([("doc.kml", Array(Self.kml.utf8))])
            let imdf = try ZipArchive.deflated([
                ("manifest.json", Array(Self.manifest.utf8)), ("unit.geojson", Array(Self.emptyCollection.utf8)),
            ])
            let cases: [(String, [UInt8], InputFormat)] = [
                ("a.txt", Array(Self.point.utf8), .geojson),
                ("b.data", Array(Self.kml.utf8), .kml),
                ("c.bin", kmz, .kmz),
                ("d.bin", imdf, .imdf),
                ("e.geojson", [0xFF, 0xFE] + Self.kml.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, .kml),
                ("f.geojson", Array("\n\n  \n".utf8) + Array(Self.kml.utf8), .kml),
            ]
            for (name, bytes, format) in cases {
                #expect(try Input(path: try write(bytes, name, in: folder)).format == format, "\(name)")
            }
        }
    }

    @Test func aVenueFolderOrItsManifestIsIMDFAndAnyOtherFolderIsRefused() throws {
        try withTemporaryFolder { folder in
            let venue = folder.appendingPathComponent("venue")
            try FileManager.default.createDirectory(at: venue, withIntermediateDirectories: true)
            _ = try write(Array(Self.manifest.utf8), "venue/manifest.json", in: folder)
            #expect(try Input(path: venue.path).format == .imdf)
            #expect(try Input(path: venue.appendingPathComponent("manifest.json").path).format == .imdf)
            let other = folder.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
            _ = try write(Array(Self.point.utf8), "other/a.geojson", in: folder)
            #expect(diagnosticCode { _ = try Input(path: other.path) } == "io.open")
            #expect(
                diagnosticCode { _ = try Input(path: folder.appendingPathComponent("missing.geojson").path) }
                    == "io.open")
        }
    }

    @Test func utf16GeoJSONIsNamedAsSuch() throws {
        try withTemporaryFolder { folder in
            let bytes: [UInt8] = [0xFF, 0xFE] + Self.point.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            #expect(
                diagnosticCode { _ = try Input(path: try write(bytes, "u.geojson", in: folder)) }
                    == "geojson.encoding.utf16")
        }
    }

    /// A FIFO is opened once and read as a stream: it was once opened,
    /// sniffed, closed and reopened, which hangs with a live writer.
    @Test func aNamedPipeIsReadOnce() throws {
        try withTemporaryFolder { folder in
            let fifo = folder.appendingPathComponent("pipe").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let writer = Thread {
                let handle = FileHandle(forWritingAtPath: fifo)
                handle?.write(Data((Self.point + "\n" + Self.point + "\n").utf8))
                try? handle?.close()
            }
            writer.start()
            let input = try Input(path: fifo)
            #expect(input.format == .geojson)
            #expect(input.size == nil)
            let features = try FeatureSource(input: input).readAll()
            #expect(features.count == 2)
        }
    }

    /// Blank lines before the data are skipped without losing count: an
    /// error is placed on its real line.
    @Test func errorsAfterLeadingBlankLinesKeepTheirLine() throws {
        try withTemporaryFolder { folder in
            let path = try write(
                Array(("\n\n\n" + #"{"type":"Feature","geometry":7}"#).utf8), "blank.geojson", in: folder)
            let result = Result { () throws(DiagnosticError) in
                try FeatureSource(input: try Input(path: path)).readAll()
            }
            guard case .failure(let error) = result else {
                Issue.record("read a broken feature")
                return
            }
            #expect(error.diagnostic.location.line == 4)
            #expect(error.diagnostic.location.file == path)
        }
    }

    /// An IMDF zip with an entry over the size limit is refused by the zip
    /// guard as such, not misreported as a KMZ without KML.
    @Test func anOversizedIMDFEntryIsNamed() throws {
        try withTemporaryFolder { folder in
            var bytes = try ZipArchive.deflated([
                ("manifest.json", Array(Self.manifest.utf8)), ("unit.geojson", Array(Self.emptyCollection.utf8)),
            ])
            // The central directory's uncompressed size of the second entry.
            let central = try #require(Self.centralHeaders(bytes).last)
            for offset in 24..<28 { bytes[central + offset] = 0xF0 }
            let path = try write(bytes, "venue.zip", in: folder)
            #expect(diagnosticCode { _ = try Input(path: path) } == "archive.entry-too-large")
        }
    }

    /// A member file of an IMDF archive that is not a FeatureCollection is
    /// an error for every command, not a venue quietly missing its units.
    @Test func aBrokenMemberFileOfAVenueIsAnError() throws {
        try withTemporaryFolder { folder in
            for unit in ["[]", #"{"type":"FeatureCollection","features":["#] {
                let bytes = try ZipArchive.deflated([
                    ("manifest.json", Array(Self.manifest.utf8)), ("unit.geojson", Array(unit.utf8)),
                ])
                let input = try Input(path: try write(bytes, "venue.zip", in: folder))
                #expect(throws: DiagnosticError.self) { _ = try input.imdfArchive() }
                #expect(throws: DiagnosticError.self) { _ = try FeatureSource(input: input).readAll() }
                #expect(try input.imdfArchive(tolerant: true).diagnostics.contains { $0.severity == .error })
            }
        }
    }

    static func centralHeaders(_ bytes: [UInt8]) -> [Int] {
        (0..<max(0, bytes.count - 3)).filter {
            bytes[$0] == 0x50 && bytes[$0 + 1] == 0x4B && bytes[$0 + 2] == 0x01 && bytes[$0 + 3] == 0x02
        }
    }
}
