import ArgumentParser
import Meridian

struct MergeCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Combine collections into one, dropping duplicate places by id and alternate ids.",
        discussion: """
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
    )

    @Argument(help: "The inputs, in order of precedence (- for standard input; globs allowed).")
    var inputs: [String]

    @Option(name: .shortAndLong, help: "The output file, or - for standard output.")
    var output: String = "-"

    @Option(help: "Output format: geojson, geojsonseq or ndjson (default: from the output's extension).")
    var to: OutputFormat?

    @Option(help: "The property listing a place's alternate ids (an array, or one string).")
    var alternatesProperty: String = "alternate_ids"

    @Option(help: "Take each place's id from this property instead of the feature's id.")
    var idProperty: String?

    @Option(help: "Write the report of dropped duplicates to this file instead of standard error.")
    var reportFile: String?

    @Option(help: "Decimal places for coordinates (default: full round-trip precision).")
    var precision: Int?

    @Flag(help: "Indent the output.")
    var pretty = false

    @OptionGroup var report: ReportOptions

    /// The version of the JSON report's schema.
    static let reportSchemaVersion = 1

    func validate() throws {
        if inputs.isEmpty { throw ValidationError("give at least one input") }
        if inputs.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input can be read only once") }
        if let precision, !(0...17).contains(precision) {
            throw ValidationError("--precision must be between 0 and 17")
        }
    }

    func run() throws {
        let console = Console.shared
        let paths = try InputExpansion.expand(inputs)
        let format = to ?? OutputFormat(path: output)
        try OutputDestination.checkDistinct([output] + (reportFile.map { [$0] } ?? []))
        let sink = try FeatureSink(
            path: output, format: format, writer: GeoJSONWriter(options: .init(pretty: pretty, precision: precision)),
            kmlWriter: KMLWriter(options: .init(precision: precision)))
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
                let source = try FeatureSource(path: path)
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
                ? entries.map { String(decoding: $0.jsonBytes().dropLast(), as: UTF8.self) }.joined(separator: "\n")
                : String(decoding: value.jsonBytes(pretty: true), as: UTF8.self)
        }
        return text
    }
}
