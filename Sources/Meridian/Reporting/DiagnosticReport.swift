import MeridianCore
import MeridianGeoJSON

/// The diagnostics found in a set of files, printed for people or
/// programs: the output of `meridian validate`.
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
///                              "featureId": "a", "property": null}]}],
///  "summary": {"files": 1, "errors": 1, "warnings": 0, "infos": 0}}
/// ```
public struct DiagnosticReport: Sendable {
    /// The version of the JSON schema; raised when a field changes meaning.
    public static let schemaVersion = 1

    public private(set) var files: [(file: String, diagnostics: [Diagnostic])] = []

    public init() {}

    public mutating func add(file: String, diagnostics: [Diagnostic]) {
        files.append((file, diagnostics))
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

    /// One line per diagnostic, `file:line:column: severity: message [code]`,
    /// then a summary line. `minimum` hides less severe diagnostics.
    public func text(minimum: Diagnostic.Severity = .info) -> String {
        var lines: [String] = []
        for (_, diagnostics) in files {
            for diagnostic in diagnostics where diagnostic.severity >= minimum {
                lines.append(diagnostic.description)
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
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
        var lines: [String] = []
        for (file, diagnostics) in files {
            for diagnostic in diagnostics {
                let command =
                    diagnostic.severity == .error ? "error" : diagnostic.severity == .warning ? "warning" : "notice"
                var properties = ["file=\(Self.escapeProperty(diagnostic.location.file ?? file))"]
                if let line = diagnostic.location.line { properties.append("line=\(line)") }
                if let column = diagnostic.location.column { properties.append("col=\(column)") }
                properties.append("title=\(Self.escapeProperty(diagnostic.code))")
                lines.append(
                    "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(diagnostic.message))")
            }
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    static func escapeData(_ text: String) -> String {
        text.replacingAll("%", with: "%25").replacingAll("\r", with: "%0D").replacingAll("\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }

    /// The report as JSON, in the versioned schema shown above.
    public func json() -> JSONValue {
        func integer(_ value: Int?) -> JSONValue { value.map { .integer(Int64($0)) } ?? .null }
        func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
        var fileValues: [JSONValue] = []
        for (file, diagnostics) in files {
            let entries: [JSONValue] = diagnostics.map { diagnostic in
                let location = diagnostic.location
                return .object(
                    JSONObject([
                        ("severity", .string(diagnostic.severity.rawValue)), ("code", .string(diagnostic.code)),
                        ("message", .string(diagnostic.message)), ("line", integer(location.line)),
                        ("column", integer(location.column)), ("offset", integer(location.byteOffset)),
                        ("pointer", string(location.jsonPointer)), ("featureId", string(location.featureID)),
                        ("property", string(location.property)),
                    ]))
            }
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
}
