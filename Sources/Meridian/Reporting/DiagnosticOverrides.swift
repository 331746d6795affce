import MeridianCore

/// The severities a user has chosen over the defaults: codes to ignore, to
/// report as warnings, or to report as errors (`validate --ignore`,
/// `--warn`, `--error`).
///
/// ```swift
/// let overrides = try DiagnosticOverrides(ignore: ["geojson.precision"], error: ["geojson.ring.winding"])
/// let kept = overrides.apply(diagnostics)   // no precision warnings; winding is an error
/// ```
///
/// A selector is a code (`geojson.ring.winding`) or a family of codes, as a
/// prefix ending at a dot (`geojson.precision`, `imdf`). When several
/// selectors match a code, the longest wins, so a family can be ignored and
/// one of its codes kept: `--ignore imdf.manifest --warn
/// imdf.manifest.version`. A selector that matches no code in the
/// ``DiagnosticCatalogue`` is refused (`report.rule.unknown`), with the
/// closest codes suggested.
public struct DiagnosticOverrides: Sendable {
    public enum Action: Sendable, Hashable {
        case ignore, warn, error
    }

    /// Layers of selectors, the most specific last (a configuration file's
    /// base, its per-path overrides, then the command line); each sorted
    /// longest first.
    private var layers: [[(selector: String, action: Action)]] = []

    public init(ignore: [String] = [], warn: [String] = [], error: [String] = []) throws(DiagnosticError) {
        var selectors: [(selector: String, action: Action)] = []
        for (list, action) in [(ignore, Action.ignore), (warn, .warn), (error, .error)] {
            for selector in list where !selector.isEmpty {
                try Self.check(selector)
                selectors.append((selector, action))
            }
        }
        selectors.sort { $0.selector.count > $1.selector.count }
        if !selectors.isEmpty { layers = [selectors] }
    }

    /// No choices: every code keeps its severity.
    public static let defaults = DiagnosticOverrides(layers: [])

    private init(layers: [[(selector: String, action: Action)]]) {
        self.layers = layers
    }

    public var isEmpty: Bool { layers.isEmpty }

    /// These choices over `base`'s: for a code either matches, the choices
    /// of `self` win (the command line over a configuration file).
    public func layered(over base: DiagnosticOverrides) -> DiagnosticOverrides {
        var combined = base
        combined.layers += layers
        return combined
    }

    /// What to do with `code`: in the most specific layer with a selector
    /// that matches it, the action of the longest; nil when none does.
    public func action(for code: String) -> Action? {
        for layer in layers.reversed() {
            if let match = layer.first(where: { Self.matches($0.selector, code) }) { return match.action }
        }
        return nil
    }

    /// The diagnostics with the chosen severities, the ignored ones left out.
    public func apply(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !isEmpty else { return diagnostics }
        return diagnostics.compactMap { diagnostic in
            var changed = diagnostic
            switch action(for: diagnostic.code) {
            case .ignore: return nil
            case .warn: changed.severity = .warning
            case .error: changed.severity = .error
            case nil: break
            }
            return changed
        }
    }

    static func matches(_ selector: String, _ code: String) -> Bool {
        code == selector || code.hasPrefix(selector.hasSuffix(".") ? selector : selector + ".")
    }

    static func check(_ selector: String) throws(DiagnosticError) {
        let codes = DiagnosticCatalogue.rules.map(\.code)
        guard !codes.contains(where: { matches(selector, $0) }) else { return }
        // Candidates: every code and every family prefix of one.
        var candidates: Set<String> = []
        for code in codes {
            let parts = code.split(separator: ".")
            for length in 1...parts.count { candidates.insert(parts.prefix(length).joined(separator: ".")) }
        }
        let closest = candidates.map { ($0, editDistance(selector, $0)) }
            .filter { $0.1 <= max(2, selector.count / 3) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(3).map(\.0)
        let hint = closest.isEmpty ? "see meridian rules" : "did you mean " + closest.joined(separator: ", ") + "?"
        throw DiagnosticError(
            code: "report.rule.unknown", message: "no diagnostic code is or starts with '\(selector)'; \(hint)")
    }

    /// Levenshtein distance over Unicode scalars.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
