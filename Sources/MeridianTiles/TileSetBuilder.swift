import MeridianArchive
import MeridianCore
import MeridianJSON
import MeridianPlatform

/// Makes vector tiles of features over a range of zooms: each feature cut
/// into the tiles of every zoom (``TileCutter``), the pieces gathered by
/// tile and layer, each tile encoded as a Mapbox Vector Tile (one layer per
/// input layer) and gzip-compressed. Features are cut on every core.
///
/// Nothing disappears silently: a feature that a zoom cannot show (a
/// polygon smaller than a unit of its tiles, a line shorter than one) is
/// counted, by zoom and layer, in ``Report``.
public struct TileSetBuilder {
    public var minimumZoom: Int
    public var maximumZoom: Int
    /// Tile units a tile's side holds (the MVT default, 4096).
    public var extent = 4096
    /// Units of each neighbour's side that a tile also holds, so that
    /// lines and outlines do not stop short at its edge.
    public var buffer = 64
    /// The most bytes a tile may take, gzipped (tippecanoe's default,
    /// 500 KB; 0: no cap). A tile past it loses its smallest features
    /// first (polygons by area, lines by length, then points), each loss
    /// counted in the report.
    public var maximumTileBytes = 500_000

    /// What each zoom and layer kept and left out.
    public struct Report: Sendable {
        public struct Row: Sendable, Hashable {
            public var zoom: Int
            public var layer: String
            /// Features with at least one piece in a tile of the zoom.
            public var kept: Int
            /// Features the zoom cannot show: smaller than a tile unit.
            public var tooSmall: Int
            /// Features the tile size cap left out of every tile of the zoom.
            public var tileSizeCap = 0
            /// Features the cap left out of some tiles of the zoom, kept in others.
            public var thinned = 0
            /// Points left out of a zoom below the deepest because an
            /// earlier point of the layer lies at the same tile unit (drawn,
            /// they would be the same dot).
            public var samePosition = 0
        }
        public var rows: [Row] = []
        public var tiles = 0
        public var bytes = 0
    }

    public init(minimumZoom: Int, maximumZoom: Int) {
        self.minimumZoom = minimumZoom
        self.maximumZoom = maximumZoom
    }

    struct Piece: Sendable {
        var tile: TileID
        var layer: Int
        var geometry: TileGeometryBox
        var feature: Int
    }

    /// The tiles of `layers` (each a name and its features), gzip-compressed,
    /// and the report.
    public func tiles(
        _ layers: [(name: String, features: [Feature])]
    ) throws(DiagnosticError) -> (tiles: [(TileID, [UInt8])], report: Report) {
        let zooms = Array(minimumZoom...maximumZoom)
        var jobs: [(layer: Int, range: Range<Int>)] = []
        for (number, layer) in layers.enumerated() {
            let size = max(64, layer.features.count / (OrderedWorkPool<Int, Int>.defaultThreads * 8) + 1)
            for start in stride(from: 0, to: layer.features.count, by: size) {
                jobs.append((number, start..<min(layer.features.count, start + size)))
            }
        }
        let extent = self.extent
        let buffer = self.buffer
        let results = OrderedWorkPool<(layer: Int, range: Range<Int>), ([Piece], [Int: Int])>.results(
            of: jobs, threads: OrderedWorkPool<Int, Int>.defaultThreads
        ) { job in
            let cutter = TileCutter(extent: extent, buffer: buffer)
            var pieces: [Piece] = []
            var tooSmall: [Int: Int] = [:]
            for index in job.range {
                guard let geometry = layers[job.layer].features[index].geometry else { continue }
                for zoom in zooms {
                    let cut = cutter.cut(geometry, zoom: zoom)
                    if cut.isEmpty, geometry.boundingBox != nil { tooSmall[zoom, default: 0] += 1 }
                    for (tile, piece) in cut {
                        pieces.append(Piece(tile: tile, layer: job.layer, geometry: TileGeometryBox(piece), feature: index))
                    }
                }
            }
            return (pieces, tooSmall)
        }
        var byTile: [TileID: [Piece]] = [:]
        var report = Report()
        var small: [Int: [Int: Int]] = [:]
        for ((pieces, tooSmall), job) in zip(results, jobs) {
            for piece in pieces { byTile[piece.tile, default: []].append(piece) }
            for (zoom, count) in tooSmall { small[job.layer, default: [:]][zoom, default: 0] += count }
        }
        let tileIDs = Array(byTile.keys)
        let grouped = byTile
        let cap = maximumTileBytes
        let deepest = maximumZoom
        let encoded = OrderedWorkPool<TileID, Result<(bytes: [UInt8], dropped: [Int], merged: [Int]), DiagnosticError>>
            .results(of: tileIDs, threads: OrderedWorkPool<Int, Int>.defaultThreads) { tile in
            let pieces = grouped[tile]!
            func encode(_ kept: [Int]) throws(DiagnosticError) -> [UInt8] {
                var tileLayers = layers.map { VectorTileLayer(name: $0.name, extent: extent) }
                for position in kept {
                    let piece = pieces[position]
                    let feature = layers[piece.layer].features[piece.feature]
                    let id: UInt64 =
                        if case .integer(let number) = feature.id, number >= 0 { UInt64(number) } else { UInt64(piece.feature) }
                    tileLayers[piece.layer].add(geometry: piece.geometry.geometry, properties: feature.properties, id: id)
                }
                var bytes = ProtobufWriter()
                for layer in tileLayers where !layer.isEmpty { bytes.field(3, bytes: layer.encoded()) }
                return try ZipArchive.deflate(bytes.bytes, gzip: true)
            }
            return Result { () throws(DiagnosticError) in
                // Dense points: below the deepest zoom, a point at the same
                // tile unit as an earlier one of its layer is the same dot.
                var kept = Array(pieces.indices)
                var merged: [Int] = []
                if tile.zoom < deepest {
                    var seen = Set<[Int64]>()
                    kept = kept.filter { position in
                        guard case .points(let points) = pieces[position].geometry.geometry, points.count == 1 else {
                            return true
                        }
                        if seen.insert([Int64(pieces[position].layer), points[0].0, points[0].1]).inserted { return true }
                        merged.append(position)
                        return false
                    }
                }
                var bytes = try encode(kept)
                guard cap > 0, bytes.count > cap else { return (bytes, [], merged) }
                // Largest first, so the smallest go first; then a tenth
                // more at a time (at least as many as the excess asks).
                let sizes = pieces.map(\.geometry.geometry.size)
                kept.sort { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
                var dropped: [Int] = []
                while bytes.count > cap, !kept.isEmpty {
                    let excess = Double(bytes.count - cap) / Double(bytes.count)
                    let count = max(1, min(kept.count, Int((Double(kept.count) * max(0.1, excess)).rounded(.up))))
                    dropped += kept.suffix(count)
                    kept.removeLast(count)
                    bytes = try encode(kept.sorted())
                }
                return (bytes, dropped, merged)
            }
        }
        var tiles: [(TileID, [UInt8])] = []
        var left: [Int: [Int: Set<Int>]] = [:]  // layer -> zoom -> features with a piece left out by the cap
        var same: [Int: [Int: Int]] = [:]  // layer -> zoom -> points at an earlier point's position
        for (tile, result) in zip(tileIDs, encoded) {
            let (bytes, dropped, merged) = try result.get()
            tiles.append((tile, bytes))
            report.bytes += bytes.count
            let pieces = grouped[tile]!
            for position in dropped { left[pieces[position].layer, default: [:]][tile.zoom, default: []].insert(pieces[position].feature) }
            for position in merged { same[pieces[position].layer, default: [:]][tile.zoom, default: 0] += 1 }
            if !dropped.isEmpty || !merged.isEmpty {
                let gone = Set(dropped + merged)
                byTile[tile] = pieces.indices.filter { !gone.contains($0) }.map { pieces[$0] }
            }
        }
        var kept: [Int: [Int: Set<Int>]] = [:]  // layer -> zoom -> features
        for (tile, pieces) in byTile {
            for piece in pieces { kept[piece.layer, default: [:]][tile.zoom, default: []].insert(piece.feature) }
        }
        for (number, layer) in layers.enumerated() {
            for zoom in zooms {
                let keptHere = kept[number]?[zoom] ?? []
                let leftHere = left[number]?[zoom] ?? []
                report.rows.append(
                    Report.Row(
                        zoom: zoom, layer: layer.name, kept: keptHere.count, tooSmall: small[number]?[zoom] ?? 0,
                        tileSizeCap: leftHere.subtracting(keptHere).count, thinned: leftHere.intersection(keptHere).count,
                        samePosition: same[number]?[zoom] ?? 0))
            }
        }
        report.tiles = tiles.count
        return (tiles, report)
    }
}

/// A tile geometry passed between threads (its arrays are values).
struct TileGeometryBox: @unchecked Sendable {
    let geometry: TileGeometry
    init(_ geometry: TileGeometry) { self.geometry = geometry }
}
