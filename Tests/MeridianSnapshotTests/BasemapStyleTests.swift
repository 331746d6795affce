import MeridianCore
import Testing

@testable import MeridianSnapshot

/// The MapLibre style subset: expressions, legacy filters and functions,
/// colours, and a style's errors and warnings located by JSON pointer.
struct BasemapStyleTests {
    static func evaluate(
        _ expression: JSONValue, zoom: Double = 5, _ properties: JSONObject = JSONObject(), type: String = "Point"
    ) throws -> JSONValue {
        try StyleExpression.parse(expression, at: "/test").evaluate(
            in: StyleContext(zoom: zoom, properties: properties, geometryType: type, id: .integer(7)))
    }

    static func filter(_ filter: JSONValue, _ properties: JSONObject, type: String = "Polygon") throws -> Bool {
        try StyleExpression.parseFilter(filter, at: "/filter").isTrue(
            in: StyleContext(zoom: 5, properties: properties, geometryType: type, id: .integer(7)))
    }

    @Test func builtInStylesReadWithoutWarnings() {
        for name in BasemapStyle.builtInNames {
            let style = BasemapStyle.named(name)
            #expect(style?.warnings.isEmpty == true)
            #expect(style?.layerIDs == ["sea", "land", "rivers", "states", "borders", "places", "place-names"])
        }
        #expect(BasemapStyle.named("satellite") == nil)
        let text = try? BasemapStyle.builtInText("dark").map { try BasemapStyle(jsonBytes: Array($0.utf8), name: "dark") }
        #expect(text == BasemapStyle.dark)
    }

    @Test func zoomFunctionsInterpolateAndStep() throws {
        let linear: JSONValue = ["interpolate", ["linear"], ["zoom"], 4, 1, 8, 3]
        #expect(try Self.evaluate(linear, zoom: 2).doubleValue == 1)
        #expect(try Self.evaluate(linear, zoom: 6).doubleValue == 2)
        #expect(try Self.evaluate(linear, zoom: 12).doubleValue == 3)
        // Base 2 from 0 to 3 over one zoom: halfway is (2^0.5 - 1) / (2 - 1) of the way.
        let exponential: JSONValue = ["interpolate", ["exponential", 2], ["zoom"], 0, 0, 1, 3]
        let halfway = try #require(try Self.evaluate(exponential, zoom: 0.5).doubleValue)
        #expect(abs(halfway - 3 * (2.0.squareRoot() - 1)) < 1e-12)
        let step: JSONValue = ["step", ["zoom"], "small", 5, "medium", 9, "large"]
        #expect(try Self.evaluate(step, zoom: 4.9) == "small")
        #expect(try Self.evaluate(step, zoom: 5) == "medium")
        #expect(try Self.evaluate(step, zoom: 20) == "large")
        // A legacy function: {"base", "stops"}; colours interpolate in RGB.
        let legacy: JSONValue = ["stops": [[0, "#000000"], [10, "#ffffff"]]]
        let grey = try #require(try Self.evaluate(legacy, zoom: 5).stringValue.flatMap(StyleColor.init(css:)))
        #expect(grey.hex == "#808080")
    }

    @Test func dataExpressionsReadTheFeature() throws {
        let properties = JSONObject([("class", "river"), ("rank", 3), ("name", "Cam")])
        let match: JSONValue = ["match", ["get", "class"], ["river", "canal"], "#0000ff", "lake", "#00ffff", "#888888"]
        #expect(try Self.evaluate(match, properties) == "#0000ff")
        #expect(try Self.evaluate(match, JSONObject([("class", "sea")])) == "#888888")
        let cases: JSONValue = ["case", ["<", ["get", "rank"], 2], "big", ["has", "name"], "named", "other"]
        #expect(try Self.evaluate(cases, properties) == "named")
        #expect(try Self.evaluate(["coalesce", ["get", "missing"], ["get", "name"]], properties) == "Cam")
        #expect(try Self.evaluate(["concat", ["upcase", ["get", "name"]], "-", ["get", "rank"]], properties) == "CAM-3")
        #expect(try Self.evaluate(["*", ["get", "rank"], 2], properties).doubleValue == 6)
        #expect(try Self.evaluate(["geometry-type"], type: "LineString") == "LineString")
        #expect(try Self.evaluate(["in", "am", ["get", "name"]], properties) == .bool(true))
        #expect(try Self.evaluate(["==", ["id"], 7]) == .bool(true))
    }

    @Test func legacyAndExpressionFiltersAgree() throws {
        let river = JSONObject([("class", "river"), ("width", 12)])
        let lake = JSONObject([("class", "lake")])
        #expect(try Self.filter(["==", "class", "river"], river))
        #expect(try !Self.filter(["==", "class", "river"], lake))
        #expect(try Self.filter(["in", "class", "lake", "sea"], lake))
        #expect(try Self.filter(["!in", "class", "lake", "sea"], river))
        #expect(try Self.filter(["!has", "width"], lake))
        #expect(try Self.filter(["all", ["==", "$type", "Polygon"], [">", "width", 10]], river))
        #expect(try !Self.filter(["none", ["has", "class"]], river))
        #expect(try Self.filter(["all", ["==", ["get", "class"], "river"], [">=", ["get", "width"], 12]], river))
        // Ordering a string against a number is false, as MapLibre has it.
        #expect(try !Self.filter([">", "class", 3], river))
    }

    @Test(arguments: [
        ("#f80", "#ff8800", 1.0), ("#ff880080", "#ff8800", 128.0 / 255), ("rgba(255, 0, 0, 0.5)", "#ff0000", 0.5),
        ("rgb(100%, 0%, 0%)", "#ff0000", 1.0), ("hsl(120, 100%, 25%)", "#008000", 1.0),
        ("hsla(210, 40%, 50%, 0.25)", "#4d80b3", 0.25), ("Tomato", "tomato", 1.0), ("transparent", "#000000", 0.0),
    ])
    func coloursAreReadAsCSSWritesThem(text: String, hex: String, alpha: Double) throws {
        let color = try #require(StyleColor(css: text))
        #expect(color.hex == hex)
        #expect(abs(color.alpha - alpha) < 1e-9)
        #expect(StyleColor(css: color.cssText) == color)
    }

    @Test(arguments: ["#12345", "rgb(1,2)", "red\" onload=\"x", "hsl(a,b,c)", "url(#x)"])
    func thingsThatAreNotColoursAreRefused(text: String) {
        #expect(StyleColor(css: text) == nil)
    }

    static func style(_ layers: String) throws -> BasemapStyle {
        try BasemapStyle(jsonBytes: Array(#"{"version": 8, "layers": [\#(layers)]}"#.utf8), name: "style.json")
    }

    static func failure(_ layers: String) -> Diagnostic? {
        do {
            _ = try style(layers)
            return nil
        } catch let error as DiagnosticError {
            return error.diagnostic
        } catch {
            return nil
        }
    }

    @Test func mistakesAreErrorsNamingTheirJSONPointer() throws {
        let type = try #require(Self.failure(#"{"id": "a", "type": "fil", "source-layer": "land"}"#))
        #expect(type.code == "snapshot.basemap.layer-type")
        #expect(type.location.jsonPointer == "/layers/0/type")
        #expect(type.location.file == "style.json")
        let operatorError = try #require(
            Self.failure(#"{"id": "b", "type": "line", "source-layer": "x", "filter": ["all", ["foo", 1]]}"#))
        #expect(operatorError.code == "snapshot.basemap.expression")
        #expect(operatorError.location.jsonPointer == "/layers/0/filter/1/0")
        #expect(operatorError.message.contains("\"foo\""))
        let colour = try #require(
            Self.failure(#"{"id": "c", "type": "fill", "source-layer": "x", "paint": {"fill-color": "bleu"}}"#))
        #expect(colour.location.jsonPointer == "/layers/0/paint/fill-color")
        let stops = try #require(
            Self.failure(
                #"{"id": "d", "type": "line", "source-layer": "x", "paint": {"line-width": ["interpolate", ["linear"], ["zoom"], 5, 1, 3, 2]}}"#
            ))
        #expect(stops.location.jsonPointer == "/layers/0/paint/line-width/5")
        #expect(try #require(Self.failure(#"{"id": "e", "type": "fill"}"#)).location.jsonPointer == "/layers/0")
        #expect(throws: DiagnosticError.self) {
            try BasemapStyle(jsonBytes: Array(#"{"version": 7, "layers": []}"#.utf8), name: "old.json")
        }
    }

    @Test func whatMeridianDoesNotDrawIsAWarningNotAnError() throws {
        let style = try Self.style(
            #"""
            {"id": "hills", "type": "hillshade", "source": "dem"},
            {"id": "water", "type": "fill", "source-layer": "water", "paint": {"fill-color": "#00f", "fill-pattern": "waves"}},
            {"id": "hidden", "type": "line", "source-layer": "roads", "layout": {"visibility": "none"}}
            """#)
        #expect(style.layerIDs == ["water"])
        #expect(style.warnings.map(\.location.jsonPointer) == ["/layers/0/type", "/layers/1/paint/fill-pattern"])
        #expect(style.warnings.allSatisfy { $0.code == "snapshot.basemap.ignored" && $0.severity == .warning })
    }
}

/// Clipping a tile's geometry to its own square.
struct TileClipTests {
    /// A square of 1 000 map points near the world's middle, where
    /// coordinates go to map points and back exactly enough.
    static let origin = MapSize.world.width / 2
    static let rect = MapRect(x: origin, y: origin, width: 1000, height: 1000)

    static func coordinate(_ x: Double, _ y: Double) -> Coordinate { MapPoint(x: origin + x, y: origin + y).coordinate }

    @Test func ringsAreCutToTheSquare() {
        let ring = [(-500.0, 200.0), (500, 200), (500, 800), (-500, 800), (-500, 200)].map { Self.coordinate($0.0, $0.1) }
        let clipped = TileClip.ring(ring, to: Self.rect).map { MapPoint($0) }
        #expect(clipped.count == 5)
        #expect(clipped.allSatisfy { $0.x >= Self.origin - 1e-6 && $0.x <= Self.origin + 500 + 1e-6 })
        var area = 0.0
        for index in 0..<(clipped.count - 1) {
            area += clipped[index].x * clipped[index + 1].y - clipped[index + 1].x * clipped[index].y
        }
        #expect(abs(abs(area) / 2 - 500 * 600) < 1e-3)
        let outside = [(2000.0, 0.0), (3000, 0), (3000, 10), (2000, 0)].map { Self.coordinate($0.0, $0.1) }
        #expect(TileClip.ring(outside, to: Self.rect).isEmpty)
    }

    @Test func linesLeavingAndComingBackSplitIntoParts() {
        let line = [(100.0, 100.0), (1500, 100), (1500, 900), (100, 900)].map { Self.coordinate($0.0, $0.1) }
        let parts = TileClip.line(line, to: Self.rect).map { $0.map { MapPoint($0) } }
        #expect(parts.count == 2)
        #expect(parts.allSatisfy { $0.count == 2 })
        #expect(abs((parts.first?.last?.x ?? 0) - Self.origin - 1000) < 1e-6)
    }
}
