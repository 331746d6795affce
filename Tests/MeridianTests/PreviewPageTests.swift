import Foundation
import Meridian
import Testing

/// The preview page's HTML, checked without a browser (PreviewBrowserTests
/// in MeridianCLITests drives the page in Chromium).
@Suite struct PreviewPageTests {
    static func arcadePage(languages: [String] = [], title: String? = nil) throws -> PreviewPage {
        PreviewPage(sources: [.venue(try Glue.arcade(), name: "meridian-arcade")], languages: languages, title: title)
    }

    /// The text of the page's JSON block, decoded as JavaScript would.
    static func data(in html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"meridian-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func levelsAreListedHighestFirstByShortNameStartingAtTheGroundFloor() throws {
        let page = try Self.arcadePage()
        #expect(page.levels.map(\.ordinal) == [1, 0])
        #expect(page.levels.map(\.shortName) == ["1", "G"])
        #expect(page.levels.map(\.name) == ["First Floor", "Ground Floor"])
        #expect(page.defaultOrdinal == 0)
        let html = try page.html()
        let nav = try #require(html.range(of: "<nav class=\"mp-levels\"").map { html[$0.lowerBound...] })
        let first = try #require(nav.range(of: "data-ordinal=\"1\""))
        let ground = try #require(nav.range(of: "data-ordinal=\"0\" aria-pressed=\"true\""))
        #expect(first.lowerBound < ground.lowerBound)
        #expect(nav.contains("title=\"Ground Floor\">G</button>"))
    }

    @Test func levelNamesFollowTheLanguageWithTheManifestAsFallback() throws {
        let page = try Self.arcadePage(languages: ["fr"])
        #expect(page.levels.map(\.name) == ["Premier étage", "Rez-de-chaussée"])
        #expect(page.levels.map(\.shortName) == ["1", "G"])  // short names exist in English only
        #expect(try page.html().contains("<html lang=\"fr\">"))
    }

    @Test func theDefaultIsTheLowestLevelWithoutAGroundFloor() {
        let page = PreviewPage(sources: [.venue(Glue.twoLevelsAtGround(), name: "campus")])
        #expect(page.levels.map(\.ordinal) == [2, 0])
        #expect(page.levels.last?.name == "Ground Floor")  // the indoor level of ordinal 0, as Apple's sample picks
    }

    @Test func eachLevelIsOneSVGInItsOwnContainerAndIDsNeverRepeat() throws {
        let html = try Self.arcadePage().html()
        #expect(Self.count("<section class=\"mp-view\"", in: html) == 2)
        #expect(html.contains("<section class=\"mp-view\" data-ordinal=\"1\" data-name=\"First Floor\" hidden>"))
        #expect(html.contains("<section class=\"mp-view\" data-ordinal=\"0\" data-name=\"Ground Floor\">"))
        #expect(Self.count("<svg xmlns=", in: html) == 2 && !html.contains("<?xml"))
        #expect(html.contains("<title id=\"v2-map-title\">Ground Floor</title>"))
        var ids: [String: Int] = [:]
        for part in html.components(separatedBy: " id=\"").dropFirst() {
            ids[String(part.prefix { $0 != "\"" }), default: 0] += 1
        }
        #expect(ids.filter { $0.value > 1 }.isEmpty, "repeated ids: \(ids.filter { $0.value > 1 })")
        // Every level groups its features under the input's name, so one toggle serves all levels.
        #expect(Self.count("data-layer=\"meridian-arcade\">", in: html) == 2)
        #expect(
            html.contains(
                "<button type=\"button\" class=\"mp-toggle\" data-layer=\"meridian-arcade\" aria-pressed=\"true\""))
    }

    @Test func levelsShareOneFrameSoSwitchingKeepsTheView() throws {
        let html = try Self.arcadePage().html()
        let venueID = "data-id=\"b7b3ff7b-623d-48df-8cd5-8cc6f137bdc5\""
        let outlines = html.components(separatedBy: venueID).dropFirst().map { $0.prefix { $0 != "\n" } }
        #expect(outlines.count == 2)
        #expect(Set(outlines).count == 1, "the venue is drawn at the same place on both levels")
    }

    @Test func featurePropertiesAndMapsLinksAreEmbeddedByLayerAndID() throws {
        let data = try Self.data(in: try Self.arcadePage().html())
        #expect(data["defaultOrdinal"] as? Int == 0)
        let layer = try #require((data["features"] as? [String: Any])?["meridian-arcade"] as? [String: [String: Any]])
        let cafe = try #require(layer["31146644-0f9e-4cd3-a7aa-e4a6ac9448a7"])
        #expect(cafe["name"] as? String == "Bean There")
        #expect(cafe["kind"] as? String == "occupant · cafe")
        let properties = try #require(cafe["properties"] as? [[String]])
        #expect(properties.contains(["hours", "Mo-Sa 09:00-18:00"]))
        #expect(!properties.contains { ["fill", "phone", "feature_type"].contains($0[0]) })
        let link = try #require(cafe["maps"] as? String)
        #expect(link.hasPrefix("https://maps.apple.com/place?coordinate=52.2") && link.hasSuffix("&name=Bean%20There"))
        // An occupied unit is unnamed on the map (its occupant labels it) but named in the panel.
        let units = layer.values.filter { ($0["kind"] as? String)?.hasPrefix("unit") == true }
        #expect(!units.isEmpty && units.allSatisfy { $0["name"] is String })
    }

    /// Each feature once per layer, the first of a repeated id, in the
    /// layers' and the features' order; with an index of the ids listed
    /// beside the JSON object (which finds keys by scanning), 100 000
    /// points no longer take 41 s.
    /// A page holds every feature twice (drawn and listed): past the
    /// limit it is refused with what to do, before anything is drawn.
    @Test func morePointsThanAPageHoldsAreRefused() {
        let points = (0..<11).map { index in
            Feature(geometry: .point(Coordinate(latitude: 52 + Double(index) * 1e-3, longitude: 0.1)))
        }
        let page = PreviewPage(
            sources: [.layer(Layer(id: "a", features: points)), .layer(Layer(id: "b", features: points))],
            maximumFeatures: 21)
        let refused = Result { () throws(DiagnosticError) in try page.html() }
        guard case .failure(let error) = refused else {
            Issue.record("a page of 22 features was drawn past a limit of 21")
            return
        }
        #expect(error.diagnostic.code == "snapshot.content.too-many" && error.diagnostic.message.contains("22 features"))
        var roomy = page
        roomy.maximumFeatures = 22
        #expect((try? roomy.html()) != nil)
    }

    @Test func theFeatureIndexListsEachIDOncePerLayerInOrder() throws {
        func points(_ count: Int, prefix: String) -> [Feature] {
            (0..<count).map { index in
                Feature(
                    id: .string("\(prefix)\(index % (count / 2))"),
                    geometry: .point(Coordinate(latitude: 52 + Double(index) * 1e-5, longitude: 0.1)),
                    properties: JSONObject([("name", .string("\(prefix) \(index)"))]))
            }
        }
        let page = PreviewPage(sources: [
            .layer(Layer(id: "a", features: points(4_000, prefix: "p"))),
            .layer(Layer(id: "b", features: points(2_000, prefix: "p"))),
        ])
        let html = try page.html()
        let features = try #require(try Self.data(in: html)["features"] as? [String: [String: [String: Any]]])
        #expect(features["a"]?.count == 2_000 && features["b"]?.count == 1_000)
        #expect(features["a"]?["p7"]?["name"] as? String == "p 7", "the first feature with an id is listed")
        let json = try #require(html.components(separatedBy: "id=\"meridian-data\">").last)
        let positions = try ["\"a\":{\"p0\"", "\"p1\":", "\"p1999\":", "\"b\":{\"p0\""].map {
            try #require(json.range(of: $0)).lowerBound
        }
        #expect(positions == positions.sorted())
    }

    /// Longitudes of +-1e300 crashed the snapshot (an unchecked conversion
    /// to Int) and hung its framing; now such positions are skipped.
    @Test func positionsAtAbsurdLongitudesAreSkippedNotFatal() throws {
        func point(_ id: String, _ longitude: Double) -> Feature {
            Feature(id: .string(id), geometry: .point(Coordinate(latitude: 52.2, longitude: longitude)))
        }
        let far = [point("east", 1e300), point("west", -1e300)]
        let html = try PreviewPage(sources: [.layer(Layer(id: "places", features: far + [point("here", 0.12)]))]).html()
        #expect(html.contains("data-id=\"here\"") && !html.contains("data-id=\"east\""))
        let line = Feature(
            id: "line",
            geometry: .lineString([
                Coordinate(latitude: 10, longitude: 1e300), Coordinate(latitude: 20, longitude: -1e300),
            ]))
        #expect {
            try PreviewPage(sources: [.layer(Layer(id: "far", features: far + [line]))]).html()
        } throws: { error in
            (error as? DiagnosticError)?.diagnostic.code == "snapshot.content.empty"
        }
        // Beside a venue, whose levels share one frame.
        let venue = try PreviewPage(sources: [
            .venue(try Glue.arcade(), name: "meridian-arcade"), .layer(Layer(id: "far", features: far + [line])),
        ]).html()
        #expect(venue.contains("data-feature-type=\"unit\""))
    }

    @Test func plainLayersMakeOnePageWithoutASwitcherAndFeaturesWithoutIDsGetKeys() throws {
        let features = [
            Feature(
                id: nil, geometry: .point(Coordinate(latitude: 52.2, longitude: 0.12)),
                properties: JSONObject([("name", "Anon")])),
            Feature(
                id: .integer(7), geometry: .point(Coordinate(latitude: 52.21, longitude: 0.13)),
                properties: JSONObject([("n", .null)])),
        ]
        let page = PreviewPage(sources: [.layer(Layer(id: "places", features: features))])
        #expect(page.levels.isEmpty && page.defaultOrdinal == nil && page.resolvedTitle == "places")
        let html = try page.html()
        #expect(Self.count("<section class=\"mp-view\"", in: html) == 1 && !html.contains("<nav"))
        #expect(html.contains("data-id=\"#0\"") && html.contains("data-id=\"7\""))
        let layer = try #require(
            (try Self.data(in: html)["features"] as? [String: Any])?["places"] as? [String: [String: Any]])
        #expect(layer["#0"]?["id"] is NSNull && layer["#0"]?["name"] as? String == "Anon")
        #expect(layer["7"]?["id"] as? Int == 7 && layer["7"]?["properties"] as? [[String]] == [["n", "null"]])
    }

    @Test func nothingFromDataCanBreakOutOfTheMarkupOrTheScript() throws {
        let hostile = "</script><script>alert(1)</script><!-- \"'&"
        let feature = Feature(
            id: .string("x\"><img src=x onerror=alert(2)>"),
            geometry: .point(Coordinate(latitude: 52.2, longitude: 0.12)),
            properties: JSONObject([("name", .string(hostile)), ("<b>key</b>", .string("</SCRIPT >"))]))
        let page = PreviewPage(
            sources: [.layer(Layer(id: "\"><script>alert(3)</script>", features: [feature]))],
            title: "<i>Title</i> & co")
        let html = try page.html()
        #expect(Self.count("<script", in: html.lowercased()) == 2)
        #expect(Self.count("</script", in: html.lowercased()) == 2)
        #expect(!html.contains("<!--") && !html.contains("<img") && !html.contains("<i>") && !html.contains("<b>"))
        #expect(html.contains("<title>&lt;i&gt;Title&lt;/i&gt; &amp; co</title>"))
        // The JSON block reads back exactly what the data held.
        let layers = try #require(try Self.data(in: html)["features"] as? [String: [String: [String: Any]]])
        let entry = try #require(layers["\"><script>alert(3)</script>"]?["x\"><img src=x onerror=alert(2)>"])
        #expect(entry["name"] as? String == hostile)
        #expect(entry["properties"] as? [[String]] == [["name", hostile], ["<b>key</b>", "</SCRIPT >"]])
    }

    @Test func thePageLoadsNothingFromElsewhere() throws {
        let html = try Self.arcadePage().html()
        let data = try #require(html.range(of: "<script type=\"application/json\""))
        let dataEnd = try #require(html.range(of: "</script>", range: data.upperBound..<html.endIndex))
        let outside = String(html[..<data.lowerBound]) + String(html[dataEnd.upperBound...])
        let allowed = ["http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"]
        var rest = Substring(outside)
        while let found = rest.range(of: "http") {
            let url = rest[found.lowerBound...].prefix { $0 != "\"" && $0 != " " }
            #expect(allowed.contains(String(url)), "unexpected URL in the page: \(url)")
            rest = rest[found.upperBound...]
        }
        for pattern in ["<link", " src=", "@import", "url(", "fetch(", "XMLHttpRequest"] {
            #expect(!outside.contains(pattern), "\(pattern)")
        }
        #expect(html.contains("https://maps.apple.com/place?"))  // only as data, in the JSON block
    }
}
