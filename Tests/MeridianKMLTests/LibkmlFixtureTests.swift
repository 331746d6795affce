import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianKML

/// ../shared/fixtures/kml/libkml: hostile and odd inputs.
@Suite(.requiresFixtures)
struct LibkmlFixtureTests {
    static func path(_ name: String) -> String { Fixtures.url("kml/libkml/\(name)").path }

    @Test func commaOnlyCoordinatesReadAsTheGoldenFileDoes() throws {
        let bad = try KMLDocument(path: Self.path("badcoords.kml")).features
        let golden = try KMLDocument(path: Self.path("badcoords-golden.kml")).features
        #expect(bad.count == 1)
        #expect(bad.map(\.geometry) == golden.map(\.geometry))
        #expect(bad[0].geometry?.coordinateCount == 4)
    }

    @Test func billionLaughsIsRefusedInWellUnderASecond() throws {
        let start = ContinuousClock.now
        #expect {
            _ = try KMLDocument(path: Self.path("billion.kml"))
        } throws: { error in
            (error as? DiagnosticError)?.diagnostic.code == "kml.xml.entity"
        }
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func billionLaughsInMemoryIsRefusedToo() throws {
        let bytes = try Fixtures.bytes(Fixtures.url("kml/libkml/billion.kml"))
        #expect(throws: DiagnosticError.self) { _ = try KMLDocument(bytes: bytes) }
    }

    @Test(arguments: [
        ("bad.kmz", "archive.unreadable"), ("bad-too-large.kmz", "archive.entry-too-large"),
        ("nokml.kmz", "kmz.kml.missing"),
        ("overflow_bad_offset.kmz", "archive."), ("overflow_corrupted_stack.kmz", "archive."),
        ("overflow_unzOpenCurrentFile.kmz", "archive."), ("overflow_unzReadCurrentFile.kmz", "archive."),
    ])
    func brokenKMZGivesAClearError(_ name: String, _ code: String) throws {
        #expect {
            _ = try KMLDocument(path: Self.path(name))
        } throws: { error in
            guard let diagnostic = (error as? DiagnosticError)?.diagnostic else { return false }
            return diagnostic.code.hasPrefix(code) && !diagnostic.message.isEmpty
        }
    }

    @Test func kmzReadsTheFirstKMLEntryInTableOfContentsOrder() throws {
        // doc.kmz lists a.kml before doc.kml; multikml-doc.kmz lists z/c.kml first.
        let doc = try KMLFeatureReader(path: Self.path("doc.kmz"))
        _ = try doc.readAll()
        #expect(doc.kmzEntry == "a.kml")
        let multi = try KMLFeatureReader(path: Self.path("multikml-doc.kmz"))
        _ = try multi.readAll()
        #expect(multi.kmzEntry == "z/c.kml")
        let nested = try KMLFeatureReader(path: Self.path("lc01.kmz"))
        #expect(try nested.readAll().count > 0)
    }

    @Test func corruptEntryDataStillReadsOrFailsClearly() throws {
        // bad-pk-data.kmz has a damaged local header; ZIPFoundation reads it
        // through the central directory, and Meridian verifies the CRC.
        let features = try KMLDocument(path: Self.path("bad-pk-data.kmz")).features
        #expect(features.count == 1)
    }

    @Test(arguments: ["100_nested_folders.kml", "101_nested_folders.kml"])
    func deeplyNestedFoldersAreRead(_ name: String) throws {
        // libkml refuses more than 100 levels; Meridian reads them (libxml2
        // bounds depth at 256). These files hold unnamed folders only.
        let document = try KMLDocument(path: Self.path(name))
        #expect(document.features.isEmpty)
    }

    @Test func deeplyNestedElementsAreRead() throws {
        let document = try KMLDocument(path: Self.path("101_nested_elements.kml"))
        #expect(document.features.count == 1)
    }

    @Test func aPlacemarkInside101NamedFoldersKeepsTheWholePath() throws {
        var kml = #"<kml xmlns="http://earth.google.com/kml/2.2">"#
        for level in 1...101 { kml += "<Folder><name>level \(level)</name>" }
        kml += "<Placemark><name>deep</name><Point><coordinates>1,2</coordinates></Point></Placemark>"
        for _ in 1...101 { kml += "</Folder>" }
        kml += "</kml>"
        let features = try KMLDocument(bytes: Array(kml.utf8)).features
        #expect(features.count == 1)
        #expect(features[0].properties["folder"]?.arrayValue?.count == 101)
        #expect(features[0].properties["folder"]?.arrayValue?.last == "level 101")
    }

    @Test func duplicatedIdsAndSharedStylesResolve() throws {
        let features = try KMLDocument(path: Self.path("dup-id.kml")).features
        #expect(!features.isEmpty)
        #expect(
            features.allSatisfy {
                $0.properties["styleUrl"] == nil || $0.properties["stroke"] != nil || $0.properties["icon"] != nil
            })
    }

    @Test func typedSchemaDataIsTyped() throws {
        let features = try KMLDocument(path: Self.path("schemadata.kml")).features
        #expect(!features.isEmpty)
    }
}
