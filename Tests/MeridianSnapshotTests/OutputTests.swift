import Foundation
import MeridianCore
import MeridianGeoJSON
import MeridianPlatform
import MeridianTestSupport
import Testing

@testable import MeridianSnapshot

@Suite struct OutputTests {
    static let hostile: [Feature] = [
        Support.feature(
            .point(Support.point(0, 0)), id: "\"><script>alert(1)</script>",
            [
                "name": "<script>alert('x')</script>", "category": "\"><svg onload=alert(1)>",
                "title": "&amp; ]]> <!--",
                "marker-symbol": "<b>", "marker-color": "javascript:alert(1)",
            ]),
        Support.feature(
            .polygon([Support.square(0, 0, 1)]), id: "p",
            ["name": "\"><svg onload=alert(2)>", "fill": "url(javascript:x)", "category": "a&b\u{1}"]),
    ]

    @Test func hostileTextFromDataEndsUpAsHarmlessText() throws {
        let svg = try Support.render(Self.hostile) {
            $0.showsLegend = true
            $0.title = "</title><script>"
        }.svg
        #expect(!svg.contains("<script"))
        #expect(!svg.contains("<svg onload"))
        #expect(!svg.contains("javascript"))
        #expect(!svg.contains("<b>"))
        #expect(!svg.contains("\u{1}"))
        #expect(svg.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"))
        #expect(svg.components(separatedBy: "<svg").count == 2)
    }

    @Test(.requires(tool: "xmllint")) func outputIsWellFormedXML() throws {
        try withTemporaryFolder { folder in
            var renders: [Snapshot] = [
                try Support.render(Self.hostile) {
                    $0.showsLegend = true
                    $0.title = "<&>"
                    $0.attribution = "\"'"
                }
            ]
            renders.append(
                try Support.render(Self.hostile) {
                    $0.theme = .dark
                    $0.compass = .always
                    $0.markerStyle = .dot
                })
            for (index, snapshot) in renders.enumerated() {
                let path = folder.appendingPathComponent("\(index).svg").path
                try Data(snapshot.bytes).write(to: URL(fileURLWithPath: path))
                let result = try Tool.run("xmllint", ["--noout", path])
                #expect(result.status == 0, "\(result.output)")
            }
        }
    }

    @Test func outputIsDeterministicByteForByte() throws {
        let features =
            Self.hostile
            + (0..<30).map {
                Support.feature(
                    .point(Support.point(Double($0) / 10, 1)), id: "\($0)",
                    ["name": .string("Place \($0)"), "category": .string("c\($0 % 4)")])
            }
        let a = try Support.render(features) { $0.showsLegend = true }.bytes
        let b = try Support.render(features) { $0.showsLegend = true }.bytes
        #expect(a == b)
    }

    @Test(.requires(fixture: "geojson/real/countries.geo.json"))
    func aLargeRealFileRendersIdenticallyTwice() throws {
        let url = Fixtures.url("geojson/real/countries.geo.json")
        let document = try GeoJSONDocument(decoding: Fixtures.bytes(url))
        let first = try Support.render(document.featureCollection.features).bytes
        let second = try Support.render(document.featureCollection.features).bytes
        #expect(first == second)
    }

    /// The document comes in the parts it was written in (a large map's
    /// layers in runs): joined they are the bytes, markup added by the
    /// caller goes last before `</svg>`, and equality is the document's.
    @Test(.requires(fixture: "geojson/real/ne_50m_land.json"))
    func theDocumentsPartsJoinedAreItsBytes() throws {
        let document = try GeoJSONDocument(decoding: Fixtures.bytes(Fixtures.url("geojson/real/ne_50m_land.json")))
        let features = Array(repeating: document.featureCollection.features, count: 2).flatMap { $0 }
        #expect(features.count >= SnapshotRenderer.parallelItems)
        let snapshot = try Support.render(features)
        // On every core, the layer's areas come as one part per run written.
        if OrderedWorkPool<Int, Int>.defaultThreads > 1 { #expect(snapshot.parts.count > 8) }
        #expect(Array(snapshot.parts.joined()) == snapshot.bytes)
        #expect(snapshot.svg.hasSuffix("</g>\n</svg>\n"))
        let marked = snapshot.appending(markup: "<circle r=\"4\"/>")
        #expect(marked.svg.hasSuffix("</g>\n<circle r=\"4\"/>\n</svg>\n"))
        #expect(Array(marked.parts.joined()) == marked.bytes)
        let again = try Support.render(features)
        #expect(marked != snapshot && snapshot == again)
    }

    @Test func everyElementCarriesItsFeatureIDAndCategory() throws {
        let svg = try Support.render([
            Support.feature(.polygon([Support.square(0, 0, 1)]), id: "zone-1", ["category": "park"])
        ]).svg
        #expect(svg.contains("<path data-id=\"zone-1\" data-category=\"park\""))
        #expect(svg.contains("<g id=\"layer-test\" data-layer=\"test\">"))
    }

    @Test func precisionControlsTheDecimalsWritten() throws {
        let features = [Support.feature(.lineString([Support.point(0, 0), Support.point(0.123, 0.456)]))]
        let d0 = Support.pathData(try Support.render(features) { $0.precision = 0 }.svg)[0]
        #expect(!d0.contains("."))
        let d3 = Support.pathData(try Support.render(features) { $0.precision = 3 }.svg)[0]
        #expect(
            d3.split(whereSeparator: { ",lM -".contains($0) }).contains {
                $0.contains(".") && $0.split(separator: ".").last!.count == 3
            })
    }

    @Test func aSnapshotIsTheDocumentsBytes() throws {
        let snapshot = try Support.render([Support.feature(.point(Support.point(0, 0)))])
        #expect(snapshot.svg == String(decoding: snapshot.bytes, as: UTF8.self))
        #expect(snapshot.svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg "))
        #expect(snapshot.svg.hasSuffix("</svg>\n"))
        let marked = snapshot.appending(markup: "<circle r=\"1\"/>")
        #expect(marked.svg.hasSuffix("<circle r=\"1\"/>\n</svg>\n"))
    }
}
