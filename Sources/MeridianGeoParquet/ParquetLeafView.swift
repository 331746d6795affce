/// One decoded leaf column of a row group, read row by row through plain
/// pointers: what turning a million rows into features reads a hundred
/// million times, so that it costs no reference counting. The memory is
/// the owning ``DecodedRowGroup``'s, which frees it.
struct LeafView {
    enum Kind { case booleans, int32s, int64s, int96s, floats, doubles, bytes }

    let kind: Kind
    let meaning: ParquetMeaning
    /// The definition level of each row; nil for a column that cannot be null.
    let levels: UnsafePointer<UInt8>?
    let maximumDefinition: UInt8
    /// The values packed: one byte per boolean, the others at their width;
    /// for byte arrays, their bytes end to end...
    let values: UnsafeRawPointer
    /// ...and where each ends.
    let ends: UnsafePointer<Int>?

    /// Whether row `row` has a value.
    @inline(__always) func isPresent(_ row: Int) -> Bool {
        guard let levels else { return true }
        return levels[row] == maximumDefinition
    }

    @inline(__always) func bool(_ index: Int) -> Bool { values.load(fromByteOffset: index, as: UInt8.self) != 0 }
    @inline(__always) func int32(_ index: Int) -> Int32 {
        values.loadUnaligned(fromByteOffset: 4 * index, as: Int32.self)
    }
    @inline(__always) func int64(_ index: Int) -> Int64 {
        values.loadUnaligned(fromByteOffset: 8 * index, as: Int64.self)
    }
    @inline(__always) func float(_ index: Int) -> Float {
        values.loadUnaligned(fromByteOffset: 4 * index, as: Float.self)
    }
    @inline(__always) func double(_ index: Int) -> Double {
        values.loadUnaligned(fromByteOffset: 8 * index, as: Double.self)
    }

    /// A byte array's bytes (an INT96's twelve).
    @inline(__always) func bytes(_ index: Int) -> UnsafeRawBufferPointer {
        if kind == .int96s { return UnsafeRawBufferPointer(start: values + 12 * index, count: 12) }
        let start = index == 0 ? 0 : ends![index - 1]
        return UnsafeRawBufferPointer(start: values + start, count: ends![index] - start)
    }
}

/// A row group's columns, decoded, each copied once into memory this
/// object owns and read through a ``LeafView``; shared by the slices that
/// make its features.
final class DecodedRowGroup: @unchecked Sendable {
    let group: Int
    let firstRow: Int
    let rowCount: Int
    /// A view of each leaf that was read (nil for the others).
    let views: [LeafView?]
    private var owned: [UnsafeMutableRawPointer] = []

    init(
        group: Int, firstRow: Int, rowCount: Int, columns: [(levels: [UInt8]?, values: ParquetValues)?],
        leaves: [ParquetFile.Leaf]
    ) {
        (self.group, self.firstRow, self.rowCount) = (group, firstRow, rowCount)
        var owned: [UnsafeMutableRawPointer] = []
        func copy<T>(_ array: [T]) -> UnsafeMutableRawPointer {
            let size = max(1, array.count * MemoryLayout<T>.stride)
            let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            array.withUnsafeBytes {
                if let base = $0.baseAddress { memory.copyMemory(from: base, byteCount: $0.count) }
            }
            owned.append(memory)
            return memory
        }
        views = zip(columns, leaves).map { column, leaf in
            guard let column else { return nil }
            let levels = column.levels.map { UnsafePointer(copy($0).assumingMemoryBound(to: UInt8.self)) }
            let (kind, values, ends): (LeafView.Kind, UnsafeMutableRawPointer, UnsafePointer<Int>?) =
                switch column.values {
                case .booleans(let array): (.booleans, copy(array.map { $0 ? UInt8(1) : 0 }), nil)
                case .int32s(let array): (.int32s, copy(array), nil)
                case .int64s(let array): (.int64s, copy(array), nil)
                case .int96s(let array): (.int96s, copy(array), nil)
                case .floats(let array): (.floats, copy(array), nil)
                case .doubles(let array): (.doubles, copy(array), nil)
                case .bytes(let arrays):
                    (.bytes, copy(arrays.data), UnsafePointer(copy(arrays.ends).assumingMemoryBound(to: Int.self)))
                }
            return LeafView(
                kind: kind, meaning: leaf.element.meaning, levels: levels,
                maximumDefinition: UInt8(leaf.maximumDefinition), values: UnsafeRawPointer(values), ends: ends)
        }
        self.owned = owned
    }

    deinit {
        for memory in owned { memory.deallocate() }
    }
}
