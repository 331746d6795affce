import MeridianCore

/// A Parquet file's structure, read from its footer: the schema as a tree
/// with each leaf's definition and repetition levels, and the row groups;
/// and the reading of one leaf's column chunk in one row group.
///
/// The bytes are the whole file (mapped). Every offset and size the
/// footer and the page headers state is checked against them.
struct ParquetFile: @unchecked Sendable {
    /// A leaf column: its schema element, path and levels.
    struct Leaf {
        var element: SchemaElement
        var path: [String]
        var maximumDefinition: Int
        var maximumRepetition: Int
    }

    /// A node of the schema tree: a leaf column, or a group of nodes. (A
    /// struct: as an indirect enum, one node of every file read leaked
    /// under Swift 6.3, as the fuzzer's leak checker found.)
    struct Node {
        var name: String
        /// The leaf's index in ``leaves``; nil for a group.
        var leaf: Int?
        /// The definition level at which a group is present.
        var definition = 0
        var repeated = false
        var meaning = ParquetMeaning.none
        var children: [Node] = []

        /// The leaves under this node, in order.
        var leaves: [Int] { leaf.map { [$0] } ?? children.flatMap(\.leaves) }
    }

    let bytes: UnsafeRawBufferPointer
    let metadata: FileMetadata
    let leaves: [Leaf]
    /// The top-level fields.
    let fields: [Node]

    static let magic: [UInt8] = Array("PAR1".utf8)
    /// The most values one page may hold (levels are held at 8 bytes each
    /// while a page is decoded; writers put some thousands in a page).
    static let largestPageValueCount = 1 << 26
    /// The most bytes a footer may take.
    static let largestFooter = 256 << 20

    init(_ bytes: UnsafeRawBufferPointer) throws(ParquetFailure) {
        self.bytes = bytes
        guard bytes.count >= 12, bytes.prefix(4).elementsEqual(Self.magic), bytes.suffix(4).elementsEqual(Self.magic)
        else {
            if bytes.suffix(4).elementsEqual(Array("PARE".utf8)) {
                throw ParquetFailure(
                    "parquet.encrypted", "the file's footer is encrypted, which Meridian does not read")
            }
            throw ParquetFailure(
                "parquet.footer.invalid", "the file does not start and end with Parquet's magic bytes (PAR1)")
        }
        let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt32.self)))
        guard length <= bytes.count - 12, length <= Self.largestFooter else {
            throw ParquetFailure(
                "parquet.footer.invalid",
                "the footer says it is \(length) bytes, but the file holds \(bytes.count - 12) between its magic bytes")
        }
        let start = bytes.count - 8 - length
        var reader = ThriftReader(UnsafeRawBufferPointer(rebasing: bytes[start..<bytes.count - 8]))
        let metadata: FileMetadata
        do {
            metadata = try FileMetadata(&reader)
        } catch {
            throw ParquetFailure(
                "parquet.footer.invalid", "the footer cannot be read: \(error.reason) (footer byte \(error.offset))")
        }
        // Checked before anything is stored: a struct whose init throws
        // after storing its tree would leak it (Swift 6.3).
        let (leaves, fields) = try Self.tree(metadata.schema)
        var rows = 0
        for (number, group) in metadata.rowGroups.enumerated() {
            guard group.columns.count == leaves.count, group.rowCount >= 0, !leaves.isEmpty || group.rowCount == 0
            else {
                throw ParquetFailure(
                    "parquet.footer.invalid",
                    "row group \(number) has \(group.columns.count) column chunks for the schema's \(leaves.count) columns"
                )
            }
            let (sum, overflow) = rows.addingReportingOverflow(group.rowCount)
            guard !overflow else {
                throw ParquetFailure("parquet.footer.invalid", "the row groups' rows add up past any count")
            }
            rows = sum
        }
        guard rows == metadata.rowCount else {
            throw ParquetFailure(
                "parquet.footer.invalid",
                "the row groups hold \(rows) rows, but the footer says the file has \(metadata.rowCount)")
        }
        self.metadata = metadata
        self.leaves = leaves
        self.fields = fields
    }

    /// The schema's leaves and top-level nodes.
    private static func tree(_ schema: [SchemaElement]) throws(ParquetFailure) -> ([Leaf], [Node]) {
        guard let root = schema.first else { throw ParquetFailure("parquet.footer.invalid", "the schema is empty") }
        var walk = SchemaWalk(schema: schema)
        var fields: [Node] = []
        for _ in 0..<root.childCount {
            fields.append(try walk.node(path: [], definition: 0, repetition: 0, depth: 0))
        }
        guard walk.next == schema.count else {
            throw ParquetFailure("parquet.footer.invalid", "the schema has elements no group names as children")
        }
        return (walk.leaves, fields)
    }

    /// The schema's elements read depth first into nodes. (A struct: a
    /// local function that calls itself and captures its state would leak
    /// that state, the two referring to each other.)
    private struct SchemaWalk {
        let schema: [SchemaElement]
        var next = 1
        var leaves: [Leaf] = []

        mutating func node(path: [String], definition: Int, repetition: Int, depth: Int) throws(ParquetFailure) -> Node
        {
            guard next < schema.count else {
                throw ParquetFailure("parquet.footer.invalid", "the schema names more children than it has elements")
            }
            guard depth < 64 else {
                throw ParquetFailure("parquet.footer.invalid", "the schema nests more than 64 deep")
            }
            let element = schema[next]
            next += 1
            let definition = definition + (element.repetition == .required ? 0 : 1)
            let repetition = repetition + (element.repetition == .repeated ? 1 : 0)
            let path = path + [element.name]
            if element.childCount == 0 {
                guard let type = element.type else {
                    throw ParquetFailure("parquet.footer.invalid", "column \(path.joined(separator: ".")) has no type")
                }
                guard type != .fixedLengthByteArray || (element.typeLength ?? 0) > 0, definition < 256 else {
                    throw ParquetFailure(
                        "parquet.footer.invalid",
                        "column \(path.joined(separator: ".")) has no length or nests too deep")
                }
                leaves.append(
                    Leaf(element: element, path: path, maximumDefinition: definition, maximumRepetition: repetition))
                return Node(name: element.name, leaf: leaves.count - 1)
            }
            var children: [Node] = []
            for _ in 0..<element.childCount {
                children.append(try node(path: path, definition: definition, repetition: repetition, depth: depth + 1))
            }
            return Node(
                name: element.name, definition: definition, repeated: repetition > 0, meaning: element.meaning,
                children: children)
        }
    }

    /// One leaf's column chunk in a row group, decoded: the definition
    /// levels of its rows (nil when the column cannot be null) and its
    /// non-null values.
    func read(column leaf: Int, rowGroup: Int) throws(ParquetFailure) -> (levels: [UInt8]?, values: ParquetValues) {
        let column = leaves[leaf]
        let chunk = metadata.rowGroups[rowGroup].columns[leaf]
        let rows = metadata.rowGroups[rowGroup].rowCount
        let path = column.path.joined(separator: ".")
        guard chunk.externalFile == nil else {
            throw ParquetFailure(
                "parquet.column.unsupported", "column \(path) is kept in another file, \(chunk.externalFile!)")
        }
        guard column.element.type == chunk.type else {
            throw ParquetFailure("parquet.footer.invalid", "column \(path)'s chunk is not of the schema's type")
        }
        var start = chunk.dataPageOffset
        if let dictionary = chunk.dictionaryPageOffset, dictionary > 0, dictionary < start { start = dictionary }
        let end = start + chunk.compressedSize
        guard start >= 4, chunk.compressedSize >= 0, end <= bytes.count - 8 else {
            throw ParquetFailure(
                "parquet.column.invalid",
                "column \(path) says its pages take bytes \(start) to \(end), outside the file's \(bytes.count)")
        }
        guard chunk.valueCount <= chunk.compressedSize * 8 * 255 + rows else {
            throw ParquetFailure(
                "parquet.column.invalid",
                "column \(path) says it holds \(chunk.valueCount) values, more than its bytes can")
        }
        let type = column.element.type!
        let typeLength = Int(column.element.typeLength ?? 0)
        let levelWidth = Int.bitWidth - column.maximumDefinition.leadingZeroBitCount
        var levels: [UInt8]? = column.maximumDefinition > 0 ? [] : nil
        var values = ParquetValues.empty(type)
        var dictionary: ParquetValues?
        var position = start
        var read = 0
        while read < chunk.valueCount, position < end {
            var headerReader = ThriftReader(UnsafeRawBufferPointer(rebasing: bytes[position..<end]))
            let header: PageHeader
            do {
                header = try PageHeader(&headerReader)
            } catch {
                throw ParquetFailure(
                    "parquet.page.invalid",
                    "a page header of column \(path) cannot be read: \(error.reason) (byte \(position + error.offset))")
            }
            position += headerReader.position
            guard header.compressedSize <= end - position else {
                throw ParquetFailure(
                    "parquet.page.invalid",
                    "a page of column \(path) says it is \(header.compressedSize) bytes, past the end of its chunk")
            }
            let body = UnsafeRawBufferPointer(rebasing: bytes[position..<position + header.compressedSize])
            position += header.compressedSize
            do throws(ParquetFailure) {
                switch header.kind {
                case .index:
                    continue
                case .dictionary:
                    let plain = try ParquetCompression.decompress(chunk.codec, body, count: header.uncompressedSize)
                    var decoded = ParquetValues.empty(type)
                    try plain.withParquetBytes { raw throws(ParquetFailure) in
                        var decoder = ParquetDecoder(raw)
                        try decoder.append(
                            header.valueCount, of: type, typeLength: typeLength, encoding: .plain, to: &decoded)
                    }
                    dictionary = decoded
                case .data, .dataV2:
                    guard header.valueCount <= Self.largestPageValueCount else {
                        throw ParquetFailure(
                            "parquet.page.too-large",
                            "a page says it holds \(header.valueCount) values, more than the \(Self.largestPageValueCount) a page may"
                        )
                    }
                    guard header.valueCount <= rows - read || column.maximumRepetition > 0 else {
                        throw ParquetDecoder.invalid("a page holds more values than its row group has rows")
                    }
                    var pageLevels: [UInt64]?
                    let content: [UInt8]
                    var valuesStart = 0
                    if header.kind == .data {
                        content = try ParquetCompression.decompress(chunk.codec, body, count: header.uncompressedSize)
                        try content.withParquetBytes { raw throws(ParquetFailure) in
                            var decoder = ParquetDecoder(raw)
                            if column.maximumRepetition > 0 { _ = try decoder.take(Int(try decoder.uint32())) }
                            if column.maximumDefinition > 0 {
                                var levelDecoder = ParquetDecoder(try decoder.take(Int(try decoder.uint32())))
                                pageLevels = try levelDecoder.hybrid(header.valueCount, width: levelWidth)
                            }
                            valuesStart = decoder.position
                        }
                    } else {
                        let levelBytes = header.repetitionLevelsLength + header.definitionLevelsLength
                        guard levelBytes <= body.count, levelBytes <= header.uncompressedSize else {
                            throw ParquetDecoder.invalid("a page's levels are longer than the page")
                        }
                        if column.maximumDefinition > 0 {
                            var levelDecoder = ParquetDecoder(
                                UnsafeRawBufferPointer(rebasing: body[header.repetitionLevelsLength..<levelBytes]))
                            pageLevels = try levelDecoder.hybrid(header.valueCount, width: levelWidth)
                        }
                        let rest = UnsafeRawBufferPointer(rebasing: body[levelBytes...])
                        content =
                            header.isCompressed
                            ? try ParquetCompression.decompress(
                                chunk.codec, rest, count: header.uncompressedSize - levelBytes)
                            : Array(rest)
                    }
                    let present: Int
                    if let pageLevels {
                        let top = UInt64(column.maximumDefinition)
                        var count = 0
                        for level in pageLevels {
                            guard level <= top else {
                                throw ParquetDecoder.invalid("a definition level is past the column's \(top)")
                            }
                            if level == top { count += 1 }
                        }
                        present = count
                        levels?.append(contentsOf: pageLevels.lazy.map { UInt8(truncatingIfNeeded: $0) })
                    } else {
                        present = header.valueCount
                    }
                    let before = values.count
                    try content.withParquetBytes { raw throws(ParquetFailure) in
                        var decoder = ParquetDecoder(
                            UnsafeRawBufferPointer(rebasing: raw[min(valuesStart, raw.count)...]))
                        switch header.encoding {
                        case .plainDictionary, .rleDictionary:
                            guard let dictionary else {
                                throw ParquetFailure(
                                    "parquet.dictionary.invalid",
                                    "a page refers to a dictionary the column does not have")
                            }
                            guard present > 0 else { return }
                            let width = Int(try decoder.take(1)[0])
                            try values.append(from: dictionary, indices: try decoder.hybrid(present, width: width))
                        default:
                            try decoder.append(
                                present, of: type, typeLength: typeLength, encoding: header.encoding, to: &values)
                        }
                    }
                    guard values.count == before + present else {
                        throw ParquetDecoder.invalid(
                            "a page holds \(values.count - before) values where its levels say \(present)")
                    }
                    read += header.valueCount
                }
            } catch {
                throw ParquetFailure(error.code, "column \(path): \(error.reason)")
            }
        }
        guard read == chunk.valueCount || column.maximumRepetition > 0, read == rows || column.maximumRepetition > 0
        else {
            throw ParquetFailure(
                "parquet.column.invalid",
                "column \(path) holds \(read) values in row group \(rowGroup), which has \(rows) rows (its chunk says \(chunk.valueCount))"
            )
        }
        return (levels, values)
    }
}
