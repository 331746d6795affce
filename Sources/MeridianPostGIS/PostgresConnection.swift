import CPostgres
import MeridianCore
import MeridianLibC
import MeridianPlatform

/// One connection to PostgreSQL through libpq, opened when the first is
/// made. Every failure is a located ``DiagnosticError`` naming the
/// location without its password (which is also scrubbed from what the
/// server or libpq say).
final class PostgresConnection {
    private static let library: Result<MRPQ, DiagnosticError> = {
        var error = [CChar](repeating: 0, count: 256)
        guard let table = mr_pq(&error, error.count) else {
            return .failure(DiagnosticError(code: "postgis.connect", message: String(nulTerminated: error)))
        }
        return .success(table.pointee)
    }()

    let api: MRPQ
    private let handle: OpaquePointer
    let location: PostGISLocation

    init(_ location: PostGISLocation) throws(DiagnosticError) {
        var api: MRPQ
        switch Self.library {
        case .success(let table): api = table
        case .failure(var error):
            error.diagnostic.location = SourceLocation(file: location.displayName)
            throw error
        }
        self.location = location
        guard let handle = location.connectionString.withCString({ mr_pq_connect(&api, $0) }) else {
            throw DiagnosticError(
                code: "postgis.connect", message: "cannot connect: out of memory",
                location: SourceLocation(file: location.displayName))
        }
        guard api.PQstatus(handle) == MR_CONNECTION_OK else {
            let message = String(cString: api.PQerrorMessage(handle))
            api.PQfinish(handle)
            throw DiagnosticError(
                code: "postgis.connect",
                message: "cannot connect: \(Self.scrub(message, location))",
                location: SourceLocation(file: location.displayName))
        }
        self.api = api
        self.handle = handle
    }

    deinit { api.PQfinish(handle) }

    /// `message` trimmed, with the URL's password (if any) masked.
    private static func scrub(_ message: String, _ location: PostGISLocation) -> String {
        var text = Substring(message)
        while let last = text.last, last == "\n" || last == " " { text = text.dropLast() }
        var result = String(text).replacingAll("\n", with: "; ")
        if let password = location.password, password.utf8.count >= 3 {
            result = result.replacingAll(password, with: "***")
        }
        return result
    }

    /// A failure of a statement: the server's message, detail and hint.
    private func failure(_ result: OpaquePointer?, code: String, doing: String) -> DiagnosticError {
        var message: String
        if let result, let primary = api.PQresultErrorField(result, 0x4D) {  // 'M'
            message = String(cString: primary)
            if let detail = api.PQresultErrorField(result, 0x44) { message += " (\(String(cString: detail)))" }  // 'D'
            if let hint = api.PQresultErrorField(result, 0x48) { message += "; hint: \(String(cString: hint))" }  // 'H'
        } else {
            message = String(cString: api.PQerrorMessage(handle))
        }
        return DiagnosticError(
            code: code, message: "\(doing): \(Self.scrub(message, location))",
            location: SourceLocation(file: location.displayName))
    }

    /// The text rows of a statement.
    struct Rows {
        var columns: [String]
        var rows: [[String?]]
    }

    /// Runs `sql` with text `parameters` ($1, $2, …), returning its rows as
    /// text; `code` and `doing` say what failed.
    @discardableResult
    func execute(_ sql: String, _ parameters: [String?] = [], code: String = "postgis.query", doing: String)
        throws(DiagnosticError) -> Rows
    {
        let result = withCStrings(parameters) { values in
            api.PQexecParams(handle, sql, Int32(parameters.count), nil, values, nil, nil, 0)
        }
        defer { api.PQclear(result) }
        let status = api.PQresultStatus(result)
        guard let result, status == MR_PGRES_COMMAND_OK || status == MR_PGRES_TUPLES_OK else {
            throw failure(result, code: code, doing: doing)
        }
        let columnCount = Int(api.PQnfields(result))
        let columns = (0..<columnCount).map { String(cString: api.PQfname(result, Int32($0))!) }
        let rows = (0..<Int(api.PQntuples(result))).map { row in
            (0..<columnCount).map { column -> String? in
                api.PQgetisnull(result, Int32(row), Int32(column)) != 0
                    ? nil : String(cString: api.PQgetvalue(result, Int32(row), Int32(column)))
            }
        }
        return Rows(columns: columns, rows: rows)
    }

    /// The names and type OIDs of the columns `sql` returns, without
    /// running it for its rows (it is described, not executed).
    func describe(_ sql: String, doing: String) throws(DiagnosticError) -> [(name: String, type: UInt32)] {
        let result = api.PQexec(handle, "SELECT * FROM (\(sql)) AS meridian_source LIMIT 0")
        defer { api.PQclear(result) }
        guard let result, api.PQresultStatus(result) == MR_PGRES_TUPLES_OK else {
            throw failure(result, code: "postgis.query", doing: doing)
        }
        return (0..<api.PQnfields(result)).map { (String(cString: api.PQfname(result, $0)!), api.PQftype(result, $0)) }
    }

    private func withCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        let copies = strings.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }

    // MARK: COPY

    /// Starts `COPY … FROM STDIN` or `COPY … TO STDOUT`.
    func startCopy(_ sql: String, doing: String) throws(DiagnosticError) {
        let result = api.PQexec(handle, sql)
        defer { api.PQclear(result) }
        let status = api.PQresultStatus(result)
        guard status == MR_PGRES_COPY_IN || status == MR_PGRES_COPY_OUT else {
            throw failure(result, code: "postgis.query", doing: doing)
        }
    }

    /// Sends bytes of a `COPY … FROM STDIN`.
    func putCopyData(_ bytes: [UInt8], doing: String) throws(DiagnosticError) {
        guard !bytes.isEmpty else { return }
        let sent = bytes.withUnsafeBytes { raw in
            api.PQputCopyData(handle, raw.baseAddress!.assumingMemoryBound(to: CChar.self), Int32(raw.count))
        }
        guard sent == 1 else { throw failure(nil, code: "postgis.load", doing: doing) }
    }

    /// Ends a `COPY … FROM STDIN` (abandoning it with `error`), and
    /// reports how it ended.
    func endCopy(error: String? = nil, doing: String) throws(DiagnosticError) {
        guard api.PQputCopyEnd(handle, error) == 1 else { throw failure(nil, code: "postgis.load", doing: doing) }
        try finishCommand(code: "postgis.load", doing: doing)
    }

    /// The next chunk of a `COPY … TO STDOUT` (a row, in practice) handed
    /// to `body`; false at the end (after which the command's result has
    /// been read and checked).
    func nextCopyChunk(doing: String, _ body: (UnsafeRawBufferPointer) throws(DiagnosticError) -> Void)
        throws(DiagnosticError) -> Bool
    {
        var buffer: UnsafeMutablePointer<CChar>?
        let count = api.PQgetCopyData(handle, &buffer, 0)
        if count > 0, let buffer {
            defer { api.PQfreemem(buffer) }
            try body(UnsafeRawBufferPointer(start: buffer, count: Int(count)))
            return true
        }
        if count == -2 { throw failure(nil, code: "postgis.query", doing: doing) }
        try finishCommand(code: "postgis.query", doing: doing)
        return false
    }

    /// Reads the results of the command in progress, throwing the first
    /// failure.
    private func finishCommand(code: String, doing: String) throws(DiagnosticError) {
        var error: DiagnosticError?
        while let result = api.PQgetResult(handle) {
            let status = api.PQresultStatus(result)
            if error == nil, status != MR_PGRES_COMMAND_OK, status != MR_PGRES_TUPLES_OK {
                error = failure(result, code: code, doing: doing)
            }
            api.PQclear(result)
        }
        if let error { throw error }
    }
}
