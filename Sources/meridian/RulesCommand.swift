import Meridian
import MeridianCommandLine

struct RulesCommand: Command {
    static let name = "rules"
    static let abstract =
        "List every diagnostic code Meridian reports, with its severity and meaning."
    static let discussion = """
        Give a prefix (geojson, imdf.manifest, archive) to list one family. --format json prints \
        an array of {code, severity, summary, documentation}; --format markdown prints \
        docs/diagnostics.md.
        """

    enum Format: String, ArgumentValue, CaseIterable {
        case text, json, markdown
    }

    let prefix: String?
    let format: Format

    init(_ arguments: Arguments) throws {
        prefix = arguments.optionalArgument("prefix", help: "Only codes that start with this prefix.")
        format = try arguments.option("format", default: .text, help: "text, json or markdown.")
    }

    func run() throws {
        let rules = DiagnosticCatalogue.rules.filter { rule in
            prefix.map { rule.code == $0 || rule.code.hasPrefix($0.hasSuffix(".") ? $0 : $0 + ".") } ?? true
        }
        if rules.isEmpty, let prefix {
            throw UsageError("no diagnostic code starts with '\(prefix)'; see meridian rules")
        }
        switch format {
        case .text:
            let width = rules.map(\.code.count).max() ?? 0
            for rule in rules {
                let code = rule.code + String(repeating: " ", count: width - rule.code.count)
                let severity = rule.severity.rawValue + String(repeating: " ", count: 7 - rule.severity.rawValue.count)
                Console.out("\(code)  \(severity)  \(rule.summary)")
            }
        case .json:
            let array: JSONValue = .array(
                rules.map { rule in
                    .object(
                        JSONObject([
                            ("code", .string(rule.code)), ("severity", .string(rule.severity.rawValue)),
                            ("summary", .string(rule.summary)),
                            ("fix", .string(DiagnosticCatalogue.fix(for: rule.code) ?? "")),
                            ("documentation", .string(rule.documentation)),
                        ]))
                })
            Console.out(String(decoding: array.jsonBytes(pretty: true), as: UTF8.self), terminator: "")
        case .markdown:
            Console.out(DiagnosticCatalogue.markdown(), terminator: "")
        }
    }
}
