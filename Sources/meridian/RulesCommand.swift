import ArgumentParser
import Meridian

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every diagnostic code Meridian reports, with its severity and meaning.",
        discussion: """
            Give a prefix (geojson, imdf.manifest, archive) to list one family. --format json prints \
            an array of {code, severity, summary, documentation}; --format markdown prints \
            docs/diagnostics.md.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, markdown
    }

    @Argument(help: "Only codes that start with this prefix.")
    var prefix: String?

    @Option(help: "text, json or markdown.")
    var format: Format = .text

    func run() throws {
        let rules = DiagnosticCatalogue.rules.filter { rule in
            prefix.map { rule.code == $0 || rule.code.hasPrefix($0.hasSuffix(".") ? $0 : $0 + ".") } ?? true
        }
        if rules.isEmpty, let prefix {
            throw ValidationError("no diagnostic code starts with '\(prefix)'; see meridian rules")
        }
        switch format {
        case .text:
            let width = rules.map(\.code.count).max() ?? 0
            for rule in rules {
                let code = rule.code.padding(toLength: width, withPad: " ", startingAt: 0)
                let severity = rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0)
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
