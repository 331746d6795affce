import MeridianCore
import MeridianLibC
import MeridianPlatform
import MeridianTOML

/// A project's choice of rules, from a `meridian.toml` found upward from
/// the input (as ruff and SwiftLint find theirs), with per-path overrides:
///
/// ```toml
/// [validate]
/// ignore = ["geojson.precision"]
/// error = ["geojson.ring.winding"]
///
/// [[validate.overrides]]
/// paths = ["venues/*"]          # fnmatch patterns, relative to this file; * also matches /
/// ignore = ["imdf.property.unknown"]
/// ```
///
/// ```swift
/// let configuration = try RuleConfiguration.discover(from: "data/parks.geojson")
/// let overrides = try configuration?.overrides(for: "data/parks.geojson") ?? DiagnosticOverrides()
/// ```
///
/// The base applies to every input below the file's folder; each override
/// whose patterns match the input's path applies over it, later ones over
/// earlier; `validate --ignore/--warn/--error` apply over all. The file is
/// read by MeridianTOML (TOML 1.0.0). Unknown tables and keys, values of the wrong
/// type and unknown codes are errors located at their line
/// (`config.syntax`, `config.key.unknown`, `config.value.type`,
/// `report.rule.unknown`).
public struct RuleConfiguration: Sendable {
    /// The file read.
    public let path: String
    /// Whether warnings count as problems (`strict = true`).
    public let strict: Bool

    struct Choices: Sendable {
        var ignore: [String] = []
        var warn: [String] = []
        var error: [String] = []
        var patterns: [String] = []
    }

    let base: DiagnosticOverrides
    let overrides: [(patterns: [String], choices: DiagnosticOverrides)]

    /// The name looked for.
    public static let fileName = "meridian.toml"

    /// The configuration that governs `input`: the first `meridian.toml`
    /// in the input's folder or the folders above it (for standard input,
    /// the current folder and above); nil when there is none.
    public static func discover(from input: String) throws(DiagnosticError) -> RuleConfiguration? {
        try find(from: input).map { path throws(DiagnosticError) in try RuleConfiguration(path: path) }
    }

    /// The path of the `meridian.toml` that governs `input`, without
    /// reading it (many inputs share one: read it once).
    public static func find(from input: String) -> String? {
        var folder = absolute(input == "-" ? "." : input)
        if Platform.kind(ofPath: folder) != .directory { folder = parent(of: folder) }
        while true {
            let candidate = folder == "/" ? "/" + fileName : folder + "/" + fileName
            if Platform.kind(ofPath: candidate) == .regular { return candidate }
            if folder == "/" { return nil }
            folder = parent(of: folder)
        }
    }

    /// Reads and checks the file at `path`.
    public init(path: String) throws(DiagnosticError) {
        guard let bytes = try Platform.readWholeFile(path, limit: 1 << 20) else {
            throw Self.error("config.syntax", "\(path) is larger than a configuration may be (1 MiB)", path, line: nil)
        }
        try self.init(text: String(decoding: bytes, as: UTF8.self), path: path)
    }

    /// Checks `text`, which diagnostics call `path`.
    public init(text: String, path: String) throws(DiagnosticError) {
        self.path = path
        let root: TOMLTable
        do throws(TOMLError) {
            root = try TOMLTable(parsing: text)
        } catch {
            throw Self.error(
                "config.syntax", "\(path) is not valid TOML: \(error.message)", path, line: error.line,
                column: error.column)
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func line(of key: String) -> Int? {
            lines.firstIndex { $0.drop { $0 == " " || $0 == "\t" }.hasPrefix(key) }.map { $0 + 1 }
        }
        func unknown(_ key: String, in table: String, known: [String]) -> DiagnosticError {
            let close = known.filter { DiagnosticOverrides.editDistance($0, key) <= 2 }
            return Self.error(
                "config.key.unknown",
                "unknown key '\(key)' in \(table)"
                    + (close.isEmpty
                        ? "; known: \(known.joined(separator: ", "))"
                        : "; did you mean \(close.joined(separator: ", "))?"),
                path, line: line(of: key) ?? line(of: "[" + key))
        }
        for key in root.keys where key != "validate" {
            throw unknown(key, in: "the file", known: ["validate"])
        }
        var strict = false
        var base = Choices()
        var overrides: [Choices] = []
        if let validate = root["validate"] {
            guard let table = validate.table else {
                throw Self.error("config.value.type", "validate must be a table", path, line: line(of: "validate"))
            }
            func strings(_ value: TOMLValue, _ key: String) throws(DiagnosticError) -> [String] {
                let list = value.array.map { array in array.compactMap { $0.string } }
                guard let list, list.count == value.array?.count else {
                    throw Self.error(
                        "config.value.type", "\(key) must be an array of strings", path, line: line(of: key))
                }
                return list
            }
            func choices(_ table: TOMLTable, in name: String, allowing extra: [String]) throws(DiagnosticError)
                -> Choices
            {
                var found = Choices()
                let known = ["ignore", "warn", "error"] + extra
                for key in table.keys {
                    guard let value = table[key] else { continue }
                    switch key {
                    case "ignore": found.ignore = try strings(value, key)
                    case "warn": found.warn = try strings(value, key)
                    case "error": found.error = try strings(value, key)
                    case "paths" where extra.contains("paths"): found.patterns = try strings(value, key)
                    case "strict" where extra.contains("strict"):
                        guard let flag = value.bool else {
                            throw Self.error(
                                "config.value.type", "strict must be true or false", path, line: line(of: key))
                        }
                        strict = flag
                    case "overrides" where extra.contains("overrides"): break
                    default: throw unknown(key, in: name, known: known)
                    }
                }
                for selector in found.ignore + found.warn + found.error {
                    do throws(DiagnosticError) {
                        try DiagnosticOverrides.check(selector)
                    } catch {
                        var located = error
                        located.diagnostic.location = SourceLocation(
                            file: path, line: lines.firstIndex { $0.containsText("\"\(selector)\"") }.map { $0 + 1 })
                        throw located
                    }
                }
                return found
            }
            base = try choices(table, in: "[validate]", allowing: ["strict", "overrides"])
            if let list = table["overrides"] {
                guard let array = list.array else {
                    throw Self.error(
                        "config.value.type", "overrides must be an array of tables ([[validate.overrides]])", path,
                        line: line(of: "overrides"))
                }
                for element in array {
                    guard let override = element.table else {
                        throw Self.error(
                            "config.value.type", "each of validate.overrides must be a table", path,
                            line: line(of: "[[validate.overrides]]"))
                    }
                    let found = try choices(override, in: "[[validate.overrides]]", allowing: ["paths"])
                    guard !found.patterns.isEmpty else {
                        throw Self.error(
                            "config.key.unknown", "each [[validate.overrides]] needs paths = [\"pattern\", ...]", path,
                            line: line(of: "[[validate.overrides]]"))
                    }
                    overrides.append(found)
                }
            }
        }
        self.strict = strict
        self.base = try DiagnosticOverrides(ignore: base.ignore, warn: base.warn, error: base.error)
        var compiled: [(patterns: [String], choices: DiagnosticOverrides)] = []
        for override in overrides {
            compiled.append(
                (
                    override.patterns,
                    try DiagnosticOverrides(ignore: override.ignore, warn: override.warn, error: override.error)
                ))
        }
        self.overrides = compiled
    }

    /// The choices for `input`: the base, then each override whose
    /// patterns match the input's path relative to the file's folder.
    public func overrides(for input: String) -> DiagnosticOverrides {
        let folder = Self.parent(of: Self.absolute(path))
        let target = Self.absolute(input == "-" ? "." : input)
        let relative =
            target.hasPrefix(folder + "/") ? String(target.dropFirst(folder.count + 1)) : target
        var result = base
        for override in overrides where override.patterns.contains(where: { fnmatch($0, relative, 0) == 0 }) {
            result = override.choices.layered(over: result)
        }
        return result
    }

    private static func error(
        _ code: String, _ message: String, _ path: String, line: Int?, column: Int? = nil
    ) -> DiagnosticError {
        DiagnosticError(code: code, message: message, location: SourceLocation(file: path, line: line, column: column))
    }

    /// The absolute, resolved path (links, `.` and `..`) of an existing
    /// file; otherwise the path joined to the current folder.
    static func absolute(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let cwd = String(nulTerminated: buffer)
        let trimmed = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        return trimmed == "." ? cwd : cwd + "/" + trimmed
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
