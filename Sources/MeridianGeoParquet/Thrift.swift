/// Apache Thrift's compact protocol, the encoding of Parquet's footer and
/// page headers: structs of numbered fields, zigzag varints, lists.
///
/// The reader checks every length against its bytes and every nesting
/// against ``ThriftReader/deepestNesting``; a field it is not asked for is
/// skipped, so that fields newer than this reader do no harm.
struct ThriftReader {
    /// Why the bytes are not the struct, and at which byte.
    struct Failure: Error {
        var reason: String
        var offset: Int
    }

    /// The compact protocol's field types.
    enum FieldType: UInt8 {
        case stop = 0
        case booleanTrue, booleanFalse, byte, i16, i32, i64, double, binary, list, set, map, structure
    }

    static let deepestNesting = 64

    let bytes: UnsafeRawBufferPointer
    var position: Int
    private var depth = 0

    init(_ bytes: UnsafeRawBufferPointer, at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: position) }

    mutating func byte() throws(Failure) -> UInt8 {
        guard position < bytes.count else { throw failure("the Thrift struct is cut short") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func varint() throws(Failure) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw failure("a Thrift varint runs past 64 bits") }
            value |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func zigzag() throws(Failure) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    mutating func int32() throws(Failure) -> Int32 {
        let value = try zigzag()
        guard let narrow = Int32(exactly: value) else { throw failure("\(value) does not fit a 32-bit field") }
        return narrow
    }

    mutating func int() throws(Failure) -> Int { Int(try zigzag()) }

    mutating func double() throws(Failure) -> Double {
        guard bytes.count - position >= 8 else { throw failure("the Thrift struct is cut short") }
        defer { position += 8 }
        return Double(bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)))
    }

    /// A binary field's bytes, as a range of ``bytes``.
    mutating func binaryRange() throws(Failure) -> Range<Int> {
        let length = try varint()
        guard length <= UInt64(bytes.count - position) else {
            throw failure("a Thrift field says it is \(length) bytes, more than the \(bytes.count - position) left")
        }
        defer { position += Int(length) }
        return position..<position + Int(length)
    }

    mutating func binary() throws(Failure) -> [UInt8] { Array(bytes[try binaryRange()]) }

    mutating func string() throws(Failure) -> String {
        let range = try binaryRange()
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// A list's element type and count (a set's too).
    mutating func listHeader() throws(Failure) -> (FieldType, Int) {
        let header = try byte()
        var count = Int(header >> 4)
        if count == 15 { count = Int(clamping: try varint()) }
        guard let type = FieldType(rawValue: header & 0x0F) else {
            throw failure("Thrift type \(header & 0x0F) is not one the compact protocol defines")
        }
        // Every element takes at least a byte (a struct its stop byte).
        guard count <= bytes.count - position else {
            throw failure("a Thrift list says it holds \(count) elements, more than its bytes can")
        }
        return (type == .booleanFalse ? .booleanTrue : type, count)
    }

    /// A list whose elements `element` reads.
    mutating func list<Element>(_ element: (inout ThriftReader) throws(Failure) -> Element) throws(Failure) -> [Element]
    {
        let (_, count) = try listHeader()
        var result: [Element] = []
        result.reserveCapacity(count)
        for _ in 0..<count { result.append(try element(&self)) }
        return result
    }

    /// Reads a struct: `field` is called with each field's id and type,
    /// and must read the field's value, or return false to have it skipped.
    mutating func structure(_ field: (inout ThriftReader, Int, FieldType) throws(Failure) -> Bool) throws(Failure) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.deepestNesting else {
            throw failure("Thrift structs nested more than \(Self.deepestNesting) deep")
        }
        var lastID = 0
        while true {
            let header = try byte()
            guard let type = FieldType(rawValue: header & 0x0F) else {
                throw failure("Thrift type \(header & 0x0F) is not one the compact protocol defines")
            }
            if type == .stop { return }
            let delta = Int(header >> 4)
            let id = delta == 0 ? Int(try zigzag()) : lastID + delta
            lastID = id
            if try !field(&self, id, type) { try skip(type) }
        }
    }

    /// A boolean field's value, which the compact protocol keeps in its type.
    static func boolean(_ type: FieldType) -> Bool { type == .booleanTrue }

    mutating func skip(_ type: FieldType) throws(Failure) {
        switch type {
        case .stop: throw failure("a Thrift stop where a value was expected")
        case .booleanTrue, .booleanFalse: break
        case .byte: _ = try byte()
        case .i16, .i32, .i64: _ = try varint()
        case .double: _ = try double()
        case .binary: _ = try binaryRange()
        case .list, .set:
            let (element, count) = try listHeader()
            for _ in 0..<count {
                if element == .booleanTrue { _ = try byte() } else { try skip(element) }
            }
        case .map:
            let count = Int(clamping: try varint())
            guard count > 0 else { return }
            let types = try byte()
            guard count <= bytes.count - position,
                let key = FieldType(rawValue: types >> 4), let value = FieldType(rawValue: types & 0x0F)
            else { throw failure("a Thrift map's header is not one the compact protocol defines") }
            for _ in 0..<count {
                if key == .booleanTrue { _ = try byte() } else { try skip(key) }
                if value == .booleanTrue { _ = try byte() } else { try skip(value) }
            }
        case .structure:
            try structure { _, _, _ in false }
        }
    }
}

/// Writes Thrift's compact protocol: fields in increasing order of id.
struct ThriftWriter {
    typealias FieldType = ThriftReader.FieldType

    var bytes: [UInt8] = []
    private var lastIDs: [Int] = [0]

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    mutating func zigzag(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    mutating func fieldHeader(_ id: Int, _ type: FieldType) {
        let delta = id - lastIDs[lastIDs.count - 1]
        if delta > 0, delta <= 15 {
            bytes.append(UInt8(delta << 4) | type.rawValue)
        } else {
            bytes.append(type.rawValue)
            zigzag(Int64(id))
        }
        lastIDs[lastIDs.count - 1] = id
    }

    mutating func field(_ id: Int, _ value: Int32) {
        fieldHeader(id, .i32)
        zigzag(Int64(value))
    }

    mutating func field(_ id: Int, int64 value: Int64) {
        fieldHeader(id, .i64)
        zigzag(value)
    }

    mutating func field(_ id: Int, _ value: Bool) {
        fieldHeader(id, value ? .booleanTrue : .booleanFalse)
    }

    mutating func field(_ id: Int, _ value: String) { field(id, binary: Array(value.utf8)) }

    mutating func field(_ id: Int, binary value: [UInt8]) {
        fieldHeader(id, .binary)
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// A struct field whose fields `body` writes.
    mutating func field(_ id: Int, structure body: (inout ThriftWriter) -> Void) {
        fieldHeader(id, .structure)
        structure(body)
    }

    /// A struct: `body` writes its fields, then the stop byte ends it.
    mutating func structure(_ body: (inout ThriftWriter) -> Void) {
        lastIDs.append(0)
        body(&self)
        bytes.append(FieldType.stop.rawValue)
        lastIDs.removeLast()
    }

    mutating func listHeader(_ id: Int, _ element: FieldType, count: Int) {
        fieldHeader(id, .list)
        if count < 15 {
            bytes.append(UInt8(count << 4) | element.rawValue)
        } else {
            bytes.append(0xF0 | element.rawValue)
            varint(UInt64(count))
        }
    }

    mutating func field(_ id: Int, list: [Int32]) {
        listHeader(id, .i32, count: list.count)
        for value in list { zigzag(Int64(value)) }
    }

    mutating func field(_ id: Int, list: [String]) {
        listHeader(id, .binary, count: list.count)
        for value in list {
            varint(UInt64(value.utf8.count))
            bytes.append(contentsOf: value.utf8)
        }
    }

    /// A list of structs, each written by `body`.
    mutating func field<Element>(_ id: Int, structures: [Element], _ body: (inout ThriftWriter, Element) -> Void) {
        listHeader(id, .structure, count: structures.count)
        for element in structures { structure { body(&$0, element) } }
    }
}
