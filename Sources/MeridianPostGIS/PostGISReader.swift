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

    private let connection: PostgresConnection

    private let decoder: PostGISRowDecoder

    /// What the reader worked around (rows of another SRID).
    public var diagnostics: [Diagnostic] { decoder.diagnostics }

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
        var keyDecoding: PostGISRowDecoder.Decoding?
        if let keyColumn, let key = described.first(where: { $0.name == keyColumn }) {
            self.keyColumn = keyColumn
            keyDecoding = PostGISRowDecoder.binaryDecodings[key.type]
        } else {
            self.keyColumn = nil
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
        var properties: [(name: String, decoding: PostGISRowDecoder.Decoding)] = []
        for column in described where column.name != geometry?.name && column.name != self.keyColumn {
            if let selected, !selected.contains(column.name) { continue }
            let quoted = PostGISLocation.quoted(column.name)
            if let decoding = PostGISRowDecoder.binaryDecodings[column.type] {
                properties.append((column.name, decoding))
                expressions.append(quoted)
            } else {
                properties.append((column.name, .jsonb))
                expressions.append("to_jsonb(\(quoted))")
            }
        }
        decoder = PostGISRowDecoder(
            name: location.displayName, keyColumn: self.keyColumn, keyDecoding: keyDecoding,
            geometryColumn: geometry?.name, srid: srid, properties: properties)
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
            if let feature = try decoder.next() { return feature }
            if decoder.ended { return nil }
            let more = try connection.nextCopyChunk(doing: "reading the rows") { chunk in decoder.append(chunk) }
            if !more {
                guard decoder.ended else { throw decoder.failure("the rows end without COPY's trailer") }
            }
        }
    }
}
