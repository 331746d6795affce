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
        #expect(PMTilesReader.tile(id: id) == TileID(zoom: zoom, x: x, y: y))
    }

    /// Every tile of zooms 0 to 6 back from its id, and the ids count up
    /// without a gap.
    @Test func hilbertIDsComeBackToTheirTiles() {
        var ids: [UInt64] = []
        for zoom in 0...6 {
            for x in 0..<(1 << zoom) {
                for y in 0..<(1 << zoom) {
                    let tile = TileID(zoom: zoom, x: x, y: y)
                    #expect(PMTilesReader.tile(id: tile.hilbertID) == tile)
                    ids.append(tile.hilbertID)
                }
            }
        }
        #expect(ids.sorted() == Array(0..<UInt64(ids.count)))
    }

    /// The spill's external sort: pieces appended out of order come back
    /// grouped by tile in ascending id, each tile's pieces all before the
    /// next tile's, whether they stayed in memory or went to many runs.
    @Test(arguments: [1 << 30, 64, 1])
    func theSpillGivesBackEachTilesPiecesInOrder(budget: Int) throws {
        var generator = SystemRandomNumberGenerator()
        var appended: [TileSpill.Piece] = []
        for number in 0..<2_000 {
            let commands = (0..<Int.random(in: 0...9, using: &generator)).map { _ in UInt32.random(in: 0...99, using: &generator) }
            appended.append(
                TileSpill.Piece(
                    tile: UInt64.random(in: 0..<50, using: &generator), layer: number % 3, feature: number,
                    size: Double(number) / 7, type: 1 + number % 3, commands: commands))
        }
        let spill = TileSpill(budget: budget)
        for piece in appended { try spill.append(piece) }
        if budget == 1 { #expect(spill.runCount == appended.count) }
        var merged: [(UInt64, [TileSpill.Piece])] = []
        var tilePieces: [TileSpill.Piece] = []
        try spill.merge { piece in tilePieces.append(piece) } tileEnd: { tile in
            #expect(tilePieces.allSatisfy { $0.tile == tile })
            merged.append((tile, tilePieces.sorted { ($0.layer, $0.feature) < ($1.layer, $1.feature) }))
            tilePieces = []
        }
        #expect(merged.map(\.0) == Array(Set(appended.map(\.tile))).sorted())
        for (tile, pieces) in merged {
            let expected = appended.filter { $0.tile == tile }
                .sorted { $0.layer != $1.layer ? $0.layer < $1.layer : $0.feature < $1.feature }
            #expect(pieces.map(\.feature) == expected.map(\.feature))
            #expect(pieces.map(\.commands) == expected.map(\.commands))
            #expect(pieces.map(\.size) == expected.map(\.size))
            #expect(pieces.map(\.type) == expected.map(\.type))
            #expect(pieces.map(\.layer) == expected.map(\.layer))
        }
    }

    /// A tile of millions of features is gathered in bounded memory: past
    /// the limit the smallest pieces go (the later feature first among
    /// equals), counted as the cap's, and points at a unit already taken
    /// are counted as merged, through the set and then the bitmap alike.
    @Test func aTileIsGatheredInBoundedMemory() {
        var counts = TileSetBuilder.Counts(layers: [20_000], zooms: [0])
        let line = [UInt32(9), 0, 0, 10, 2, 2]
        var gather = TileGather(limit: 100 * TileGather.cost(TileSpill.Piece(
            tile: 0, layer: 0, feature: 0, size: 0, type: 2, commands: line)), extent: 4096, buffer: 64)
        // Sizes repeat every 37 features: the largest ones kept are those of size 36, 35, 34.
        for feature in 0..<1_000 {
            gather.add(
                TileSpill.Piece(tile: 0, layer: 0, feature: feature, size: Double(feature % 37), type: 2, commands: line),
                thinsPoints: false, zoom: 0, counts: &counts)
        }
        let kept = gather.take().map(\.feature)
        #expect(kept.count == 100)
        let expected = (0..<1_000).sorted { ($0 % 37, -$0) > ($1 % 37, -$1) }.prefix(100).sorted()
        #expect(kept == Array(expected), "the largest, the earlier feature first among equals, in feature order")
        #expect(counts.capped[0][0].reduce(0) { $0 + $1.nonzeroBitCount } == 900)

        // 6 000 points at distinct units (past the set, into the bitmap), each twice.
        var points = TileGather(limit: nil, extent: 4096, buffer: 64)
        for feature in 0..<12_000 {
            let (x, y) = (Int64(feature % 6_000 % 80) - 64, Int64(feature % 6_000 / 80) * 50)
            let zigzag = { (value: Int64) in UInt32(truncatingIfNeeded: (value << 1) ^ (value >> 63)) }
            points.add(
                TileSpill.Piece(tile: 0, layer: 0, feature: feature, size: 0, type: 1, commands: [9, zigzag(x), zigzag(y)]),
                thinsPoints: true, zoom: 0, counts: &counts)
        }
        let keptPoints = points.take().map(\.feature)
        #expect(keptPoints.count == 6_000)
        #expect(keptPoints == Array(0..<6_000), "the first point at each unit is kept")
        #expect(counts.samePosition[0][0] == 6_000)
    }

    /// A feature keeps its own integer id; one without is written without
    /// an id unless ids are generated (its number in its layer).
    @Test(arguments: [false, true])
    func featuresKeepTheirOwnIdsAndOthersGetOneOnlyWhenAsked(generated: Bool) throws {
        var builder = TileSetBuilder(minimumZoom: 0, maximumZoom: 0)
        builder.generatesIds = generated
        let features = [
            Feature(id: .integer(42), geometry: .point(Coordinate(latitude: 10, longitude: 10))),
            Feature(id: .string("a"), geometry: .point(Coordinate(latitude: 20, longitude: 20))),
            Feature(geometry: .point(Coordinate(latitude: 30, longitude: 30))),
        ]
        let (tiles, _) = try builder.tiles([("points", features)])
        let bytes = try tiles[0].1.withUnsafeBytes { try PMTilesReader.inflatedIfGzipped($0, name: "tile") }
        let decoded = try VectorTileDecoder(tile: tiles[0].0, name: "tile").layers(bytes)["points"] ?? []
        let ids = decoded.sorted { ($0.geometry?.boundingBox?.south ?? 0) < ($1.geometry?.boundingBox?.south ?? 0) }
            .map(\.id)
        #expect(ids == (generated ? [.integer(42), .integer(1), .integer(2)] : [.integer(42), nil, nil]))
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

/// Vector tiles read back: tile ids decoded as PMTiles numbers them, and
/// tiles that lie refused with the tile named.
struct VectorTileReadingTests {
    @Test(arguments: [(0, 0, 0, 0), (1, 0, 0, 1), (1, 1, 0, 4), (1, 1, 1, 3), (3, 5, 2, 76), (12, 1234, 2345, 13_585_564)])
    func tileIDsDecodeToTheirTiles(zoom: Int, x: Int, y: Int, id: UInt64) {
        #expect(PMTilesReader.tile(id: id) == TileID(zoom: zoom, x: x, y: y))
    }

    /// A tile of one layer "l" with one feature of `type` and `commands`,
    /// and a tag (0, 0) when `tagged`.
    static func tile(type: UInt64, commands: [UInt32], tags: [UInt32] = [0, 0]) -> [UInt8] {
        var feature = ProtobufWriter()
        feature.field(2, packed: tags)
        feature.field(3, varint: type)
        feature.field(4, packed: commands)
        var value = ProtobufWriter()
        value.field(1, string: "v")
        var layer = ProtobufWriter()
        layer.field(15, varint: 2)
        layer.field(1, string: "l")
        layer.field(2, bytes: feature.bytes)
        layer.field(3, string: "k")
        layer.field(4, bytes: value.bytes)
        layer.field(5, varint: 4096)
        var tile = ProtobufWriter()
        tile.field(3, bytes: layer.bytes)
        return tile.bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> (features: [Feature], warnings: [Diagnostic]) {
        var warnings: [Diagnostic] = []
        let decoded = try bytes.withUnsafeBytes { buffer in
            try VectorTileDecoder(tile: TileID(zoom: 0, x: 0, y: 0), name: "t.mvt").decode(buffer, warnings: &warnings)
        }
        return (decoded.map(\.feature), warnings)
    }

    @Test func aSquareComesBackInLongitudeAndLatitude() throws {
        let square = TileGeometry.polygons([[[(0, 0), (2048, 0), (2048, 2048), (0, 2048), (0, 0)]]]).commands()!
        let (features, _) = try Self.decode(Self.tile(type: 3, commands: square.commands))
        guard case .polygon(let rings) = features.first?.geometry else {
            Issue.record("no polygon")
            return
        }
        // The north-west quarter of the world: from the antimeridian to
        // Greenwich, from the equator to Web Mercator's edge.
        #expect(rings[0].contains { abs($0.longitude + 180) < 1e-9 && abs($0.latitude - 85.0511287798066) < 1e-9 })
        #expect(rings[0].contains { abs($0.longitude) < 1e-9 && abs($0.latitude) < 1e-9 })
        #expect(features.first?.properties["k"] == .string("v"))
    }

    /// Exteriors wound the wrong way (counterclockwise on screen, as GDAL
    /// writes some): the first ring's winding says which rings are
    /// exteriors, as Mapbox's decoder reads them, and the rings come back
    /// wound as RFC 7946 has them.
    @Test func theFirstRingSaysWhichWayExteriorsTurn() throws {
        // Written by hand (the encoder would wind them right): a square
        // counterclockwise on screen, then a hole inside it clockwise.
        let wrongWay: [UInt32] = [
            9, 0, 0, 26, 0, 4096, 4096, 0, 0, 4095, 15, 9, 3071, 1024, 26, 1024, 0, 0, 1024, 1023, 0, 15,
        ]
        let (features, warnings) = try Self.decode(Self.tile(type: 3, commands: wrongWay))
        #expect(warnings.isEmpty)
        guard case .polygon(let rings) = features.first?.geometry else {
            Issue.record("no polygon")
            return
        }
        #expect(rings.count == 2)
        func signedArea(_ ring: [Coordinate]) -> Double {
            zip(ring, ring.dropFirst()).reduce(0) { $0 + $1.0.longitude * $1.1.latitude - $1.1.longitude * $1.0.latitude } / 2
        }
        #expect(signedArea(rings[0]) > 0, "the exterior turns counterclockwise")
        #expect(signedArea(rings[1]) < 0, "the hole turns clockwise")
    }

    @Test func countsTagsAndCoordinatesThatLieAreRefused() throws {
        // MoveTo of 100 points with 2 numbers after it.
        #expect(throws: DiagnosticError.self) { try Self.decode(Self.tile(type: 1, commands: [9 | 99 << 3, 2, 2])) }
        // A tag naming key 5 of a layer of one key.
        #expect(throws: DiagnosticError.self) { try Self.decode(Self.tile(type: 1, commands: [9, 2, 2], tags: [5, 0])) }
        // Deltas that pass 2^31 tile units.
        let far = UInt32.max - 1
        #expect(throws: DiagnosticError.self) {
            try Self.decode(Self.tile(type: 1, commands: [9 | 2 << 3, far, far, far, far]))
        }
        // An unknown command.
        #expect(throws: DiagnosticError.self) { try Self.decode(Self.tile(type: 2, commands: [4, 2, 2])) }
    }

    @Test func aRingThatNeverClosesIsLeftOutWithAWarning() throws {
        let open: [UInt32] = [9, 0, 0, 2 | 2 << 3, 20, 0, 0, 20]
        let (features, warnings) = try Self.decode(Self.tile(type: 3, commands: open))
        #expect(features.isEmpty)
        #expect(warnings.first?.code == "tile.mvt.geometry")
    }
}
