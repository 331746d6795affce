import MeridianCore
import MeridianIO
import MeridianJSON

/// A row group's column chunks, encoded, and the values their declared
/// types refused (how many, and the first's row in the group), by column.
struct EncodedRowGroup: Sendable {
    var chunks: [([UInt8], ColumnChunk)] = []
    var refused: [Int: (count: Int, firstRow: Int)]
}

/// One leaf column of a row group as Parquet stores it: definition levels
/// (1 for a value, 0 for null) and the values packed.
struct ParquetLeafData: Sendable {
    var levels: [UInt8] = []
    var values: ParquetValues

    /// The leaves of `rows` spooled rows: the property columns by their
    /// types, the geometry, and the covering's xmin, ymin, xmax and ymax.
    static func collect(
        _ raw: UnsafeRawBufferPointer, rows: Int, columns: Int, types: [GeoParquetWriter.ColumnType]
    ) -> (leaves: [ParquetLeafData], refused: [Int: (count: Int, firstRow: Int)]) {
        var refused: [Int: (count: Int, firstRow: Int)] = [:]
        // Every column's levels, column after column: 0 (null) unless a
        // row has a value there.
        var levels = [UInt8](repeating: 0, count: columns * rows)
        var booleans = [[Bool]](repeating: [], count: columns)
        var integers = [[Int64]](repeating: [], count: columns)
        var doubles = [[Double]](repeating: [], count: columns)
        var texts = [ByteArrays](repeating: ByteArrays(), count: columns)
        var geometry = ByteArrays()
        var geometryLevels: [UInt8] = []
        var boxLevels: [UInt8] = []
        var corners: [[Double]] = [[], [], [], []]
        var position = 0
        func u32() -> Int {
            defer { position += 4 }
            return Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt32.self)))
        }
        func u64() -> UInt64 {
            defer { position += 8 }
            return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: position, as: UInt64.self))
        }
        func text(_ value: String, _ column: Int) {
            var value = value
            value.withUTF8 { texts[column].append(UnsafeRawBufferPointer($0)) }
        }
        for row in 0..<rows {
            let length = u32()
            if length > 0 {
                geometry.append(UnsafeRawBufferPointer(rebasing: raw[position..<position + length]))
                geometryLevels.append(1)
                position += length
                let box = (0..<4).map { _ in Double(bitPattern: u64()) }
                if box[0].isNaN {
                    boxLevels.append(0)
                } else {
                    boxLevels.append(1)
                    for i in 0..<4 { corners[i].append(box[i]) }
                }
            } else {
                geometryLevels.append(0)
                boxLevels.append(0)
            }
            let count = u32()
            for _ in 0..<count {
                let column = u32()
                let tag = raw[position]
                position += 1
                levels[column * rows + row] = 1
                // A value its column's (declared) type cannot hold is null.
                var fits = true
                switch (SpooledRowEncoder.Tag(rawValue: tag) ?? .string, types[column]) {
                case (.bool, .boolean): booleans[column].append(raw[position] != 0)
                case (.bool, .string), (.bool, .json): text(raw[position] != 0 ? "true" : "false", column)
                case (.bool, _): fits = false
                case (.integer, let type):
                    let value = Int64(bitPattern: u64())
                    switch type {
                    case .int64: integers[column].append(value)
                    case .double: doubles[column].append(Double(value))
                    case .boolean: fits = false
                    case .string, .json: text(String(value), column)
                    }
                case (.double, let type):
                    let value = Double(bitPattern: u64())
                    switch type {
                    case .double: doubles[column].append(value)
                    case .int64:
                        if let whole = Int64(exactly: value) { integers[column].append(whole) } else { fits = false }
                    case .boolean: fits = false
                    case .string, .json: text(JSONValue.double(value).compactJSONText, column)
                    }
                case (let kind, let type):
                    let length = u32()
                    let bytes = UnsafeRawBufferPointer(rebasing: raw[position..<position + length])
                    position += length
                    let string = String(decoding: bytes, as: UTF8.self)
                    switch type {
                    case .string: texts[column].append(bytes)
                    case .json where kind == .json: texts[column].append(bytes)
                    case .json: text(JSONValue.string(string).compactJSONText, column)
                    case .int64:
                        if kind == .string, let value = Int64(string) {
                            integers[column].append(value)
                        } else {
                            fits = false
                        }
                    case .double:
                        if kind == .string, let value = Double(string), value.isFinite {
                            doubles[column].append(value)
                        } else {
                            fits = false
                        }
                    case .boolean:
                        if kind == .string, string == "true" || string == "false" {
                            booleans[column].append(string == "true")
                        } else {
                            fits = false
                        }
                    }
                }
                if tag == SpooledRowEncoder.Tag.bool.rawValue { position += 1 }
                if !fits {
                    levels[column * rows + row] = 0
                    refused[column] = ((refused[column]?.count ?? 0) + 1, refused[column]?.firstRow ?? row)
                }
            }
        }
        var leaves: [ParquetLeafData] = []
        for column in 0..<columns {
            let values: ParquetValues =
                switch types[column] {
                case .boolean: .booleans(booleans[column])
                case .int64: .int64s(integers[column])
                case .double: .doubles(doubles[column])
                case .string, .json: .bytes(texts[column])
                }
            leaves.append(ParquetLeafData(levels: Array(levels[column * rows..<(column + 1) * rows]), values: values))
        }
        leaves.append(ParquetLeafData(levels: geometryLevels, values: .bytes(geometry)))
        for corner in corners { leaves.append(ParquetLeafData(levels: boxLevels, values: .doubles(corner))) }
        return (leaves, refused)
    }

    /// The most bytes of values a page holds before the next begins.
    static let pageSize = 1 << 20

    /// The column chunk's pages (data pages v1, PLAIN values, RLE levels),
    /// compressed, and its metadata (the offset left for the caller).
    func encode(path: [String], codec: ParquetCodec) throws(ParquetFailure) -> ([UInt8], ColumnChunk) {
        var chunk = ColumnChunk()
        chunk.path = path
        chunk.codec = codec
        chunk.valueCount = levels.count
        chunk.encodings = [ParquetEncoding.plain.rawValue, ParquetEncoding.rle.rawValue]
        var output: [UInt8] = []
        var value = 0
        var row = 0
        var uncompressed = 0
        while row < levels.count {
            // Rows until the page's values reach the page size.
            let firstRow = row
            let firstValue = value
            var size = 0
            while row < levels.count, size < Self.pageSize {
                if levels[row] == 1 {
                    size += valueSize(value)
                    value += 1
                }
                row += 1
            }
            var page: [UInt8] = []
            appendLevels(levels[firstRow..<row], to: &page)
            appendPlain(firstValue..<value, to: &page)
            let compressed = try ParquetCompression.compress(codec, page)
            var header = ThriftWriter()
            header.structure {
                PageHeader(
                    kind: .data, uncompressedSize: page.count, compressedSize: compressed.count,
                    valueCount: row - firstRow, encoding: .plain
                ).write(&$0)
            }
            guard page.count <= Int(Int32.max) else {
                throw ParquetFailure(
                    "parquet.output.failed", "a page of column \(path.joined(separator: ".")) is over 2 GB")
            }
            output += header.bytes
            output += compressed
            uncompressed += header.bytes.count + page.count
        }
        chunk.type = type
        chunk.uncompressedSize = uncompressed
        chunk.compressedSize = output.count
        chunk.statistics = statistics
        return (output, chunk)
    }

    private var type: ParquetType {
        switch values {
        case .booleans: .boolean
        case .int32s: .int32
        case .int64s: .int64
        case .int96s: .int96
        case .floats: .float
        case .doubles: .double
        case .bytes: .byteArray
        }
    }

    private func valueSize(_ index: Int) -> Int {
        switch values {
        case .booleans: 1
        case .int32s, .floats: 4
        case .int64s, .doubles: 8
        case .int96s: 12
        case .bytes(let arrays): 4 + arrays.range(index).count
        }
    }

    /// Levels as the RLE / bit-packed hybrid (runs only), after their length.
    private func appendLevels(_ levels: ArraySlice<UInt8>, to page: inout [UInt8]) {
        var runs = ThriftWriter()
        var index = levels.startIndex
        while index < levels.endIndex {
            let level = levels[index]
            var end = index + 1
            while end < levels.endIndex, levels[end] == level { end += 1 }
            runs.varint(UInt64(end - index) << 1)
            runs.bytes.append(level)
            index = end
        }
        withUnsafeBytes(of: UInt32(runs.bytes.count).littleEndian) { page.append(contentsOf: $0) }
        page += runs.bytes
    }

    private func appendPlain(_ range: Range<Int>, to page: inout [UInt8]) {
        switch values {
        case .booleans(let flags):
            var byte: UInt8 = 0
            for (offset, flag) in flags[range].enumerated() {
                if flag { byte |= 1 << UInt8(offset % 8) }
                if offset % 8 == 7 {
                    page.append(byte)
                    byte = 0
                }
            }
            if range.count % 8 != 0 { page.append(byte) }
        case .int64s(let numbers):
            numbers[range].withUnsafeBytes { page.append(contentsOf: $0) }
        case .doubles(let numbers):
            numbers[range].withUnsafeBytes { page.append(contentsOf: $0) }
        case .bytes(let arrays):
            arrays.data.withUnsafeBytes { raw in
                for index in range {
                    let bytes = arrays.range(index)
                    withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { page.append(contentsOf: $0) }
                    page.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[bytes]))
                }
            }
        case .int32s, .int96s, .floats:
            break
        }
    }

    /// Null count, and least and greatest values of numbers and booleans.
    private var statistics: ParquetStatistics {
        var statistics = ParquetStatistics(nullCount: levels.count - values.count)
        func bytes<T>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
        switch values {
        case .int64s(let numbers):
            if let low = numbers.min(), let high = numbers.max() {
                (statistics.minimum, statistics.maximum) = (bytes(low.littleEndian), bytes(high.littleEndian))
            }
        case .doubles(let numbers):
            let finite = numbers.lazy.filter { !$0.isNaN }
            if let low = finite.min(), let high = finite.max() {
                // -0.0 and +0.0 as the format asks: the minimum negative, the maximum positive.
                let least = low == 0 ? -0.0 : low
                let greatest = high == 0 ? 0.0 : high
                (statistics.minimum, statistics.maximum) = (
                    bytes(least.bitPattern.littleEndian), bytes(greatest.bitPattern.littleEndian)
                )
            }
        case .booleans(let flags):
            if !flags.isEmpty {
                statistics.minimum = [flags.allSatisfy { $0 } ? 1 : 0]
                statistics.maximum = [flags.contains(true) ? 1 : 0]
            }
        default: break
        }
        return statistics
    }
}
