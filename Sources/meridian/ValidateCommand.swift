import Meridian
import MeridianCommandLine

struct ValidateCommand: ReportingCommand {
    static let name = "validate"
    static let abstract =
        "Check GeoJSON (RFC 7946 and geojsonhint's rules), KML/KMZ files and IMDF archives."
    static let discussion = """
        Every problem is reported with its file, line, column and JSON pointer (IMDF: file, \
        feature id and property; errors are IMDF's VIOLATIONs). Files are checked on two \
        threads and reported in the order given; globs are expanded. A file that does not \
        parse is a problem of that file (status 1). Exit status: 0 when no errors were found \
        (warnings allowed unless --strict), 1 when problems were found, 3 when a file could \
        not be found or read (the others are still checked).
        """

    let inputs: [String]
    let report: ReportOptions
    let strict: Bool
    let ignore: [String]
    let warn: [String]
    let error: [String]
    let geometry: GeometryValidityLevel
    let config: String?
    let noConfig: Bool
    let systems: CoordinateSystemArguments

    init(_ arguments: Arguments) throws {
        inputs = try arguments.arguments(
            "inputs", required: true,
            help: "The files, IMDF folders or archives to check (- for standard input; globs allowed).")
        report = try arguments.group(ReportOptions.self)
        strict = arguments.flag("strict", help: "Count warnings as problems for the exit status.")
        ignore = try arguments.repeatedOption(
            "ignore",
            help:
                "Leave out these codes or families of codes (CODE[,CODE]; geojson.precision covers its codes). See meridian rules."
        )
        warn = try arguments.repeatedOption("warn", help: "Report these codes or families as warnings (CODE[,CODE]).")
        error = try arguments.repeatedOption("error", help: "Report these codes or families as errors (CODE[,CODE]).")
        geometry = try arguments.option(
            "geometry", default: .errors,
            help:
                "Geometry validity of GeoJSON polygons by the OGC rules (GEOS): off, errors (self-intersections, holes outside...), or all (also repeated positions)."
        )
        config = try arguments.option(
            "config", help: "Read the rules from this meridian.toml instead of the one found upward from each input.")
        noConfig = arguments.flag("no-config", help: "Read no meridian.toml.")
        systems = try arguments.group { try CoordinateSystemArguments($0, target: false) }
    }

    /// The severity overrides; the longest matching code or family wins.
    func overrides() throws(DiagnosticError) -> DiagnosticOverrides {
        func split(_ values: [String]) -> [String] { values.flatMap { $0.split(separator: ",").map(String.init) } }
        return try DiagnosticOverrides(ignore: split(ignore), warn: split(warn), error: split(error))
    }

    /// One file's outcome.
    private struct Checked: Sendable {
        var name: String
        var diagnostics: [Diagnostic]
        var unreadable = false
        var imdf = false
        var seconds = 0.0
    }

    func run() throws {
        let console = Console.shared
        let commandLine = try overrides()
        let explicit = try config.map { path throws(DiagnosticError) in try RuleConfiguration(path: path) }
        let paths = try InputExpansion.expand(inputs)
        // Each input's choices: its meridian.toml (explicit, or found upward
        // from it), then the command line's over it.
        var strictness = strict
        var choices: [DiagnosticOverrides] = []
        var read: [String: RuleConfiguration] = [:]  // each file parsed once
        for path in paths {
            var configuration = noConfig ? nil : explicit
            if !noConfig, configuration == nil, let found = RuleConfiguration.find(from: path) {
                if read[found] == nil { read[found] = try RuleConfiguration(path: found) }
                configuration = read[found]
            }
            if configuration?.strict == true { strictness = true }
            choices.append(commandLine.layered(over: configuration?.overrides(for: path) ?? .defaults))
        }
        let progress = ProgressBar(label: "validate", total: paths.count, unit: .files)
        if paths.count > 1 { KMLFeatureReader.prepareForThreads() }
        var diagnosticReport = DiagnosticReport()
        var unreadable = false
        OrderedWorkers.run(count: paths.count) { index in
            defer { progress.advance() }
            return Self.check(paths[index], geometry: geometry, sourceSystem: systems.source)
        } emit: { index, checked in
            diagnosticReport.add(
                file: checked.name, diagnostics: choices[index].apply(checked.diagnostics),
                style: checked.imdf ? .imdf : .compiler)
            if checked.unreadable { unreadable = true }
            console.note(
                "\(checked.name): \(checked.diagnostics.count) diagnostics in \(formatDuration(checked.seconds))")
        }
        progress.finish()
        switch report.format {
        case .text:
            for line in diagnosticReport.lines(minimum: report.quiet ? .error : .info) {
                Console.out(Console.colourSeverity(line, enabled: console.colourOut))
            }
            Console.out(diagnosticReport.summary)
        case .json:
            Console.out(
                String(decoding: diagnosticReport.json().jsonBytes(pretty: true), as: UTF8.self), terminator: "")
        case .github:
            Console.out(diagnosticReport.githubAnnotations())
        case .ndjson:
            Console.out(diagnosticReport.ndjson(), terminator: "")
        case .sarif:
            Console.out(
                String(decoding: diagnosticReport.sarif().jsonBytes(pretty: true), as: UTF8.self), terminator: "")
        }
        if unreadable { throw ExitCode(ExitStatus.inputOutput) }
        let status = diagnosticReport.exitStatus(strict: strictness)
        if status != 0 { throw ExitCode(status) }
    }

    private static func check(_ input: String, geometry: GeometryValidityLevel, sourceSystem: String?) -> Checked {
        let name = input == "-" ? "<stdin>" : Input.redactingPassword(input)
        let start = monotonicSeconds()
        var checked = Checked(name: name, diagnostics: [])
        do throws(DiagnosticError) {
            var validator = InputValidator(geometry: geometry)
            validator.sourceCoordinateSystem = sourceSystem
            let result = validator.validate(try Input(path: input))
            checked.diagnostics = result.diagnostics
            checked.imdf = result.isIMDF
        } catch {
            checked.diagnostics = [error.diagnostic]
            checked.unreadable = !ExitStatus.isContentProblem(error)
        }
        checked.seconds = monotonicSeconds() - start
        return checked
    }
}

extension GeometryValidityLevel: ArgumentValue {}
