import CSQLite
import MeridianCore
import MeridianJSON

/// SQLite's functions (CSQLite's table), or why SQLite cannot be opened:
/// SQLite is opened the first time a database is.
private let sqliteLibrary: (api: MRSQLite?, problem: String) = {
    var error = [CChar](repeating: 0, count: 256)
    guard let api = mr_sqlite(&error, error.count) else { return (nil, String(nulTerminated: error)) }
    return (api.pointee, "")
}()

/// SQLite's functions, once a database is open (its opening checked that
/// SQLite could be opened).
private var libsqlite: MRSQLite {
    guard let api = sqliteLibrary.api else { preconditionFailure("SQLite used before a database opened") }
    return api
}

/// A small binding of SQLite's C API: open, run, prepare, step, read
/// columns. Every failure is a `gpkg.sqlite` DiagnosticError with SQLite's
/// message and the file.
final class SQLiteDatabase {
    let handle: OpaquePointer
    /// The name diagnostics give the file.
    let path: String

    /// Opens the database at `file`; diagnostics name it `path` (the
    /// output a temporary file becomes, or `<stdin>`).
    init(file: String, path: String? = nil, readOnly: Bool) throws(DiagnosticError) {
        let path = path ?? file
        guard sqliteLibrary.api != nil else {
            throw DiagnosticError(
                code: "gpkg.sqlite", message: "cannot open \(path): \(sqliteLibrary.problem)",
                location: SourceLocation(file: path))
        }
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let status = libsqlite.sqlite3_open_v2(file, &db, flags | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let message = db.flatMap { libsqlite.sqlite3_errmsg($0).map(String.init(cString:)) } ?? "out of memory"
            if let db { _ = libsqlite.sqlite3_close_v2(db) }
            throw DiagnosticError(
                code: "gpkg.sqlite", message: "cannot open \(path) as SQLite: \(message)",
                location: SourceLocation(file: path))
        }
        handle = db
        self.path = path
        if readOnly { guardReading() }
    }

    /// How many of SQLite's virtual-machine steps one row of a query may
    /// take (checked every ``stepsPerCheck``): about a second's work.
    static let stepsPerRow = 100_000_000
    static let stepsPerCheck: Int32 = 10_000
    /// The longest text or blob a read may make (SQLITE_LIMIT_LENGTH), as
    /// the JSON reader's longest value.
    static let maximumValueLength = Int32(InputLimits.maximumValueBytes)

    /// Steps of SQLite's engine since the last row, counted by the progress
    /// handler; a query past the budget is interrupted.
    final class StepBudget {
        var checks = 0
    }

    let budget = StepBudget()

    /// A file to read is a stranger's program: its views and virtual tables
    /// run as SQL. Values are capped in length, and a query that computes
    /// for too long without a row is interrupted (`gpkg.query.budget`).
    private func guardReading() {
        _ = libsqlite.sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, Self.maximumValueLength)
        let check: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
            guard let context else { return 0 }
            let budget = Unmanaged<StepBudget>.fromOpaque(context).takeUnretainedValue()
            budget.checks += 1
            return budget.checks > SQLiteDatabase.stepsPerRow / Int(SQLiteDatabase.stepsPerCheck) ? 1 : 0
        }
        libsqlite.sqlite3_progress_handler(
            handle, Self.stepsPerCheck, check, Unmanaged.passUnretained(budget).toOpaque())
    }

    deinit {
        _ = libsqlite.sqlite3_close_v2(handle)
    }

    func failure(_ doing: String) -> DiagnosticError {
        DiagnosticError(
            code: "gpkg.sqlite",
            message: "\(doing): \(libsqlite.sqlite3_errmsg(handle).map(String.init(cString:)) ?? "out of memory")",
            location: SourceLocation(file: path))
    }

    /// The rowid of the last row inserted.
    var lastRowID: Int64 { libsqlite.sqlite3_last_insert_rowid(handle) }

    func execute(_ sql: String) throws(DiagnosticError) {
        guard libsqlite.sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure("SQLite failed") }
    }

    func prepare(_ sql: String) throws(DiagnosticError) -> Statement {
        var statement: OpaquePointer?
        guard libsqlite.sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw failure("SQLite could not prepare a query")
        }
        return Statement(handle: statement, database: self)
    }

    /// An identifier quoted for SQL: a table or column name from a file
    /// never becomes SQL.
    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingAll("\"", with: "\"\"") + "\""
    }

    final class Statement {
        let handle: OpaquePointer
        unowned let database: SQLiteDatabase

        init(handle: OpaquePointer, database: SQLiteDatabase) {
            self.handle = handle
            self.database = database
        }

        deinit {
            _ = libsqlite.sqlite3_finalize(handle)
        }

        /// True while there is a row.
        func step() throws(DiagnosticError) -> Bool {
            database.budget.checks = 0
            switch libsqlite.sqlite3_step(handle) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            case SQLITE_INTERRUPT:
                throw DiagnosticError(
                    code: "gpkg.query.budget",
                    message:
                        "SQLite worked more than \(SQLiteDatabase.stepsPerRow) steps for one row, and was stopped: the file's SQL (a view or a virtual table) computes without end",
                    location: SourceLocation(file: database.path))
            case SQLITE_TOOBIG:
                throw DiagnosticError(
                    code: "gpkg.value.too-large",
                    message:
                        "a value is longer than \(SQLiteDatabase.maximumValueLength >> 20) MiB, the most Meridian reads",
                    location: SourceLocation(file: database.path))
            default: throw database.failure("SQLite failed reading")
            }
        }

        func reset() {
            _ = libsqlite.sqlite3_reset(handle)
            _ = libsqlite.sqlite3_clear_bindings(handle)
        }

        var columnCount: Int { Int(libsqlite.sqlite3_column_count(handle)) }
        func name(_ column: Int) -> String {
            libsqlite.sqlite3_column_name(handle, Int32(column)).map(String.init(cString:)) ?? ""
        }
        func type(_ column: Int) -> Int32 { libsqlite.sqlite3_column_type(handle, Int32(column)) }
        func int(_ column: Int) -> Int64 { libsqlite.sqlite3_column_int64(handle, Int32(column)) }
        func double(_ column: Int) -> Double { libsqlite.sqlite3_column_double(handle, Int32(column)) }
        /// The text of a column, whole: a NUL inside it is kept (SQLite
        /// counts text in bytes).
        func text(_ column: Int) -> String? {
            guard let text = libsqlite.sqlite3_column_text(handle, Int32(column)) else { return nil }
            let count = Int(libsqlite.sqlite3_column_bytes(handle, Int32(column)))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        }
        func blob(_ column: Int) -> [UInt8] {
            let count = Int(libsqlite.sqlite3_column_bytes(handle, Int32(column)))
            guard count > 0, let bytes = libsqlite.sqlite3_column_blob(handle, Int32(column)) else { return [] }
            return Array(UnsafeRawBufferPointer(start: bytes, count: count))
        }

        func bind(_ value: JSONValue?, at index: Int) {
            let i = Int32(index)
            switch value {
            case nil, .null?: _ = libsqlite.sqlite3_bind_null(handle, i)
            case .bool(let b)?: _ = libsqlite.sqlite3_bind_int64(handle, i, b ? 1 : 0)
            case .integer(let n)?: _ = libsqlite.sqlite3_bind_int64(handle, i, n)
            case .double(let d)?: _ = libsqlite.sqlite3_bind_double(handle, i, d)
            case .string(let s)?: _ = libsqlite.sqlite3_bind_text(handle, i, s, -1, Self.transient)
            case let other?:
                // Arrays and objects as compact JSON text.
                let json = other.compactJSONText
                _ = libsqlite.sqlite3_bind_text(handle, i, json, -1, Self.transient)
            }
        }

        func bind(_ blob: [UInt8], at index: Int) {
            _ = blob.withUnsafeBytes {
                libsqlite.sqlite3_bind_blob(handle, Int32(index), $0.baseAddress, Int32($0.count), Self.transient)
            }
        }

        func bind(_ value: Double, at index: Int) { _ = libsqlite.sqlite3_bind_double(handle, Int32(index), value) }
        func bind(_ value: Int64, at index: Int) { _ = libsqlite.sqlite3_bind_int64(handle, Int32(index), value) }

        /// SQLite copies what is bound.
        static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    }
}
