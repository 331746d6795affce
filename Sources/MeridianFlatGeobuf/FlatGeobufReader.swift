import MeridianArchive
import MeridianCore
import MeridianJSON
import MeridianLibC
import MeridianPlatform

/// Reads the features of a FlatGeobuf file (version 3): its header, its
/// packed Hilbert R-tree when asked for the features within a box, and
/// its features, each a size-prefixed FlatBuffer.
///
/// ```swift
/// let reader = try FlatGeobufReader(path: "parcels.fgb", within: box)  // only what the index names
/// reader.coordinateSystem                                              // "EPSG:27700"
/// while let feature = try reader.next() { ... }
/// ```
///
/// A file is mapped and read in order; a stream (a pipe) is read in order
/// too, past its index, one feature held at a time: memory stays bounded
/// whatever the size. Every offset,
/// count and size the file states is checked against its bytes: a header,
/// index or feature that lies is a located error (`fgb.*`), never a read
/// outside the file. Properties are read in the header's column order,
/// those a feature has no value for left out, as GDAL reads them; Json columns
/// as JSON, DateTime as text, Binary as base64 text.
public final class FlatGeobufReader {
    /// The layer's name: the header's, else the file's stem.
    public let layerName: String
    /// The system the positions are in, as PROJ reads it (`EPSG:27700`, or
    /// WKT); nil for WGS 84 longitude and latitude.
    public let coordinateSystem: String?
    /// Whether the file has a spatial index.
    public let isIndexed: Bool
    /// How many features the header says the file holds (0 when unknown).
    public let declaredCount: Int
    /// Warnings and notes so far.
    public var diagnostics: [Diagnostic] { found.diagnostics }
    /// Bytes read so far.
    public private(set) var bytesConsumed = 0

    /// The file mapped, or nil for a stream read in order.
    private let file: MappedFile?
    private let stream: ByteStream?
    /// The mapped file's bytes (empty for a stream).
    private let bytes: UnsafeRawBufferPointer
    /// A stream's current feature.
    private var featureBuffer: [UInt8] = []
    private let name: String
    private let header: FlatGeobufHeader
    private let featuresStart: Int
    /// The features the index named, when reading within a box.
    private let selected: [(offset: Int, number: Int)]?
    private var position = 0
    private var number = 0
    private var found = DiagnosticCollector(maximumPerCode: 1_000)
    private var noted: Set<String> = []

    /// The most bytes a header may take (its columns and system's WKT).
    static let largestHeader = 64 << 20
    /// The most bytes one feature read from a stream may take (held whole
    /// in memory; a file's are mapped).
    static let largestStreamedFeature = 256 << 20

    /// Opens the file at `path`; with `box`, only the features whose bounds
    /// the index says meet it are read (all of them without an index).
    public convenience init(
        path: String, displayName: String? = nil, within box: BoundingBox? = nil
    ) throws(DiagnosticError) {
        let name = displayName ?? path
        let descriptor = try Platform.openForReading(path, name: name)
        defer { _ = Platform.close(descriptor) }
        try self.init(descriptor: descriptor, prefix: [], seekable: true, name: name, within: box)
    }

    /// Reads from `descriptor`, after `prefix` (bytes already read from it):
    /// a regular file is mapped from its start; a stream is read in order.
    init(
        descriptor: Int32, prefix: [UInt8], seekable: Bool, name: String, within box: BoundingBox?
    ) throws(DiagnosticError) {
        self.name = name
        let headerBytes: [UInt8]
        let bytes: UnsafeRawBufferPointer
        let stream: ByteStream?
        if seekable {
            var status = stat()
            let mapped =
                fstat(descriptor, &status) == 0 ? MappedFile(descriptor: descriptor, count: Int(status.st_size)) : nil
            file = mapped
            stream = nil
            bytes =
                mapped.map { UnsafeRawBufferPointer(start: $0.base, count: $0.count) }
                ?? UnsafeRawBufferPointer(start: nil, count: 0)
            headerBytes = Array(bytes.prefix(12))
        } else {
            file = nil
            stream = ByteStream(descriptor: descriptor, prefix: prefix)
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            var start: [UInt8] = []
            _ = try stream!.read(12, into: &start, name: name)
            headerBytes = start
        }
        self.bytes = bytes
        self.stream = stream
        let magic = FlatGeobufHeader.magic
        guard headerBytes.count >= 12, headerBytes.prefix(3).elementsEqual(magic.prefix(3)),
            headerBytes[4..<7].elementsEqual(magic[4...])
        else {
            throw DiagnosticError(
                code: "fgb.header.invalid", message: "\(name) does not start with FlatGeobuf's magic bytes (fgb 3 fgb)",
                location: SourceLocation(file: name, byteOffset: 0))
        }
        guard headerBytes[3] == 3 else {
            throw DiagnosticError(
                code: "fgb.header.invalid",
                message: "\(name) is FlatGeobuf version \(headerBytes[3]); this reader reads version 3",
                location: SourceLocation(file: name, byteOffset: 3))
        }
        let headerSize = Int(headerBytes.withUnsafeBytes { FlatBufferTable.uint32($0, 8) })
        guard headerSize <= Self.largestHeader else {
            throw DiagnosticError(
                code: "fgb.header.invalid",
                message:
                    "\(name)'s header says it is \(headerSize) bytes, more than the \(Self.largestHeader) a header may take",
                location: SourceLocation(file: name, byteOffset: 8))
        }
        var headerTable: [UInt8] = []
        let available = stream != nil ? try stream!.read(headerSize, into: &headerTable, name: name) : bytes.count - 12
        guard headerSize >= 4, headerSize <= available else {
            throw DiagnosticError(
                code: "fgb.header.invalid",
                message: "\(name)'s header says it is \(headerSize) bytes, but the file holds \(available) after it",
                location: SourceLocation(file: name, byteOffset: 8))
        }
        let parsed =
            stream != nil
            ? headerTable.withUnsafeBytes { raw in Result { () throws(FlatBufferError) in try FlatGeobufHeader(raw) } }
            : Result { () throws(FlatBufferError) in
                try FlatGeobufHeader(UnsafeRawBufferPointer(rebasing: bytes[12..<12 + headerSize]))
            }
        switch parsed {
        case .success(let read): header = read
        case .failure(let error):
            throw DiagnosticError(
                code: "fgb.header.invalid", message: "\(name)'s header cannot be read: \(error.message)",
                location: SourceLocation(file: name, byteOffset: 12))
        }
        let indexStart = 12 + headerSize
        var indexSize = 0
        let count = header.featuresCount
        isIndexed = header.indexNodeSize > 0 && count > 0
        if isIndexed {
            let size =
                count <= UInt64(Int.max) ? PackedRTree.size(items: Int(count), nodeSize: header.indexNodeSize) : nil
            // A stream's index is read past (the caller filters).
            let available = try size.map { size throws(DiagnosticError) in
                try stream?.skip(size, name: name) ?? (bytes.count - indexStart)
            }
            guard let size, let available, size <= available else {
                throw DiagnosticError(
                    code: "fgb.index.invalid",
                    message:
                        "\(name)'s header says it holds \(count) features indexed in nodes of \(header.indexNodeSize), an index larger than the \(available.map(String.init) ?? "") bytes after the header",
                    location: SourceLocation(file: name, byteOffset: 12))
            }
            indexSize = size
        }
        declaredCount = Int(clamping: count)
        featuresStart = indexStart + indexSize
        position = featuresStart
        layerName = header.name.flatMap { $0.isEmpty ? nil : $0 } ?? name.fileStem
        coordinateSystem = header.coordinateSystem
        if let box, isIndexed, coordinateSystem == nil, stream == nil {
            let index = UnsafeRawBufferPointer(rebasing: bytes[indexStart..<featuresStart])
            do {
                selected = try PackedRTree.search(
                    index, items: Int(count), nodeSize: header.indexNodeSize,
                    featuresSize: bytes.count - featuresStart,
                    box: PackedRTree.Box(minX: box.west, minY: box.south, maxX: box.east, maxY: box.north))
            } catch {
                throw DiagnosticError(
                    code: "fgb.index.invalid", message: "\(name)'s index cannot be read: \(error.message)",
                    location: SourceLocation(file: name, byteOffset: indexStart))
            }
        } else {
            selected = nil
        }
    }

    /// The next feature; nil at the end.
    public func next() throws(DiagnosticError) -> Feature? {
        if let stream { return try nextFromStream(stream) }
        let offset: Int
        if let selected {
            guard number < selected.count else { return nil }
            offset = featuresStart + selected[number].offset
        } else {
            guard position < bytes.count else {
                noteCount()
                return nil
            }
            offset = position
        }
        let featureNumber = selected.map { $0[number].number } ?? number
        let location = SourceLocation(file: name, byteOffset: offset, featureID: "#\(featureNumber + 1)")
        guard offset <= bytes.count - 4 else {
            throw DiagnosticError(
                code: "fgb.feature.truncated",
                message:
                    "feature \(featureNumber + 1) of \(name) starts \(bytes.count - offset) bytes before the end, too few for its size",
                location: location)
        }
        let size = Int(FlatBufferTable.uint32(bytes, offset))
        guard size >= 4, size <= bytes.count - offset - 4 else {
            throw DiagnosticError(
                code: "fgb.feature.truncated",
                message:
                    "feature \(featureNumber + 1) of \(name) says it is \(size) bytes, but \(bytes.count - offset - 4) remain",
                location: location)
        }
        let buffer = UnsafeRawBufferPointer(rebasing: bytes[offset + 4..<offset + 4 + size])
        let feature: Feature
        do {
            feature = try decode(buffer)
        } catch {
            throw DiagnosticError(
                code: "fgb.feature.invalid",
                message: "feature \(featureNumber + 1) of \(name) cannot be read: \(error.message)", location: location)
        }
        number += 1
        position = offset + 4 + size
        bytesConsumed = position
        if selected == nil, let file, position - file.released > 1 << 24 { file.release(upTo: position) }
        return feature
    }

    /// The next feature of a stream: its size, then its bytes.
    private func nextFromStream(_ stream: ByteStream) throws(DiagnosticError) -> Feature? {
        let offset = stream.consumed
        let location = SourceLocation(file: name, byteOffset: offset, featureID: "#\(number + 1)")
        let got = try stream.read(4, into: &featureBuffer, name: name)
        if got == 0 {
            noteCount()
            return nil
        }
        let size = got == 4 ? Int(featureBuffer.withUnsafeBytes { FlatBufferTable.uint32($0, 0) }) : 0
        guard size <= Self.largestStreamedFeature else {
            throw DiagnosticError(
                code: "fgb.feature.too-large",
                message:
                    "feature \(number + 1) of \(name) says it is \(size) bytes, more than the \(Self.largestStreamedFeature) a feature read from a stream may take: give the file's path",
                location: location)
        }
        guard size >= 4, try stream.read(size, into: &featureBuffer, name: name) == size else {
            throw DiagnosticError(
                code: "fgb.feature.truncated",
                message: "feature \(number + 1) of \(name) says it is \(size) bytes, but the stream ends before",
                location: location)
        }
        let result = featureBuffer.withUnsafeBytes { raw in
            Result { () throws(FlatBufferError) in try decode(raw) }
        }
        number += 1
        bytesConsumed = stream.consumed
        switch result {
        case .success(let feature): return feature
        case .failure(let error):
            throw DiagnosticError(
                code: "fgb.feature.invalid", message: "feature \(number) of \(name) cannot be read: \(error.message)",
                location: location)
        }
    }

    /// At the end: a header whose count differs from the features read.
    private func noteCount() {
        guard declaredCount != 0, number != declaredCount, !noted.contains("count") else { return }
        noted.insert("count")
        found.append(
            Diagnostic(
                severity: .warning, code: "fgb.count.mismatch",
                message: "\(name)'s header says it holds \(declaredCount) features; \(number) were found",
                location: SourceLocation(file: name, byteOffset: 12)))
    }

    private func decode(_ buffer: UnsafeRawBufferPointer) throws(FlatBufferError) -> Feature {
        let table = try FlatBufferTable(root: buffer)
        var feature = Feature()
        if let geometry = try table.table(0) {
            var notes: Set<String> = []
            feature.geometry = try FlatGeobufGeometry.decode(geometry, type: header.geometryType, notes: &notes)
            for what in notes where !noted.contains(what) { note(what) }
        }
        var values = [JSONValue?](repeating: nil, count: header.columns.count)
        if let (start, count) = try table.vector(1, elementSize: 1) {
            var at = start
            let end = start + count
            while at < end {
                guard at + 2 <= end else { throw FlatBufferError(message: "properties end inside a column number") }
                let column = Int(FlatBufferTable.uint16(buffer, at))
                at += 2
                guard column < values.count else {
                    throw FlatBufferError(
                        message: "a value of column \(column), but the header names \(values.count) columns")
                }
                let type = header.columns[column].type
                let size: Int
                if let fixed = type.fixedSize {
                    size = fixed
                } else {
                    guard at + 4 <= end else { throw FlatBufferError(message: "properties end inside a length") }
                    size = Int(FlatBufferTable.uint32(buffer, at))
                    at += 4
                }
                guard size <= end - at else {
                    throw FlatBufferError(
                        message: "the value of column \"\(header.columns[column].name)\" runs past the properties' end")
                }
                values[column] = try value(of: type, UnsafeRawBufferPointer(rebasing: buffer[at..<at + size]), column)
                at += size
            }
        }
        var properties = JSONObject()
        for (column, value) in zip(header.columns, values) {
            if let value { properties.appendUnchecked(key: column.name, value: value) }
        }
        feature.properties = properties
        return feature
    }

    private func value(of type: FlatGeobufColumnType, _ raw: UnsafeRawBufferPointer, _ column: Int)
        throws(FlatBufferError) -> JSONValue
    {
        func integer<T: FixedWidthInteger>(_: T.Type) -> T { T(littleEndian: raw.loadUnaligned(as: T.self)) }
        switch type {
        case .byte: return .integer(Int64(integer(Int8.self)))
        case .ubyte: return .integer(Int64(integer(UInt8.self)))
        case .bool: return .bool(raw[0] != 0)
        case .short: return .integer(Int64(integer(Int16.self)))
        case .ushort: return .integer(Int64(integer(UInt16.self)))
        case .int: return .integer(Int64(integer(Int32.self)))
        case .uint: return .integer(Int64(integer(UInt32.self)))
        case .long: return .integer(integer(Int64.self))
        case .ulong:
            let number = integer(UInt64.self)
            return Int64(exactly: number).map(JSONValue.integer) ?? .double(Double(number))
        case .float: return .double(Double(Float(bitPattern: integer(UInt32.self))))
        case .double: return .double(Double(bitPattern: integer(UInt64.self)))
        case .string, .dateTime, .json:
            guard let text = String(validating: raw, as: UTF8.self) else {
                throw FlatBufferError(message: "the text of column \"\(header.columns[column].name)\" is not UTF-8")
            }
            if type == .json, let parsed = try? JSONValue(parsing: raw) { return parsed }
            return .string(text)
        case .binary: return .string(String(base64Encoding: raw))
        }
    }

    private func note(_ what: String) {
        noted.insert(what)
        if what == "measures" {
            found.append(
                Diagnostic(
                    severity: .info, code: "fgb.measure.dropped",
                    message: "\(name) has measures (M values), which GeoJSON cannot hold: they are left out",
                    location: SourceLocation(file: name)))
        } else {
            found.append(
                Diagnostic(
                    severity: .warning, code: "fgb.geometry.unsupported",
                    message:
                        "\(name) holds \(what) geometries, which are read as null (convert them to lines or polygons first: ogr2ogr -nlt CONVERT_TO_LINEAR)",
                    location: SourceLocation(file: name)))
        }
    }
}

/// Bytes read in order from a descriptor, after a prefix already read.
final class ByteStream {
    private let descriptor: Int32
    private var prefix: [UInt8]
    private var prefixUsed = 0
    /// Bytes read so far.
    private(set) var consumed = 0

    init(descriptor: Int32, prefix: [UInt8]) {
        self.descriptor = descriptor
        self.prefix = prefix
    }

    /// Replaces `buffer`'s contents with the next `count` bytes (fewer at
    /// the end); returns how many were read. The buffer grows as bytes
    /// come, so a size that lies meets the end before memory runs out.
    func read(_ count: Int, into buffer: inout [UInt8], name: String) throws(DiagnosticError) -> Int {
        buffer.removeAll(keepingCapacity: true)
        let fromPrefix = min(count, prefix.count - prefixUsed)
        if fromPrefix > 0 {
            buffer += prefix[prefixUsed..<prefixUsed + fromPrefix]
            prefixUsed += fromPrefix
            if prefixUsed == prefix.count {
                prefix = []
                prefixUsed = 0
            }
        }
        while buffer.count < count {
            let got = Platform.read(descriptor, appendingTo: &buffer, count: min(count - buffer.count, 1 << 20))
            if got < 0 {
                throw DiagnosticError(
                    code: "io.read", message: "cannot read \(name): \(Platform.errorMessage())",
                    location: SourceLocation(file: name))
            }
            if got == 0 { break }
        }
        consumed += buffer.count
        return buffer.count
    }

    /// Reads past `count` bytes; returns how many there were.
    func skip(_ count: Int, name: String) throws(DiagnosticError) -> Int {
        var chunk: [UInt8] = []
        var skipped = 0
        while skipped < count {
            let got = try read(min(count - skipped, 1 << 20), into: &chunk, name: name)
            if got == 0 { break }
            skipped += got
        }
        return skipped
    }
}
