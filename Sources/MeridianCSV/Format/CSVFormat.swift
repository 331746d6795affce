import MeridianCore
import MeridianIO
import MeridianValidity

extension InputFormat {
    /// CSV with longitude and latitude columns, or a WKT column.
    public static let csv = InputFormat("csv")
}

extension OutputFormat {
    /// CSV: lon and lat columns for points, else a WKT column, then the properties.
    public static let csv = OutputFormat("csv")
}

/// Where ``ReadingOptions`` keeps CSV's settings (`--csv-lon`, `--csv-lat`...).
enum CSVReadingKey: FormatOptionKey {
    static let defaultValue = CSVReadingOptions()
}

extension ReadingOptions {
    /// How a CSV input's columns are read.
    public var csv: CSVReadingOptions {
        get { self[CSVReadingKey.self] }
        set { self[CSVReadingKey.self] = newValue }
    }
}

/// CSV as an input format: text whose first line holds a `,`, `;` or tab
/// and starts with none of `{`, `[`, `<` (JSON, XML) or RS (a GeoJSON text
/// sequence).
public struct CSVFormat: FeatureFormat {
    public let format = InputFormat.csv

    public init() {}

    public func recognise(_ probe: InputProbe) -> InputProbe.Match? {
        guard probe.isBytes, !probe.isUTF16, let first = probe.meaningfulBytes.first,
            first != 0x3C, first != 0x7B, first != 0x5B, first != 0x1E
        else { return nil }
        let firstLine = probe.meaningfulBytes.prefix { $0 != 0x0A }
        return firstLine.contains { $0 == 0x2C || $0 == 0x3B || $0 == 0x09 } ? .likely : nil
    }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        try Self.reader(for: input, options: options.csv)
    }

    /// A CSV's faults (ragged rows, bad coordinates, WKT, quotes) and the
    /// validity of its WKT geometries, at their rows' lines.
    public func validate(_ input: Input, options: ValidationOptions) -> [Diagnostic]? {
        let reader: CSVFeatureReader
        do throws(DiagnosticError) {
            reader = try Self.reader(for: input, options: CSVReadingOptions())
        } catch {
            return [error.diagnostic]
        }
        var validity = ValidityCollector(level: options.geometry)
        var failure: [Diagnostic] = []
        do throws(DiagnosticError) {
            while let feature = try reader.next() {
                validity.check(feature.geometry, at: SourceLocation(file: reader.sourceName, line: reader.lastLine))
            }
        } catch {
            failure.append(error.diagnostic)
        }
        return asValidationFindings(reader.diagnostics) + validity.diagnostics + failure
    }

    /// A coordinate or WKT that is no place leaves its feature without geometry: an error of the file.
    public var errorsWhenValidating: Set<String> { ["csv.coordinate.invalid", "csv.wkt.invalid"] }

    public func matchingOutput(for input: Input, in formats: FormatRegistry) -> OutputFormat? { .csv }

    static func reader(for input: Input, options: CSVReadingOptions) throws(DiagnosticError) -> CSVFeatureReader {
        let stream = try input.stream(or: "io.open", isNot: "CSV")
        return try CSVFeatureReader(
            fileDescriptor: stream.descriptor, prefix: stream.prefix, skippedLines: stream.skippedLines,
            fileName: input.name, options: options)
    }
}

extension CSVFeatureReader: FeatureReader {
    public var warnings: [Diagnostic] { diagnostics }
}

/// CSV as an output format. Every feature is held to the end: the columns
/// are the properties of all of them.
public struct CSVOutputFormat: FeatureOutputFormat {
    public let format = OutputFormat.csv
    public let extensions = [".csv"]
    /// The x and y columns hold whatever system the positions are in.
    public let writesAnyCoordinateSystem = true

    public init() {}

    public func writer(to destination: OutputDestination, options: WritingOptions) -> any FeatureWriter {
        HeldFeaturesWriter { features throws(DiagnosticError) in
            try destination.write(
                CSVWriter(precision: options.precision).encode(FeatureCollection(features: features)))
        }
    }
}
