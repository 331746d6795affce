import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianJSON
import MeridianLibC
import MeridianPlatform

extension OutputFormat {
    /// GeoParquet 1.1: `.parquet`, `.geoparquet`.
    public static let geoParquet = OutputFormat("geoparquet")
}

/// How pages of a written GeoParquet file are compressed.
public enum GeoParquetCompression: String, Sendable, CaseIterable {
    case none, snappy, gzip, zstd

    var codec: ParquetCodec {
        switch self {
        case .none: .uncompressed
        case .snappy: .snappy
        case .gzip: .gzip
        case .zstd: .zstd
        }
    }
}

/// A column's type as written: what a property's values become.
public enum GeoParquetColumnType: String, Sendable, CaseIterable {
    /// BOOLEAN.
    case boolean
    /// INT64.
    case int64
    /// DOUBLE.
    case double
    /// BYTE_ARRAY, STRING.
    case string
    /// BYTE_ARRAY, JSON.
    case json
}

/// GeoParquet's writing settings (`--compression`, `--row-group-size`,
/// `--column`).
public struct GeoParquetWritingOptions: Sendable {
    public var compression: GeoParquetCompression
    /// The most rows in a row group: the unit a reader skips by its
    /// bbox statistics, and what a reader holds in memory.
    public var rowGroupSize: Int

    /// Types declared for properties by name (`--column name:type`),
    /// instead of the type their values imply. A value that cannot be
    /// written as its column's type is written as null, with a warning
    /// (`parquet.output.value-refused`): text that is no number in an
    /// `int64` column, a fraction in an `int64` column, anything but a
    /// boolean (or the text `true` or `false`) in a `boolean` one.
    public var declaredTypes: [String: GeoParquetColumnType] = [:]
    /// Columns shared with other writers, so that the files of a dataset
    /// have the same schema (``SpooledColumns``); nil: the file's own.
    public var sharedColumns: SpooledColumns?

    public init(
        compression: GeoParquetCompression = .snappy, rowGroupSize: Int = 65_536,
        sharedColumns: SpooledColumns? = nil
    ) {
        self.compression = compression
        self.rowGroupSize = rowGroupSize
        self.sharedColumns = sharedColumns
    }
}

enum GeoParquetWritingKey: FormatOptionKey {
    static let defaultValue = GeoParquetWritingOptions()
}

extension WritingOptions {
    /// GeoParquet's settings.
    public var geoParquet: GeoParquetWritingOptions {
        get { self[GeoParquetWritingKey.self] }
        set { self[GeoParquetWritingKey.self] = newValue }
    }
}

/// GeoParquet as an output format (`.parquet`, `.geoparquet`, `--to geoparquet`).
public struct GeoParquetOutputFormat: FeatureOutputFormat {
    public let format = OutputFormat.geoParquet
    public let extensions = [".parquet", ".geoparquet"]
    /// The `geo` metadata records the system in PROJJSON.
    public let writesAnyCoordinateSystem = true

    public init() {}

    public func writer(to destination: OutputDestination, options: WritingOptions) throws(DiagnosticError)
        -> any FeatureWriter
    {
        try GeoParquetWriter(destination: destination, system: options.coordinateSystem, options: options.geoParquet)
    }
}

/// Writes features as GeoParquet 1.1, as geopandas and GDAL write it: a
/// WKB `geometry` column, a `bbox` covering struct (xmin, ymin, xmax,
/// ymax) whose per-row-group statistics let readers skip row groups, and
/// one optional column per property name, typed from every value:
/// BOOLEAN when all are booleans, INT64 when all are integers, DOUBLE
/// when all are numbers, STRING when all are text, JSON when all are
/// arrays or objects, else STRING holding each value's JSON text. A
/// feature's `id` becomes an `id` column where no property has that name.
///
/// The schema must be known before the first row group, so features are
/// spooled to a temporary file as they come (WKB and tagged values, made
/// on any thread by ``batchEncoder``), then written a row group at a
/// time, row groups made on every core: memory holds a few row groups.
final class GeoParquetWriter: BatchFeatureWriter {
    private let destination: OutputDestination
    private let system: WrittenCoordinateSystem?
    private let options: GeoParquetWritingOptions
    private let spool: TemporaryFile
    private let schema: SpooledColumns
    private let statistics = SpoolStatistics()
    /// Where each row group's rows start in the spool, and how many.
    private var groups: [(offset: Int, rows: Int)] = []
    private var rowsInGroup = 0
    private var rows = 0
    /// Values their column's declared type could not hold.
    private var refusedValues: [Diagnostic] = []

    var warnings: [Diagnostic] { refusedValues }

    typealias ColumnType = GeoParquetColumnType

    init(destination: OutputDestination, system: WrittenCoordinateSystem?, options: GeoParquetWritingOptions)
        throws(DiagnosticError)
    {
        self.destination = destination
        self.system = system
        var options = options
        options.rowGroupSize = max(1, options.rowGroupSize)
        self.options = options
        schema = options.sharedColumns ?? SpooledColumns()
        spool = try TemporaryFile(purpose: "parquet")
    }

    var batchEncoder: @Sendable ([Feature]) -> [UInt8] {
        let (schema, statistics) = (self.schema, self.statistics)
        return { features in
            var encoder = SpooledRowEncoder(schema: schema, statistics: statistics)
            for feature in features { encoder.encode(feature) }
            return encoder.finish()
        }
    }

    func write(_ feature: Feature, collection: FeatureCollection, layer: String?) throws(DiagnosticError) {
        try write(encoded: batchEncoder([feature]), count: 1, collection: collection)
    }

    /// Spools rows made by ``batchEncoder``: the rows, then the offset at
    /// which each ends, then their count.
    func write(encoded bytes: [UInt8], count: Int, collection: FeatureCollection) throws(DiagnosticError) {
        let ends = bytes.withUnsafeBytes { raw in
            (0..<count).map { row in
                Int(
                    UInt32(
                        littleEndian: raw.loadUnaligned(
                            fromByteOffset: bytes.count - 4 * (count + 1) + 4 * row, as: UInt32.self)))
            }
        }
        var start = 0
        for end in ends {
            if rowsInGroup == 0 { groups.append((spool.size + start, 0)) }
            rowsInGroup += 1
            groups[groups.count - 1].rows = rowsInGroup
            if rowsInGroup == options.rowGroupSize { rowsInGroup = 0 }
            start = end
        }
        rows += count
        try spool.append(bytes[0..<start], displayName: destination.displayName)
    }

    func discard() { spool.remove() }

    func complete(collection: FeatureCollection) throws(DiagnosticError) {
        try spool.flush(displayName: destination.displayName)
        let columns = schema.columns
        let declared = options.declaredTypes
        let types = zip(columns, schema.kinds).map { declared[$0] ?? $1.type }
        let geometryName = uniqueName("geometry")
        let bboxName = uniqueName("bbox")
        var metadata = FileMetadata()
        metadata.schema = [SchemaElement(repetition: .required, name: "schema", childCount: columns.count + 2)]
        for (name, type) in zip(columns, types) {
            let (physical, meaning): (ParquetType, ParquetMeaning) =
                switch type {
                case .boolean: (.boolean, .none)
                case .int64: (.int64, .none)
                case .double: (.double, .none)
                case .string: (.byteArray, .string)
                case .json: (.byteArray, .json)
                }
            metadata.schema.append(SchemaElement(type: physical, repetition: .optional, name: name, meaning: meaning))
        }
        metadata.schema.append(SchemaElement(type: .byteArray, repetition: .optional, name: geometryName))
        metadata.schema.append(SchemaElement(repetition: .optional, name: bboxName, childCount: 4))
        for corner in ["xmin", "ymin", "xmax", "ymax"] {
            metadata.schema.append(SchemaElement(type: .double, repetition: .required, name: corner))
        }
        metadata.rowCount = rows
        metadata.createdBy = "Meridian"
        metadata.keyValues = [("geo", geoMetadata(geometry: geometryName, bbox: bboxName))]

        let descriptor = open(spool.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DiagnosticError(
                code: "io.temporary", message: "cannot read back the features spooled for \(destination.displayName)")
        }
        defer { _ = Platform.close(descriptor) }
        var offset = 4
        try destination.write(ParquetFile.magic)
        let paths = columns.map { [$0] } + [[geometryName]] + ["xmin", "ymin", "xmax", "ymax"].map { [bboxName, $0] }
        let codec = options.compression.codec
        let columnCount = columns.count
        let name = destination.displayName
        // Row groups are read back, made columns and compressed on every
        // core, a few at a time, and written in order.
        let threads = OrderedWorkPool<Int, Int>.defaultThreads
        let pool = OrderedWorkPool<
            (offset: Int, end: Int, rows: Int), Result<EncodedRowGroup, DiagnosticError>
        >(
            threads: threads
        ) { job in
            Result { () throws(DiagnosticError) in
                var bytes = [UInt8](repeating: 0, count: job.end - job.offset)
                let read = bytes.withUnsafeMutableBytes {
                    Platform.readFully(descriptor, into: $0, at: Int64(job.offset))
                }
                guard read == bytes.count else {
                    throw DiagnosticError(
                        code: "io.temporary", message: "cannot read back the features spooled for \(name)")
                }
                let (leaves, refused) = bytes.withUnsafeBytes { raw in
                    ParquetLeafData.collect(raw, rows: job.rows, columns: columnCount, types: types)
                }
                bytes = []
                var chunks = EncodedRowGroup(refused: refused)
                for (leaf, path) in zip(leaves, paths) {
                    do throws(ParquetFailure) {
                        chunks.chunks.append(try leaf.encode(path: path, codec: codec))
                    } catch {
                        throw DiagnosticError(
                            code: error.code, message: error.reason, location: SourceLocation(file: name))
                    }
                }
                return chunks
            }
        }
        defer { pool.stop() }
        var submitted = 0
        var refusals: [Int: (count: Int, firstRow: Int)] = [:]
        for _ in groups.indices {
            while submitted < groups.count, pool.pending <= threads {
                let end = submitted + 1 < groups.count ? groups[submitted + 1].offset : spool.size
                pool.submit((groups[submitted].offset, end, groups[submitted].rows))
                submitted += 1
            }
            guard let result = pool.next() else { break }
            var columnsWritten: [ColumnChunk] = []
            var total = 0
            let group = try result.get()
            let firstRow = groups[..<metadata.rowGroups.count].reduce(0) { $0 + $1.rows }
            for (column, found) in group.refused {
                let earlier = refusals[column]
                refusals[column] = ((earlier?.count ?? 0) + found.count, earlier?.firstRow ?? firstRow + found.firstRow)
            }
            for (encoded, written) in group.chunks {
                var chunk = written
                chunk.dataPageOffset = offset
                try destination.write(encoded)
                offset += encoded.count
                total += chunk.uncompressedSize
                columnsWritten.append(chunk)
            }
            metadata.rowGroups.append(
                RowGroup(columns: columnsWritten, rowCount: groups[metadata.rowGroups.count].rows, totalSize: total))
        }
        for (column, found) in refusals.sorted(by: { $0.key < $1.key }) {
            refusedValues.append(
                Diagnostic(
                    severity: .warning, code: "parquet.output.value-refused",
                    message:
                        "column \(columns[column]) is declared \(types[column].rawValue): \(found.count) value\(found.count == 1 ? "" : "s") that it cannot hold (the first in row \(found.firstRow + 1)) written as null",
                    location: SourceLocation(file: name, property: columns[column], record: found.firstRow + 1)))
        }
        var footer = ThriftWriter()
        footer.structure { metadata.write(&$0) }
        try destination.write(footer.bytes)
        var tail: [UInt8] = []
        withUnsafeBytes(of: UInt32(footer.bytes.count).littleEndian) { tail.append(contentsOf: $0) }
        try destination.write(tail + ParquetFile.magic)
        spool.remove()
    }

    /// `base`, or `base_1`, `base_2`... when a property has that name.
    private func uniqueName(_ base: String) -> String {
        let taken = Set(schema.columns)
        var name = base
        var number = 0
        while taken.contains(name) || (base == "bbox" && name == "geometry") {
            number += 1
            name = "\(base)_\(number)"
        }
        return name
    }

    /// The `geo` metadata: GeoParquet 1.1, WKB, the types seen, the extent,
    /// the covering and the system.
    private func geoMetadata(geometry: String, bbox: String) -> String {
        var column = JSONObject()
        column["encoding"] = "WKB"
        column["geometry_types"] = .array(statistics.geometryTypes.sorted().map(JSONValue.string))
        if let extent = statistics.extent {
            column["bbox"] = .array([extent.west, extent.south, extent.east, extent.north].map(JSONValue.double))
        }
        column["covering"] = .object(
            JSONObject([
                (
                    "bbox",
                    .object(
                        JSONObject(
                            ["xmin", "ymin", "xmax", "ymax"].map { ($0, .array([.string(bbox), .string($0)])) }))
                )
            ]))
        if let system {
            if let json = system.projjson, let parsed = try? JSONValue(parsing: Array(json.utf8)) {
                column["crs"] = parsed
            } else {
                column["crs"] = .null
            }
        }
        var geo = JSONObject()
        geo["version"] = "1.1.0"
        geo["primary_column"] = .string(geometry)
        geo["columns"] = .object(JSONObject([(geometry, .object(column))]))
        return JSONValue.object(geo).compactJSONText
    }
}

extension SpooledColumns.Kinds {
    /// The column type of values of these kinds.
    var type: GeoParquetColumnType {
        if self == .bool { return .boolean }
        if self == .integer { return .int64 }
        if subtracting([.integer, .double]).isEmpty, !isEmpty { return .double }
        if self == .json { return .json }
        return .string
    }
}
