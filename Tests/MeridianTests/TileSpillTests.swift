import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// A tile set made through the spill's runs on disk is the tile set made
/// in memory: the same tiles, byte for byte, and the same report.
@Suite struct TileSpillTests {
    @Test(.requiresFixtures)
    func aTileSetSortedOnDiskIsTheTileSetSortedInMemory() throws {
        let features = try GeoJSONDocument(
            decoding: Fixtures.bytes(Fixtures.url("geojson/real/ne_50m_admin_1_states_provinces.json"))
        ).featureCollection.features
        var builder = TileSetBuilder(minimumZoom: 0, maximumZoom: 4)
        builder.maximumTileBytes = 20_000
        let (inMemory, memoryReport) = try builder.tiles([("states", features)])
        builder.spillBudget = 256 << 10
        let (onDisk, diskReport) = try builder.tiles([("states", features)])
        #expect(inMemory.count == onDisk.count)
        #expect(inMemory.map(\.0) == onDisk.map(\.0))
        #expect(zip(inMemory, onDisk).allSatisfy { $0.1 == $1.1 })
        #expect(memoryReport.rows == diskReport.rows)
        #expect(memoryReport.rows.contains { $0.tileSizeCap + $0.thinned > 0 }, "the cap is exercised")
        // In PMTiles order, every tile once.
        #expect(inMemory.map(\.0.hilbertID) == inMemory.map(\.0.hilbertID).sorted())
        #expect(Set(inMemory.map(\.0)).count == inMemory.count)
    }
}
