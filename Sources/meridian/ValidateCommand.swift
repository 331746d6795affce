import ArgumentParser
import Meridian

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check GeoJSON (RFC 7946 and geojsonhint's rules) and KML/KMZ files.",
        discussion: """
            Every problem is reported with its file, line, column and JSON pointer. Exit status: \
            0 when no errors were found (warnings allowed unless --strict), 1 when problems were \
            found, 2 when a file could not be read.
            """
    )

    @Argument(help: "The files to check (- for standard input).")
    var inputs: [String]

    @Option(help: "Output: text, json or github (workflow annotations).")
    var format: DiagnosticFormat = .text

    @Flag(help: "Count warnings as problems for the exit status.")
    var strict = false

    @Flag(name: .shortAndLong, help: "Print errors only (and the summary).")
    var quiet = false

    func run() throws {
        var report = DiagnosticReport()
        var unreadable = false
        for input in inputs {
            let name = input == "-" ? "<stdin>" : input
            do {
                let bytes = try FileInput.readAll(input)
                switch InputFormat(prefix: Array(bytes.prefix(512))) {
                case .kml, .kmz:
                    report.add(file: name, diagnostics: KMLValidator.validate(bytes: bytes, fileName: name))
                case .geojson:
                    report.add(file: name, diagnostics: GeoJSONValidator().validate(bytes, file: name))
                }
            } catch let error as DiagnosticError {
                report.add(file: name, diagnostics: [error.diagnostic])
                unreadable = true
            }
        }
        switch format {
        case .text: print(report.text(minimum: quiet ? .error : .info))
        case .json: print(String(decoding: report.json().jsonBytes(pretty: true), as: UTF8.self), terminator: "")
        case .github: print(report.githubAnnotations())
        }
        if unreadable { throw ExitCode(2) }
        let status = report.exitStatus(strict: strict)
        if status != 0 { throw ExitCode(status) }
    }
}

enum DiagnosticFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, github
}
