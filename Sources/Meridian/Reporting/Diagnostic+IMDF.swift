import MeridianCore
import MeridianIMDF

extension Diagnostic {
    /// The line IMDF problems print as, after Apple's validator: `file: VIOLATION code: message (feature id, property name)`.
    public var imdfDescription: String {
        let diagnostic = self
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
