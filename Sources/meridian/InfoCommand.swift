import ArgumentParser
import Meridian

struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Summarise a file: its layout, feature and geometry counts, extent and property keys."
    )

    @Argument(help: "The files to summarise (- for standard input).")
    var inputs: [String]

    @Option(help: "Output: text or json.")
    var format: ReportFormat = .text

    func run() throws {
        var reports: [JSONValue] = []
        for input in inputs {
            if IMDFCommands.handles(input) {
                let summary = try IMDFCommands.info(input)
                switch format {
                case .text: print(summary.text, terminator: "")
                case .json: reports.append(summary.json)
                }
                continue
            }
            let summary = try KMLSupport.summary(input) ?? FileSummary(path: input)
            switch format {
            case .text: print(summary.text)
            case .json: reports.append(summary.json)
            }
        }
        if format == .json {
            let value: JSONValue = reports.count == 1 ? reports[0] : .array(reports)
            print(String(decoding: value.jsonBytes(pretty: true), as: UTF8.self), terminator: "")
        }
    }
}

enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
