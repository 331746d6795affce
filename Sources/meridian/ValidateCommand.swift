import ArgumentParser
import Meridian

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check GeoJSON (RFC 7946 and geojsonhint's rules), KML/KMZ files and IMDF archives.",
        discussion: """
            Every problem is reported with its file, line, column and JSON pointer (IMDF: file, \
            feature id and property; errors are IMDF's VIOLATIONs). Exit status: 0 when no errors \
            were found (warnings allowed unless --strict), 1 when problems were found, 2 when a file \
            could not be read.
            """
    )

    @Argument(help: "The files, IMDF folders or archives to check (- for standard input).")
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
        var imdfFiles: Set<String> = []
        for input in inputs {
            let name = input == "-" ? "<stdin>" : input
            do {
                if IMDFCommands.handles(input) {
                    report.add(file: name, diagnostics: try IMDFValidator().validate(path: input))
                    imdfFiles.insert(name)
                    continue
                }
                let bytes = try FileInput.readAll(input)
                switch InputFormat(prefix: Array(bytes.prefix(512))) {
                case .kml, .kmz:
                    report.add(file: name, diagnostics: KMLValidator.validate(bytes: bytes, fileName: name))
                case .geojson:
                    report.add(file: name, diagnostics: GeoJSONValidator().validate(bytes, file: name))
                }
            } catch {
                report.add(file: name, diagnostics: [error.diagnostic])
                unreadable = true
            }
        }
        switch format {
        case .text:
            for (file, diagnostics) in report.files {
                for diagnostic in diagnostics where !quiet || diagnostic.severity == .error {
                    print(imdfFiles.contains(file) ? IMDFCommands.line(diagnostic) : diagnostic.description)
                }
            }
            print(report.summary)
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
