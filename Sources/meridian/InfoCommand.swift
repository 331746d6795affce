import Meridian
import MeridianCommandLine

struct InfoCommand: ReportingCommand {
    static let name = "info"
    static let abstract =
        "Summarise files: layout, feature and geometry counts, extent, property keys and an Apple Maps link."
    static let discussion = """
        Inputs of any format (detected from the content), - for standard input, and globs. \
        Files are read on two threads; summaries are printed in the order given. A file that \
        cannot be read or decoded is reported on standard error and the others are still \
        summarised; the exit status is then 3. --format json prints one object (an array for \
        several files); --format github prints text summaries and failures as annotations.
        """

    let inputs: [String]
    let systems: CoordinateSystemArguments
    let shapefile: ShapefileArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        inputs = try arguments.arguments(
            "inputs", required: true,
            help: "The files, IMDF folders or archives to summarise (- for standard input; globs allowed).")
        systems = try arguments.group(CoordinateSystemArguments.self)
        shapefile = try arguments.group(ShapefileArguments.self)
        report = try arguments.group(ReportOptions.self)
    }

    func run() throws {
        let console = Console.shared
        let paths = try InputExpansion.expand(inputs)
        let progress = ProgressBar(label: "info", total: paths.count, unit: .files)
        if paths.count > 1 { KMLFeatureReader.prepareForThreads() }
        var reports: [JSONValue] = []
        var failed = false
        let options = {
            var options = systems.readingOptions
            options.shapefileEncoding = shapefile.encoding
            return options
        }()
        OrderedWorkers.run(count: paths.count) {
            index -> Result<(text: String, json: JSONValue, seconds: Double, features: Int), DiagnosticError> in
            let start = monotonicSeconds()
            defer { progress.advance() }
            do throws(DiagnosticError) {
                let summary = try InputSummary(input: Input(path: paths[index]), options: options)
                return .success((summary.text, summary.json, monotonicSeconds() - start, summary.featureCount))
            } catch {
                return .failure(error)
            }
        } emit: { index, result in
            switch result {
            case .success(let summary):
                console.note(
                    "\(Input.redactingPassword(paths[index])): summarised \(summary.features) features in \(formatDuration(summary.seconds))")
                switch report.format {
                case .text, .github:
                    progress.finish()
                    Console.out(summary.text, terminator: "")
                case .json, .sarif: reports.append(summary.json)
                case .ndjson:
                    Console.out(String(decoding: summary.json.jsonBytes(), as: UTF8.self), terminator: "")
                }
            case .failure(let error):
                progress.finish()
                failed = true
                console.fail(error)
            }
        }
        progress.finish()
        if report.format == .json || report.format == .sarif {
            let value: JSONValue = reports.count == 1 && paths.count == 1 ? reports[0] : .array(reports)
            Console.out(String(decoding: value.jsonBytes(pretty: true), as: UTF8.self), terminator: "")
        }
        if failed { throw ExitCode(ExitStatus.inputOutput) }
    }
}
