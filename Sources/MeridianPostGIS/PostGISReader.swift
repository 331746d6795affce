import MeridianCore
import MeridianJSON

/// Reads the rows of a PostGIS table or query as features, streamed with
/// `COPY (SELECT …) TO STDOUT (FORMAT binary)`: the geometry as EWKB
/// (its SRID checked against the column's), a table's single-column
/// primary key as each feature's id, booleans, integers, floats and text
/// in PostgreSQL's binary form, and every other type as the server's
/// `to_jsonb` makes it (numerics as numbers, timestamps as ISO 8601
/// strings, arrays as arrays). A box (`--bbox`) is passed to the server as
/// `&&` when the column is in WGS 84, so its spatial index is used;
/// `--select` reads only those columns.
public final class PostGISReader {
    /// The table's name (or `query`), as `convert --layer` names a layer.
    public let layerName: String
    /// The coordinate reference system of the geometry column, as PROJ
    /// reads one; nil for WGS 84 (SRID 4326, or 0).
    public let coordinateSystem: String?
    /// The SRID of the geometry column.
    public let srid: Int32
    /// The geometry column read, if any.
    public let geometryColumn: String?
    /// The primary key read as each feature's id, if any.
    public let keyColumn: String?
    /// The server's version, for `info`.
    public let serverVersion: String
    public private(set) var diagnostics: [Diagnostic] = []

    private let connection: PostgresConnection
    private let location: PostGISLocation
    private let properties: [(name: String, decoding: Decoding)]
    private let keyDecoding: Decoding?
    private let keys: [String]
    private let keyIndex: JSONObject.KeyIndex?
    private let packer = PackedJSONValues.Writer()
    private var pending: [UInt8] = []
    private var position = 0
    private var headerRead = false
    private var ended = false
    private var rows = 0
    private var mixedSRIDs = 0

    /// How a column's binary value is decoded.
    enum Decoding {
        case bool, int2, int4, int8, oid, float4, float8, text, json, jsonb
    }

    private static let binaryDecodings: [UInt32: Decoding] = [
        16: .bool, 21: .int2, 23: .int4, 20: .int8, 26: .oid, 700: .float4, 701: .float8, 25: .text, 1043: .text,
        1042: .text, 19: .text, 114: .json, 3802: .jsonb,
    ]

    /// Connects to `location` and starts reading its rows; `box`, in WGS
    /// 84, is passed to the server when the column is in WGS 84;
    /// `columns`, when given, are the only properties read.
    public convenience init(location url: String, within box: BoundingBox? = nil, columns: Set<String>? = nil)
        throws(DiagnosticError)
    {
        try self.init(PostGISLocation(url), within: box, columns: columns)
    }

    init(_ location: PostGISLocation, within box: BoundingBox?, columns selected: Set<String>?) throws(DiagnosticError)
    {
        self.location = location
        let connection = try PostgresConnection(location)
        self.connection = connection
        let name = location.displayName
        let source: String
        var keyColumn: String?
        if let table = location.table, let quoted = location.quotedTable {
            let found = try connection.execute(
                "SELECT to_regclass($1)::oid", [quoted], code: "postgis.table.missing", doing: "finding \(quoted)")
            guard let oid = found.rows.first?[0] else {
                let tables = try connection.execute(
                    "SELECT f_table_schema || '.' || f_table_name FROM geometry_columns ORDER BY 1 LIMIT 20",
                    code: "postgis.table.missing", doing: "listing the tables with geometry")
                let known = tables.rows.compactMap { $0[0] }
                throw DiagnosticError(
                    code: "postgis.table.missing",
                    message:
                        "no table \(table.schema.map { "\($0)." } ?? "")\(table.name)"
                        + (known.isEmpty
                            ? " (the database has no table with geometry)"
                            : " (tables with geometry: \(known.joined(separator: ", ")))"),
                    location: SourceLocation(file: name))
            }
            source = "SELECT * FROM \(quoted)"
            let key = try connection.execute(
                """
                SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid \
                AND a.attnum = ANY(i.indkey) WHERE i.indrelid = $1::oid AND i.indisprimary
                """, [oid], doing: "finding the primary key of \(quoted)")
            if key.rows.count == 1 { keyColumn = key.rows[0][0] }
            layerName = table.name
        } else if let query = location.query {
            source = query
            layerName = "query"
        } else {
            throw DiagnosticError(
                code: "postgis.location",
                message: "name a table (?table=name) or a query (?query=SQL) to read",
                location: SourceLocation(file: name))
        }
        let described = try connection.describe(source, doing: "reading the columns")
        let spatial = try connection.execute(
            "SELECT oid::text, typname FROM pg_type WHERE typname IN ('geometry', 'geography')",
            doing: "finding PostGIS's types")
        var spatialTypes: [UInt32: String] = [:]
        for row in spatial.rows {
            if let oid = row[0].flatMap(UInt32.init), let type = row[1] { spatialTypes[oid] = type }
        }
        let geometry: (name: String, type: String)?
        if let wanted = location.geometryColumn {
            guard let column = described.first(where: { $0.name == wanted }), let type = spatialTypes[column.type]
            else {
                throw DiagnosticError(
                    code: "postgis.geometry.missing",
                    message: "no geometry or geography column named \(wanted)",
                    location: SourceLocation(file: name, property: wanted))
            }
            geometry = (wanted, type)
        } else {
            geometry = described.first { spatialTypes[$0.type] != nil }.map { ($0.name, spatialTypes[$0.type]!) }
        }
        geometryColumn = geometry?.name
        if let keyColumn, let key = described.first(where: { $0.name == keyColumn }) {
            self.keyColumn = keyColumn
            keyDecoding = Self.binaryDecodings[key.type]
        } else {
            self.keyColumn = nil
            keyDecoding = nil
        }
        var expressions: [String] = []
        if let keyColumn = self.keyColumn {
            let quoted = PostGISLocation.quoted(keyColumn)
            expressions.append(keyDecoding == nil ? "to_jsonb(\(quoted))" : quoted)
        }
        var srid: Int32 = 0
        if let geometry {
            let quoted = PostGISLocation.quoted(geometry.name)
            let expression = geometry.type == "geography" ? "\(quoted)::geometry" : quoted
            expressions.append(expression)
            let found = try connection.execute(
                "SELECT ST_SRID(\(expression)) FROM (\(source)) AS meridian_source WHERE \(quoted) IS NOT NULL LIMIT 1",
                doing: "reading the SRID of \(geometry.name)")
            srid = found.rows.first?[0].flatMap { Int32($0) } ?? 0
        }
        self.srid = srid
        if srid == 0 || srid == 4326 {
            coordinateSystem = nil
        } else {
            let system = try connection.execute(
                "SELECT auth_name, auth_srid::text, srtext FROM spatial_ref_sys WHERE srid = $1", [String(srid)],
                doing: "finding SRID \(srid)")
            guard let row = system.rows.first else {
                throw DiagnosticError(
                    code: "postgis.srid.unknown",
                    message: "the SRID \(srid) of \(geometry?.name ?? "the geometry") is not in spatial_ref_sys",
                    location: SourceLocation(file: name, property: geometry?.name))
            }
            if row[0]?.uppercased() == "EPSG", let code = row[1] {
                coordinateSystem = "EPSG:\(code)"
            } else {
                coordinateSystem = row[2]
            }
        }
        var properties: [(String, Decoding)] = []
        for column in described where column.name != geometry?.name && column.name != self.keyColumn {
            if let selected, !selected.contains(column.name) { continue }
            let quoted = PostGISLocation.quoted(column.name)
            if let decoding = Self.binaryDecodings[column.type] {
                properties.append((column.name, decoding))
                expressions.append(quoted)
            } else {
                properties.append((column.name, .jsonb))
                expressions.append("to_jsonb(\(quoted))")
            }
        }
        self.properties = properties
        keys = properties.map(\.0)
        keyIndex = keys.count > JSONObject.indexedCount ? JSONObject.index(of: keys) : nil
        var filter = ""
        if let box, let geometry, srid == 0 || srid == 4326 {
            let envelope =
                "ST_MakeEnvelope(\(box.west), \(box.south), \(box.east), \(box.north), \(srid))"
                + (geometry.type == "geography" ? "::geography" : "")
            filter = " WHERE \(PostGISLocation.quoted(geometry.name)) && \(envelope)"
        }
        let select = expressions.isEmpty ? "NULL" : expressions.joined(separator: ", ")
        serverVersion =
            (try? connection.execute("SHOW server_version", doing: "reading the server's version").rows.first?[0]
                ?? nil) ?? "?"
        try connection.startCopy(
            "COPY (SELECT \(select) FROM (\(source)) AS meridian_source\(filter)) TO STDOUT (FORMAT binary)",
            doing: "reading the rows")
    }

    /// The next row as a feature; nil at the end.
    public func next() throws(DiagnosticError) -> Feature? {
        while true {
            if let feature = try nextBuffered() { return feature }
            if ended { return nil }
            let more = try connection.nextCopyChunk(doing: "reading the rows") { chunk in
                if position > 0 && position == pending.count {
                    pending.removeAll(keepingCapacity: true)
                    position = 0
                } else if position > 1 << 20 {
                    pending.removeFirst(position)
                    position = 0
                }
                pending.append(contentsOf: chunk)
            }
            if !more {
                guard ended else { throw failure("the rows end without COPY's trailer") }
            }
        }
    }

    private func failure(_ message: String) -> DiagnosticError {
        DiagnosticError(
            code: "postgis.copy.invalid", message: "\(message)",
            location: SourceLocation(file: location.displayName, record: rows + 1))
    }

    /// A feature from the rows buffered, when a whole one is there.
    private func nextBuffered() throws(DiagnosticError) -> Feature? {
        let result: Result<Feature?, DiagnosticError> = pending.withUnsafeBytes { raw in
            do throws(DiagnosticError) {
                return .success(try tuple(raw))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func tuple(_ raw: UnsafeRawBufferPointer) throws(DiagnosticError) -> Feature? {
        var at = position
        func int16() -> Int? {
            guard at + 2 <= raw.count else { return nil }
            defer { at += 2 }
            return Int(Int16(bigEndian: raw.loadUnaligned(fromByteOffset: at, as: Int16.self)))
        }
        func int32() -> Int? {
            guard at + 4 <= raw.count else { return nil }
            defer { at += 4 }
            return Int(Int32(bigEndian: raw.loadUnaligned(fromByteOffset: at, as: Int32.self)))
        }
        if !headerRead {
            let signature: [UInt8] = [0x50, 0x47, 0x43, 0x4F, 0x50, 0x59, 0x0A, 0xFF, 0x0D, 0x0A, 0x00]
            guard raw.count >= 19 else { return nil }
            guard raw.prefix(11).elementsEqual(signature) else { throw failure("COPY's binary signature is missing") }
            at = 15
            guard let extension_ = int32(), extension_ >= 0 else { throw failure("COPY's header is malformed") }
            guard at + extension_ <= raw.count else { return nil }
            at += extension_
            headerRead = true
            position = at
        }
        guard let count = int16() else { return nil }
        if count == -1 {
            ended = true
            position = at
            return nil
        }
        let expected = (keyColumn != nil ? 1 : 0) + (geometryColumn != nil ? 1 : 0) + max(properties.count, 1)
        guard count == expected else { throw failure("a row has \(count) fields, not \(expected)") }
        // The fields, found first: a row is decoded only once it is whole.
        var fields: [Range<Int>?] = []
        fields.reserveCapacity(count)
        for _ in 0..<count {
            guard let length = int32() else { return nil }
            if length == -1 {
                fields.append(nil)
                continue
            }
            guard length >= 0 else { throw failure("a field has length \(length)") }
            guard at + length <= raw.count else { return nil }
            fields.append(at..<at + length)
            at += length
        }
        position = at
        rows += 1
        var feature = Feature()
        var next = 0
        if keyColumn != nil {
            if let range = fields[0] {
                let value = try decode(keyDecoding ?? .jsonb, UnsafeRawBufferPointer(rebasing: raw[range]))
                feature.id = FeatureIdentifier(value)
            }
            next = 1
        }
        if let geometryColumn {
            if let range = fields[next] {
                switch WellKnownBinary.decode(UnsafeRawBufferPointer(rebasing: raw[range])) {
                case .success(let decoded):
                    if let found = decoded.srid, found != srid, srid != 0 {
                        mixedSRIDs += 1
                        if mixedSRIDs <= 10 {
                            diagnostics.append(
                                Diagnostic(
                                    severity: .warning, code: "postgis.srid.mixed",
                                    message:
                                        "row \(rows)\(feature.id.map { " (\(keyColumn!) \($0))" } ?? ""): the \(geometryColumn) has SRID \(found), not the column's \(srid); read without geometry",
                                    location: location(feature, property: geometryColumn)))
                        }
                    } else {
                        feature.geometry = decoded.geometry
                    }
                case .failure(let failure):
                    throw DiagnosticError(
                        code: "postgis.geometry.invalid",
                        message:
                            "row \(rows)\(feature.id.map { " (\(keyColumn!) \($0))" } ?? ""): the \(geometryColumn) is not EWKB: \(failure.reason) (byte \(failure.offset))",
                        location: location(feature, property: geometryColumn))
                }
            }
            next += 1
        }
        packer.removeAll()
        for (offset, property) in properties.enumerated() {
            guard let range = fields[next + offset] else {
                packer.appendNull()
                continue
            }
            let bytes = UnsafeRawBufferPointer(rebasing: raw[range])
            switch property.decoding {
            case .text:
                packer.append(utf8: bytes.assumingMemoryBound(to: UInt8.self))
            default:
                packer.append(try decode(property.decoding, bytes, feature: feature, column: property.name))
            }
        }
        feature.properties = JSONObject(distinctKeys: keys, packed: packer.packed, index: keyIndex)
        return feature
    }

    private func location(_ feature: Feature, property: String?) -> SourceLocation {
        SourceLocation(
            file: location.displayName, featureID: feature.id?.description, property: property, record: rows)
    }

    /// A binary value of PostgreSQL as JSON.
    private func decode(
        _ decoding: Decoding, _ bytes: UnsafeRawBufferPointer, feature: Feature = Feature(), column: String? = nil
    )
        throws(DiagnosticError) -> JSONValue
    {
        func load<T: FixedWidthInteger>(_: T.Type) throws(DiagnosticError) -> T {
            guard bytes.count == MemoryLayout<T>.size else {
                throw DiagnosticError(
                    code: "postgis.copy.invalid",
                    message:
                        "row \(rows): the \(column ?? keyColumn ?? "value") has \(bytes.count) bytes, not \(MemoryLayout<T>.size)",
                    location: location(feature, property: column))
            }
            return T(bigEndian: bytes.loadUnaligned(as: T.self))
        }
        switch decoding {
        case .bool: return .bool(try load(UInt8.self) != 0)
        case .int2: return .integer(Int64(try load(Int16.self)))
        case .int4: return .integer(Int64(try load(Int32.self)))
        case .int8: return .integer(try load(Int64.self))
        case .oid: return .integer(Int64(try load(UInt32.self)))
        case .float4: return .double(Double(Float(bitPattern: try load(UInt32.self))))
        case .float8: return .double(Double(bitPattern: try load(UInt64.self)))
        case .text: return .string(String(decoding: bytes, as: UTF8.self))
        case .json, .jsonb:
            let text = decoding == .jsonb ? UnsafeRawBufferPointer(rebasing: bytes.dropFirst()) : bytes
            guard decoding == .json || bytes.first == 1 else {
                throw DiagnosticError(
                    code: "postgis.copy.invalid",
                    message: "row \(rows): the \(column ?? "value") is jsonb of an unknown version",
                    location: location(feature, property: column))
            }
            do throws(DiagnosticError) {
                return try JSONValue(parsing: text.assumingMemoryBound(to: UInt8.self))
            } catch {
                throw DiagnosticError(
                    code: "postgis.copy.invalid",
                    message: "row \(rows): the \(column ?? "value") is not JSON: \(error.diagnostic.message)",
                    location: location(feature, property: column))
            }
        }
    }
}
