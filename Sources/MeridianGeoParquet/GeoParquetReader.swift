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
    private let name: String
    private let groups: [Int]
    private let startRows: [Int]
    private var nextGroup = 0
    /// Slices of decoded row groups not yet handed to the pool.
    private var waiting: [RowSlice] = []
    private var batch: [Feature] = []
    private var batchIndex = 0
    private var found: [Diagnostic] = []
    private let pool: OrderedWorkPool<RowSlice, Result<SliceResult, DiagnosticError>>
    /// The rows' extent so far, and the geometry types met that the
    /// metadata does not list.
    private var extent: BoundingBox?
    private var undeclaredTypes: Set<String> = []
    private var coveringMismatches = 0
    private var checkedExtent = false
    private let threads: Int

    /// Opens the file at `path`; with `box` (longitude and latitude), row
    /// groups whose covering statistics lie outside it are skipped.
    public convenience init(path: String, displayName: String? = nil, within box: BoundingBox? = nil)
        throws(DiagnosticError)
    {
        let name = displayName ?? path
        let descriptor = try Platform.openForReading(path, name: name)
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
        var source = descriptor
        var spool: TemporaryFile?
        if !seekable {
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
        let mapping = fstat(source, &status) == 0 ? MappedFile(descriptor: source, count: Int(status.st_size)) : nil
        // The copy is mapped: its name can go now, whatever happens next.
        spool?.remove()
        guard let mapped = mapping else {
            throw DiagnosticError(
                code: "parquet.footer.invalid",
                message: "\(name) is empty, or cannot be mapped: \(Platform.errorMessage())",
                location: SourceLocation(file: name))
        }
        let bytes = UnsafeRawBufferPointer(start: mapped.base, count: mapped.count)
        let location = SourceLocation(file: name)
        let parquet: ParquetFile
        do {
            parquet = try ParquetFile(bytes)
        } catch {
            throw DiagnosticError(code: error.code, message: error.reason, location: location)
        }
        var notes: [Diagnostic] = []
        var metadata: GeoMetadata?
        if let text = parquet.metadata.value(forKey: "geo") {
            do {
                metadata = try GeoMetadata(json: text)
            } catch {
                throw DiagnosticError(
                    code: "parquet.geo.invalid", message: "the geo metadata \(error.reason)",
                    location: SourceLocation(file: name, jsonPointer: error.pointer))
            }
        }
        let rows: RowPlan
        do {
            rows = try RowPlan(file: parquet, geo: metadata, columns: columns, notes: &notes)
        } catch {
            throw DiagnosticError(code: error.code, message: error.reason, location: location)
        }
        for (index, note) in notes.enumerated() {
            var located = note
            located.location.file = name
            notes[index] = located
        }
        // Stored only now that nothing can throw: a class whose init throws
        // after storing the schema's tree leaked it (Swift 6.3).
        self.mapped = mapped
        file = parquet
        geoMetadata = metadata
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
        self.name = name
        layerName = name.fileStem
        startRows = parquet.metadata.rowGroups.reduce(into: [0]) { $0.append($0.last! + $1.rowCount) }
        threads = OrderedWorkPool<Int, Int>.defaultThreads
        pool = OrderedWorkPool(threads: threads) { slice in
            Result { () throws(DiagnosticError) in try rows.features(of: slice, file: parquet, name: name) }
        }
    }

    deinit { pool.stop() }

    /// Once every row is read: the declared bbox must hold every geometry.
    private func checkExtent() {
        guard !checkedExtent, groups.count == rowGroupCount else { return }
        checkedExtent = true
        guard let extent, let declared = geoMetadata?.columns[geoMetadata!.primaryColumn]?.bbox else { return }
        let (west, south) = (declared[0], declared[1])
        let (east, north) = declared.count == 6 ? (declared[3], declared[4]) : (declared[2], declared[3])
        let slack = 1e-9 * max(1, abs(west), abs(east), abs(south), abs(north))
        // A bbox across the antimeridian (west > east) is not checked.
        guard west <= east else { return }
        if extent.west < west - slack || extent.south < south - slack || extent.east > east + slack
            || extent.north > north + slack
        {
            found.append(
                Diagnostic(
                    severity: .warning, code: "parquet.geo.bbox-mismatch",
                    message:
                        "the geo metadata gives the bbox [\(declared.map { "\($0)" }.joined(separator: ", "))], but the geometries reach [\(extent.west), \(extent.south), \(extent.east), \(extent.north)]",
                    location: SourceLocation(file: name, jsonPointer: "/columns/\(plan.geometryColumn ?? "")/bbox")))
        }
    }

    public func next() throws(DiagnosticError) -> Feature? {
        while batchIndex == batch.count {
            // On one thread, slices are made here, in order.
            if threads == 1 {
                if waiting.isEmpty { try decodeNextGroup() }
                guard !waiting.isEmpty else {
                    checkExtent()
                    return nil
                }
                take(try plan.features(of: waiting.removeFirst(), file: file, name: name))
                continue
            }
            // Keep the threads busy: decode the next row group when its
            // slices run low, and hand slices out a few ahead.
            while pool.pending <= threads {
                if waiting.isEmpty { try decodeNextGroup() }
                guard !waiting.isEmpty else { break }
                pool.submit(waiting.removeFirst())
            }
            guard let result = pool.next() else {
                checkExtent()
                return nil
            }
            take(try result.get())
        }
        defer { batchIndex += 1 }
        return batch[batchIndex]
    }

    /// Decodes the next row group into slices, when one is left.
    private func decodeNextGroup() throws(DiagnosticError) {
        guard nextGroup < groups.count else { return }
        let group = groups[nextGroup]
        nextGroup += 1
        let decoded = try plan.decode(file, rowGroup: group, firstRow: startRows[group], name: name, threads: threads)
        waiting = plan.slices(of: decoded, file: file)
        bytesConsumed += file.metadata.rowGroups[group].columns.reduce(0) { $0 + $1.compressedSize }
    }

    /// Hands out a slice's features, noting what it found.
    private func take(_ slice: SliceResult) {
        batch = slice.features
        batchIndex = 0
        if let box = slice.extent {
            if extent == nil { extent = box } else { extent!.extend(box) }
        }
        for (type, warning) in slice.undeclaredTypes.sorted(by: { $0.key < $1.key })
        where undeclaredTypes.insert(type).inserted {
            found.append(warning)
        }
        for warning in slice.coveringMismatches.prefix(1_000 - coveringMismatches) {
            found.append(warning)
            coveringMismatches += 1
        }
    }
}

/// What one slice's rows became and found.
struct SliceResult: Sendable {
    var features: [Feature] = []
    var extent: BoundingBox?
    /// The first row of each geometry type the metadata does not list.
    var undeclaredTypes: [String: Diagnostic] = [:]
    /// Rows whose covering box does not hold their geometry (the first thousand).
    var coveringMismatches: [Diagnostic] = []
}

/// Rows of a decoded row group made into features on one thread, with
/// the index of each leaf's first value among them.
struct RowSlice: @unchecked Sendable {
    let decoded: DecodedRowGroup
    let rows: Range<Int>
    let cursors: [Int]
}

/// What a row becomes: which leaf holds the geometry, which fields the
/// properties, and where the bbox covering is.
struct RowPlan: @unchecked Sendable {
    let geometryLeaf: Int?
    let geometryColumn: String?
    let coordinateSystem: String?
    /// The top-level fields read as properties.
    let properties: [ParquetFile.Node]
    /// The covering's xmin, ymin, xmax and ymax leaves, and its column.
    let covering: [Int]?
    let coveringColumn: String?
    /// The geometry types the metadata declares (empty: any).
    let declaredTypes: Set<String>
    /// Each leaf's maximum definition level.
    let maximumDefinitions: [Int]

    init(file: ParquetFile, geo: GeoMetadata?, columns: Set<String>?, notes: inout [Diagnostic]) throws(ParquetFailure)
    {
        func leaf(named path: [String]) -> Int? { file.leaves.firstIndex { $0.path == path } }
        func note(_ code: String, _ message: String, at pointer: String? = nil) {
            notes.append(
                Diagnostic(
                    severity: .warning, code: code, message: message, location: SourceLocation(jsonPointer: pointer)))
        }
        var geometryName: String?
        var system: String?
        var covering: [Int]?
        var skipped: Set<String> = []
        if let geo {
            let primary = geo.columns[geo.primaryColumn]!
            guard primary.encoding.lowercased() == "wkb" else {
                throw ParquetFailure(
                    "parquet.geo.unsupported",
                    "the geometry column \(geo.primaryColumn) is encoded as \(primary.encoding); Meridian reads WKB (geopandas writes it with geometry_encoding='WKB')"
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
                if leaves.contains(where: { ![.double, .float].contains(file.leaves[$0].element.type) }) {
                    note(
                        "parquet.geo.schema", "the bbox covering's columns are not all DOUBLE or FLOAT",
                        at: "/columns/\(geo.primaryColumn)/covering/bbox")
                }
            }
            skipped.formUnion(geo.columnNames)
            for problem in geo.ruleBreaks() {
                note(
                    "parquet.geo.schema", "the geo metadata's \(problem.pointer) \(problem.reason)", at: problem.pointer
                )
            }
            for name in geo.columnNames where leaf(named: [name]).map({ file.leaves[$0].element.type }) != .byteArray {
                note(
                    "parquet.geo.schema",
                    "the geo metadata describes column \(name), which is not a column of binary values",
                    at: "/columns/\(name)")
            }
        } else if let candidate = ["geometry", "geom", "wkb_geometry"].first(where: { leaf(named: [$0]) != nil }) {
            geometryName = candidate
            note(
                "parquet.geo.missing",
                "the file has no GeoParquet metadata: column \(candidate) is read as WKB in longitude and latitude")
        } else {
            note(
                "parquet.geo.missing",
                "the file has no GeoParquet metadata and no geometry column: its rows are read without geometry")
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
        coveringColumn = geo?.columns[geo!.primaryColumn]?.covering?.first?.first
        declaredTypes = Set(geo?.columns[geo!.primaryColumn]?.geometryTypes ?? [])
        maximumDefinitions = file.leaves.map(\.maximumDefinition)
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
            note(
                "parquet.column.unsupported",
                "columns \(unsupported.joined(separator: ", ")) hold lists or maps, which Meridian does not read: they are left out"
            )
        }
        self.properties = properties
    }

    /// Whether a field holds lists or maps (repeated nodes), which are not read.
    private static func hasRepetition(_ node: ParquetFile.Node, in file: ParquetFile) -> Bool {
        if let leaf = node.leaf { return file.leaves[leaf].maximumRepetition > 0 }
        return node.repeated || node.meaning == .other || node.children.contains { hasRepetition($0, in: file) }
    }

    /// The leaves a row group's features need.
    var leaves: [Int] { (geometryLeaf.map { [$0] } ?? []) + (covering ?? []) + properties.flatMap(\.leaves) }

    /// The names of the properties, shared by every feature's object.
    var keys: [String] { properties.map(\.name) }

    /// The rows a slice makes into features on one thread.
    static let sliceRows = 2_048

    /// Decodes the columns of one row group, a column per thread.
    func decode(
        _ file: ParquetFile, rowGroup: Int, firstRow: Int, name: String, threads: Int
    ) throws(DiagnosticError) -> DecodedRowGroup {
        // At least one column is read, whose values prove the rows' count.
        let leaves = self.leaves.isEmpty && !file.leaves.isEmpty ? [0] : self.leaves
        let results = OrderedWorkPool<Int, Result<(levels: [UInt8]?, values: ParquetValues), ParquetFailure>>.results(
            of: leaves, threads: min(threads, leaves.count)
        ) { leaf in
            Result { () throws(ParquetFailure) in try file.read(column: leaf, rowGroup: rowGroup) }
        }
        var columns = [(levels: [UInt8]?, values: ParquetValues)?](repeating: nil, count: file.leaves.count)
        for (leaf, result) in zip(leaves, results) {
            switch result {
            case .success(let column): columns[leaf] = column
            case .failure(let error):
                throw DiagnosticError(
                    code: error.code, message: "row group \(rowGroup): \(error.reason)",
                    location: SourceLocation(file: name, property: file.leaves[leaf].path.joined(separator: ".")))
            }
        }
        return DecodedRowGroup(
            group: rowGroup, firstRow: firstRow, rowCount: file.metadata.rowGroups[rowGroup].rowCount, columns: columns,
            leaves: file.leaves)
    }

    /// A decoded row group cut into slices of ``sliceRows`` rows.
    func slices(of decoded: DecodedRowGroup, file: ParquetFile) -> [RowSlice] {
        var cursors = [Int](repeating: 0, count: file.leaves.count)
        var slices: [RowSlice] = []
        var start = 0
        while start < decoded.rowCount {
            let end = min(start + Self.sliceRows, decoded.rowCount)
            slices.append(RowSlice(decoded: decoded, rows: start..<end, cursors: cursors))
            for (leaf, view) in decoded.views.enumerated() {
                guard let view else { continue }
                cursors[leaf] += (start..<end).reduce(0) { $0 + (view.isPresent($1) ? 1 : 0) }
            }
            start = end
        }
        return slices
    }

    /// The features of a slice's rows, and what they say of the metadata:
    /// rows whose covering box does not hold their geometry, geometry types
    /// the metadata does not declare, and the rows' extent.
    func features(of slice: RowSlice, file: ParquetFile, name: String) throws(DiagnosticError) -> SliceResult {
        let views = slice.decoded.views
        var cursors = slice.cursors
        var result = SliceResult()
        let keys = self.keys
        let index = keys.count > JSONObject.indexedCount ? JSONObject.index(of: keys) : nil
        let packer = PackedJSONValues.Writer()
        // Each property's leaf, or -1 for a struct, read the slow way.
        let fields = properties.map { field -> Int in
            if let leaf = field.leaf, views[leaf] != nil { return leaf }
            return -1
        }
        let geometry = geometryLeaf.flatMap { views[$0] }
        result.features.reserveCapacity(slice.rows.count)
        for row in slice.rows {
            var feature = Feature(geometry: nil)
            if let geometry, let leaf = geometryLeaf, geometry.isPresent(row) {
                let decoded = WellKnownBinary.decode(geometry.bytes(cursors[leaf]))
                cursors[leaf] += 1
                switch decoded {
                case .success(let wkb): feature.geometry = wkb.geometry
                case .failure(let failure):
                    throw DiagnosticError(
                        code: "parquet.geometry.invalid",
                        message:
                            "row group \(slice.decoded.group), row \(row + 1): the \(geometryColumn ?? "geometry") is not WKB: \(failure.reason) (byte \(failure.offset))",
                        location: SourceLocation(
                            file: name, property: geometryColumn, record: slice.decoded.firstRow + row + 1))
                }
            }
            if let geometry = feature.geometry, let box = geometry.boundingBox {
                if result.extent == nil { result.extent = box } else { result.extent!.extend(box) }
                check(geometry, box: box, row: row, slice: slice, cursors: &cursors, result: &result, name: name)
            } else if let covering {
                for leaf in covering where views[leaf]?.isPresent(row) ?? false { cursors[leaf] += 1 }
            }
            packer.removeAll()
            for (position, leaf) in fields.enumerated() {
                guard leaf >= 0, let view = views[leaf] else {
                    packer.append(value(of: properties[position], row: row, views: views, cursors: &cursors))
                    continue
                }
                if view.isPresent(row) {
                    ParquetValueText.append(view, at: cursors[leaf], to: packer)
                    cursors[leaf] += 1
                } else {
                    packer.appendNull()
                }
            }
            feature.properties = JSONObject(distinctKeys: keys, packed: packer.packed, index: index)
            result.features.append(feature)
        }
        return result
    }

    /// Checks a row's geometry against its covering box and the declared
    /// geometry types, advancing the covering's cursors.
    private func check(
        _ geometry: Geometry, box: BoundingBox, row: Int, slice: RowSlice, cursors: inout [Int],
        result: inout SliceResult, name: String
    ) {
        let record = slice.decoded.firstRow + row + 1
        if !declaredTypes.isEmpty {
            var hasZ = false
            geometry.forEachCoordinate { if $0.altitude != nil { hasZ = true } }
            let type = geometry.typeName + (hasZ ? " Z" : "")
            if !declaredTypes.contains(type), result.undeclaredTypes[type] == nil {
                result.undeclaredTypes[type] = Diagnostic(
                    severity: .warning, code: "parquet.geo.type-undeclared",
                    message:
                        "row group \(slice.decoded.group), row \(row + 1): a \(type), which the geo metadata's geometry_types (\(declaredTypes.sorted().joined(separator: ", "))) does not list",
                    location: SourceLocation(file: name, property: geometryColumn, record: record))
            }
        }
        guard let covering else { return }
        var corners: [Double] = []
        for leaf in covering {
            guard let view = slice.decoded.views[leaf], view.isPresent(row) else { continue }
            switch view.kind {
            case .doubles: corners.append(view.double(cursors[leaf]))
            case .floats: corners.append(Double(view.float(cursors[leaf])))
            default: return
            }
            cursors[leaf] += 1
        }
        // Float columns are rounded outward: a little slack for their precision.
        let slack = 1e-6 * max(1, abs(box.west), abs(box.east), abs(box.south), abs(box.north))
        let holds =
            corners.count == 4 && corners[0] <= box.west + slack && corners[1] <= box.south + slack
            && corners[2] >= box.east - slack && corners[3] >= box.north - slack
        guard !holds, result.coveringMismatches.count < 1_000 else { return }
        let stated = corners.count == 4 ? "[\(corners.map { "\($0)" }.joined(separator: ", "))]" : "null"
        result.coveringMismatches.append(
            Diagnostic(
                severity: .warning, code: "parquet.covering.mismatch",
                message:
                    "row group \(slice.decoded.group), row \(row + 1): the bbox covering \(stated) does not hold the geometry's box [\(box.west), \(box.south), \(box.east), \(box.north)]",
                location: SourceLocation(file: name, property: coveringColumn, record: record)))
    }

    /// A field's value in a row (a struct as an object), advancing the
    /// cursors of its leaves.
    private func value(of node: ParquetFile.Node, row: Int, views: [LeafView?], cursors: inout [Int]) -> JSONValue {
        if let index = node.leaf {
            guard let view = views[index], view.isPresent(row) else { return .null }
            defer { cursors[index] += 1 }
            return ParquetValueText.json(view, at: cursors[index])
        }
        // Null when the first leaf's level says the group is absent; the
        // other leaves' levels say the same of this row.
        if let first = node.leaves.first, let view = views[first], let levels = view.levels,
            Int(levels[row]) < node.definition
        {
            return .null
        }
        var object = JSONObject()
        for child in node.children {
            object.appendUnchecked(key: child.name, value: value(of: child, row: row, views: views, cursors: &cursors))
        }
        return .object(object)
    }

}
