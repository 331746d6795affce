import Foundation
import MeridianCore
import Testing

@testable import MeridianTiles

/// Borders two polygons share stay shared through each zoom's
/// simplification: both polygons' tiles hold the same positions along it,
/// so no gap opens and no sliver overlaps.
struct SharedBorderTests {
    /// Two fields either side of a winding hedge (a curve of a few tile
    /// units at zoom 6, with a jitter under half a unit): the west field runs
    /// the hedge's whole length, the east field shares its middle half, so
    /// the two rings meet the hedge with different ends.
    static func fields() -> [Feature] {
        let hedge = (0...1_000).map { step -> Coordinate in
            let latitude = 1.5 + Double(step) / 500
            let jitter = step % 2 == 0 ? 0.0004 : -0.0004
            return Coordinate(latitude: latitude, longitude: 1.0 + 0.004 * sin(latitude * 40) + jitter)
        }
        let west = [Coordinate(latitude: 1.5, longitude: 0.5)] + hedge
            + [Coordinate(latitude: 3.5, longitude: 0.5), Coordinate(latitude: 1.5, longitude: 0.5)]
        let east = [Coordinate(latitude: 2, longitude: 1.5), Coordinate(latitude: 3, longitude: 1.5)]
            + hedge[250...750].reversed() + [Coordinate(latitude: 2, longitude: 1.5)]
        return [Feature(geometry: .polygon([west])), Feature(geometry: .polygon([east]))]
    }

    /// Each zoom's positions along the hedge, as each field's tiles give
    /// them (in the tiles' own squares).
    static func hedgePositions(sharedBorders: Bool) throws -> [Int: [Set<[Double]>]] {
        var builder = TileSetBuilder(minimumZoom: 3, maximumZoom: 9)
        builder.keepsSharedBorders = sharedBorders
        let (tiles, _) = try builder.tiles([("fields", fields())])
        var positions: [Int: [Set<[Double]>]] = [:]
        for (tile, gzipped) in tiles {
            let bytes = try gzipped.withUnsafeBytes { try PMTilesReader.inflatedIfGzipped($0, name: "tile") }
            let features = try VectorTileDecoder(tile: tile, name: "tile").layers(bytes)["fields"] ?? []
            // Deeper tiles hold one field or the other away from the hedge.
            guard features.count == 2 else { continue }
            var sides = positions[tile.zoom] ?? [[], []]
            for (side, feature) in features.enumerated() {
                guard case .polygon(let rings) = feature.geometry else { continue }
                for position in rings[0] where abs(position.longitude - 1) < 0.01 && (2...3).contains(position.latitude) {
                    // Inside the tile's own square: the buffer around it is
                    // cut at its edge, one field's segment at a time.
                    let (x, y) = WebMercator.project(position, zoom: tile.zoom, extent: 4096)
                    let (column, row) = (x - Double(tile.x * 4096), y - Double(tile.y * 4096))
                    guard (0...4096).contains(column), (0...4096).contains(row) else { continue }
                    sides[side].insert([position.longitude, position.latitude])
                }
            }
            positions[tile.zoom] = sides
        }
        return positions
    }

    @Test func neighboursKeepTheSamePositionsAlongTheirBorder() throws {
        let shared = try Self.hedgePositions(sharedBorders: true)
        #expect(shared.keys.sorted() == Array(3...9))
        for (zoom, sides) in shared {
            #expect(sides[0].count >= 2)
            let oneSideOnly = sides[0].symmetricDifference(sides[1]).count
            #expect(oneSideOnly == 0, "zoom \(zoom): \(oneSideOnly) of \(sides[0].count) positions on one side only")
        }
        // Each simplified alone, the fields part along the hedge.
        let alone = try Self.hedgePositions(sharedBorders: false)
        #expect(alone.values.contains { $0[0] != $0[1] }, "the test can tell")
    }
}
