import MeridianArchive
import MeridianCore
import MeridianJSON
import MeridianLibC
import MeridianPlatform

/// Reads the features of a GeoParquet file (1.0 and 1.1; and a plain
/// Parquet file with a WKB column named `geometry`, `geom` or
/// `wkb_geometry`): one feature per row, its geometry from the primary
/// geometry column's WKB, its properties from the other columns.
///
/// ```swift
/// let reader = try GeoParquetReader(path: "buildings.parquet", within: box)
/// reader.coordinateSystem      // nil: longitude and latitude
/// while let feature = try reader.next() { ... }
/// ```
///
/// The file is mapped; row groups are decoded on every core, a few ahead
/// of the one handed out, so memory holds a few row groups whatever the
/// file's size. With a box, row groups whose bbox covering statistics
/// say they lie outside it are never read. Columns: booleans, integers,
/// floating point, strings and JSON as themselves; dates, times and
/// timestamps as ISO 8601 text; decimals as numbers; UUIDs as text; other
/// binary as base64; structs as objects. Lists and maps are left out,
/// with a warning.
public final class GeoParquetReader {
    /// The layer's name: the file's stem.
    public let layerName: String
    /// The system of the positions, as PROJ reads it (PROJJSON), or nil
    /// for longitude and latitude on WGS 84.
    public let coordinateSystem: String?
    /// The `geo` metadata, when the file has it.
    public let geoMetadata: GeoMetadata?
    /// The number of rows the footer declares.
    public var rowCount: Int { file.metadata.rowCount }
    /// The number of row groups, and how many are read (those a box leaves).
    public var rowGroupCount: Int { file.metadata.rowGroups.count }
    public var rowGroupsRead: Int { groups.count }
    public var diagnostics: [Diagnostic] { found }
    public private(set) var bytesConsumed = 0

    let file: ParquetFile
    let plan: RowPlan
    private let mapped: MappedFile
    private let spool: TemporaryFile?
    private let name: String
    private let groups: [Int]
    private var nextGroup = 0
    private var submitted = 0
    private var batch: [Feature] = []
    private var batchIndex = 0
    private var found: [Diagnostic] = []
    private let pool: OrderedWorkPool<Int, Result<[Feature], DiagnosticError>>
    private let threads: Int

    /// Opens the file at `path`; with `box` (longitude and latitude), row
    /// groups whose covering statistics lie outside it are skipped.
    public convenience init(path: String, displayName: String? = nil, within box: BoundingBox? = nil)
        throws(DiagnosticError)
    {
        let name = displayName ?? path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DiagnosticError(
                code: "io.open", message: "cannot open \(name): \(Platform.errorMessage())",
                location: SourceLocation(file: name))
        }
        defer { _ = Platform.close(descriptor) }
        try self.init(descriptor: descriptor, prefix: [], seekable: true, name: name, within: box, columns: nil)
    }

    /// Reads from `descriptor` after `prefix`; a stream (a pipe) is first
    /// copied to a temporary file, since a Parquet file's footer comes last.
    /// With `columns`, only those properties are read.
    init(
        descriptor: Int32, prefix: [UInt8], seekable: Bool, name: String, within box: BoundingBox?,
        columns: Set<String>?
    ) throws(DiagnosticError) {
        self.name = name
        layerName = name.fileStem
        var source = descriptor
        if seekable {
            spool = nil
        } else {
            let temporary = try TemporaryFile(purpose: "parquet")
            try temporary.write(prefix, displayName: name)
            try temporary.copy(from: descriptor, displayName: name, limit: .max, alreadyWritten: UInt64(prefix.count))
            spool = temporary
            source = open(temporary.path, O_RDONLY | O_CLOEXEC)
            guard source >= 0 else {
                throw DiagnosticError(
                    code: "io.temporary", message: "cannot reopen the copy of \(name): \(Platform.errorMessage())")
            }
        }
        defer { if source != descriptor { _ = Platform.close(source) } }
        var status = stat()
        guard fstat(source, &status) == 0, let mapped = MappedFile(descriptor: source, count: Int(status.st_size))
        else {
            throw DiagnosticError(
                code: "parquet.footer.invalid",
                message: "\(name) is empty, or cannot be mapped: \(Platform.errorMessage())",
                location: SourceLocation(file: name))
        }
        self.mapped = mapped
        let bytes = UnsafeRawBufferPointer(start: mapped.base, count: mapped.count)
        let location = SourceLocation(file: name)
        let parquet: ParquetFile
        do {
            parquet = try ParquetFile(bytes)
        } catch {
            throw DiagnosticError(code: error.code, message: "\(name): \(error.reason)", location: location)
        }
        file = parquet
        var notes: [Diagnostic] = []
        var metadata: GeoMetadata?
        if let text = parquet.metadata.value(forKey: "geo") {
            do {
                metadata = try GeoMetadata(json: text)
            } catch {
                throw DiagnosticError(
                    code: "parquet.geo.invalid", message: "\(name)'s geo metadata \(error.reason)",
                    location: SourceLocation(file: name, jsonPointer: error.pointer))
            }
        }
        geoMetadata = metadata
        let rows: RowPlan
        do {
            rows = try RowPlan(file: parquet, geo: metadata, columns: columns, notes: &notes)
        } catch {
            throw DiagnosticError(code: error.code, message: "\(name): \(error.reason)", location: location)
        }
        for (index, note) in notes.enumerated() {
            var located = note
            located.location = location
            notes[index] = located
        }
        plan = rows
        found = notes
        coordinateSystem = rows.coordinateSystem
        // Row groups a box leaves out, by their covering's statistics
        // (which are in the file's own system: used only for longitude
        // and latitude).
        var groups = Array(parquet.metadata.rowGroups.indices)
        if let box, let covering = rows.covering, rows.coordinateSystem == nil {
            groups = groups.filter { group in
                let chunks = parquet.metadata.rowGroups[group].columns
                func range(_ leaf: Int) -> ClosedRange<Double>? {
                    chunks[leaf].statistics?.doubleRange(of: parquet.leaves[leaf].element.type ?? .boolean)
                }
                guard let xmin = range(covering[0]), let ymin = range(covering[1]), let xmax = range(covering[2]),
                    let ymax = range(covering[3])
                else { return true }
                return xmin.lowerBound <= box.east && xmax.upperBound >= box.west && ymin.lowerBound <= box.north
                    && ymax.upperBound >= box.south
            }
        }
        self.groups = groups
        let startRows = parquet.metadata.rowGroups.reduce(into: [0]) { $0.append($0.last! + $1.rowCount) }
        threads = max(1, min(OrderedWorkPool<Int, Int>.defaultThreads, groups.count))
        pool = OrderedWorkPool(threads: threads) { group in
            Result { () throws(DiagnosticError) in
                try rows.features(of: parquet, rowGroup: group, firstRow: startRows[group], name: name)
            }
        }
    }

    deinit { pool.stop() }

    public func next() throws(DiagnosticError) -> Feature? {
        while batchIndex == batch.count {
            while submitted < groups.count, pool.pending <= threads {
                pool.submit(groups[submitted])
                submitted += 1
            }
            guard let result = pool.next() else { return nil }
            batch = try result.get()
            batchIndex = 0
            bytesConsumed += file.metadata.rowGroups[groups[nextGroup]].columns.reduce(0) { $0 + $1.compressedSize }
            nextGroup += 1
        }
        defer { batchIndex += 1 }
        return batch[batchIndex]
    }
}

/// What a row becomes: which leaf holds the geometry, which fields the
/// properties, and where the bbox covering is.
struct RowPlan: @unchecked Sendable {
    let geometryLeaf: Int?
    let geometryColumn: String?
    let coordinateSystem: String?
    /// The top-level fields read as properties.
    let properties: [ParquetFile.Node]
    /// The covering's xmin, ymin, xmax and ymax leaves.
    let covering: [Int]?

    init(file: ParquetFile, geo: GeoMetadata?, columns: Set<String>?, notes: inout [Diagnostic]) throws(ParquetFailure)
    {
        func leaf(named path: [String]) -> Int? { file.leaves.firstIndex { $0.path == path } }
        var geometryName: String?
        var system: String?
        var covering: [Int]?
        var skipped: Set<String> = []
        if let geo {
            let primary = geo.columns[geo.primaryColumn]!
            guard primary.encoding.lowercased() == "wkb" else {
                throw ParquetFailure(
                    "parquet.geo.unsupported",
                    "the geometry column \(geo.primaryColumn) is encoded as \(primary.encoding); Meridian reads WKB (convert with: ogr2ogr -lco GEOMETRY_ENCODING=WKB)"
                )
            }
            geometryName = geo.primaryColumn
            system = primary.coordinateSystem
            if let paths = primary.covering {
                let leaves = paths.compactMap(leaf(named:))
                guard leaves.count == 4 else {
                    throw ParquetFailure(
                        "parquet.geo.invalid", "the bbox covering names columns the schema does not have")
                }
                covering = leaves
                skipped.insert(paths[0][0])
            }
            skipped.formUnion(geo.columnNames)
        } else if let candidate = ["geometry", "geom", "wkb_geometry"].first(where: { leaf(named: [$0]) != nil }) {
            geometryName = candidate
            notes.append(
                Diagnostic(
                    severity: .warning, code: "parquet.geo.missing",
                    message:
                        "the file has no GeoParquet metadata: column \(candidate) is read as WKB in longitude and latitude"
                ))
        } else {
            notes.append(
                Diagnostic(
                    severity: .warning, code: "parquet.geo.missing",
                    message:
                        "the file has no GeoParquet metadata and no geometry column: its rows are read without geometry"
                ))
        }
        if let geometryName {
            guard let index = leaf(named: [geometryName]), file.leaves[index].element.type == .byteArray,
                file.leaves[index].maximumRepetition == 0
            else {
                throw ParquetFailure(
                    "parquet.geo.invalid", "the geometry column \(geometryName) is not a column of WKB in the schema")
            }
            geometryLeaf = index
        } else {
            geometryLeaf = nil
        }
        geometryColumn = geometryName
        if let geometryName { skipped.insert(geometryName) }
        coordinateSystem = system
        self.covering = covering
        if let other = file.metadata.value(forKey: "pandas"),
            let index = try? JSONValue(parsing: Array(other.utf8)).objectValue?["index_columns"]?.arrayValue
        {
            skipped.formUnion(index.compactMap(\.stringValue))
        }
        var properties: [ParquetFile.Node] = []
        var unsupported: [String] = []
        for field in file.fields where !skipped.contains(field.name) {
            if let columns, !columns.contains(field.name) { continue }
            if Self.hasRepetition(field, in: file) {
                unsupported.append(field.name)
                continue
            }
            properties.append(field)
        }
        if !unsupported.isEmpty {
            notes.append(
                Diagnostic(
                    severity: .warning, code: "parquet.column.unsupported",
                    message:
                        "columns \(unsupported.joined(separator: ", ")) hold lists or maps, which Meridian does not read: they are left out"
                ))
        }
        self.properties = properties
    }

    /// Whether a field holds lists or maps (repeated nodes), which are not read.
    private static func hasRepetition(_ node: ParquetFile.Node, in file: ParquetFile) -> Bool {
        switch node {
        case .leaf(let index, _): file.leaves[index].maximumRepetition > 0
        case .group(_, _, let repeated, let meaning, let children):
            repeated || meaning == .other || children.contains { hasRepetition($0, in: file) }
        }
    }

    /// The leaves a row group's features need.
    var leaves: [Int] { (geometryLeaf.map { [$0] } ?? []) + properties.flatMap(\.leaves) }

    /// The features of one row group.
    func features(of file: ParquetFile, rowGroup: Int, firstRow: Int, name: String) throws(DiagnosticError) -> [Feature]
    {
        let rows = file.metadata.rowGroups[rowGroup].rowCount
        var columns: [Int: (levels: [UInt8]?, values: ParquetValues)] = [:]
        for leaf in leaves {
            do {
                columns[leaf] = try file.read(column: leaf, rowGroup: rowGroup)
            } catch {
                throw DiagnosticError(
                    code: error.code, message: "\(name), row group \(rowGroup): \(error.reason)",
                    location: SourceLocation(file: name, property: file.leaves[leaf].path.joined(separator: ".")))
            }
        }
        var cursors = [Int](repeating: 0, count: file.leaves.count)
        var features: [Feature] = []
        features.reserveCapacity(rows)
        for row in 0..<rows {
            var feature = Feature(geometry: nil)
            if let geometryLeaf, let column = columns[geometryLeaf] {
                if column.levels.map({ Int($0[row]) == file.leaves[geometryLeaf].maximumDefinition }) ?? true,
                    case .bytes(let arrays) = column.values
                {
                    let range = arrays.range(cursors[geometryLeaf])
                    cursors[geometryLeaf] += 1
                    let decoded = arrays.data.withUnsafeBytes {
                        WellKnownBinary.decode(UnsafeRawBufferPointer(rebasing: $0[range]))
                    }
                    switch decoded {
                    case .success(let wkb): feature.geometry = wkb.geometry
                    case .failure(let failure):
                        throw DiagnosticError(
                            code: "parquet.geometry.invalid",
                            message:
                                "\(name), row group \(rowGroup), row \(row + 1): the \(geometryColumn ?? "geometry") is not WKB: \(failure.reason) (byte \(failure.offset))",
                            location: SourceLocation(file: name, property: geometryColumn, record: firstRow + row + 1))
                    }
                }
            }
            var object = JSONObject()
            for field in properties {
                object.appendUnchecked(
                    key: field.name, value: value(of: field, row: row, file: file, columns: columns, cursors: &cursors))
            }
            feature.properties = object
            features.append(feature)
        }
        return features
    }

    /// A field's value in a row, advancing the cursors of its leaves.
    private func value(
        of node: ParquetFile.Node, row: Int, file: ParquetFile,
        columns: [Int: (levels: [UInt8]?, values: ParquetValues)], cursors: inout [Int]
    ) -> JSONValue {
        switch node {
        case .leaf(let index, _):
            guard let column = columns[index] else { return .null }
            if let levels = column.levels, Int(levels[row]) < file.leaves[index].maximumDefinition { return .null }
            defer { cursors[index] += 1 }
            return ParquetValueText.json(column.values, at: cursors[index], element: file.leaves[index].element)
        case .group(_, let definition, _, _, let children):
            // Null when the first leaf's level says the group is absent;
            // the other leaves' levels say the same of this row.
            if let first = node.leaves.first, let levels = columns[first]?.levels, Int(levels[row]) < definition {
                return .null
            }
            var object = JSONObject()
            for child in children {
                object.appendUnchecked(
                    key: child.name, value: value(of: child, row: row, file: file, columns: columns, cursors: &cursors))
            }
            return .object(object)
        }
    }
}
