/// One tile's pieces as the spill hands them over (``TileSpill``, by layer
/// and feature),
/// gathered in bounded memory however many features the tile covers (a
/// zoom-0 tile of a country's buildings is millions).
///
/// - Below the deepest zoom, a point at the same tile unit as an earlier
///   point of its layer would be the same dot: it is counted as merged,
///   not kept. The units seen are a set, then also a bitmap of the
///   tile's square once the set holds a few thousand.
/// - Past ``limit`` bytes of pieces, the least important go at once, the
///   smallest first (then the later feature), counted as the tile size
///   cap's: the limit is many times the cap (a piece costs several times
///   its share of a gzipped tile), so the cap would drop them anyway, and
///   in this order.
struct TileGather {
    /// Bytes of pieces a tile may gather (nil: no bound, no size cap).
    let limit: Int?
    /// Tile units of the tile's square with its buffer, and the buffer.
    let side: Int
    let buffer: Int
    private var pieces: [TileSpill.Piece] = []
    private var bytes = 0
    /// Whether ``pieces`` is a heap, least important first (once past the limit).
    private var isHeap = false
    private var seen = Set<Int64>()
    private var occupied: [Int: [UInt64]] = [:]

    init(limit: Int?, extent: Int, buffer: Int) {
        self.limit = limit
        self.side = extent + 2 * buffer + 1
        self.buffer = buffer
    }

    /// What a piece costs in memory, roughly: its record and its commands.
    static func cost(_ piece: TileSpill.Piece) -> Int { 64 + 4 * piece.commands.count }

    /// Takes the next piece of the tile; `thinsPoints` below the deepest zoom.
    mutating func add(_ piece: TileSpill.Piece, thinsPoints: Bool, zoom: Int, counts: inout TileSetBuilder.Counts) {
        if thinsPoints, let (x, y) = piece.singlePoint, !isNew(layer: piece.layer, x: x, y: y) {
            counts.samePosition[piece.layer][zoom] += 1
            return
        }
        pieces.append(piece)
        bytes += Self.cost(piece)
        guard let limit, bytes > limit else { return }
        if isHeap {
            siftUp(pieces.count - 1)
        } else {
            for index in stride(from: pieces.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
            isHeap = true
        }
        while bytes > limit, let least = popLeast() {
            bytes -= Self.cost(least)
            counts.cap(layer: least.layer, feature: least.feature, zoom: zoom)
        }
    }

    /// The tile's pieces in the order they came (by layer and feature); the
    /// gather is empty after.
    mutating func take() -> [TileSpill.Piece] {
        var taken = pieces
        if isHeap { taken.sort { $0.layer != $1.layer ? $0.layer < $1.layer : $0.feature < $1.feature } }
        pieces = []
        bytes = 0
        isHeap = false
        seen.removeAll()
        occupied.removeAll()
        return taken
    }

    /// Whether no earlier point of the layer lies at this unit (and now one does).
    private mutating func isNew(layer: Int, x: Int64, y: Int64) -> Bool {
        let key = Int64(layer) << 44 ^ (x & 0x3F_FFFF) << 22 ^ (y & 0x3F_FFFF)
        if seen.contains(key) { return false }
        let (column, row) = (Int(x) + buffer, Int(y) + buffer)
        let inSquare = (0..<side).contains(column) && (0..<side).contains(row)
        if inSquare, occupied[layer] != nil {
            let (word, mask) = ((row * side + column) >> 6, UInt64(1) << UInt64((row * side + column) & 63))
            if occupied[layer]![word] & mask != 0 { return false }
            occupied[layer]![word] |= mask
            return true
        }
        seen.insert(key)
        // Past a few thousand units, the layer's next ones go to a bitmap
        // (the set keeps those it has).
        if inSquare, seen.count > 4096, occupied[layer] == nil {
            occupied[layer] = [UInt64](repeating: 0, count: (side * side + 63) / 64)
        }
        return true
    }

    /// Whether `a` goes before `b`: a smaller size, or the same and a later feature.
    private static func isLess(_ a: TileSpill.Piece, _ b: TileSpill.Piece) -> Bool {
        a.size != b.size ? a.size < b.size : (a.layer, a.feature) > (b.layer, b.feature)
    }

    private mutating func popLeast() -> TileSpill.Piece? {
        guard !pieces.isEmpty else { return nil }
        pieces.swapAt(0, pieces.count - 1)
        let least = pieces.removeLast()
        if !pieces.isEmpty { siftDown(0) }
        return least
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.isLess(pieces[child], pieces[parent]) else { return }
            pieces.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            var least = parent
            for child in [2 * parent + 1, 2 * parent + 2] where child < pieces.count {
                if Self.isLess(pieces[child], pieces[least]) { least = child }
            }
            guard least != parent else { return }
            pieces.swapAt(parent, least)
            parent = least
        }
    }
}
