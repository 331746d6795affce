import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianJSON
import MeridianLibC
import MeridianPlatform

extension OutputFormat {
    /// FlatGeobuf: `.fgb`.
    public static let flatGeobuf = OutputFormat("flatgeobuf")
}

/// FlatGeobuf as an output format (`.fgb`, `--to flatgeobuf`).
public struct FlatGeobufOutputFormat: FeatureOutputFormat {
    public let format = OutputFormat.flatGeobuf
    public let extensions = [".fgb"]
    /// The header records the system.
    public let writesAnyCoordinateSystem = true

    public init() {}

    public func writer(to destination: OutputDestination, options: WritingOptions) throws(DiagnosticError)
        -> any FeatureWriter
    {
        try FlatGeobufWriter(destination: destination, system: options.coordinateSystem)
    }
}

/// Writes features as a FlatGeobuf file with its packed Hilbert R-tree,
/// as GDAL writes one: the header (the layer's name, extent, geometry
/// type, columns, count and system) must come first and the index before
/// the features, so features are spooled to a temporary file as they
/// come (their geometry encoded, their values tagged), then written in
/// the order of their centres along a Hilbert curve, each leaf of the
/// index pointing at one. Memory holds about 60 bytes a feature.
///
/// Columns are typed from every value: Bool when all are booleans, Int
/// (or Long past 32 bits) when all are integers, Double when all are
/// numbers, String when all are text, Json when all are arrays or
/// objects, else String (other values as their JSON text). A feature's
/// `id` is written as an `id` column where it has no property of that
/// name, as GDAL reads a GeoJSON id it cannot keep. Null values are left
/// out, as the format intends.
final class FlatGeobufWriter: FeatureWriter {
    private let destination: OutputDestination
    private let system: WrittenCoordinateSystem?
    private let spool: TemporaryFile
    private var buffer: [UInt8] = []
    private var spooled = 0
    private var records: [(box: PackedRTree.Box, offset: Int)] = []
    private var columns: [String] = []
    private var columnNumbers: [String: Int] = [:]
    private var columnKinds: [ColumnKinds] = []
    private var geometryTypes: Set<UInt8> = []
    private var hasZ = false
    private var extent = PackedRTree.Box.empty

    /// The kinds of value seen in a column.
    struct ColumnKinds: OptionSet {
        let rawValue: UInt8
        static let bool = ColumnKinds(rawValue: 1)
        static let integer = ColumnKinds(rawValue: 2)
        static let wideInteger = ColumnKinds(rawValue: 4)
        static let double = ColumnKinds(rawValue: 8)
        static let string = ColumnKinds(rawValue: 16)
        static let json = ColumnKinds(rawValue: 32)

        var type: FlatGeobufColumnType {
            if self == .bool { return .bool }
            if subtracting([.integer, .wideInteger]).isEmpty { return contains(.wideInteger) ? .long : .int }
            if subtracting([.integer, .wideInteger, .double]).isEmpty { return .double }
            if self == .json { return .json }
            return .string
        }
    }

    /// The tags of values in the spool.
    private enum Tag: UInt8 {
        case bool = 1
        case integer, double, string, json
    }

    /// The index's fan-out, GDAL's default.
    static let nodeSize = 16

    init(destination: OutputDestination, system: WrittenCoordinateSystem?) throws(DiagnosticError) {
        self.destination = destination
        self.system = system
        spool = try TemporaryFile(purpose: "fgb")
    }

    func write(_ feature: Feature, collection: FeatureCollection, layer: String?) throws(DiagnosticError) {
        var box = PackedRTree.Box.empty
        var blob: (bytes: [UInt8], table: Int) = ([], 0)
        var featureHasZ = false
        if let geometry = feature.geometry, geometry.coordinateCount > 0 || geometry.typeName == "GeometryCollection" {
            geometry.forEachCoordinate { position in
                if position.altitude != nil { featureHasZ = true }
                box.expand(
                    PackedRTree.Box(
                        minX: position.longitude, minY: position.latitude, maxX: position.longitude,
                        maxY: position.latitude))
            }
            hasZ = hasZ || featureHasZ
            geometryTypes.insert(FlatGeobufGeometry.type(of: geometry).rawValue)
            blob = FlatGeobufGeometry.encode(geometry, hasZ: featureHasZ)
            extent.expand(box)
        }
        records.append((box, spooled + buffer.count))
        FlatBufferBuilder.append(UInt32(blob.bytes.count), to: &buffer)
        FlatBufferBuilder.append(UInt32(blob.table), to: &buffer)
        buffer.append(featureHasZ ? 1 : 0)
        buffer += blob.bytes
        var values: [(column: Int, value: JSONValue)] = []
        for (key, value) in feature.properties.members where !value.isNull {
            values.append((try column(key), value))
        }
        if let id = feature.id, feature.properties["id"] == nil { values.append((try column("id"), id.jsonValue)) }
        FlatBufferBuilder.append(UInt32(values.count), to: &buffer)
        for (column, value) in values { spoolValue(value, column: column) }
        if buffer.count >= 1 << 20 { try flush() }
    }

    private func column(_ key: String) throws(DiagnosticError) -> Int {
        if let number = columnNumbers[key] { return number }
        guard columns.count <= Int(UInt16.max) else {
            throw DiagnosticError(
                code: "fgb.output.too-many-columns",
                message:
                    "the features have more than 65 536 property names, the most a FlatGeobuf's columns are numbered by: keep fewer (--select)",
                location: SourceLocation(file: destination.displayName, property: key))
        }
        columnNumbers[key] = columns.count
        columns.append(key)
        columnKinds.append([])
        return columns.count - 1
    }

    private func spoolValue(_ value: JSONValue, column: Int) {
        FlatBufferBuilder.append(UInt32(column), to: &buffer)
        switch value {
        case .bool(let flag):
            columnKinds[column].insert(.bool)
            buffer += [Tag.bool.rawValue, flag ? 1 : 0]
        case .integer(let number):
            columnKinds[column].insert(Int32(exactly: number) == nil ? .wideInteger : .integer)
            buffer.append(Tag.integer.rawValue)
            FlatBufferBuilder.append(UInt64(bitPattern: number), to: &buffer)
        case .double(let number):
            columnKinds[column].insert(.double)
            buffer.append(Tag.double.rawValue)
            FlatBufferBuilder.append(number.bitPattern, to: &buffer)
        case .string(let text):
            columnKinds[column].insert(.string)
            buffer.append(Tag.string.rawValue)
            FlatBufferBuilder.append(UInt32(text.utf8.count), to: &buffer)
            buffer += text.utf8
        default:
            columnKinds[column].insert(.json)
            let text = Array(value.compactJSONText.utf8)
            buffer.append(Tag.json.rawValue)
            FlatBufferBuilder.append(UInt32(text.count), to: &buffer)
            buffer += text
        }
    }

    private func flush() throws(DiagnosticError) {
        try spool.write(buffer, displayName: destination.displayName)
        spooled += buffer.count
        buffer.removeAll(keepingCapacity: true)
    }

    func complete(collection: FeatureCollection) throws(DiagnosticError) {
        try flush()
        let types = columnKinds.map(\.type)
        var header = FlatGeobufHeader()
        header.name = destination.layerName
        header.geometryType =
            geometryTypes.count == 1 ? FlatGeobufGeometryType(rawValue: geometryTypes.first!)! : .unknown
        header.hasZ = hasZ
        header.columns = zip(columns, types).map { FlatGeobufHeader.Column(name: $0, type: $1) }
        header.featuresCount = UInt64(records.count)
        header.indexNodeSize = records.isEmpty ? 0 : Self.nodeSize
        if extent.minX <= extent.maxX { header.envelope = [extent.minX, extent.minY, extent.maxX, extent.maxY] }
        if let system {
            header.crsOrganisation = system.authority
            header.crsCode = Int32(truncatingIfNeeded: system.code ?? 0)
            header.crsName = system.name
            header.crsWKT = system.wkt
        } else {
            header.crsOrganisation = "EPSG"
            header.crsCode = 4326
            header.crsName = "WGS 84"
        }
        let headerBytes = header.encoded()
        var start = FlatGeobufHeader.magic + [0]
        FlatBufferBuilder.append(UInt32(headerBytes.count), to: &start)
        try destination.write(start + headerBytes)
        guard !records.isEmpty else { return }

        let mapped = try mapSpool()
        let spoolBytes = UnsafeRawBufferPointer(start: mapped.base, count: mapped.count)
        // Features in the order of their centres along the curve, and
        // where each will start.
        let curve = records.map { PackedRTree.hilbertValue($0.box, extent: extent) }
        let order = records.indices.sorted { curve[$0] != curve[$1] ? curve[$0] > curve[$1] : $0 < $1 }
        func span(_ number: Int) -> Range<Int> {
            records[number].offset..<(number + 1 < records.count ? records[number + 1].offset : spooled)
        }
        var sizes = [Int](repeating: 0, count: records.count)
        var scratch: [UInt8] = []
        for number in records.indices {
            let record = UnsafeRawBufferPointer(rebasing: spoolBytes[span(number)])
            try encodeFeature(from: record, types: types, into: &scratch)
            sizes[number] = scratch.count
            mapped.release(upTo: records[number].offset)
        }
        var offsets: [UInt64] = []
        offsets.reserveCapacity(records.count)
        var offset: UInt64 = 0
        for number in order {
            offsets.append(offset)
            offset += UInt64(4 + sizes[number])
        }
        try destination.write(
            PackedRTree.build(boxes: order.map { records[$0].box }, offsets: offsets, nodeSize: Self.nodeSize))
        // Read back out of order with pread: a mapping would map sixteen
        // pages around each record read, and count them all as memory.
        let descriptor = open(spool.path, O_RDONLY | O_CLOEXEC)
        defer { if descriptor >= 0 { _ = Platform.close(descriptor) } }
        var chunk: [UInt8] = []
        var record: [UInt8] = []
        for number in order {
            let range = span(number)
            record = [UInt8](repeating: 0, count: range.count)
            let got = record.withUnsafeMutableBytes {
                Platform.readFully(descriptor, into: $0, at: Int64(range.lowerBound))
            }
            guard got == range.count else {
                throw DiagnosticError(
                    code: "io.temporary",
                    message: "cannot read back the features spooled for \(destination.displayName)")
            }
            try record.withUnsafeBytes { raw in
                Result { () throws(DiagnosticError) in try encodeFeature(from: raw, types: types, into: &scratch) }
            }.get()
            FlatBufferBuilder.append(UInt32(scratch.count), to: &chunk)
            chunk += scratch
            if chunk.count >= 1 << 20 {
                try destination.write(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        try destination.write(chunk)
        spool.remove()
    }

    func discard() { spool.remove() }

    private func mapSpool() throws(DiagnosticError) -> MappedFile {
        let descriptor = open(spool.path, O_RDONLY | O_CLOEXEC)
        defer { if descriptor >= 0 { _ = Platform.close(descriptor) } }
        guard descriptor >= 0, let mapped = MappedFile(descriptor: descriptor, count: spooled) else {
            throw DiagnosticError(
                code: "io.temporary", message: "cannot read back the features spooled for \(destination.displayName)")
        }
        return mapped
    }

    /// Builds a feature's final buffer from its spooled record.
    private func encodeFeature(
        from spool: UnsafeRawBufferPointer, types: [FlatGeobufColumnType], into bytes: inout [UInt8]
    ) throws(DiagnosticError) {
        var at = 0
        let blobLength = Int(FlatBufferTable.uint32(spool, at))
        var blobTable = Int(FlatBufferTable.uint32(spool, at + 4))
        let blobHasZ = spool[at + 8] != 0
        at += 9
        var blob = Array(UnsafeRawBufferPointer(rebasing: spool[at..<at + blobLength]))
        at += blobLength
        if hasZ, !blobHasZ, !blob.isEmpty {
            // A geometry without altitudes in a file with them: written again with 0.
            blob.withUnsafeBytes { raw in
                var notes: Set<String> = []
                if let table = try? FlatBufferTable(buffer: raw, position: blobTable),
                    let geometry = try? FlatGeobufGeometry.decode(table, type: .unknown, notes: &notes)
                {
                    (blob, blobTable) = FlatGeobufGeometry.encode(geometry, hasZ: true)
                }
            }
        }
        let valueCount = Int(FlatBufferTable.uint32(spool, at))
        at += 4
        var properties: [UInt8] = []
        for _ in 0..<valueCount {
            let column = Int(FlatBufferTable.uint32(spool, at))
            let tag = Tag(rawValue: spool[at + 4])!
            at += 5
            FlatBufferBuilder.append(UInt16(column), to: &properties)
            var number: UInt64 = 0
            var text: UnsafeRawBufferPointer?
            switch tag {
            case .bool:
                number = UInt64(spool[at])
                at += 1
            case .integer, .double:
                number = FlatBufferTable.uint64(spool, at)
                at += 8
            case .string, .json:
                let length = Int(FlatBufferTable.uint32(spool, at))
                text = UnsafeRawBufferPointer(rebasing: spool[at + 4..<at + 4 + length])
                at += 4 + length
            }
            switch (types[column], tag) {
            case (.bool, _): properties.append(UInt8(number))
            case (.int, _): FlatBufferBuilder.append(UInt32(truncatingIfNeeded: number), to: &properties)
            case (.long, _): FlatBufferBuilder.append(number, to: &properties)
            case (.double, .integer):
                FlatBufferBuilder.append(Double(Int64(bitPattern: number)).bitPattern, to: &properties)
            case (.double, _): FlatBufferBuilder.append(number, to: &properties)
            default:
                let value: [UInt8]
                switch tag {
                case .bool: value = Array((number != 0 ? "true" : "false").utf8)
                case .integer: value = Array(String(Int64(bitPattern: number)).utf8)
                case .double: value = Array(JSONValue.double(Double(bitPattern: number)).compactJSONText.utf8)
                case .string, .json: value = Array(text!)
                }
                FlatBufferBuilder.append(UInt32(value.count), to: &properties)
                properties += value
            }
        }
        var builder = FlatBufferBuilder()
        var fields: [FlatBufferBuilder.Field] = []
        if !blob.isEmpty { fields.append(.offset(index: 0)) }
        if !properties.isEmpty { fields.append(.offset(index: 1)) }
        let (root, slots) = builder.table(fields)
        builder.setRoot(root)
        if let slot = slots[0] {
            let position = builder.append(aligned: blob)
            builder.point(slot, to: position + blobTable)
        }
        if let slot = slots[1] {
            let vector = builder.vector(bytes: properties)
            builder.point(slot, to: vector)
        }
        bytes = builder.bytes
    }
}

extension FlatBufferBuilder {
    static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
