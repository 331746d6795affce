import Foundation
import MeridianTestSupport
import Testing

/// `meridian render --basemap`: the bundled Natural Earth basemap under the
/// bundled track, built-in and hand-written styles, and what goes wrong.
@Suite struct BasemapCommandTests {
    static let track = Samples.path("london-brussels.gpx")
    static let basemap = Samples.path("natural-earth.pmtiles")

    @Test func theSampleTrackIsDrawnOverCoastlinesBordersAndTowns() throws {
        try withTemporaryFolder { folder in
            let svg = folder.appendingPathComponent("journey.svg").path
            let result = try CLI.run(["render", Self.track, "--basemap", Self.basemap, "-o", svg])
            #expect(result.status == 0, "\(result.stderr)")
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            #expect(text.contains("<g id=\"basemap\" data-style=\"Meridian light\""))
            for layer in ["sea", "land", "borders", "places", "place-names"] {
                #expect(text.contains("data-style-layer=\"\(layer)\""), "no \(layer)")
            }
            for town in ["London", "Lille", "Brussels"] { #expect(text.contains(">\(town)</text>"), "no \(town)") }
            // The basemap is beneath the track.
            let basemap = try #require(text.range(of: "id=\"basemap\"")).lowerBound
            let track = try #require(text.range(of: "id=\"layer-london-brussels\"")).lowerBound
            #expect(basemap < track)

            let png = folder.appendingPathComponent("journey.png").path
            let drawn = try CLI.run(["render", Self.track, "--basemap", Self.basemap, "--theme", "dark", "-o", png])
            #expect(drawn.status == 0, "\(drawn.stderr)")
            #expect((try? Data(contentsOf: URL(fileURLWithPath: png)).count) ?? 0 > 10_000)
        }
    }

    @Test func theStyleFollowsTheThemeOrIsChosen() throws {
        try withTemporaryFolder { folder in
            let svg = folder.appendingPathComponent("map.svg").path
            for (arguments, name) in [(["--theme", "dark"], "Meridian dark"), (["--style", "dark"], "Meridian dark")] {
                let result = try CLI.run(["render", Self.track, "--basemap", Self.basemap, "-o", svg] + arguments)
                #expect(result.status == 0, "\(result.stderr)")
                #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("data-style=\"\(name)\""))
            }
            // A style of one's own: a raster layer and a pattern are left out with a warning.
            let style = folder.appendingPathComponent("style.json").path
            try #"""
            {"version": 8, "name": "mine", "sources": {"nat": {"type": "vector", "url": "pmtiles://x.pmtiles"}},
             "layers": [
               {"id": "bg", "type": "background", "paint": {"background-color": "hsl(200, 50%, 80%)"}},
               {"id": "relief", "type": "raster", "source": "dem"},
               {"id": "land", "type": "fill", "source": "nat", "source-layer": "land",
                "paint": {"fill-color": "#fafafa", "fill-pattern": "dots"}}]}
            """#.write(toFile: style, atomically: true, encoding: .utf8)
            let result = try CLI.run(["render", Self.track, "--basemap", Self.basemap, "--style", style, "-o", svg])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("/layers/1/type"), "\(result.stderr)")
            #expect(result.stderr.contains("/layers/2/paint/fill-pattern"), "\(result.stderr)")
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            #expect(text.contains("data-style=\"mine\""))
            #expect(text.contains("fill=\"#b3d4e6\""))
        }
    }

    @Test func badStylesAndBasemapsAreLocatedErrorsAndWriteNothing() throws {
        try withTemporaryFolder { folder in
            let svg = folder.appendingPathComponent("map.svg").path
            let style = folder.appendingPathComponent("style.json").path
            try #"""
            {"version": 8, "layers": [
              {"id": "roads", "type": "line", "source-layer": "roads", "filter": ["within", {"type": "Polygon"}]}]}
            """#.write(toFile: style, atomically: true, encoding: .utf8)
            let result = try CLI.run(["render", Self.track, "--basemap", Self.basemap, "--style", style, "-o", svg])
            #expect(result.status == 3, "\(result.stderr)")
            #expect(result.stderr.contains("/layers/0/filter/0"), "\(result.stderr)")
            #expect(result.stderr.contains("snapshot.basemap.expression"), "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: svg))

            try #"{"version": 8, "layers": [{"id": "x", "type": "extrude", "source-layer": "land"}]}"#
                .write(toFile: style, atomically: true, encoding: .utf8)
            let type = try CLI.run(["render", Self.track, "--basemap", Self.basemap, "--style", style, "-o", svg])
            #expect(type.status == 3)
            #expect(type.stderr.contains("snapshot.basemap.layer-type"), "\(type.stderr)")

            try "{\"version\": 8, \"layers\": [".write(toFile: style, atomically: true, encoding: .utf8)
            let syntax = try CLI.run(["render", Self.track, "--basemap", Self.basemap, "--style", style, "-o", svg])
            #expect(syntax.status == 3)
            #expect(syntax.stderr.contains("style.json:1:"), "\(syntax.stderr)")

            // A basemap that is not a PMTiles archive.
            let notTiles = try CLI.run(["render", Self.track, "--basemap", Self.track, "-o", svg])
            #expect(notTiles.status == 3)
            #expect(notTiles.stderr.contains("london-brussels.gpx"), "\(notTiles.stderr)")
            #expect(!FileManager.default.fileExists(atPath: svg))

            #expect(try CLI.run(["render", Self.track, "--style", "dark", "-o", svg]).status == 2)
        }
    }

    /// A map document names its basemap and style as the options do.
    @Test func aMapDocumentNamesItsBasemap() throws {
        try withTemporaryFolder { folder in
            let document = folder.appendingPathComponent("map.json").path
            try """
            {"center": "50.9,1.9", "z": 7, "size": "640x480", "basemap": "\(Self.basemap)", "basemapStyle": "dark"}
            """.write(toFile: document, atomically: true, encoding: .utf8)
            let svg = folder.appendingPathComponent("map.svg").path
            let result = try CLI.run(["render", Self.track, "--map", document, "-o", svg])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("data-style=\"Meridian dark\""))
            try #"{"center": "50.9,1.9", "basemapStyle": "dark"}"#.write(toFile: document, atomically: true, encoding: .utf8)
            let styleAlone = try CLI.run(["render", Self.track, "--map", document, "-o", svg])
            #expect(styleAlone.status == 2)
            #expect(styleAlone.stderr.contains("/basemapStyle"), "\(styleAlone.stderr)")
        }
    }
}
