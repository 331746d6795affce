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
/// and written to a temporary file, a run; ``merge(_:)`` then reads the
/// runs together, smallest tile first, and hands over each tile's pieces
/// in layer and feature order (a feature has one piece a tile), whatever
/// order the threads appended them in. A tile set that fits the budget
/// never touches the disk.
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
    private var runs: [(file: TemporaryFile, size: Int)] = []
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
        index.append((piece.tile, UInt64(piece.layer) << 32 | UInt64(piece.feature), records.count))
        Self.put(piece.tile, into: &records)
        Self.put(UInt32(piece.layer), into: &records)
        Self.put(UInt32(piece.feature), into: &records)
        Self.put(piece.size.bitPattern, into: &records)
        records.append(UInt8(piece.type))
        Self.put(UInt32(piece.commands.count), into: &records)
        for command in piece.commands { Self.put(command, into: &records) }
        if records.count >= budget { try spill() }
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
        runs.append((file, records.count))
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

    /// Calls `body` with each tile's pieces, tiles in ascending id; the
    /// spill is empty after.
    func merge(_ body: (UInt64, [Piece]) throws(DiagnosticError) -> Void) throws(DiagnosticError) {
        let last = sortedRecords()
        records = []
        index = []
        var sources: [MappedFile] = []
        for run in runs {
            let descriptor = open(run.file.path, O_RDONLY)
            defer { if descriptor >= 0 { close(descriptor) } }
            guard descriptor >= 0, let mapped = MappedFile(descriptor: descriptor, count: run.size) else {
                throw DiagnosticError(
                    code: "io.temporary", message: "cannot read back the tile spill: \(Platform.errorMessage())")
            }
            sources.append(mapped)
        }
        defer { for run in runs { run.file.remove() }; runs = [] }
        try last.withUnsafeBufferPointer { (memory) throws(DiagnosticError) in
            if let mapped = MappedFile(borrowing: memory) { sources.append(mapped) }
            var positions = [Int](repeating: 0, count: sources.count)
            func tile(of source: Int) -> UInt64? {
                guard positions[source] < sources[source].count else { return nil }
                return Self.read(UInt64.self, UnsafeBufferPointer(start: sources[source].base, count: sources[source].count), at: positions[source])
            }
            while true {
                var smallest: UInt64?
                for source in sources.indices {
                    if let id = tile(of: source), smallest.map({ id < $0 }) ?? true { smallest = id }
                }
                guard let id = smallest else { return }
                var pieces: [Piece] = []
                for source in sources.indices {
                    let bytes = UnsafeBufferPointer(start: sources[source].base, count: sources[source].count)
                    while tile(of: source) == id {
                        let at = positions[source]
                        let count = Int(Self.read(UInt32.self, bytes, at: at + 25))
                        var commands = [UInt32](repeating: 0, count: count)
                        for index in 0..<count { commands[index] = Self.read(UInt32.self, bytes, at: at + 29 + 4 * index) }
                        pieces.append(
                            Piece(
                                tile: id, layer: Int(Self.read(UInt32.self, bytes, at: at + 8)),
                                feature: Int(Self.read(UInt32.self, bytes, at: at + 12)),
                                size: Double(bitPattern: Self.read(UInt64.self, bytes, at: at + 16)),
                                type: Int(bytes[at + 24]), commands: commands))
                        positions[source] = at + Self.headerSize + 4 * count
                    }
                    sources[source].release(upTo: positions[source])
                }
                if sources.count > 1 {
                    pieces.sort { $0.layer != $1.layer ? $0.layer < $1.layer : $0.feature < $1.feature }
                }
                try body(id, pieces)
            }
        }
    }

    private static func put<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    private static func read<T: FixedWidthInteger>(_: T.Type, _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> T {
        T(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: T.self))
    }
}
