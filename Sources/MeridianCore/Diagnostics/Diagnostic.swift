/// One problem found in input data: how bad it is, a stable code, a
/// message for people, and where it is.
///
/// ```swift
/// let problem = Diagnostic(
///     severity: .error, code: "geojson.ring.unclosed",
///     message: "the first and last positions of a ring must be equal",
///     location: SourceLocation(file: "parks.geojson", line: 12, column: 9,
///                              jsonPointer: "/features/3/geometry/coordinates/0"))
/// print(problem)   // parks.geojson:12:9: error: the first and last ... [geojson.ring.unclosed]
/// ```
///
/// Decoders, validators and the CLI all speak `Diagnostic`. Codes are
/// dotted, lower-case and stable across releases (`format.topic.problem`),
/// so scripts can filter on them; messages may be reworded.
public struct Diagnostic: Sendable, Hashable {
    public var severity: Severity
    /// A stable identifier such as `geojson.ring.unclosed`.
    public var code: String
    public var message: String
    public var location: SourceLocation

    public init(severity: Severity, code: String, message: String, location: SourceLocation = SourceLocation()) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
    }

    /// How serious a problem is. IMDF's validator calls errors "violations".
    public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
        /// Worth knowing; nothing is wrong.
        case info
        /// Allowed but likely unintended, or discouraged by a specification.
        case warning
        /// Breaks a rule of the format: the data is invalid.
        case error

        private var rank: Int {
            switch self {
            case .info: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }
}

extension Diagnostic: CustomStringConvertible {
    /// `file:line:column: severity: message [code]`, the form compilers use,
    /// with the record, feature id, property and JSON pointer appended when
    /// known.
    public var description: String {
        var text = location.description
        text += text.isEmpty ? "" : ": "
        text += "\(severity.rawValue): \(message) [\(code)]"
        var context: [String] = []
        if let record = location.record { context.append("record \(record)") }
        if let featureID = location.featureID { context.append("feature \(featureID)") }
        if let property = location.property { context.append("property \(property)") }
        if let pointer = location.jsonPointer { context.append("at \(pointer.isEmpty ? "/" : pointer)") }
        if !context.isEmpty { text += " (" + context.joined(separator: ", ") + ")" }
        return text
    }
}
