import MeridianCore
import Testing

@testable import MeridianSnapshot

/// A basemap source over features held in memory: each tile gets every
/// feature whose box meets the tile's, unclipped, as tiles with a large
/// buffer would carry them.
final class FeatureTiles: BasemapSource, @unchecked Sendable {
    let layers: [String: [Feature]]
    let zoomRange: ClosedRange<Int>
    private(set) var requests: [(Int, Int, Int)] = []

    init(_ layers: [String: [Feature]], zooms: ClosedRange<Int> = 0...14) {
        self.layers = layers
        zoomRange = zooms
    }

    func features(zoom: Int, x: Int, y: Int) throws(DiagnosticError) -> [String: [Feature]] {
        requests.append((zoom, x, y))
        let size = MapSize.world.width / Double(1 << zoom)
        let tile = MapRect(x: Double(x) * size, y: Double(y) * size, width: size, height: size)
        return layers.mapValues { features in
            features.filter { feature in
                guard let box = feature.geometry?.boundingBox else { return false }
                let a = MapPoint(Coordinate(latitude: box.north, longitude: box.west))
                let b = MapPoint(Coordinate(latitude: box.south, longitude: box.east))
                return a.x <= tile.maxX && b.x >= tile.minX && a.y <= tile.maxY && b.y >= tile.minY
            }
        }
    }
}

struct BasemapDrawingTests {
    static let style = try! BasemapStyle(
        jsonBytes: Array(
            #"""
            {"version": 8, "name": "test", "layers": [
              {"id": "ground", "type": "background", "paint": {"background-color": "#102030"}},
              {"id": "parks", "type": "fill", "source-layer": "areas", "filter": ["==", "kind", "park"],
               "paint": {"fill-color": "rgba(0, 128, 0, 0.5)"}},
              {"id": "edges", "type": "line", "source-layer": "areas",
               "paint": {"line-color": "#333", "line-width": ["interpolate", ["linear"], ["zoom"], 0, 1, 20, 3]}},
              {"id": "towns", "type": "circle", "source-layer": "towns", "paint": {"circle-radius": 4, "circle-color": "#f00"}},
              {"id": "town-names", "type": "symbol", "source-layer": "towns",
               "layout": {"text-field": "{name}", "text-size": 12}, "paint": {"text-color": "#222", "text-halo-color": "#fff", "text-halo-width": 1}}
            ]}
            """#.utf8), name: "test.json")

    /// A park straddling the meridian and the equator (so four tiles at
    /// any zoom), a wood the filter leaves out, and a town with a name that
    /// is markup.
    static let source = FeatureTiles([
        "areas": [
            Support.feature(.polygon([Support.square(0, 0, 1)]), JSONObject([("kind", "park")])),
            Support.feature(.polygon([Support.square(0.5, 3, 0.3)]), JSONObject([("kind", "wood")])),
        ],
        "towns": [Support.feature(.point(Support.point(-0.5, -0.5)), JSONObject([("name", "<script>alert(1)</script>")]))],
    ])

    static func render() throws -> String {
        let snapshot = try Support.render([Support.feature(.point(Support.point(0.2, 0.2)))]) { options in
            options.framing = .region(
                CoordinateRegion(center: Support.point(0, 0), span: CoordinateSpan(latitudeDelta: 4, longitudeDelta: 8)))
            options.basemap = Basemap(source: source, style: style)
        }
        return String(decoding: snapshot.bytes, as: UTF8.self)
    }

    @Test func theBasemapIsDrawnUnderTheDataInTheStylesOrder() throws {
        let svg = try Self.render()
        let basemap = try #require(svg.range(of: "<g id=\"basemap\""))
        let data = try #require(svg.range(of: "<g id=\"layer-test\""))
        #expect(basemap.lowerBound < data.lowerBound)
        let order = ["data-style-layer=\"ground\"", "data-style-layer=\"parks\"", "data-style-layer=\"edges\"",
            "data-style-layer=\"towns\""].map { svg.range(of: $0)?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(svg.contains("fill=\"#102030\""))
    }

    /// The park lies in four tiles; it is one path of four clipped pieces
    /// (filled as one shape, no seams), the wood is filtered out, and the
    /// park's outline is drawn once, without the tiles' cut edges.
    @Test func tilesPiecesAreClippedAndJoinedInOnePath() throws {
        let svg = try Self.render()
        let parks = svg.components(separatedBy: "data-style-layer=\"parks\"").dropFirst()
        #expect(parks.count == 1)
        let d = try #require(Support.pathData("<path" + (parks.first ?? "")).first)
        #expect(Support.subpaths(d).count == 4)
        #expect(svg.contains("fill=\"#008000\" fill-opacity=\".5\""))
        let edges = try #require(svg.components(separatedBy: "data-style-layer=\"edges\"").dropFirst().first)
        let outline = Support.subpaths(try #require(Support.pathData("<path" + edges).first))
        // The park's square and the wood's, each cut into pieces at the tile edges; never along them.
        var length = 0.0
        for part in outline {
            for (a, b) in zip(part, part.dropFirst()) { length += ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot() }
        }
        let park = try Support.render([Support.feature(.polygon([Support.square(0, 0, 1)]))]) { options in
            options.framing = .region(
                CoordinateRegion(center: Support.point(0, 0), span: CoordinateSpan(latitudeDelta: 4, longitudeDelta: 8)))
        }
        let parkSide = abs(park.point(for: Support.point(0, 1)).x - park.point(for: Support.point(0, -1)).x)
        let woodSide = parkSide * 0.3
        #expect(abs(length - 4 * parkSide - 4 * woodSide) < 2, "outline length \(length)")
    }

    @Test func textFromTilesIsEscapedAndHalosComeFirst() throws {
        let svg = try Self.render()
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        let labels = try #require(svg.range(of: "<g id=\"basemap-labels\">"))
        #expect(labels.lowerBound < (svg.range(of: "<g id=\"layer-test\"")?.lowerBound ?? svg.startIndex))
        let halo = svg.range(of: "stroke=\"#ffffff\"")?.lowerBound
        let text = svg.range(of: "fill=\"#222222\">&lt;script")?.lowerBound
        #expect(halo != nil && text != nil && halo! < text!)
    }

    /// A view far past the source's zooms draws the deepest zoom's tiles;
    /// a view of the whole world, wider than it, asks for each tile once.
    @Test func theSourcesZoomsBoundTheTilesAskedFor() throws {
        let source = FeatureTiles(["areas": []], zooms: 0...3)
        let snapshot = try Support.render([Support.feature(.point(Support.point(52.2, 0.12)))]) { options in
            options.basemap = Basemap(source: source, style: Self.style)
        }
        #expect(source.requests.allSatisfy { $0.0 == 3 })
        #expect(!snapshot.bytes.isEmpty)
        let world = FeatureTiles(["areas": []], zooms: 0...3)
        _ = try Support.render([Support.feature(.point(Support.point(0, 0)))]) { options in
            options.size = Snapshotter.Size(width: 2000, height: 300)
            options.framing = .mapRect(MapRect(x: 0, y: 0, width: MapSize.world.width * 2, height: MapSize.world.height))
            options.basemap = Basemap(source: world, style: Self.style)
        }
        let keys = world.requests.map { "\($0.0)/\($0.1)/\($0.2)" }
        #expect(Set(keys).count == keys.count)
        #expect(!keys.isEmpty)
    }
}
