/// Why a FlatBuffer could not be read: an offset, a vtable or a vector
/// that points outside the buffer, or a structure nested too deeply.
struct FlatBufferError: Error {
    var message: String
}

/// One table of a FlatBuffer, read with every offset checked against the
/// buffer's bounds, as the FlatBuffers verifier checks them: a file that
/// lies is an error, never a read outside the bytes.
struct FlatBufferTable {
    /// The whole buffer (a header, or one feature).
    let buffer: UnsafeRawBufferPointer
    /// Where the table starts in ``buffer``.
    let position: Int
    private let vtable: Int
    private let vtableSize: Int
    private let tableSize: Int

    /// The buffer's root table (the uoffset at its start).
    init(root buffer: UnsafeRawBufferPointer) throws(FlatBufferError) {
        guard buffer.count >= 4 else { throw FlatBufferError(message: "a buffer of \(buffer.count) bytes has no root") }
        try self.init(buffer: buffer, position: Int(Self.uint32(buffer, 0)))
    }

    init(buffer: UnsafeRawBufferPointer, position: Int) throws(FlatBufferError) {
        guard position >= 0, position <= buffer.count - 4 else {
            throw FlatBufferError(message: "a table at byte \(position) is outside the buffer of \(buffer.count) bytes")
        }
        let vtable = position - Int(Int32(bitPattern: Self.uint32(buffer, position)))
        guard vtable >= 0, vtable <= buffer.count - 4 else {
            throw FlatBufferError(message: "the table at byte \(position) has its vtable outside the buffer")
        }
        let vtableSize = Int(Self.uint16(buffer, vtable))
        let tableSize = Int(Self.uint16(buffer, vtable + 2))
        guard vtableSize >= 4, vtableSize % 2 == 0, vtable + vtableSize <= buffer.count, tableSize >= 4,
            position + tableSize <= buffer.count
        else {
            throw FlatBufferError(message: "the table at byte \(position) has a vtable whose sizes lie")
        }
        self.buffer = buffer
        self.position = position
        self.vtable = vtable
        self.vtableSize = vtableSize
        self.tableSize = tableSize
    }

    /// Where field `index` is, or nil when the table does not have it.
    private func field(_ index: Int, size: Int) throws(FlatBufferError) -> Int? {
        let entry = 4 + 2 * index
        guard entry + 2 <= vtableSize else { return nil }
        let offset = Int(Self.uint16(buffer, vtable + entry))
        guard offset != 0 else { return nil }
        guard offset + size <= tableSize else {
            throw FlatBufferError(message: "field \(index) of the table at byte \(position) lies outside it")
        }
        return position + offset
    }

    func uint8(_ index: Int) throws(FlatBufferError) -> UInt8? {
        try field(index, size: 1).map { buffer[$0] }
    }

    func uint16(_ index: Int) throws(FlatBufferError) -> UInt16? {
        try field(index, size: 2).map { Self.uint16(buffer, $0) }
    }

    func int32(_ index: Int) throws(FlatBufferError) -> Int32? {
        try field(index, size: 4).map { Int32(bitPattern: Self.uint32(buffer, $0)) }
    }

    func uint64(_ index: Int) throws(FlatBufferError) -> UInt64? {
        try field(index, size: 8).map { Self.uint64(buffer, $0) }
    }

    /// The position a uoffset field points to, checked to be in the buffer.
    private func target(_ index: Int) throws(FlatBufferError) -> Int? {
        guard let slot = try field(index, size: 4) else { return nil }
        let target = slot + Int(Self.uint32(buffer, slot))
        guard target <= buffer.count - 4 else {
            throw FlatBufferError(message: "field \(index) of the table at byte \(position) points outside the buffer")
        }
        return target
    }

    /// A sub-table.
    func table(_ index: Int) throws(FlatBufferError) -> FlatBufferTable? {
        guard let target = try target(index) else { return nil }
        return try FlatBufferTable(buffer: buffer, position: target)
    }

    /// A vector of `elementSize`-byte elements: where its first element
    /// is, and how many there are, checked to fit in the buffer.
    func vector(_ index: Int, elementSize: Int) throws(FlatBufferError) -> (start: Int, count: Int)? {
        guard let target = try target(index) else { return nil }
        let count = Int(Self.uint32(buffer, target))
        guard count <= (buffer.count - target - 4) / elementSize else {
            throw FlatBufferError(
                message:
                    "field \(index) of the table at byte \(position) says it holds \(count) elements, more than the buffer has"
            )
        }
        return (target + 4, count)
    }

    /// A vector of tables.
    func tables(_ index: Int) throws(FlatBufferError) -> [FlatBufferTable] {
        guard let (start, count) = try vector(index, elementSize: 4) else { return [] }
        var tables: [FlatBufferTable] = []
        tables.reserveCapacity(count)
        for element in 0..<count {
            let slot = start + 4 * element
            tables.append(try FlatBufferTable(buffer: buffer, position: slot + Int(Self.uint32(buffer, slot))))
        }
        return tables
    }

    /// A string's bytes.
    func bytes(_ index: Int) throws(FlatBufferError) -> UnsafeRawBufferPointer? {
        guard let (start, count) = try vector(index, elementSize: 1) else { return nil }
        return UnsafeRawBufferPointer(rebasing: buffer[start..<start + count])
    }

    /// A string, which must be UTF-8.
    func string(_ index: Int) throws(FlatBufferError) -> String? {
        guard let bytes = try bytes(index) else { return nil }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FlatBufferError(message: "field \(index) of the table at byte \(position) is not UTF-8 text")
        }
        return text
    }

    static func uint16(_ buffer: UnsafeRawBufferPointer, _ at: Int) -> UInt16 {
        UInt16(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt16.self))
    }

    static func uint32(_ buffer: UnsafeRawBufferPointer, _ at: Int) -> UInt32 {
        UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt32.self))
    }

    static func uint64(_ buffer: UnsafeRawBufferPointer, _ at: Int) -> UInt64 {
        UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self))
    }

    static func double(_ buffer: UnsafeRawBufferPointer, _ at: Int) -> Double {
        Double(bitPattern: uint64(buffer, at))
    }
}

/// Builds a FlatBuffer front to back: a table's vtable, then the table,
/// then what its offsets point to, each placed after the slot that refers
/// to it (FlatBuffers' offsets are relative and point forward, so any
/// order that keeps them forward is a valid buffer). Scalars are aligned
/// to their size from the buffer's start, as the verifier checks.
struct FlatBufferBuilder {
    private(set) var bytes: [UInt8] = []

    /// A scalar field of a table: its field index and little-endian bytes.
    enum Field {
        case scalar(index: Int, bytes: [UInt8])
        /// A uoffset, patched later with ``point(_:to:)``.
        case offset(index: Int)

        var index: Int {
            switch self {
            case .scalar(let index, _), .offset(let index): index
            }
        }
        var size: Int {
            switch self {
            case .scalar(_, let bytes): bytes.count
            case .offset: 4
            }
        }
    }

    init(rootSlot: Bool = true) {
        if rootSlot { bytes = [0, 0, 0, 0] }
    }

    mutating func align(_ alignment: Int, after extra: Int = 0) {
        while (bytes.count + extra) % alignment != 0 { bytes.append(0) }
    }

    /// Where a table's offset fields are, by field index, to patch.
    struct Slots {
        fileprivate var positions: [Int]

        subscript(index: Int) -> Int? {
            index < positions.count && positions[index] >= 0 ? positions[index] : nil
        }
    }

    /// Writes a table of `fields` (largest first, so that each is aligned
    /// without padding): returns where it starts and the slots of its
    /// offset fields.
    mutating func table(_ fields: [Field]) -> (position: Int, slots: Slots) {
        let sorted = fields.sorted { $0.size > $1.size }
        let fieldCount = (fields.map(\.index).max() ?? -1) + 1
        var layout = [Int](repeating: 0, count: fieldCount)
        var size = 4
        for field in sorted {
            while size % field.size != 0 { size += 1 }
            layout[field.index] = size
            size += field.size
        }
        align(2)
        let vtable = bytes.count
        append16(UInt16(4 + 2 * fieldCount))
        append16(UInt16(size))
        for offset in layout { append16(UInt16(offset)) }
        align(max(4, sorted.first?.size ?? 4))
        let position = bytes.count
        append32(UInt32(position - vtable))
        var slots = Slots(positions: [Int](repeating: -1, count: fieldCount))
        for field in sorted {
            while bytes.count - position < layout[field.index] { bytes.append(0) }
            switch field {
            case .scalar(_, let value): bytes += value
            case .offset(let index):
                slots.positions[index] = bytes.count
                append32(0)
            }
        }
        while bytes.count - position < size { bytes.append(0) }
        return (position, slots)
    }

    /// Points the uoffset at `slot` to `target`, which is after it.
    mutating func point(_ slot: Int, to target: Int) {
        let value = UInt32(target - slot)
        for byte in 0..<4 { bytes[slot + byte] = UInt8(truncatingIfNeeded: value >> (8 * byte)) }
    }

    /// Sets the root offset to the table at `position`.
    mutating func setRoot(_ position: Int) { point(0, to: position) }

    /// A vector of doubles, aligned to 8; returns its position.
    mutating func vector(_ values: [Double]) -> Int {
        align(8, after: 4)
        let position = bytes.count
        append32(UInt32(values.count))
        if UInt16(1).littleEndian == 1 {
            values.withUnsafeBytes { bytes += $0 }
        } else {
            for value in values { append64(value.bitPattern) }
        }
        return position
    }

    /// A vector of 32-bit unsigned integers.
    mutating func vector(_ values: [UInt32]) -> Int {
        align(4)
        let position = bytes.count
        append32(UInt32(values.count))
        for value in values { append32(value) }
        return position
    }

    /// A vector of bytes, or a string (`terminated`).
    mutating func vector(bytes values: some Collection<UInt8>, terminated: Bool = false) -> Int {
        align(4)
        let position = bytes.count
        append32(UInt32(values.count))
        bytes += values
        if terminated { bytes.append(0) }
        return position
    }

    /// A vector of offsets to tables written later: returns its position
    /// and the slots to patch.
    mutating func offsetVector(count: Int) -> (position: Int, slots: [Int]) {
        align(4)
        let position = bytes.count
        append32(UInt32(count))
        let slots = (0..<count).map { bytes.count + 4 * $0 }
        bytes += [UInt8](repeating: 0, count: 4 * count)
        return (position, slots)
    }

    /// Appends bytes built apart, aligned to 8; returns where they start.
    mutating func append(aligned block: [UInt8]) -> Int {
        align(8)
        let position = bytes.count
        bytes += block
        return position
    }

    mutating func append16(_ value: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: value))
        bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    }

    mutating func append32(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func append64(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }
}
