import MeridianCore
import MeridianGeoJSON
import MeridianIMDF

/// The diagnostics found in a set of files, printed for people or
/// programs: the output of `meridian validate`, and the one place a
/// diagnostic is turned into text (compiler-style or IMDF-style lines),
/// JSON or GitHub annotations.
///
/// ```swift
/// var report = DiagnosticReport()
/// report.add(file: "parks.geojson", diagnostics: GeoJSONValidator().validate(bytes, file: "parks.geojson"))
/// print(report.text())
/// report.exitStatus(strict: false)   // 1 when any error was found
/// ```
///
/// The JSON form is versioned (``schemaVersion``) so scripts can rely on it:
///
/// ```json
/// {"version": 1,
///  "files": [{"file": "a.geojson", "errors": 1, "warnings": 0, "infos": 0,
///             "diagnostics": [{"severity": "error", "code": "geojson.ring.unclosed",
///                              "message": "...", "line": 3, "column": 9, "offset": 40,
///                              "pointer": "/features/0/geometry/coordinates/0",
///                              "featureId": "a", "property": null, "record": null}]}],
///  "summary": {"files": 1, "errors": 1, "warnings": 0, "infos": 0}}
/// ```
public struct DiagnosticReport: Sendable {
    /// The version of the JSON schema; raised when a field changes meaning.
    public static let schemaVersion = 1

    /// How a file's diagnostics print as text.
    public enum Style: Sendable {
        /// `file:line:column: severity: message [code] (context)`, as
        /// compilers print.
        case compiler
        /// `file: VIOLATION code: message (feature id, property name)`, as
        /// Apple's IMDF validator prints.
        case imdf
    }

    public private(set) var files: [(file: String, diagnostics: [Diagnostic])] = []
    private var styles: [Style] = []

    public init() {}

    public mutating func add(file: String, diagnostics: [Diagnostic], style: Style = .compiler) {
        files.append((file, diagnostics))
        styles.append(style)
    }

    public func count(_ severity: Diagnostic.Severity) -> Int {
        files.reduce(0) { $0 + $1.diagnostics.filter { $0.severity == severity }.count }
    }

    /// 1 when an error was found (or, when `strict`, a warning), else 0.
    public func exitStatus(strict: Bool) -> Int32 {
        if count(.error) > 0 { return 1 }
        if strict && count(.warning) > 0 { return 1 }
        return 0
    }

    /// One line per diagnostic, then a summary line. `minimum` hides less
    /// severe diagnostics.
    public func text(minimum: Diagnostic.Severity = .info) -> String {
        (lines(minimum: minimum) + [summary]).joined(separator: "\n")
    }

    /// One line per diagnostic at least as severe as `minimum`, in each
    /// file's style.
    public func lines(minimum: Diagnostic.Severity = .info) -> [String] {
        zip(files, styles).flatMap { entry, style in
            entry.diagnostics.filter { $0.severity >= minimum }.map { Self.line($0, style: style) }
        }
    }

    /// A diagnostic as a line of text.
    public static func line(_ diagnostic: Diagnostic, style: Style = .compiler) -> String {
        switch style {
        case .compiler:
            return diagnostic.description
        case .imdf:
            var text = diagnostic.location.file.map { "\($0): " } ?? ""
            text += "\(IMDFRule.label(for: diagnostic.severity)) \(diagnostic.code): \(diagnostic.message)"
            var context: [String] = []
            if let id = diagnostic.location.featureID { context.append("feature \(id)") }
            if let property = diagnostic.location.property { context.append("property \(property)") }
            if diagnostic.location.featureID == nil, let line = diagnostic.location.line {
                context.append("line \(line)" + (diagnostic.location.column.map { ", column \($0)" } ?? ""))
            }
            if !context.isEmpty { text += " (" + context.joined(separator: ", ") + ")" }
            return text
        }
    }

    /// "2 errors, 1 warning in 3 files".
    public var summary: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var parts = [plural(count(.error), "error"), plural(count(.warning), "warning")]
        if count(.info) > 0 { parts.append(plural(count(.info), "note")) }
        return parts.joined(separator: ", ") + " in " + plural(files.count, "file")
    }

    /// GitHub Actions workflow commands: `::error file=...,line=...,col=...::message`.
    public func githubAnnotations() -> String {
        let lines = files.flatMap { file, diagnostics in diagnostics.map { Self.annotation($0, file: file) } }
        return (lines + [summary]).joined(separator: "\n")
    }

    /// One diagnostic as a GitHub Actions workflow command; `file` names
    /// the input when the diagnostic's location has none.
    public static func annotation(_ diagnostic: Diagnostic, file: String? = nil) -> String {
        let command = diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
        var properties = ["file=\(escapeProperty(diagnostic.location.file ?? file ?? ""))"]
        if let line = diagnostic.location.line { properties.append("line=\(line)") }
        if let column = diagnostic.location.column { properties.append("col=\(column)") }
        properties.append("title=\(escapeProperty(diagnostic.code))")
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(diagnostic.message))"
    }

    static func escapeData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }

    /// The report as JSON, in the versioned schema shown above.
    public func json() -> JSONValue {
        var fileValues: [JSONValue] = []
        for (file, diagnostics) in files {
            let entries: [JSONValue] = diagnostics.map { Self.json($0) }
            func count(_ severity: Diagnostic.Severity) -> JSONValue {
                .integer(Int64(diagnostics.filter { $0.severity == severity }.count))
            }
            fileValues.append(
                .object(
                    JSONObject([
                        ("file", .string(file)), ("errors", count(.error)), ("warnings", count(.warning)),
                        ("infos", count(.info)), ("diagnostics", .array(entries)),
                    ])))
        }
        return .object(
            JSONObject([
                ("version", .integer(Int64(Self.schemaVersion))), ("files", .array(fileValues)),
                (
                    "summary",
                    .object(
                        JSONObject([
                            ("files", .integer(Int64(files.count))), ("errors", .integer(Int64(count(.error)))),
                            ("warnings", .integer(Int64(count(.warning)))), ("infos", .integer(Int64(count(.info)))),
                        ]))
                ),
            ]))
    }

    /// One diagnostic as the JSON object of the report's schema; with
    /// `file`, the input's name comes first (the NDJSON form).
    public static func json(_ diagnostic: Diagnostic, file: String? = nil) -> JSONValue {
        func integer(_ value: Int?) -> JSONValue { value.map { .integer(Int64($0)) } ?? .null }
        func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        let location = diagnostic.location
        var members: [(String, JSONValue)] = file.map { [("file", .string($0))] } ?? []
        members += [
            ("severity", .string(diagnostic.severity.rawValue)), ("code", .string(diagnostic.code)),
            ("message", .string(diagnostic.message)), ("line", integer(location.line)),
            ("column", integer(location.column)), ("offset", integer(location.byteOffset)),
            ("pointer", string(location.jsonPointer)), ("featureId", string(location.featureID)),
            ("property", string(location.property)), ("record", integer(location.record)),
        ]
        return .object(JSONObject(members))
    }

    /// One line of JSON per diagnostic, each naming its file (and, in a
    /// GeoJSON sequence or NDJSON, its record and the record's feature id),
    /// for batch jobs that join results back to their records.
    public func ndjson() -> String {
        files.flatMap { file, diagnostics in
            diagnostics.map { String(decoding: Self.json($0, file: file).jsonBytes(), as: UTF8.self) }
        }.joined()
    }
}
