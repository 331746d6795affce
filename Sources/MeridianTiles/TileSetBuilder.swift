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
public struct TileSetBuilder: Sendable {
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

        public init() {}
    }

    public init(minimumZoom: Int, maximumZoom: Int) {
        self.minimumZoom = minimumZoom
        self.maximumZoom = maximumZoom
    }

    /// Bytes of cut pieces held in memory before they are sorted to disk
    /// (``TileSpill``): what bounds the memory of a deep tile set.
    public var spillBudget = 32 << 20

    /// Whether polygons keep the borders they share with their layer's
    /// other polygons through each zoom's simplification (their junctions
    /// found first, ``TileTopology``); off, each polygon is simplified
    /// alone, as GDAL and tippecanoe do by default, and neighbours' borders
    /// drift apart by up to a unit.
    public var keepsSharedBorders = true

    /// Whether a feature without an integer id of its own is given one (its
    /// number in its layer, from 0), as tippecanoe's `--generate-ids` does.
    /// Off, such a feature is written without an id, as GDAL and tippecanoe
    /// write it: 2 to 5 bytes less a feature.
    public var generatesIds = false

    /// The tiles of `layers` (each a name and its features), gzip-compressed,
    /// and the report.
    public func tiles(
        _ layers: [(name: String, features: [Feature])]
    ) throws(DiagnosticError) -> (tiles: [(TileID, [UInt8])], report: Report) {
        var tiles: [(TileID, [UInt8])] = []
        let report = try build(layers) { tile, bytes throws(DiagnosticError) in tiles.append((tile, bytes)) }
        return (tiles, report)
    }

    /// Makes the tiles of `layers` and hands each to `sink` (see
    /// ``Session``). Returns the report.
    public func build(
        _ layers: [(name: String, features: [Feature])],
        into sink: (TileID, [UInt8]) throws(DiagnosticError) -> Void
    ) throws(DiagnosticError) -> Report {
        let session = try Session(self)
        for layer in layers {
            session.declare(layer.name)
            for feature in layer.features { try session.add(feature, layer: layer.name) }
        }
        return try session.finish(into: sink)
    }

    /// A tile set made from features as they come, in bounded memory: each
    /// batch of features is cut on every core and its pieces go to a
    /// ``TileSpill`` of ``spillBudget`` bytes (an external merge sort by
    /// tile), its properties and ids to a temporary file; ``finish(into:)``
    /// merges the pieces tile by tile and encodes a batch of tiles at a time
    /// on every core, handing each to the sink gzip-compressed, in
    /// ascending PMTiles id (the order PMTiles stores them). What stays in
    /// memory is a batch of features, the spill's budget, a batch of tiles,
    /// and a few bytes a feature (where its properties are; one bit a zoom
    /// for the report).
    public final class Session {
        let builder: TileSetBuilder
        /// The layers, in the order they were first named.
        public private(set) var layerNames: [String] = []
        private var layerNumbers: [String: Int] = [:]
        private var fields: [TileSetMetadata.Fields] = []
        private var pending: [(layer: Int, feature: Int, geometry: Geometry)] = []
        private let spill: TileSpill
        private let attributes: TileAttributes
        /// Where polygons meet, and the polygons themselves (layer, feature
        /// and WKB), cut once every junction is known.
        private let topology: TileTopology?
        private let polygons: TemporaryFile?
        private var tooSmall: [[Int]] = []
        private let threads = OrderedWorkPool<Int, Int>.defaultThreads

        public init(_ builder: TileSetBuilder) throws(DiagnosticError) {
            self.builder = builder
            spill = TileSpill(budget: builder.spillBudget)
            attributes = try TileAttributes()
            topology = builder.keepsSharedBorders ? TileTopology(budget: builder.spillBudget) : nil
            polygons = builder.keepsSharedBorders ? try TemporaryFile(purpose: "tile-polygons") : nil
        }

        /// Names a layer (in the order layers are written), features or not.
        @discardableResult
        public func declare(_ layer: String) -> Int {
            if let number = layerNumbers[layer] { return number }
            layerNumbers[layer] = layerNames.count
            layerNames.append(layer)
            attributes.offsets.append(TileAttributes.Offsets())
            fields.append(TileSetMetadata.Fields())
            tooSmall.append([Int](repeating: 0, count: builder.maximumZoom - builder.minimumZoom + 1))
            return layerNames.count - 1
        }

        public func add(_ feature: Feature, layer name: String) throws(DiagnosticError) {
            let layer = declare(name)
            let number = attributes.offsets[layer].count
            fields[layer].add(feature.properties)
            let id: UInt64? =
                if case .integer(let value) = feature.id, value >= 0 {
                    UInt64(value)
                } else {
                    builder.generatesIds ? UInt64(number) : nil
                }
            try attributes.append(layer: layer, id: id, properties: feature.properties)
            switch feature.geometry {
            case let geometry? where geometry.isPolygonal && topology != nil:
                try topology!.add(geometry)
                var record: [UInt8] = []
                withUnsafeBytes(of: UInt32(layer).littleEndian) { record.append(contentsOf: $0) }
                withUnsafeBytes(of: UInt32(number).littleEndian) { record.append(contentsOf: $0) }
                WellKnownBinary.append(geometry, to: &record)
                try polygons!.append(record[...], displayName: "the tile set's polygons")
            case let geometry?:
                pending.append((layer, number, geometry))
                if pending.count >= 8192 { try cutPending(junctions: nil) }
            case nil: break
            }
        }

        /// Cuts the polygons kept aside, now that their junctions are known.
        private func cutPolygons() throws(DiagnosticError) {
            guard let topology, let polygons else { return }
            let junctions = try topology.junctions()
            guard let mapped = try polygons.mapped(what: "the tile set's polygons") else { return }
            let bytes = UnsafeRawBufferPointer(start: mapped.base, count: mapped.count)
            var at = 0
            while at < bytes.count {
                guard at + 8 < bytes.count,
                    case .success(let decoded) = WellKnownBinary.decode(UnsafeRawBufferPointer(rebasing: bytes[(at + 8)...])),
                    let geometry = decoded.geometry
                else {
                    throw DiagnosticError(code: "io.temporary", message: "the tile set's polygons were cut short")
                }
                let layer = Int(bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self).littleEndian)
                let feature = Int(bytes.loadUnaligned(fromByteOffset: at + 4, as: UInt32.self).littleEndian)
                pending.append((layer, feature, geometry))
                at += 8 + decoded.count
                if pending.count >= 8192 {
                    try cutPending(junctions: junctions)
                    mapped.release(upTo: at)
                }
            }
            try cutPending(junctions: junctions)
            withExtendedLifetime(mapped) {}
        }

        /// The tile set's JSON metadata (TileJSON's `vector_layers`).
        public func metadata() -> [UInt8] {
            TileSetMetadata.json(
                layers: zip(layerNames, fields).map { ($0, $1) }, minimumZoom: builder.minimumZoom,
                maximumZoom: builder.maximumZoom)
        }

        /// Cuts the features waiting, on every core, into the spill.
        private func cutPending(junctions: TileTopology.Junctions?) throws(DiagnosticError) {
            let zooms = Array(builder.minimumZoom...builder.maximumZoom)
            let (extent, buffer) = (builder.extent, builder.buffer)
            let features = pending
            pending = []
            let jobs = stride(from: 0, to: features.count, by: 256).map { $0..<min(features.count, $0 + 256) }
            let spill = self.spill
            let results = OrderedWorkPool<Range<Int>, Result<[(layer: Int, zoom: Int)], DiagnosticError>>.results(
                of: jobs, threads: threads
            ) { range in
                Result { () throws(DiagnosticError) in
                    let cutter = TileCutter(extent: extent, buffer: buffer)
                    var pieces: [TileSpill.Piece] = []
                    var tooSmall: [(layer: Int, zoom: Int)] = []
                    for (layer, feature, geometry) in features[range] {
                        for zoom in zooms {
                            var shown = false
                            var failure: DiagnosticError?
                            cutter.cut(geometry, zoom: zoom, junctions: junctions) { tile, piece in
                                // A piece that collapses in whole units shows nothing.
                                guard failure == nil, let (type, commands) = piece.commands() else { return }
                                shown = true
                                pieces.append(
                                    TileSpill.Piece(
                                        tile: tile.hilbertID, layer: layer, feature: feature, size: piece.size,
                                        type: type, commands: commands))
                                // Handed over a few thousand at a time: a continent at
                                // zoom 12 is millions of pieces.
                                if pieces.count >= 4096 {
                                    do throws(DiagnosticError) { try spill.append(contentsOf: pieces) } catch { failure = error }
                                    pieces.removeAll(keepingCapacity: true)
                                }
                            }
                            if let failure { throw failure }
                            if !shown, geometry.boundingBox != nil { tooSmall.append((layer, zoom)) }
                        }
                    }
                    try spill.append(contentsOf: pieces)
                    return tooSmall
                }
            }
            for result in results {
                for (layer, zoom) in try result.get() { tooSmall[layer][zoom - builder.minimumZoom] += 1 }
            }
        }

        /// Makes the tiles and hands each to `sink`; returns the report.
        public func finish(into sink: (TileID, [UInt8]) throws(DiagnosticError) -> Void) throws(DiagnosticError)
            -> Report
        {
            try cutPending(junctions: nil)
            try cutPolygons()
            // What reading and cutting freed goes back before the tiles are made.
            Platform.releaseFreedMemory()
            let reader = try attributes.reader()
            let zooms = Array(builder.minimumZoom...builder.maximumZoom)
            var counts = Counts(layers: attributes.offsets.map(\.count), zooms: zooms)
            counts.tooSmall = tooSmall
            var batch: [(TileID, [TileSpill.Piece])] = []
            var batchSize = 0
            let builder = self.builder
            let names = layerNames
            let square = builder.filledSquare
            func encodeBatch() throws(DiagnosticError) {
                // Jobs of 128 tiles: most tiles of a deep zoom are a few
                // hundred bytes, less than a hand-over between threads costs.
                let tiles = batch
                let jobs = stride(from: 0, to: tiles.count, by: 128).map { $0..<min(tiles.count, $0 + 128) }
                let encoded = OrderedWorkPool<Range<Int>, Result<[Encoded], DiagnosticError>>.results(
                    of: jobs, threads: threads
                ) { range in
                    Result { () throws(DiagnosticError) in
                        var filled: [Int: [Int: [UInt8]]] = [:]
                        return try tiles[range].map { (tile, pieces) throws(DiagnosticError) in
                            try builder.encode(
                                pieces, tile: tile, layers: names, attributes: reader, square: square, filled: &filled)
                        }
                    }
                }
                for (range, result) in zip(jobs, encoded) {
                    for (index, tileResult) in zip(range, try result.get()) {
                        let (tile, pieces) = tiles[index]
                        try sink(tile, tileResult.bytes)
                        counts.record(tile: tile, pieces: pieces, result: tileResult, minimumZoom: builder.minimumZoom)
                    }
                }
                batch = []
                batchSize = 0
            }
            // A tile gathers at most 16 times the cap, at least 8 MB, in pieces.
            let limit = builder.maximumTileBytes > 0 ? max(8 << 20, 16 * builder.maximumTileBytes) : nil
            var gather = TileGather(limit: limit, extent: builder.extent, buffer: builder.buffer)
            var zoom = -1
            try spill.merge { piece in
                if zoom < 0 { zoom = PMTilesReader.tile(id: piece.tile)!.zoom }
                gather.add(
                    piece, thinsPoints: zoom < builder.maximumZoom, zoom: zoom - builder.minimumZoom, counts: &counts)
            } tileEnd: { id throws(DiagnosticError) in
                let pieces = gather.take()
                zoom = -1
                batch.append((PMTilesReader.tile(id: id)!, pieces))
                batchSize += pieces.reduce(0) { $0 + TileGather.cost($1) }
                if batchSize > 8 << 20 || batch.count >= 16_384 { try encodeBatch() }
            }
            try encodeBatch()
            var report = counts.report(layers: layerNames, minimumZoom: builder.minimumZoom)
            report.tiles = counts.tiles
            report.bytes = counts.bytes
            return report
        }
    }

    /// One tile, encoded: its bytes and which of its pieces (positions)
    /// the size cap dropped.
    struct Encoded {
        var bytes: [UInt8]
        var dropped: [Int]
    }

    /// The commands of a tile's whole square with its buffer: the piece of
    /// every tile inside a polygon.
    fileprivate var filledSquare: [UInt32] {
        let (low, high) = (-Int64(buffer), Int64(extent + buffer))
        return TileGeometry.polygons([[[(low, low), (high, low), (high, high), (low, high), (low, low)]]]).commands()!
            .commands
    }

    /// `filled`: tiles that are one feature's filled square, by layer and
    /// feature, encoded once (the inside of a continent at zoom 12 is
    /// millions of them, each the same bytes).
    fileprivate func encode(
        _ pieces: [TileSpill.Piece], tile: TileID, layers: [String], attributes: TileAttributes.Reader,
        square: [UInt32], filled: inout [Int: [Int: [UInt8]]]
    ) throws(DiagnosticError) -> Encoded {
        let isFilled = pieces.count == 1 && pieces[0].type == 3 && pieces[0].commands == square
        if isFilled, let bytes = filled[pieces[0].layer]?[pieces[0].feature] {
            return Encoded(bytes: bytes, dropped: [])
        }
        let result = try encodeAnew(pieces, tile: tile, layers: layers, attributes: attributes)
        if isFilled, result.dropped.isEmpty { filled[pieces[0].layer, default: [:]][pieces[0].feature] = result.bytes }
        return result
    }

    private func encodeAnew(
        _ pieces: [TileSpill.Piece], tile: TileID, layers: [String], attributes: TileAttributes.Reader
    ) throws(DiagnosticError) -> Encoded {
        // Each feature's properties read once for the tile.
        var properties: [Int: [Int: (UInt64?, JSONObject)]] = [:]
        for piece in pieces where properties[piece.layer]?[piece.feature] == nil {
            properties[piece.layer, default: [:]][piece.feature] = try attributes.read(
                layer: piece.layer, feature: piece.feature)
        }
        func encoded(_ kept: [Int]) throws(DiagnosticError) -> [UInt8] {
            var tileLayers = layers.map { VectorTileLayer(name: $0, extent: extent) }
            for position in kept {
                let piece = pieces[position]
                let (id, values) = properties[piece.layer]![piece.feature]!
                tileLayers[piece.layer].add(type: piece.type, commands: piece.commands, properties: values, id: id)
            }
            var bytes = ProtobufWriter()
            for layer in tileLayers where !layer.isEmpty { bytes.field(3, bytes: layer.encoded()) }
            return try ZipArchive.deflate(bytes.bytes, gzip: true)
        }
        var kept = Array(pieces.indices)
        var bytes = try encoded(kept)
        guard maximumTileBytes > 0, bytes.count > maximumTileBytes else { return Encoded(bytes: bytes, dropped: []) }
        // Largest first, so the smallest go first; then a tenth more at a
        // time (at least as many as the excess asks).
        kept.sort { pieces[$0].size != pieces[$1].size ? pieces[$0].size > pieces[$1].size : $0 < $1 }
        var dropped: [Int] = []
        while bytes.count > maximumTileBytes, !kept.isEmpty {
            let excess = Double(bytes.count - maximumTileBytes) / Double(bytes.count)
            let count = max(1, min(kept.count, Int((Double(kept.count) * max(0.1, excess)).rounded(.up))))
            dropped += kept.suffix(count)
            kept.removeLast(count)
            bytes = try encoded(kept.sorted())
        }
        return Encoded(bytes: bytes, dropped: dropped)
    }

    /// The report's tallies as tiles are made: which features each zoom
    /// kept and the cap left out, one bit a feature, and counts.
    struct Counts {
        /// [layer][zoom - minimum]: bits by feature.
        var kept: [[[UInt64]]]
        var capped: [[[UInt64]]]
        var tooSmall: [[Int]]
        var samePosition: [[Int]]
        var tiles = 0
        var bytes = 0

        init(layers: [Int], zooms: [Int]) {
            kept = layers.map { count in zooms.map { _ in [UInt64](repeating: 0, count: (count + 63) / 64) } }
            capped = kept
            tooSmall = layers.map { _ in zooms.map { _ in 0 } }
            samePosition = tooSmall
        }

        mutating func record(tile: TileID, pieces: [TileSpill.Piece], result: Encoded, minimumZoom: Int) {
            tiles += 1
            bytes += result.bytes.count
            let zoom = tile.zoom - minimumZoom
            for position in result.dropped { cap(layer: pieces[position].layer, feature: pieces[position].feature, zoom: zoom) }
            let gone = Set(result.dropped)
            for (position, piece) in pieces.enumerated() where !gone.contains(position) {
                kept[piece.layer][zoom][piece.feature / 64] |= 1 << UInt64(piece.feature % 64)
            }
        }

        /// Counts a feature the size cap left out of a tile of the zoom (from the minimum).
        mutating func cap(layer: Int, feature: Int, zoom: Int) {
            capped[layer][zoom][feature / 64] |= 1 << UInt64(feature % 64)
        }

        func report(layers: [String], minimumZoom: Int) -> Report {
            var report = Report()
            for (number, name) in layers.enumerated() {
                for zoom in kept[number].indices {
                    var keptCount = 0
                    var capOnly = 0
                    var thinned = 0
                    for (keptWord, cappedWord) in zip(kept[number][zoom], capped[number][zoom]) {
                        keptCount += keptWord.nonzeroBitCount
                        capOnly += (cappedWord & ~keptWord).nonzeroBitCount
                        thinned += (cappedWord & keptWord).nonzeroBitCount
                    }
                    report.rows.append(
                        Report.Row(
                            zoom: minimumZoom + zoom, layer: name, kept: keptCount, tooSmall: tooSmall[number][zoom],
                            tileSizeCap: capOnly, thinned: thinned, samePosition: samePosition[number][zoom]))
                }
            }
            return report
        }
    }
}
