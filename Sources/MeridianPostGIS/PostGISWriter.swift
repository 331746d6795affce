import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianJSON
import MeridianLibC
import MeridianPlatform

/// Writes features into a PostGIS table, as `ogr2ogr -f PostgreSQL` does
/// but in PostgreSQL's binary COPY: features are spooled to a private
/// temporary file as they come (EWKB and tagged values, encoded on every
/// core), so that each property's type is known when the table is
/// created; then, in one transaction, the table is created with typed
/// columns (boolean, bigint, double precision, text, or jsonb for objects,
/// arrays and columns of mixed kinds) and a `geometry` column of the
/// features' type and SRID, the rows are loaded with `COPY … FROM STDIN
/// (FORMAT binary)`, a primary key is set (the features' ids when every
/// feature has one and they are distinct, else a `fid` identity column)
/// and a GiST index is built. A failure anywhere rolls everything back: the
/// database is left as it was.
final class PostGISWriter: BatchFeatureWriter {
    private let location: PostGISLocation
    private let connection: PostgresConnection
    private let srid: Int32
    /// The geometry column of a table appended to.
    private let existingGeometry: String?
    private let tableName: (schema: String?, name: String)
    private let schema = SpooledColumns()
    private let statistics = SpoolStatistics()
    private let spool: TemporaryFile
    /// Runs of spooled rows: where each starts, its bytes and its rows.
    private var segments: [(offset: Int, bytes: Int, rows: Int)] = []
    private var rows = 0
    private var committed = false
    private(set) var warnings: [Diagnostic] = []

    init(destination: OutputDestination, system: WrittenCoordinateSystem?) throws(DiagnosticError) {
        guard let url = destination.location else {
            throw DiagnosticError(
                code: "postgis.location",
                message: "\(destination.displayName) is not a PostGIS location (postgresql://…?table=name)",
                location: SourceLocation(file: destination.displayName))
        }
        let location = try PostGISLocation(url)
        guard location.query == nil, let table = location.table else {
            throw DiagnosticError(
                code: "postgis.location",
                message: location.query == nil
                    ? "name the table to write (?table=name or ?table=schema.name)"
                    : "a query is read, not written; name a table (?table=name)",
                location: SourceLocation(file: location.displayName))
        }
        var warnings: [Diagnostic] = []
        var srid: Int32 = 4326
        if let system {
            if system.authority?.uppercased() == "EPSG", let code = system.code {
                srid = Int32(code)
            } else {
                srid = 0
                warnings.append(
                    Diagnostic(
                        severity: .warning, code: "postgis.srid.unknown",
                        message: "\(system.name) has no EPSG code: the geometries are written with SRID 0",
                        location: SourceLocation(file: location.displayName)))
            }
        }
        // Connected, and the table checked, before any feature is read.
        let connection = try PostgresConnection(location)
        let shown = Self.displayName(table)
        let extensionFound = try connection.execute(
            "SELECT count(*) FROM pg_type WHERE typname = 'geometry'", doing: "looking for PostGIS")
        guard extensionFound.rows.first?[0] != "0" else {
            throw DiagnosticError(
                code: "postgis.query",
                message: "the database has no PostGIS: run CREATE EXTENSION postgis in it (as its owner) first",
                location: SourceLocation(file: location.displayName))
        }
        let found = try connection.execute(
            "SELECT to_regclass($1) IS NOT NULL", [Self.quoted(table)], doing: "looking for the table \(shown)")
        let exists = found.rows.first?[0] == "t"
        switch location.mode {
        case .create where exists:
            throw DiagnosticError(
                code: "postgis.table.exists",
                message:
                    "the table \(shown) exists; add mode=replace to replace it or mode=append to add to it",
                location: SourceLocation(file: location.displayName))
        case .append where !exists:
            throw DiagnosticError(
                code: "postgis.table.missing", message: "no table \(shown) to append to",
                location: SourceLocation(file: location.displayName))
        default: break
        }
        var existingGeometry: String?
        if location.mode == .append {
            let column = try connection.execute(
                """
                SELECT a.attname FROM pg_attribute a JOIN pg_type t ON t.oid = a.atttypid \
                WHERE a.attrelid = to_regclass($1) AND t.typname IN ('geometry', 'geography') \
                AND NOT a.attisdropped ORDER BY a.attnum LIMIT 1
                """, [Self.quoted(table)], doing: "finding the geometry column of \(shown)")
            existingGeometry = column.rows.first?[0] ?? nil
        }
        let spool = try TemporaryFile(purpose: "postgis")
        self.existingGeometry = existingGeometry
        self.location = location
        self.connection = connection
        self.srid = srid
        self.tableName = table
        self.warnings = warnings
        self.spool = spool
    }

    private static func displayName(_ table: (schema: String?, name: String)) -> String {
        (table.schema.map { "\($0)." } ?? "") + table.name
    }

    private static func quoted(_ table: (schema: String?, name: String)) -> String {
        (table.schema.map { PostGISLocation.quoted($0) + "." } ?? "") + PostGISLocation.quoted(table.name)
    }

    private var displayTable: String { Self.displayName(tableName) }

    private var quotedTable: String { Self.quoted(tableName) }

    var batchEncoder: @Sendable ([Feature]) -> [UInt8] {
        let (schema, statistics, srid) = (self.schema, self.statistics, self.srid)
        return { features in
            var encoder = SpooledRowEncoder(schema: schema, statistics: statistics, srid: srid)
            for feature in features { encoder.encode(feature) }
            return encoder.finish()
        }
    }

    func write(_ feature: Feature, collection: FeatureCollection, layer: String?) throws(DiagnosticError) {
        try write(encoded: batchEncoder([feature]), count: 1, collection: collection)
    }

    /// Spools rows made by ``batchEncoder`` (their bytes, without the ends
    /// and count that follow them).
    func write(encoded bytes: [UInt8], count: Int, collection: FeatureCollection) throws(DiagnosticError) {
        guard count > 0 else { return }
        let length = bytes.count - 4 * (count + 1)
        let offset = spool.size
        if let last = segments.last, last.bytes < 4 << 20 {
            segments[segments.count - 1].bytes += length
            segments[segments.count - 1].rows += count
        } else {
            segments.append((offset, length, count))
        }
        rows += count
        try spool.append(bytes[0..<length], displayName: location.displayName)
    }

    func discard() {
        if !committed { _ = try? connection.execute("ROLLBACK", doing: "rolling back") }
        spool.remove()
    }

    /// A column of the table: its name and SQL type.
    enum ColumnType: String {
        case boolean, bigint
        case double = "double precision"
        case text, jsonb
    }

    func complete(collection: FeatureCollection) throws(DiagnosticError) {
        try spool.flush(displayName: location.displayName)
        let names = schema.columns
        let types = schema.kinds.map { kinds -> ColumnType in
            if kinds == .bool { return .boolean }
            if kinds == .integer { return .bigint }
            if kinds.subtracting([.integer, .double]).isEmpty, !kinds.isEmpty { return .double }
            if kinds == .string { return .text }
            return .jsonb
        }
        // PostgreSQL keeps the first 63 bytes of a name: longer ones are
        // cut (at a character's end) and made distinct.
        var taken: Set<String> = []
        func distinct(_ name: String) -> String {
            var base = name
            while base.utf8.count > 63 { base.removeLast() }
            var candidate = base
            var number = 0
            while taken.contains(candidate) {
                number += 1
                var short = base
                while short.utf8.count > 56 { short.removeLast() }
                candidate = "\(short)_\(number)"
            }
            taken.insert(candidate)
            if candidate != name {
                warnings.append(
                    Diagnostic(
                        severity: .warning, code: "postgis.output.renamed",
                        message: "the property \(name) is written as the column \(candidate)",
                        location: SourceLocation(file: location.displayName, property: name)))
            }
            return candidate
        }
        let columns = names.map(distinct)
        let geometryName =
            location.geometryColumn ?? existingGeometry
            ?? (taken.contains("geom") ? distinctName("geom", taken) : "geom")
        taken.insert(geometryName)
        let hasIDs = names.contains("id")
        let keyName = distinctName("fid", taken)

        let doing = "writing the table \(displayTable)"
        try connection.execute("BEGIN", doing: doing)
        do throws(DiagnosticError) {
            let target: String
            let copyColumns = [PostGISLocation.quoted(geometryName)] + columns.map(PostGISLocation.quoted)
            let definitions =
                zip(columns, types).map { "\(PostGISLocation.quoted($0)) \($1.rawValue)" }
                + ["\(PostGISLocation.quoted(geometryName)) \(geometryType(geometryName))"]
            switch location.mode {
            case .append:
                // Loaded as this writer's types, then inserted: PostgreSQL
                // casts each value to the existing column's type.
                target = "meridian_load"
                try connection.execute(
                    "CREATE TEMPORARY TABLE meridian_load (\(definitions.joined(separator: ", "))) ON COMMIT DROP",
                    doing: doing)
            case .replace, .create:
                if location.mode == .replace {
                    try connection.execute("DROP TABLE IF EXISTS \(quotedTable)", doing: "dropping \(displayTable)")
                }
                let key =
                    hasIDs ? [] : ["\(PostGISLocation.quoted(keyName)) bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY"]
                try connection.execute(
                    "CREATE TABLE \(quotedTable) (\((key + definitions).joined(separator: ", ")))",
                    doing: "creating \(displayTable)")
                target = quotedTable
            }
            try load(into: target, columns: copyColumns, types: types, doing: doing)
            switch location.mode {
            case .append:
                try connection.execute(
                    "INSERT INTO \(quotedTable) (\(copyColumns.joined(separator: ", "))) SELECT \(copyColumns.joined(separator: ", ")) FROM meridian_load",
                    code: "postgis.load", doing: "appending to \(displayTable)")
            case .replace, .create:
                if hasIDs { try setPrimaryKey(ids: columns[names.firstIndex(of: "id")!], key: keyName) }
                try connection.execute(
                    "CREATE INDEX ON \(quotedTable) USING GIST (\(PostGISLocation.quoted(geometryName)))",
                    doing: "indexing \(displayTable)")
            }
            try connection.execute("COMMIT", code: "postgis.load", doing: doing)
            committed = true
        } catch {
            _ = try? connection.execute("ROLLBACK", doing: "rolling back")
            throw error
        }
        spool.remove()
        // Statistics for the planner; a failure here loses nothing.
        _ = try? connection.execute("ANALYZE \(quotedTable)", doing: "analysing \(displayTable)")
    }

    private func distinctName(_ base: String, _ taken: Set<String>) -> String {
        var name = base
        var number = 0
        while taken.contains(name) {
            number += 1
            name = "\(base)_\(number)"
        }
        return name
    }

    /// The geometry column's type: the features' one type (with Z when
    /// every one has altitudes), `Geometry` for several; a column of
    /// geometries with and without Z has no type but its SRID's check.
    private func geometryType(_ column: String) -> String {
        let types = statistics.geometryTypes
        let withZ = types.filter { $0.hasSuffix(" Z") }
        if !withZ.isEmpty && withZ.count != types.count {
            return "geometry CHECK (ST_SRID(\(PostGISLocation.quoted(column))) = \(srid))"
        }
        let plain = Set(types.map { $0.hasSuffix(" Z") ? String($0.dropLast(2)) : $0 })
        let type = plain.count == 1 ? plain.first! : "Geometry"
        return "geometry(\(type)\(withZ.isEmpty ? "" : "Z"), \(srid))"
    }

    /// Makes the ids' column the primary key when the ids are all there
    /// and distinct; otherwise adds an identity column `key` for it.
    private func setPrimaryKey(ids: String, key: String) throws(DiagnosticError) {
        try connection.execute("SAVEPOINT meridian_key", doing: "setting the primary key")
        do throws(DiagnosticError) {
            try connection.execute(
                "ALTER TABLE \(quotedTable) ADD PRIMARY KEY (\(PostGISLocation.quoted(ids)))",
                doing: "setting the primary key")
        } catch {
            try connection.execute("ROLLBACK TO SAVEPOINT meridian_key", doing: "setting the primary key")
            try connection.execute(
                "ALTER TABLE \(quotedTable) ADD COLUMN \(PostGISLocation.quoted(key)) bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
                doing: "adding a primary key")
            warnings.append(
                Diagnostic(
                    severity: .warning, code: "postgis.output.key",
                    message:
                        "the features' ids are missing or repeated, so \(key) is the primary key and the ids are the column \(ids)",
                    location: SourceLocation(file: location.displayName, property: ids)))
        }
    }

    /// Streams the spool into `table` with binary COPY: segments made
    /// tuples on every core, sent in order.
    private func load(into table: String, columns: [String], types: [ColumnType], doing: String)
        throws(DiagnosticError)
    {
        try connection.startCopy(
            "COPY \(table) (\(columns.joined(separator: ", "))) FROM STDIN (FORMAT binary)", doing: doing)
        let descriptor = open(spool.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DiagnosticError(
                code: "io.temporary", message: "cannot read back the features spooled for \(location.displayName)")
        }
        defer { _ = Platform.close(descriptor) }
        var header: [UInt8] = [0x50, 0x47, 0x43, 0x4F, 0x50, 0x59, 0x0A, 0xFF, 0x0D, 0x0A, 0x00]
        header += [UInt8](repeating: 0, count: 8)
        do throws(DiagnosticError) {
            try connection.putCopyData(header, doing: doing)
            let name = location.displayName
            let threads = OrderedWorkPool<Int, Int>.defaultThreads
            let pool = OrderedWorkPool<(offset: Int, bytes: Int, rows: Int), Result<[UInt8], DiagnosticError>>(
                threads: threads
            ) { segment in
                var bytes = [UInt8](repeating: 0, count: segment.bytes)
                let read = bytes.withUnsafeMutableBytes {
                    Platform.readFully(descriptor, into: $0, at: Int64(segment.offset))
                }
                guard read == bytes.count else {
                    return .failure(
                        DiagnosticError(
                            code: "io.temporary", message: "cannot read back the features spooled for \(name)"))
                }
                return .success(bytes.withUnsafeBytes { Self.tuples($0, rows: segment.rows, types: types) })
            }
            defer { pool.stop() }
            var submitted = 0
            for _ in segments.indices {
                while submitted < segments.count, pool.pending <= threads {
                    pool.submit(segments[submitted])
                    submitted += 1
                }
                guard let result = pool.next() else { break }
                let tuples = try result.get()
                try connection.putCopyData(tuples, doing: doing)
            }
            try connection.putCopyData([0xFF, 0xFF], doing: doing)
        } catch {
            try? connection.endCopy(error: "abandoned", doing: doing)
            throw error
        }
        try connection.endCopy(doing: doing)
    }

    /// Spooled rows as COPY's binary tuples: the geometry, then a field
    /// per column in the column's type.
    static func tuples(_ raw: UnsafeRawBufferPointer, rows: Int, types: [ColumnType]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count + rows * (2 + 4 * types.count))
        var at = 0
        func u32() -> Int {
            defer { at += 4 }
            return Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
        }
        func u64() -> UInt64 {
            defer { at += 8 }
            return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
        func append32(_ value: Int32) { withUnsafeBytes(of: value.bigEndian) { out.append(contentsOf: $0) } }
        func append64(_ value: UInt64) { withUnsafeBytes(of: value.bigEndian) { out.append(contentsOf: $0) } }
        func jsonField(_ text: String) {
            append32(Int32(text.utf8.count + 1))
            out.append(1)
            out.append(contentsOf: text.utf8)
        }
        // Where each column's field is in the tuple being made, or nil.
        var fields = [(tag: UInt8, at: Int, count: Int)?](repeating: nil, count: types.count)
        for _ in 0..<rows {
            withUnsafeBytes(of: Int16(1 + types.count).bigEndian) { out.append(contentsOf: $0) }
            let length = u32()
            if length > 0 {
                append32(Int32(length))
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[at..<at + length]))
                at += length + 32  // the box that follows
            } else {
                append32(-1)
            }
            for index in fields.indices { fields[index] = nil }
            let count = u32()
            for _ in 0..<count {
                let column = u32()
                let tag = raw[at]
                at += 1
                let start = at
                switch SpooledRowEncoder.Tag(rawValue: tag) {
                case .bool: at += 1
                case .integer, .double: at += 8
                default:
                    let length = u32()
                    at += length
                }
                fields[column] = (tag, start, at - start)
            }
            for (column, type) in types.enumerated() {
                guard let field = fields[column] else {
                    append32(-1)
                    continue
                }
                let tag = SpooledRowEncoder.Tag(rawValue: field.tag)
                at = field.at
                switch (type, tag) {
                case (.boolean, _):
                    append32(1)
                    out.append(raw[at])
                case (.bigint, _):
                    append32(8)
                    append64(u64())
                case (.double, .integer?):
                    append32(8)
                    append64(Double(Int64(bitPattern: u64())).bitPattern)
                case (.double, _):
                    append32(8)
                    append64(u64())
                case (.text, _):
                    let length = u32()
                    append32(Int32(length))
                    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[at..<at + length]))
                case (.jsonb, .json?):
                    let length = u32()
                    append32(Int32(length + 1))
                    out.append(1)
                    out.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[at..<at + length]))
                case (.jsonb, .string?):
                    let length = u32()
                    let text = String(decoding: UnsafeRawBufferPointer(rebasing: raw[at..<at + length]), as: UTF8.self)
                    jsonField(JSONValue.string(text).compactJSONText)
                case (.jsonb, .integer?):
                    jsonField(String(Int64(bitPattern: u64())))
                case (.jsonb, .double?):
                    jsonField(JSONValue.double(Double(bitPattern: u64())).compactJSONText)
                case (.jsonb, _):
                    jsonField(raw[at] != 0 ? "true" : "false")
                }
            }
            at = fields.compactMap { $0.map { $0.at + $0.count } }.max() ?? at
        }
        return out
    }
}
