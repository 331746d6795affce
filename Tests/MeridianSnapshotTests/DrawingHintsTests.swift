import Foundation
import MeridianCore
import Testing

@testable import MeridianSnapshot

/// The renderer reads simplestyle and Meridian's drawing hints
/// (``DrawingHints``) only: nothing about where a feature came from.
@Suite struct DrawingHintsTests {
    private static func hinted(_ hints: DrawingHints, _ extra: JSONObject = JSONObject()) -> JSONObject {
        var properties = extra
        for (key, value) in hints.properties.members { properties[key] = value }
        return properties
    }

    /// The text of the element with this data-id, up to its first ">".
    private static func element(_ id: String, in svg: String) -> Substring {
        svg.components(separatedBy: "data-id=\"\(id)\"")[1].prefix { $0 != ">" }
    }

    @Test func hintsAreReadFromTheirPropertiesAndWrittenBackTheSame() {
        let hints = DrawingHints(
            drawOrder: -70, marker: .symbol, strokeLinecap: .butt, isContext: true, labelRank: 2,
            overlayLevel: .aboveLabels, symbolPath: "M0 0L24 24z", anchor: .bottom)
        #expect(DrawingHints(properties: hints.properties) == hints)
        #expect(hints.properties.keys == DrawingHints.Key.all)
        #expect(DrawingHints().properties.isEmpty)
        #expect(DrawingHints(drawOrder: 2.5).properties[DrawingHints.Key.drawOrder] == .double(2.5))
    }

    @Test func valuesOfTheWrongTypeOrOutOfRangeAreIgnored() {
        let properties: JSONObject = [
            "meridian:draw-order": "high", "meridian:marker": "pin", "meridian:stroke-linecap": 3,
            "meridian:context": "yes", "meridian:label-rank": .double(1e300), "meridian:overlay-level": "top",
            "meridian:symbol-path": "M0 0\"/><script>alert(1)</script>", "meridian:anchor": [0.5, 2],
        ]
        #expect(DrawingHints(properties: properties) == DrawingHints())
        #expect(DrawingHints(properties: ["meridian:draw-order": .double(-1e300)]).drawOrder == 0)
        #expect(DrawingHints(drawOrder: .infinity).properties.isEmpty)
    }

    @Test func aFeatureTypeChangesNothingButItsDataAttribute() throws {
        let square = Geometry.polygon([Support.square(52, 0, 0.001)])
        let plain = try Support.render([Support.feature(square, id: "a", ["category": "room"])]).svg
        let typed = try Support.render([
            Support.feature(square, id: "a", ["category": "room", "feature_type": "unit"])
        ]).svg
        #expect(typed.replacingOccurrences(of: " data-feature-type=\"unit\"", with: "") == plain)
        // Every feature with a geometry is drawn, whatever it calls itself.
        let anchor = try Support.render([
            Support.feature(.point(Support.point(52, 0)), id: "anchor", ["feature_type": "anchor"])
        ]).svg
        #expect(anchor.contains("data-id=\"anchor\""))
    }

    @Test func drawOrderOrdersEachKindAndTiesKeepInputOrder() throws {
        let square = Geometry.polygon([Support.square(52, 0, 0.001)])
        let line = Geometry.lineString([Support.point(52, -0.001), Support.point(52, 0.001)])
        let point = Geometry.point(Support.point(52, 0))
        let features = [
            Support.feature(square, id: "area-top", Self.hinted(DrawingHints(drawOrder: 5))),
            Support.feature(square, id: "area-plain"),
            Support.feature(square, id: "area-bottom", Self.hinted(DrawingHints(drawOrder: -5))),
            Support.feature(square, id: "area-plain-2"),
            Support.feature(line, id: "line-top", Self.hinted(DrawingHints(drawOrder: 1))),
            Support.feature(line, id: "line-bottom", Self.hinted(DrawingHints(drawOrder: -1))),
            Support.feature(point, id: "point-top", Self.hinted(DrawingHints(drawOrder: 1))),
            Support.feature(point, id: "point-bottom", Self.hinted(DrawingHints(drawOrder: -1))),
        ]
        let svg = try Support.render(features).svg
        let order =
            ["area-bottom", "area-plain", "area-plain-2", "area-top", "line-bottom", "line-top"]
            + ["point-bottom", "point-top"]
        let positions = try order.map { try #require(svg.range(of: "data-id=\"\($0)\"")).lowerBound }
        #expect(positions == positions.sorted())
    }

    @Test func aSymbolIsASmallDiscHoldingTheGlyphOfItsMarkerSymbol() throws {
        let symbol = Self.hinted(DrawingHints(marker: .symbol))
        func with(_ extra: JSONObject) -> JSONObject {
            var properties = symbol
            for (key, value) in extra.members { properties[key] = value }
            return properties
        }
        let features = [
            Support.feature(.point(Support.point(52, 0)), id: "wc", with(["marker-symbol": "toilet"])),
            Support.feature(.point(Support.point(52, 0.0005)), id: "up", with(["marker-symbol": "escalator"])),
            Support.feature(.point(Support.point(52, 0.001)), id: "bare", symbol),
            Support.feature(
                .point(Support.point(52.0005, 0)), id: "desk",
                with(["marker-symbol": "reception.desk", "marker-color": "#3b6fb6", "category": "reception.desk"])),
        ]
        let svg = try Support.render(features).svg
        #expect(svg.contains("<g class=\"amenity\" data-id=\"wc\""))
        #expect(svg.contains(">WC</text>") && svg.contains(">Es</text>") && svg.contains(">•</text>"))
        #expect(svg.contains("<title>reception.desk</title><circle r=\"7.5\" fill=\"#3b6fb6\""))
        #expect(svg.contains(">R</text>"), "a name with no glyph of its own gives its monogram")
        // Symbols are not markers: with balloons asked for, none is drawn and no balloon is defined.
        let balloons = try Support.render(features) { $0.markerStyle = .balloon }.svg
        #expect(!balloons.contains("class=\"marker\"") && !balloons.contains("<defs>"))
    }

    @Test func aLabelMarkerIsTheNameAloneAndStaysOutOfTheLegend() throws {
        let features = [
            Support.feature(
                .point(Support.point(52, 0)), id: "shop",
                Self.hinted(DrawingHints(marker: .label), ["name": "Pharmacy", "category": "pharmacy"])),
            Support.feature(
                .point(Support.point(52.01, 0.01)), id: "pin", ["name": "Station", "category": "rail"]),
        ]
        let snapshot = try Support.render(features) { $0.showsLegend = true }
        #expect(snapshot.placedLabels.contains("Pharmacy"))
        #expect(!snapshot.svg.contains("<g class=\"marker\" data-id=\"shop\""))
        #expect(!snapshot.svg.contains("<circle data-id=\"shop\""))
        #expect(!snapshot.svg.contains("data-category=\"pharmacy\"><circle"), "not in the legend")
        #expect(snapshot.svg.contains("data-category=\"rail\"><circle"))
    }

    @Test func aMarkerHintOverridesTheSnapshotsMarkerStyle() throws {
        let features = [
            Support.feature(.point(Support.point(52, 0)), id: "big", Self.hinted(DrawingHints(marker: .balloon))),
            Support.feature(.point(Support.point(52.01, 0)), id: "small"),
        ]
        let svg = try Support.render(features) { $0.markerStyle = .dot }.svg
        #expect(svg.contains("<g class=\"marker\" data-id=\"big\""))
        #expect(svg.contains("<circle data-id=\"small\""))
        #expect(svg.contains("<defs><path id=\"balloon\""), "a balloon drawn needs its shape defined")
    }

    @Test func contextIsDrawnButNeitherLabelledNorInTheLegend() throws {
        let context = Self.hinted(DrawingHints(isContext: true), ["name": "Clinic", "category": "healthcare"])
        let features = [
            Support.feature(.polygon([Support.square(52, 0, 0.01)]), id: "venue", context),
            Support.feature(
                .lineString([Support.point(51.995, -0.005), Support.point(52.005, 0.005)]), id: "door", context),
            Support.feature(
                .polygon([Support.square(52, 0.02, 0.005)]), id: "ward", ["name": "Ward", "category": "room"]),
        ]
        let snapshot = try Support.render(features) { $0.showsLegend = true }
        #expect(snapshot.svg.contains("data-id=\"venue\"") && snapshot.svg.contains("data-id=\"door\""))
        #expect(snapshot.placedLabels == ["Ward"])
        #expect(!snapshot.svg.contains("<g data-category=\"healthcare\">"))
        #expect(snapshot.svg.contains("<g data-category=\"room\">"))
    }

    @Test func lineCapsFollowTheHint() throws {
        let line = Geometry.lineString([Support.point(52, -0.001), Support.point(52, 0.001)])
        let svg = try Support.render([
            Support.feature(line, id: "butt", Self.hinted(DrawingHints(strokeLinecap: .butt))),
            Support.feature(line, id: "square", Self.hinted(DrawingHints(strokeLinecap: .square))),
            Support.feature(line, id: "round", Self.hinted(DrawingHints(strokeLinecap: .round))),
        ]).svg
        #expect(Self.element("butt", in: svg).contains("stroke-linecap=\"butt\""))
        #expect(Self.element("square", in: svg).contains("stroke-linecap=\"square\""))
        #expect(!Self.element("round", in: svg).contains("stroke-linecap"), "round is the group's default")
    }

    @Test func labelRankDecidesWhichOfTwoCollidingLabelsIsPlaced() throws {
        // Two areas of the same size and place: the first in input order wins unless ranked.
        let square = Geometry.polygon([Support.square(52, 0, 0.002)])
        let first = Support.feature(square, id: "first", ["name": "First"])
        let second = Support.feature(square, id: "second", Self.hinted(DrawingHints(labelRank: 2), ["name": "Second"]))
        #expect(
            try Support.render([first, Support.feature(square, id: "second", ["name": "Second"])]).placedLabels
                .contains("First"))
        #expect(try Support.render([first, second]).placedLabels.first == "Second")
    }

    @Test func theFirstLayerTitleIsTheSnapshotsTitleUnlessTheOptionsHaveOne() throws {
        let point = Support.feature(.point(Support.point(52, 0)))
        var options = Snapshotter.Options(layers: [
            Layer(id: "a", features: [point]), Layer(id: "b", features: [point], title: "Ground Floor"),
            Layer(id: "c", features: [point], title: "First Floor"),
        ])
        #expect(try Snapshotter(options: options).snapshot().svg.contains("<title id=\"map-title\">Ground Floor"))
        options.title = "Mine"
        #expect(try Snapshotter(options: options).snapshot().svg.contains("<title id=\"map-title\">Mine"))
    }
}
