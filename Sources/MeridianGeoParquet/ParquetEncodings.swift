/// The values of one leaf column in a row group, decoded: the non-null
/// values packed, by physical type.
enum ParquetValues {
    case booleans([Bool])
    case int32s([Int32])
    case int64s([Int64])
    /// INT96 (legacy timestamps): 12 bytes each.
    case int96s([UInt8])
    case floats([Float])
    case doubles([Double])
    /// BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY.
    case bytes(ByteArrays)

    static func empty(_ type: ParquetType) -> ParquetValues {
        switch type {
        case .boolean: .booleans([])
        case .int32: .int32s([])
        case .int64: .int64s([])
        case .int96: .int96s([])
        case .float: .floats([])
        case .double: .doubles([])
        case .byteArray, .fixedLengthByteArray: .bytes(ByteArrays())
        }
    }

    var count: Int {
        switch self {
        case .booleans(let v): v.count
        case .int32s(let v): v.count
        case .int64s(let v): v.count
        case .int96s(let v): v.count / 12
        case .floats(let v): v.count
        case .doubles(let v): v.count
        case .bytes(let v): v.count
        }
    }
}

/// Byte strings packed end to end.
struct ByteArrays {
    var data: [UInt8] = []
    /// Where each value ends in ``data``.
    var ends: [Int] = []

    var count: Int { ends.count }

    func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        data.append(contentsOf: bytes)
        ends.append(data.count)
    }
}

/// Reads the encodings of Parquet's pages over bytes whose every length is
/// checked: a count or length that lies is a ``ParquetFailure``.
struct ParquetDecoder {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var remaining: Int { bytes.count - position }

    static func invalid(_ reason: String) -> ParquetFailure { ParquetFailure("parquet.page.invalid", reason) }

    mutating func take(_ count: Int) throws(ParquetFailure) -> UnsafeRawBufferPointer {
        guard count >= 0, count <= remaining else {
            throw Self.invalid("a page's values need \(count) bytes, but \(remaining) are left")
        }
        defer { position += count }
        return UnsafeRawBufferPointer(rebasing: bytes[position..<position + count])
    }

    mutating func uint32() throws(ParquetFailure) -> UInt32 {
        UInt32(littleEndian: try take(4).loadUnaligned(as: UInt32.self))
    }

    mutating func varint() throws(ParquetFailure) -> UInt64 {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < bytes.count, shift < 64 else { throw Self.invalid("a varint is cut short or too long") }
            let b = bytes[position]
            position += 1
            value |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return value }
            shift += 7
        }
    }

    mutating func zigzag() throws(ParquetFailure) -> Int64 {
        let raw = try varint()
        return Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1)
    }

    /// `count` values of `width` bits packed least significant bit first.
    mutating func unpack(_ count: Int, width: Int, into out: inout [UInt64]) throws(ParquetFailure) {
        guard width > 0 else {
            out.append(contentsOf: repeatElement(0, count: count))
            return
        }
        let packed = try take((count * width + 7) / 8)
        var accumulator: UInt64 = 0
        var bits = 0
        var index = 0
        let mask: UInt64 = width == 64 ? ~0 : (1 << UInt64(width)) - 1
        for _ in 0..<count {
            var value: UInt64
            if bits >= width {
                value = accumulator & mask
                accumulator = width == 64 ? 0 : accumulator >> UInt64(width)
                bits -= width
            } else {
                // Take what is left, then whole bytes until the value is full.
                value = accumulator
                var have = bits
                accumulator = 0
                bits = 0
                while have < width {
                    let byte = UInt64(packed[index])
                    index += 1
                    value |= byte << UInt64(have)
                    let used = min(8, width - have)
                    if used < 8 {
                        accumulator = byte >> UInt64(used)
                        bits = 8 - used
                    }
                    have += used
                }
                value &= mask
            }
            out.append(value)
        }
    }

    /// The RLE / bit-packed hybrid: `count` values of `width` bits.
    mutating func hybrid(_ count: Int, width: Int) throws(ParquetFailure) -> [UInt64] {
        guard width <= 64 else { throw Self.invalid("a bit width of \(width) is more than 64") }
        var values: [UInt64] = []
        values.reserveCapacity(count)
        let valueBytes = (width + 7) / 8
        while values.count < count {
            let header = try varint()
            if header & 1 == 0 {
                let run = Int(clamping: header >> 1)
                var value: UInt64 = 0
                for (i, byte) in try take(valueBytes).enumerated() { value |= UInt64(byte) << UInt64(8 * i) }
                values.append(contentsOf: repeatElement(value, count: min(run, count - values.count)))
            } else {
                let groups = Int(clamping: header >> 1)
                guard groups <= remaining else { throw Self.invalid("a bit-packed run is longer than its page") }
                var run: [UInt64] = []
                run.reserveCapacity(groups * 8)
                // A last run may stop short of its groups' bytes.
                let available = min(groups * 8, remaining * 8 / max(width, 1))
                try unpack(available, width: width, into: &run)
                values.append(contentsOf: run.prefix(count - values.count))
                if available < groups * 8 { break }
            }
        }
        guard values.count == count else {
            throw Self.invalid("a run of levels or indices holds fewer values than its page")
        }
        return values
    }

    /// DELTA_BINARY_PACKED: up to `count` integers.
    mutating func deltaBinaryPacked(_ count: Int) throws(ParquetFailure) -> [Int64] {
        let blockSize = Int(clamping: try varint())
        let miniblocks = Int(clamping: try varint())
        let total = Int(clamping: try varint())
        var last = try zigzag()
        guard blockSize > 0, blockSize % 128 == 0, miniblocks > 0, blockSize % miniblocks == 0,
            (blockSize / miniblocks) % 32 == 0, total <= count + 1, total <= remaining * 64 + 1
        else { throw Self.invalid("a DELTA_BINARY_PACKED header is not one the format allows") }
        var values: [Int64] = []
        values.reserveCapacity(total)
        if total > 0 { values.append(last) }
        let perMiniblock = blockSize / miniblocks
        var deltas: [UInt64] = []
        while values.count < total {
            let minimum = try zigzag()
            let widths = try take(miniblocks)
            for width in widths where values.count < total {
                deltas.removeAll(keepingCapacity: true)
                try unpack(perMiniblock, width: Int(width), into: &deltas)
                for delta in deltas.prefix(total - values.count) {
                    last = last &+ minimum &+ Int64(bitPattern: delta)
                    values.append(last)
                }
            }
        }
        return values
    }

    /// PLAIN, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY and
    /// BYTE_STREAM_SPLIT values of `type`, `count` of them, appended to `values`.
    mutating func append(
        _ count: Int, of type: ParquetType, typeLength: Int, encoding: ParquetEncoding, to values: inout ParquetValues
    ) throws(ParquetFailure) {
        func fixed<T>(_ width: Int, _ array: inout [T], _ load: (UnsafeRawBufferPointer, Int) -> T)
            throws(ParquetFailure)
        {
            let raw = try take(count * width)
            array.reserveCapacity(array.count + count)
            if encoding == .byteStreamSplit {
                var scratch = [UInt8](repeating: 0, count: width)
                for i in 0..<count {
                    for b in 0..<width { scratch[b] = raw[b * count + i] }
                    array.append(scratch.withUnsafeBytes { load($0, 0) })
                }
            } else {
                for i in 0..<count { array.append(load(raw, i * width)) }
            }
        }
        switch (encoding, values) {
        case (.plain, .booleans(var array)):
            var bits: [UInt64] = []
            try unpack(count, width: 1, into: &bits)
            array.append(contentsOf: bits.lazy.map { $0 != 0 })
            values = .booleans(array)
        case (.rle, .booleans(var array)):
            _ = try uint32()
            array.append(contentsOf: try hybrid(count, width: 1).lazy.map { $0 != 0 })
            values = .booleans(array)
        case (.plain, .int32s(var array)), (.byteStreamSplit, .int32s(var array)):
            try fixed(4, &array) {
                Int32(bitPattern: UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: $1, as: UInt32.self)))
            }
            values = .int32s(array)
        case (.plain, .int64s(var array)), (.byteStreamSplit, .int64s(var array)):
            try fixed(8, &array) {
                Int64(bitPattern: UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: $1, as: UInt64.self)))
            }
            values = .int64s(array)
        case (.deltaBinaryPacked, .int32s(var array)):
            array.append(contentsOf: try deltaBinaryPacked(count).lazy.map { Int32(truncatingIfNeeded: $0) })
            values = .int32s(array)
        case (.deltaBinaryPacked, .int64s(var array)):
            array.append(contentsOf: try deltaBinaryPacked(count))
            values = .int64s(array)
        case (.plain, .int96s(var array)):
            array.append(contentsOf: try take(count * 12))
            values = .int96s(array)
        case (.plain, .floats(var array)), (.byteStreamSplit, .floats(var array)):
            try fixed(4, &array) {
                Float(bitPattern: UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: $1, as: UInt32.self)))
            }
            values = .floats(array)
        case (.plain, .doubles(var array)), (.byteStreamSplit, .doubles(var array)):
            try fixed(8, &array) {
                Double(bitPattern: UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: $1, as: UInt64.self)))
            }
            values = .doubles(array)
        case (.plain, .bytes(var arrays)):
            values = .int32s([])  // let `arrays` be uniquely referenced
            arrays.ends.reserveCapacity(arrays.count + count)
            if type == .fixedLengthByteArray {
                let base = arrays.data.count
                arrays.data.append(contentsOf: try take(count * typeLength))
                for i in 0..<count { arrays.ends.append(base + (i + 1) * typeLength) }
            } else {
                for _ in 0..<count { arrays.append(try take(Int(try uint32()))) }
            }
            values = .bytes(arrays)
        case (.deltaLengthByteArray, .bytes(var arrays)):
            values = .int32s([])
            let lengths = try deltaBinaryPacked(count)
            guard lengths.count == count else {
                throw Self.invalid("a DELTA_LENGTH_BYTE_ARRAY page holds too few lengths")
            }
            for length in lengths { arrays.append(try take(Int(clamping: length))) }
            values = .bytes(arrays)
        case (.deltaByteArray, .bytes(var arrays)):
            values = .int32s([])
            let prefixes = try deltaBinaryPacked(count)
            let suffixes = try deltaBinaryPacked(count)
            guard prefixes.count == count, suffixes.count == count else {
                throw Self.invalid("a DELTA_BYTE_ARRAY page holds too few lengths")
            }
            var previous: [UInt8] = []
            for (prefix, suffix) in zip(prefixes, suffixes) {
                guard prefix >= 0, prefix <= previous.count else {
                    throw Self.invalid("a DELTA_BYTE_ARRAY prefix is longer than the value before it")
                }
                previous.removeSubrange(Int(prefix)...)
                previous.append(contentsOf: try take(Int(clamping: suffix)))
                previous.withUnsafeBytes { arrays.append($0) }
            }
            values = .bytes(arrays)
        default:
            throw ParquetFailure(
                "parquet.encoding.unsupported",
                "values encoded as \(encoding) in a \(type) column, which Meridian does not read")
        }
    }
}

extension ParquetValues {
    /// The values of `dictionary` that `indices` name, appended.
    mutating func append(from dictionary: ParquetValues, indices: [UInt64]) throws(ParquetFailure) {
        let size = UInt64(dictionary.count)
        if let bad = indices.first(where: { $0 >= size }) {
            throw ParquetFailure(
                "parquet.dictionary.invalid", "a dictionary index \(bad) is past the dictionary's \(size) values")
        }
        switch (self, dictionary) {
        case (.booleans(var a), .booleans(let d)):
            self = .int32s([])
            a.append(contentsOf: indices.lazy.map { d[Int($0)] })
            self = .booleans(a)
        case (.int32s(var a), .int32s(let d)):
            self = .booleans([])
            a.append(contentsOf: indices.lazy.map { d[Int($0)] })
            self = .int32s(a)
        case (.int64s(var a), .int64s(let d)):
            self = .int32s([])
            a.append(contentsOf: indices.lazy.map { d[Int($0)] })
            self = .int64s(a)
        case (.int96s(var a), .int96s(let d)):
            self = .int32s([])
            for i in indices { a.append(contentsOf: d[Int(i) * 12..<Int(i) * 12 + 12]) }
            self = .int96s(a)
        case (.floats(var a), .floats(let d)):
            self = .int32s([])
            a.append(contentsOf: indices.lazy.map { d[Int($0)] })
            self = .floats(a)
        case (.doubles(var a), .doubles(let d)):
            self = .int32s([])
            a.append(contentsOf: indices.lazy.map { d[Int($0)] })
            self = .doubles(a)
        case (.bytes(var a), .bytes(let d)):
            self = .int32s([])
            a.ends.reserveCapacity(a.count + indices.count)
            d.data.withUnsafeBytes { raw in
                for i in indices { a.append(UnsafeRawBufferPointer(rebasing: raw[d.range(Int(i))])) }
            }
            self = .bytes(a)
        default:
            throw ParquetFailure("parquet.dictionary.invalid", "a dictionary's values are not of its column's type")
        }
    }
}
