import MeridianCore
import MeridianIO

/// A PostGIS table or query named by a PostgreSQL URL, as libpq reads
/// one, with Meridian's own parameters taken out:
///
///     postgresql://user@host:5432/gis?table=roads
///     postgresql:///gis?table=osm.roads&geometry=way     (a local socket, a schema, a column)
///     postgresql:///gis?query=SELECT%20*%20FROM%20roads%20WHERE%20lanes%3E2
///     postgresql:///gis?table=roads&mode=replace          (as an output)
///
/// - `table`: the table read or written, `schema.table` or `table` (on the
///   search path); `query`: SQL whose rows are read (input only).
/// - `geometry`: the geometry column (read: the first of type `geometry`
///   or `geography` by default; written: `geom`).
/// - `mode` (output): `create` (the default: a table that exists is
///   refused), `replace` (dropped and created again) or `append`.
///
/// Every other parameter is libpq's (`sslmode`, `connect_timeout`,
/// `service`, …). The password may come from the URL, `PGPASSWORD`,
/// a service file (`PGSERVICE`) or `~/.pgpass`, as libpq finds it;
/// ``displayName`` never shows it.
package struct PostGISLocation: Sendable {
    /// How a table that is written is made.
    package enum Mode: String, Sendable {
        case create, replace, append
    }

    /// The location as given.
    let url: String
    /// The location as diagnostics show it, without a password.
    package let displayName: String
    /// What libpq connects with: the URL without Meridian's parameters,
    /// with a connection timeout and an application name unless given.
    package let connectionString: String
    /// The table's schema (nil: the search path) and name.
    package let table: (schema: String?, name: String)?
    package let query: String?
    package let geometryColumn: String?
    package let mode: Mode
    /// The password the URL holds, to be scrubbed from libpq's messages.
    package let password: String?

    static let ownParameters: Set<String> = ["table", "query", "geometry", "mode"]

    package init(_ url: String) throws(DiagnosticError) {
        self.url = url
        let displayName = Input.redactingPassword(url)
        self.displayName = displayName
        func refuse(_ message: String) -> DiagnosticError {
            DiagnosticError(
                code: "postgis.location", message: "\(message)",
                location: SourceLocation(file: displayName))
        }
        let lower = url.lowercased()
        guard lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://") else {
            throw refuse("a PostGIS location starts with postgresql:// or postgres://")
        }
        let question = url.firstIndex(of: "?")
        let base = question.map { String(url[..<$0]) } ?? url
        var kept: [Substring] = []
        var values: [String: String] = [:]
        if let question {
            for parameter in url[url.index(after: question)...].split(separator: "&") {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let key = String(pair[0])
                if Self.ownParameters.contains(key) {
                    guard pair.count == 2, let value = Self.percentDecoded(pair[1]), !value.isEmpty else {
                        throw refuse("the parameter \(key) needs a value (percent-encoded)")
                    }
                    guard values[key] == nil else { throw refuse("the parameter \(key) is given twice") }
                    values[key] = value
                } else {
                    kept.append(parameter)
                }
            }
        }
        if !kept.contains(where: { $0.hasPrefix("connect_timeout=") }) { kept.append("connect_timeout=10") }
        if !kept.contains(where: { $0.hasPrefix("application_name=") }) {
            kept.append("fallback_application_name=meridian")
        }
        connectionString = base + "?" + kept.joined(separator: "&")
        if values["table"] != nil, values["query"] != nil {
            throw refuse("give a table or a query, not both")
        }
        table = try values["table"].map { text throws(DiagnosticError) in
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.count <= 2, !parts.contains(where: \.isEmpty) else {
                throw refuse("the table \(text) is not a name or schema.name")
            }
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : (nil, String(parts[0]))
        }
        query = values["query"]
        geometryColumn = values["geometry"]
        guard let mode = Mode(rawValue: values["mode"] ?? "create") else {
            throw refuse("the mode \(values["mode"]!) is not create, replace or append")
        }
        self.mode = mode
        password = Self.password(in: base)
    }

    /// The password of the URL's user information, percent-decoded.
    private static func password(in base: String) -> String? {
        guard let colon = base.firstIndex(of: ":") else { return nil }
        let authority = base[colon...].dropFirst(3).prefix { $0 != "/" }
        guard let at = authority.firstIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else {
            return nil
        }
        return percentDecoded(authority[authority.index(after: colon)..<at])
    }

    /// `text` with `%XX` escapes (and `+` in a query) decoded; nil when an
    /// escape is malformed or the bytes are not UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        func hex(_ byte: UInt8?) -> UInt8? {
            guard let byte else { return nil }
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x41...0x46: return byte - 0x41 + 10
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }
        while let byte = iterator.next() {
            if byte == 0x25 {
                guard let high = hex(iterator.next()), let low = hex(iterator.next()) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte == 0x2B ? 0x20 : byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The table's name as SQL writes it: each part quoted.
    var quotedTable: String? {
        table.map { table in
            (table.schema.map { Self.quoted($0) + "." } ?? "") + Self.quoted(table.name)
        }
    }

    /// An identifier quoted for SQL (`"a ""b"""`).
    package static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingAll(Character("\""), with: "\"\"") + "\""
    }

    /// Text quoted as an SQL literal (`'it''s'`).
    static func literal(_ text: String) -> String {
        "'" + text.replacingAll(Character("'"), with: "''") + "'"
    }
}
