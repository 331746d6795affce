/// The parts of Parquet's footer and page headers (parquet.thrift) that a
/// reader of GeoParquet needs, read from and written to Thrift's compact
/// protocol. Field numbers are the format's.

/// A column's physical type.
enum ParquetType: Int32 {
    case boolean = 0
    case int32, int64, int96, float, double, byteArray, fixedLengthByteArray
}

/// The ways values are encoded in a page.
enum ParquetEncoding: Int32 {
    case plain = 0
    case plainDictionary = 2
    case rle = 3
    case bitPacked = 4
    case deltaBinaryPacked = 5
    case deltaLengthByteArray = 6
    case deltaByteArray = 7
    case rleDictionary = 8
    case byteStreamSplit = 9
}

/// A column chunk's compression.
enum ParquetCodec: Int32 {
    case uncompressed = 0
    case snappy, gzip, lzo, brotli, lz4, zstd, lz4Raw

    var name: String {
        ["uncompressed", "Snappy", "gzip", "LZO", "Brotli", "LZ4", "Zstandard", "LZ4 (raw)"][Int(rawValue)]
    }
}

/// What the values of a column mean: the logical type, or the older
/// converted type it stands for.
enum ParquetMeaning: Equatable {
    case none
    case string
    case json
    case enumeration
    case date
    /// Time of day, in units per second.
    case time(unitsPerSecond: Int64)
    /// Instants, in units per second since 1970, in UTC or local time.
    case timestamp(unitsPerSecond: Int64, utc: Bool)
    case decimal(scale: Int, precision: Int)
    case integer(bits: Int, signed: Bool)
    case uuid
    case float16
    /// Other logical types this reader keeps as their physical values
    /// (lists and maps are told apart by their structure).
    case other
}

/// One node of the schema, in the footer's depth-first order.
struct SchemaElement {
    enum Repetition: Int32 {
        case required = 0
        case optional, repeated
    }

    var type: ParquetType?
    var typeLength: Int32?
    var repetition: Repetition = .required
    var name = ""
    var childCount = 0
    var meaning = ParquetMeaning.none

    init(
        type: ParquetType? = nil, repetition: Repetition, name: String, childCount: Int = 0,
        meaning: ParquetMeaning = .none
    ) {
        self.type = type
        self.repetition = repetition
        self.name = name
        self.childCount = childCount
        self.meaning = meaning
    }

    init(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
        var convertedType: Int32?
        var scale = 0
        var precision = 0
        var logical: ParquetMeaning?
        try reader.structure { (r: inout ThriftReader, id, type) throws(ThriftReader.Failure) in
            switch (id, type) {
            case (1, .i32):
                let raw = try r.int32()
                guard let known = ParquetType(rawValue: raw) else {
                    throw r.failure("physical type \(raw) is not one Parquet defines")
                }
                self.type = known
            case (2, .i32): typeLength = try r.int32()
            case (3, .i32): repetition = Repetition(rawValue: try r.int32()) ?? .optional
            case (4, .binary): name = try r.string()
            case (5, .i32): childCount = max(0, Int(try r.int32()))
            case (6, .i32): convertedType = try r.int32()
            case (7, .i32): scale = Int(try r.int32())
            case (8, .i32): precision = Int(try r.int32())
            case (10, .structure): logical = try Self.logicalType(&r)
            default: return false
            }
            return true
        }
        meaning = logical ?? Self.meaning(converted: convertedType, scale: scale, precision: precision)
    }

    private static func meaning(converted: Int32?, scale: Int, precision: Int) -> ParquetMeaning {
        switch converted {
        case nil: .none
        case 0: .string
        case 4: .enumeration
        case 5: .decimal(scale: scale, precision: precision)
        case 6: .date
        case 7: .time(unitsPerSecond: 1_000)
        case 8: .time(unitsPerSecond: 1_000_000)
        case 9: .timestamp(unitsPerSecond: 1_000, utc: true)
        case 10: .timestamp(unitsPerSecond: 1_000_000, utc: true)
        case 11: .integer(bits: 8, signed: false)
        case 12: .integer(bits: 16, signed: false)
        case 13: .integer(bits: 32, signed: false)
        case 14: .integer(bits: 64, signed: false)
        case 15: .integer(bits: 8, signed: true)
        case 16: .integer(bits: 16, signed: true)
        case 17: .integer(bits: 32, signed: true)
        case 18: .integer(bits: 64, signed: true)
        case 19: .json
        default: .other
        }
    }

    /// The LogicalType union: one field, set.
    private static func logicalType(_ reader: inout ThriftReader) throws(ThriftReader.Failure) -> ParquetMeaning {
        var meaning = ParquetMeaning.other
        try reader.structure { (r: inout ThriftReader, id, type) throws(ThriftReader.Failure) in
            guard type == .structure else { return false }
            switch id {
            case 1: meaning = .string
            case 4: meaning = .enumeration
            case 5:
                var scale = 0
                var precision = 0
                try r.structure { (d: inout ThriftReader, field, _) throws(ThriftReader.Failure) in
                    switch field {
                    case 1: scale = Int(try d.int32())
                    case 2: precision = Int(try d.int32())
                    default: return false
                    }
                    return true
                }
                meaning = .decimal(scale: scale, precision: precision)
                return true
            case 6: meaning = .date
            case 7, 8:
                var units: Int64 = 1_000
                var utc = false
                try r.structure { (t: inout ThriftReader, field, fieldType) throws(ThriftReader.Failure) in
                    switch field {
                    case 1: utc = ThriftReader.boolean(fieldType)
                    case 2:
                        try t.structure { (_: inout ThriftReader, unit, _) throws(ThriftReader.Failure) in
                            units = [1: 1_000, 2: 1_000_000, 3: 1_000_000_000][unit] ?? units
                            return false
                        }
                    default: return false
                    }
                    return true
                }
                meaning = id == 7 ? .time(unitsPerSecond: units) : .timestamp(unitsPerSecond: units, utc: utc)
                return true
            case 10:
                var bits = 64
                var signed = true
                try r.structure { (i: inout ThriftReader, field, fieldType) throws(ThriftReader.Failure) in
                    switch field {
                    case 1: bits = Int(try i.byte())
                    case 2: signed = ThriftReader.boolean(fieldType)
                    default: return false
                    }
                    return true
                }
                meaning = .integer(bits: bits, signed: signed)
                return true
            case 12: meaning = .json
            case 14: meaning = .uuid
            case 15: meaning = .float16
            default: meaning = .other
            }
            return false
        }
        return meaning
    }

    func write(_ writer: inout ThriftWriter) {
        if let type { writer.field(1, type.rawValue) }
        if let typeLength { writer.field(2, typeLength) }
        if type != nil || childCount == 0 || repetition != .required { writer.field(3, repetition.rawValue) }
        writer.field(4, name)
        if childCount > 0 { writer.field(5, Int32(childCount)) }
        switch meaning {
        case .string:
            writer.field(6, Int32(0))
            writer.field(10) { $0.field(1) { _ in } }
        case .json:
            writer.field(6, Int32(19))
            writer.field(10) { $0.field(12) { _ in } }
        default: break
        }
    }
}

/// A column chunk's statistics: its least and greatest values, as plain
/// encoded bytes, and how many nulls.
struct ParquetStatistics {
    var minimum: [UInt8]?
    var maximum: [UInt8]?
    var nullCount: Int?

    init(minimum: [UInt8]? = nil, maximum: [UInt8]? = nil, nullCount: Int? = nil) {
        (self.minimum, self.maximum, self.nullCount) = (minimum, maximum, nullCount)
    }

    init(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
        var legacyMinimum: [UInt8]?
        var legacyMaximum: [UInt8]?
        try reader.structure { (r: inout ThriftReader, id, type) throws(ThriftReader.Failure) in
            switch (id, type) {
            case (1, .binary): legacyMaximum = try r.binary()
            case (2, .binary): legacyMinimum = try r.binary()
            case (3, .i64): nullCount = try r.int()
            case (5, .binary): maximum = try r.binary()
            case (6, .binary): minimum = try r.binary()
            default: return false
            }
            return true
        }
        // The older min and max are sound for numbers, which sort as signed.
        minimum = minimum ?? legacyMinimum
        maximum = maximum ?? legacyMaximum
    }

    func write(_ writer: inout ThriftWriter) {
        if let nullCount { writer.field(3, int64: Int64(nullCount)) }
        if let maximum { writer.field(5, binary: maximum) }
        if let minimum { writer.field(6, binary: minimum) }
    }

    /// The minimum and maximum as doubles, for a column of `type`.
    func doubleRange(of type: ParquetType) -> ClosedRange<Double>? {
        guard let minimum, let maximum else { return nil }
        func value(_ bytes: [UInt8]) -> Double? {
            switch (type, bytes.count) {
            case (.double, 8):
                Double(bitPattern: bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) })
            case (.float, 4):
                Double(
                    Float(bitPattern: bytes.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self)) })
                )
            default: nil
            }
        }
        guard let low = value(minimum), let high = value(maximum), low <= high else { return nil }
        return low...high
    }
}

/// A column chunk: where its pages are and how they are written.
struct ColumnChunk {
    var type = ParquetType.boolean
    var path: [String] = []
    var codec = ParquetCodec.uncompressed
    var valueCount = 0
    var uncompressedSize = 0
    var compressedSize = 0
    var dataPageOffset = 0
    var dictionaryPageOffset: Int?
    var statistics: ParquetStatistics?
    var encodings: [Int32] = []
    /// The chunk is in another file (`file_path`), which this reader does not follow.
    var externalFile: String?

    init() {}

    init(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
        var sawMetadata = false
        try reader.structure { (r: inout ThriftReader, id, type) throws(ThriftReader.Failure) in
            switch (id, type) {
            case (1, .binary): externalFile = try r.string()
            case (3, .structure):
                sawMetadata = true
                try readMetadata(&r)
            default: return false
            }
            return true
        }
        guard sawMetadata else { throw reader.failure("a column chunk has no metadata (is the file encrypted?)") }
    }

    private mutating func readMetadata(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
        try reader.structure { (r: inout ThriftReader, id, fieldType) throws(ThriftReader.Failure) in
            switch (id, fieldType) {
            case (1, .i32):
                let raw = try r.int32()
                guard let known = ParquetType(rawValue: raw) else {
                    throw r.failure("physical type \(raw) is not one Parquet defines")
                }
                type = known
            case (2, .list):
                encodings = try r.list { (e: inout ThriftReader) throws(ThriftReader.Failure) in try e.int32() }
            case (3, .list):
                path = try r.list { (e: inout ThriftReader) throws(ThriftReader.Failure) in try e.string() }
            case (4, .i32):
                let raw = try r.int32()
                guard let known = ParquetCodec(rawValue: raw) else {
                    throw r.failure("compression codec \(raw) is not one Parquet defines")
                }
                codec = known
            case (5, .i64): valueCount = try r.int()
            case (6, .i64): uncompressedSize = try r.int()
            case (7, .i64): compressedSize = try r.int()
            case (9, .i64): dataPageOffset = try r.int()
            case (11, .i64): dictionaryPageOffset = try r.int()
            case (12, .structure): statistics = try ParquetStatistics(&r)
            default: return false
            }
            return true
        }
    }

    /// Writes the chunk, whose pages start at `offset`.
    func write(_ writer: inout ThriftWriter) {
        writer.field(2, int64: Int64(dataPageOffset))
        writer.field(3) { m in
            m.field(1, type.rawValue)
            m.field(2, list: encodings)
            m.field(3, list: path)
            m.field(4, codec.rawValue)
            m.field(5, int64: Int64(valueCount))
            m.field(6, int64: Int64(uncompressedSize))
            m.field(7, int64: Int64(compressedSize))
            m.field(9, int64: Int64(dataPageOffset))
            if let statistics { m.field(12) { statistics.write(&$0) } }
        }
    }
}

/// A row group: its rows and a chunk per leaf column.
struct RowGroup {
    var columns: [ColumnChunk] = []
    var rowCount = 0
    var totalSize = 0

    init(columns: [ColumnChunk], rowCount: Int, totalSize: Int) {
        (self.columns, self.rowCount, self.totalSize) = (columns, rowCount, totalSize)
    }

    init(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
        try reader.structure { (r: inout ThriftReader, id, type) throws(ThriftReader.Failure) in
            switch (id, type) {
            case (1, .list):
                columns = try r.list { (e: inout ThriftReader) throws(ThriftReader.Failure) in try ColumnChunk(&e) }
            case (2, .i64): totalSize = try r.int()
            case (3, .i64): rowCount = try r.int()
            default: return false
            }
            return true
        }
    }

    func write(_ writer: inout ThriftWriter) {
        writer.field(1, structures: columns) { w, chunk in chunk.write(&w) }
        writer.field(2, int64: Int64(totalSize))
        writer.field(3, int64: Int64(rowCount))
    }
}

/// The footer: the schema, the row groups and the key-value metadata
/// (where GeoParquet keeps `geo`).
struct FileMetadata {
    var version: Int32 = 1
    var schema: [SchemaElement] = []
    var rowCount = 0
    var rowGroups: [RowGroup] = []
    var keyValues: [(key: String, value: String?)] = []
    var createdBy: String?

    init() {}

    init(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
        try reader.structure { (r: inout ThriftReader, id, type) throws(ThriftReader.Failure) in
            switch (id, type) {
            case (1, .i32): version = try r.int32()
            case (2, .list):
                schema = try r.list { (e: inout ThriftReader) throws(ThriftReader.Failure) in try SchemaElement(&e) }
            case (3, .i64): rowCount = try r.int()
            case (4, .list):
                rowGroups = try r.list { (e: inout ThriftReader) throws(ThriftReader.Failure) in try RowGroup(&e) }
            case (5, .list):
                keyValues = try r.list { (e: inout ThriftReader) throws(ThriftReader.Failure) in
                    var key = ""
                    var value: String?
                    try e.structure { (kv: inout ThriftReader, field, _) throws(ThriftReader.Failure) in
                        switch field {
                        case 1: key = try kv.string()
                        case 2: value = try kv.string()
                        default: return false
                        }
                        return true
                    }
                    return (key, value)
                }
            case (6, .binary): createdBy = try r.string()
            default: return false
            }
            return true
        }
    }

    func write(_ writer: inout ThriftWriter) {
        writer.field(1, version)
        writer.field(2, structures: schema) { w, element in element.write(&w) }
        writer.field(3, int64: Int64(rowCount))
        writer.field(4, structures: rowGroups) { w, group in group.write(&w) }
        writer.field(5, structures: keyValues) { w, pair in
            w.field(1, pair.key)
            if let value = pair.value { w.field(2, value) }
        }
        if let createdBy { writer.field(6, createdBy) }
    }

    func value(forKey key: String) -> String? { keyValues.first { $0.key == key }?.value }
}

/// A page's header.
struct PageHeader {
    enum Kind: Int32 {
        case data = 0
        case index, dictionary, dataV2
    }

    var kind = Kind.data
    var uncompressedSize = 0
    var compressedSize = 0
    var valueCount = 0
    var encoding = ParquetEncoding.plain
    /// Data pages v2: the levels' lengths (stored uncompressed, before the
    /// values), and whether the values are compressed.
    var repetitionLevelsLength = 0
    var definitionLevelsLength = 0
    var isCompressed = true
    var nullCount: Int?

    init(kind: Kind, uncompressedSize: Int, compressedSize: Int, valueCount: Int, encoding: ParquetEncoding) {
        (self.kind, self.uncompressedSize, self.compressedSize) = (kind, uncompressedSize, compressedSize)
        (self.valueCount, self.encoding) = (valueCount, encoding)
    }

    init(_ reader: inout ThriftReader) throws(ThriftReader.Failure) {
        func encoding(_ r: inout ThriftReader) throws(ThriftReader.Failure) -> ParquetEncoding {
            let raw = try r.int32()
            guard let known = ParquetEncoding(rawValue: raw) else {
                throw r.failure("encoding \(raw) is not one Parquet defines")
            }
            return known
        }
        try reader.structure { (r: inout ThriftReader, id, type) throws(ThriftReader.Failure) in
            switch (id, type) {
            case (1, .i32): kind = Kind(rawValue: try r.int32()) ?? .index
            case (2, .i32): uncompressedSize = Int(try r.int32())
            case (3, .i32): compressedSize = Int(try r.int32())
            case (5, .structure), (7, .structure):
                try r.structure { (p: inout ThriftReader, field, _) throws(ThriftReader.Failure) in
                    switch field {
                    case 1: valueCount = Int(try p.int32())
                    case 2: self.encoding = try encoding(&p)
                    default: return false
                    }
                    return true
                }
            case (8, .structure):
                try r.structure { (p: inout ThriftReader, field, fieldType) throws(ThriftReader.Failure) in
                    switch field {
                    case 1: valueCount = Int(try p.int32())
                    case 2: nullCount = Int(try p.int32())
                    case 4: self.encoding = try encoding(&p)
                    case 5: definitionLevelsLength = Int(try p.int32())
                    case 6: repetitionLevelsLength = Int(try p.int32())
                    case 7: isCompressed = ThriftReader.boolean(fieldType)
                    default: return false
                    }
                    return true
                }
            default: return false
            }
            return true
        }
        guard uncompressedSize >= 0, compressedSize >= 0, valueCount >= 0, definitionLevelsLength >= 0,
            repetitionLevelsLength >= 0
        else { throw reader.failure("a page header gives a negative size or count") }
    }

    func write(_ writer: inout ThriftWriter) {
        writer.field(1, kind.rawValue)
        writer.field(2, Int32(uncompressedSize))
        writer.field(3, Int32(compressedSize))
        let body: (inout ThriftWriter) -> Void = { p in
            p.field(1, Int32(valueCount))
            p.field(2, encoding.rawValue)
            if kind == .data {
                p.field(3, ParquetEncoding.rle.rawValue)
                p.field(4, ParquetEncoding.rle.rawValue)
            }
        }
        writer.field(kind == .dictionary ? 7 : 5, structure: body)
    }
}
