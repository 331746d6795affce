import MeridianArchive
import MeridianCore
import MeridianLibC
import MeridianPlatform

/// The pieces of a tile set on their way from the cutter to the tiles: an
/// external merge sort by tile, so that a tile set of any size is made in
/// the memory of ``budget`` bytes of pieces (and one batch of tiles), not
/// of every piece of every zoom at once.
///
/// Pieces are appended from any thread as features are cut, each as a
/// record of its tile's PMTiles id (the Hilbert order tiles are written
/// in), layer, feature, size and Mapbox Vector Tile geometry commands. When
/// the records pass the budget they are sorted by tile, layer and feature
/// and written to a temporary file, a run; ``merge(_:tileEnd:)`` then
/// reads the runs together, smallest tile first, and hands over each
/// tile's pieces (a feature has one piece a tile) one by one before the
/// next tile's. A tile set that fits the budget never touches the disk.
final class TileSpill: @unchecked Sendable {
    /// A piece as the spill keeps it.
    struct Piece: Sendable {
        var tile: UInt64
        var layer: Int
        var feature: Int
        /// ``TileGeometry/size``: what the tile size cap drops the least of first.
        var size: Double
        /// The MVT geometry type (1 points, 2 lines, 3 polygons) and commands.
        var type: Int
        var commands: [UInt32]

        /// A lone point's position in tile units (dense points are thinned by it).
        var singlePoint: (Int64, Int64)? {
            guard type == 1, commands.count == 3, commands[0] == (1 | 1 << 3) else { return nil }
            func unzigzag(_ value: UInt32) -> Int64 { Int64(value >> 1) ^ -Int64(value & 1) }
            return (unzigzag(commands[1]), unzigzag(commands[2]))
        }
    }

    /// Bytes of records kept in memory before they go to a run.
    let budget: Int
    private var records: [UInt8] = []
    /// Each record's tile, layer and feature (as one number) and offset in ``records``.
    private var index: [(tile: UInt64, order: UInt64, offset: Int)] = []
    private var runs: [TemporaryFile] = []
    private var lock = pthread_mutex_t()

    init(budget: Int = 32 << 20) {
        self.budget = budget
        pthread_mutex_init(&lock, nil)
    }

    deinit { pthread_mutex_destroy(&lock) }

    /// Appends pieces cut on any thread.
    func append(contentsOf pieces: [Piece]) throws(DiagnosticError) {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        for piece in pieces { try append(piece) }
    }

    /// Runs written so far (0 while everything fits the budget).
    var runCount: Int { runs.count }

    /// 8 (tile) + 4 (layer) + 4 (feature) + 8 (size) + 1 (type) + 4 (count).
    private static let headerSize = 29

    func append(_ piece: Piece) throws(DiagnosticError) {
        if records.capacity == 0 {
            // Room for the budget at once, not an array that doubles past it.
            records.reserveCapacity(min(budget, 64 << 20) + 4096)
            index.reserveCapacity(min(budget, 64 << 20) / (Self.headerSize + 24) + 1)
        }
        index.append((piece.tile, UInt64(piece.layer) << 32 | UInt64(piece.feature), records.count))
        Self.put(piece.tile, into: &records)
        Self.put(UInt32(piece.layer), into: &records)
        Self.put(UInt32(piece.feature), into: &records)
        Self.put(piece.size.bitPattern, into: &records)
        records.append(UInt8(piece.type))
        Self.put(UInt32(piece.commands.count), into: &records)
        for command in piece.commands { Self.put(command, into: &records) }
        // The index counts too: 24 bytes a record, most of a point's.
        if records.count + 24 * index.count >= budget { try spill() }
    }

    /// Sorts the records in memory by tile and writes them as a run,
    /// through a buffer of a megabyte (not a sorted copy of them all).
    private func spill() throws(DiagnosticError) {
        index.sort { $0.tile != $1.tile ? $0.tile < $1.tile : $0.order < $1.order }
        let file = try TemporaryFile(purpose: "tiles")
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20)
        try records.withUnsafeBufferPointer { (bytes) throws(DiagnosticError) in
            for (_, _, offset) in index {
                let count = Int(Self.read(UInt32.self, bytes, at: offset + 25))
                buffer.append(contentsOf: bytes[offset..<(offset + Self.headerSize + 4 * count)])
                if buffer.count >= 1 << 20 {
                    try file.write(buffer, displayName: "the tile spill")
                    buffer.removeAll(keepingCapacity: true)
                }
            }
        }
        try file.write(buffer, displayName: "the tile spill")
        runs.append(file)
        records.removeAll(keepingCapacity: true)
        index.removeAll(keepingCapacity: true)
    }

    /// The records in memory, ordered by tile, layer and feature.
    private func sortedRecords() -> [UInt8] {
        index.sort { $0.tile != $1.tile ? $0.tile < $1.tile : $0.order < $1.order }
        var sorted: [UInt8] = []
        sorted.reserveCapacity(records.count)
        records.withUnsafeBufferPointer { bytes in
            for (_, _, offset) in index {
                let count = Int(Self.read(UInt32.self, bytes, at: offset + 25))
                sorted.append(contentsOf: bytes[offset..<(offset + Self.headerSize + 4 * count)])
            }
        }
        return sorted
    }

    /// Calls `body` with each piece, in ascending tile id and, within a
    /// tile, in layer and feature order (a feature has one piece a tile),
    /// and `tileEnd` after each tile's last; the spill is empty after. A tile's pieces are never all in
    /// memory at once here: the consumer decides what to keep.
    func merge(
        _ body: (Piece) throws(DiagnosticError) -> Void, tileEnd: (UInt64) throws(DiagnosticError) -> Void
    ) throws(DiagnosticError) {
        // With runs on disk already, the rest joins them (not a sorted copy in memory).
        if !runs.isEmpty, !index.isEmpty { try spill() }
        let last = sortedRecords()
        records = []
        index = []
        var sources: [MappedFile] = []
        for run in runs { if let mapped = try run.mapped(what: "the tile spill") { sources.append(mapped) } }
        defer { for run in runs { run.remove() }; runs = [] }
        try last.withUnsafeBufferPointer { (memory) throws(DiagnosticError) in
            if let mapped = MappedFile(borrowing: memory) { sources.append(mapped) }
            var positions = [Int](repeating: 0, count: sources.count)
            func key(of source: Int) -> (tile: UInt64, order: UInt64) {
                let bytes = UnsafeBufferPointer(start: sources[source].base, count: sources[source].count)
                let at = positions[source]
                return (
                    Self.read(UInt64.self, bytes, at: at),
                    UInt64(Self.read(UInt32.self, bytes, at: at + 8)) << 32
                        | UInt64(Self.read(UInt32.self, bytes, at: at + 12))
                )
            }
            // The sources with records left, a heap by their next record's key.
            var heap = sources.indices.filter { sources[$0].count > 0 }
            func isBefore(_ a: Int, _ b: Int) -> Bool {
                let (x, y) = (key(of: a), key(of: b))
                return x.tile != y.tile ? x.tile < y.tile : x.order < y.order
            }
            func siftDown(_ start: Int) {
                var parent = start
                while true {
                    var first = parent
                    for child in [2 * parent + 1, 2 * parent + 2] where child < heap.count {
                        if isBefore(heap[child], heap[first]) { first = child }
                    }
                    guard first != parent else { return }
                    heap.swapAt(parent, first)
                    parent = first
                }
            }
            for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
            var current: UInt64?
            while let source = heap.first {
                let bytes = UnsafeBufferPointer(start: sources[source].base, count: sources[source].count)
                let at = positions[source]
                let id = Self.read(UInt64.self, bytes, at: at)
                if let current, current != id { try tileEnd(current) }
                current = id
                let count = Int(Self.read(UInt32.self, bytes, at: at + 25))
                var commands = [UInt32](repeating: 0, count: count)
                for index in 0..<count { commands[index] = Self.read(UInt32.self, bytes, at: at + 29 + 4 * index) }
                positions[source] = at + Self.headerSize + 4 * count
                let piece = Piece(
                    tile: id, layer: Int(Self.read(UInt32.self, bytes, at: at + 8)),
                    feature: Int(Self.read(UInt32.self, bytes, at: at + 12)),
                    size: Double(bitPattern: Self.read(UInt64.self, bytes, at: at + 16)),
                    type: Int(bytes[at + 24]), commands: commands)
                if positions[source] >= sources[source].count {
                    heap.swapAt(0, heap.count - 1)
                    heap.removeLast()
                } else {
                    sources[source].release(upTo: positions[source])
                }
                siftDown(0)
                try body(piece)
            }
            if let current { try tileEnd(current) }
        }
    }

    private static func put<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func read<T: FixedWidthInteger>(_: T.Type, _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> T {
        T(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: T.self))
    }
}

extension TemporaryFile {
    /// What has been written, mapped for reading on any thread (nil when
    /// nothing has).
    func mapped(what: String) throws(DiagnosticError) -> MappedFile? {
        try flush(displayName: what)
        guard size > 0 else { return nil }
        let descriptor = open(path, O_RDONLY)
        defer { if descriptor >= 0 { close(descriptor) } }
        guard descriptor >= 0, let mapped = MappedFile(descriptor: descriptor, count: size) else {
            throw DiagnosticError(code: "io.temporary", message: "cannot read back \(what): \(Platform.errorMessage())")
        }
        return mapped
    }
}
