import MeridianCore
import Testing

@testable import MeridianTiles

/// Tile ids, Web Mercator and MVT geometry commands against the
/// specifications' own examples.
struct VectorTileTests {
    /// PMTiles' Hilbert ids, as the format's Python package numbers them.
    @Test(arguments: [(0, 0, 0, 0), (1, 0, 0, 1), (1, 1, 0, 4), (1, 1, 1, 3), (1, 0, 1, 2), (3, 5, 2, 76),
        (12, 1234, 2345, 13_585_564)])
    func hilbertIDsArePMTilesIDs(zoom: Int, x: Int, y: Int, id: UInt64) {
        #expect(TileID(zoom: zoom, x: x, y: y).hilbertID == id)
    }

    @Test func webMercatorRoundTrips() {
        let cambridge = Coordinate(latitude: 52.2053, longitude: 0.1218)
        let (x, y) = WebMercator.project(cambridge, zoom: 10, extent: 4096)
        let back = WebMercator.unproject(x: x, y: y, zoom: 10, extent: 4096)
        #expect(abs(back.latitude - cambridge.latitude) < 1e-9)
        #expect(abs(back.longitude - cambridge.longitude) < 1e-9)
        let corner = WebMercator.project(Coordinate(latitude: 90, longitude: -180), zoom: 0, extent: 4096)
        #expect(corner.x == 0 && abs(corner.y) < 1e-6)
    }

    /// The specification's examples (4.3.5): a point, a line, a polygon.
    @Test func commandsAreTheSpecificationsExamples() {
        #expect(TileGeometry.points([(25, 17)]).commands()?.commands == [9, 50, 34])
        #expect(TileGeometry.lines([[(2, 2), (2, 10), (10, 10)]]).commands()?.commands == [9, 4, 4, 18, 0, 16, 16, 0])
        let polygon = TileGeometry.polygons([[[(3, 6), (8, 12), (20, 34), (3, 6)]]]).commands()
        #expect(polygon?.type == 3)
        #expect(polygon?.commands == [9, 6, 12, 18, 10, 12, 24, 44, 15])
    }

    @Test func ringsThatCollapseAreLeftOut() {
        #expect(TileGeometry.polygons([[[(1, 1), (1, 1), (1, 1), (1, 1)]]]).commands() == nil)
        #expect(TileGeometry.lines([[(5, 5), (5, 5)]]).commands() == nil)
    }
}
