import Meridian
import MeridianCommandLine

struct MergeCommand: ReportingCommand {
    static let name = "merge"
    static let abstract =
        "Combine collections into one, dropping duplicate places by id and alternate ids."
    static let discussion = """
        Inputs of any format (GeoJSON, sequences, NDJSON, KML, KMZ, IMDF; detected from the \
        content; globs allowed) are read in the order given and written as one GeoJSON \
        collection, sequence or NDJSON stream. Duplicates are dropped as Apple documents for \
        Place IDs: on insertion, a place whose id or any alternate id is already in the set \
        is a duplicate; then a full pass, because alternate lists are not exhaustive: a place \
        whose id or alternates were listed by an earlier kept place is a duplicate. The first \
        occurrence wins; features without an id are kept. What was dropped, and why, is \
        reported on standard error (or --report FILE) in --format: text, json (schema \
        version 1) or github. Exit status: 0 (duplicates are not errors), 2 usage, 3 an \
        input that cannot be read or decoded, or an output that cannot be written.
        """

    let inputs: [String]
    let out: OutputArguments
    let alternatesProperty: String
    let idProperty: String?
    let reportFile: String?
    let systems: CoordinateSystemArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        inputs = try arguments.arguments(
            "inputs", required: true, help: "The inputs, in order of precedence (- for standard input; globs allowed).")
        out = try arguments.group { try OutputArguments($0, formats: "geojson, geojsonseq or ndjson") }
        alternatesProperty = try arguments.option(
            "alternates-property", default: "alternate_ids",
            help: "The property listing a place's alternate ids (an array, or one string).")
        idProperty = try arguments.option(
            "id-property", help: "Take each place's id from this property instead of the feature's id.")
        reportFile = try arguments.option(
            "report-file", help: "Write the report of dropped duplicates to this file instead of standard error.")
        systems = try arguments.group { try CoordinateSystemArguments($0, target: false) }
        report = try arguments.group(ReportOptions.self)
    }

    /// The version of the JSON report's schema.
    static let reportSchemaVersion = 1

    func validate() throws {
        if inputs.isEmpty { throw UsageError("give at least one input") }
        if inputs.filter({ $0 == "-" }).count > 1 { throw UsageError("standard input can be read only once") }
    }

    func run() throws {
        let console = Console.shared
        let paths = try InputExpansion.expand(inputs)
        let format = out.to ?? OutputFormat(path: out.output)
        try OutputDestination.checkDistinct([out.output] + (reportFile.map { [$0] } ?? []))
        for written in [out.output] + (reportFile.map { [$0] } ?? []) {
            try OutputDestination.checkNotInput(written, inputs: paths)
        }
        let sink = try FeatureSink(
            path: out.output, format: format, options: WritingOptions(precision: out.precision, pretty: out.pretty))
        let reportDestination: OutputDestination?
        do throws(DiagnosticError) {
            reportDestination = try reportFile.map { path throws(DiagnosticError) in try OutputDestination(path: path) }
        } catch {
            sink.discard()
            throw error
        }
        var deduplicator = PlaceDeduplicator(alternatesProperty: alternatesProperty, idProperty: idProperty)
        let progress = ProgressBar(label: "merge", total: paths.count, unit: .files)
        var read: [(input: String, features: Int)] = []
        do throws(DiagnosticError) {
            for path in paths {
                let start = monotonicSeconds()
                let name = path == "-" ? "<stdin>" : path
                let source = try FeatureSource(input: Input(path: path), options: systems.readingOptions)
                var count = 0
                while let feature = try source.next() {
                    count += 1
                    if case .kept = deduplicator.admit(feature, from: name) { try sink.write(feature) }
                }
                console.warn(source.warnings)
                read.append((name, count))
                progress.advance()
                console.note(
                    "\(name): \(count) features (\(source.layout)) in \(formatDuration(monotonicSeconds() - start))")
            }
            try sink.complete()
            let report = reportText(deduplicator, read: read)
            if let reportDestination {
                try reportDestination.write(report.hasSuffix("\n") || report.isEmpty ? report : report + "\n")
                try OutputDestination.commit([sink.destination, reportDestination])
            } else {
                try sink.destination.commit()
                if !report.isEmpty { Console.error(report) }
            }
        } catch {
            progress.finish()
            sink.discard()
            reportDestination?.discard()
            throw error
        }
        progress.finish()
    }

    private func reportText(_ deduplicator: PlaceDeduplicator, read: [(input: String, features: Int)]) -> String {
        let total = read.reduce(0) { $0 + $1.features }
        let dropped = deduplicator.duplicates
        var text: String
        switch report.format {
        case .text:
            var lines: [String] = []
            if !report.quiet {
                lines = dropped.map { "meridian: dropped " + $0.reason }
            }
            if !report.quiet || reportFile != nil {
                lines.append(
                    "meridian: merged \(read.count) inputs: kept \(deduplicator.keptCount) of \(total) features, dropped \(dropped.count) duplicates"
                        + (deduplicator.withoutIDCount > 0
                            ? " (\(deduplicator.withoutIDCount) without an id kept)" : ""))
            }
            text = lines.joined(separator: "\n")
        case .github:
            text = dropped.map { duplicate in
                "::notice file=\(duplicate.input),title=merge.duplicate::" + duplicate.reason
            }.joined(separator: "\n")
        case .json, .ndjson, .sarif:
            let entries: [JSONValue] = dropped.map { duplicate in
                .object(
                    JSONObject([
                        ("id", .string(duplicate.id)), ("input", .string(duplicate.input)),
                        ("index", .integer(Int64(duplicate.index))), ("matched", .string(duplicate.matched)),
                        ("matchedBy", .string(duplicate.matchedAlternate ? "alternate" : "id")),
                        ("duplicateOf", .string(duplicate.duplicateOf)),
                        ("duplicateOfInput", .string(duplicate.duplicateOfInput)),
                        ("pass", .string(duplicate.pass.rawValue)),
                    ]))
            }
            let inputs: [JSONValue] = read.map {
                .object(JSONObject([("input", .string($0.input)), ("features", .integer(Int64($0.features)))]))
            }
            let value: JSONValue = .object(
                JSONObject([
                    ("version", .integer(Int64(Self.reportSchemaVersion))), ("inputs", .array(inputs)),
                    ("features", .integer(Int64(total))), ("kept", .integer(Int64(deduplicator.keptCount))),
                    ("withoutId", .integer(Int64(deduplicator.withoutIDCount))), ("dropped", .array(entries)),
                ]))
            // NDJSON: one line per dropped duplicate.
            text =
                report.format == .ndjson
                ? entries.map { $0.compactJSONText }.joined(separator: "\n")
                : String(decoding: value.jsonBytes(pretty: true), as: UTF8.self)
        }
        return text
    }
}
