import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// The issue's oracle for basemaps: Natural Earth's land and admin-1
/// polygons drawn from their vector tiles (made by `TileSetBuilder`, read
/// back from a PMTiles archive) cover the same pixels as the GeoJSON drawn
/// directly, intersection over union at least 0.99 at each zoom: what
/// tiling simplifies, clips and snaps does not show at the zoom drawn.
@Suite struct BasemapFidelityTests {
    struct Case: Sendable, CustomStringConvertible {
        var file: String
        var region: CoordinateRegion
        var description: String { "\(file) \(region.span.longitudeDelta)° wide" }
    }

    static func region(_ latitude: Double, _ longitude: Double, _ latitudeDelta: Double, _ longitudeDelta: Double)
        -> CoordinateRegion
    {
        CoordinateRegion(
            center: Coordinate(latitude: latitude, longitude: longitude),
            span: CoordinateSpan(latitudeDelta: latitudeDelta, longitudeDelta: longitudeDelta))
    }

    static let cases = [
        Case(file: "ne_50m_land.json", region: region(20, 0, 130, 340)),
        Case(file: "ne_50m_land.json", region: region(50, 10, 30, 50)),
        Case(file: "ne_50m_land.json", region: region(38, 25, 4, 6)),
        Case(file: "ne_50m_admin_1_states_provinces.json", region: region(45, -100, 40, 80)),
        Case(file: "ne_50m_admin_1_states_provinces.json", region: region(-25, -50, 12, 16)),
    ]

    @Test(.requiresFixtures, .requires(tool: "rsvg-convert"), .requires(tool: "gdal_translate"), arguments: cases)
    func drawingFromTilesCoversWhatTheGeoJSONCovers(_ testCase: Case) throws {
        let features = try GeoJSONDocument(decoding: Fixtures.bytes(Fixtures.url("geojson/real/\(testCase.file)")))
            .featureCollection.features
        try withTemporaryFolder { folder in
            let (tiles, _) = try TileSetBuilder(minimumZoom: 0, maximumZoom: 5).tiles([("shapes", features)])
            let archive = try PMTilesWriter.archive(
                tiles: tiles, metadata: Array("{}".utf8),
                header: PMTilesWriter.Header(
                    minZoom: 0, maxZoom: 5, bounds: BoundingBox(west: -180, south: -85, east: 180, north: 85),
                    center: Coordinate(latitude: 0, longitude: 0), centerZoom: 0))
            let path = folder.appendingPathComponent("shapes.pmtiles").path
            try Data(archive).write(to: URL(fileURLWithPath: path))
            let black = #"""
                {"version": 8, "layers": [
                  {"id": "shapes", "type": "fill", "source-layer": "shapes", "paint": {"fill-color": "#000"}}]}
                """#
            let style = try BasemapStyle(jsonBytes: Array(black.utf8), name: "black.json")

            var theme = Theme.light
            theme.background = "none"
            func options(_ layer: Layer) -> Snapshotter.Options {
                var options = Snapshotter.Options(layers: [layer])
                options.framing = .region(testCase.region)
                options.theme = theme
                options.labels = .none
                options.scaleBar = nil
                options.compass = .never
                return options
            }
            // From the tiles: the data is one point outside the view, so only the basemap draws.
            var fromTiles = options(
                Layer(id: "none", features: [Feature(geometry: .point(Coordinate(latitude: -80, longitude: 170)))]))
            fromTiles.basemap = Basemap(source: try PMTilesArchive(path: path), style: style)
            var direct = options(Layer(id: "shapes", features: features))
            direct.styleOverrides = JSONObject([("fill", "#000000"), ("fill-opacity", 1), ("stroke", "none")])

            let width = Int(direct.size.width)
            let height = Int(direct.size.height)
            let a = try Tool.rasterizedAlpha(ofSVG: try Snapshotter(options: fromTiles).snapshot().bytes, width: width, height: height)
            let b = try Tool.rasterizedAlpha(ofSVG: try Snapshotter(options: direct).snapshot().bytes, width: width, height: height)
            let both = zip(a, b).filter { $0 >= 128 && $1 >= 128 }.count
            let either = zip(a, b).filter { $0 >= 128 || $1 >= 128 }.count
            #expect(either > 20_000, "the map draws something")
            let iou = Double(both) / Double(max(either, 1))
            #expect(iou >= 0.99, "IoU \(iou)")
        }
    }
}
