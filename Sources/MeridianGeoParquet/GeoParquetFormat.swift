import MeridianCore
import MeridianIO

extension InputFormat {
    /// GeoParquet: Parquet with the `geo` metadata, geometry as WKB.
    public static let geoParquet = InputFormat("geoparquet")
}

/// GeoParquet as an input format: a file or stream that starts with
/// Parquet's magic bytes (`PAR1`).
public struct GeoParquetFormat: FeatureFormat {
    public let format = InputFormat.geoParquet

    public init() {}

    public func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match? {
        guard case .bytes = probe.content, probe.skippedBytes == 0, probe.head.starts(with: ParquetFile.magic) else {
            return nil
        }
        return .certain
    }

    /// A file without GeoParquet metadata, or whose metadata breaks the
    /// specification's rules or does not agree with the rows, is in error
    /// when validated.
    public var errorsWhenValidating: Set<String> {
        [
            "parquet.geo.missing", "parquet.geo.schema", "parquet.geo.type-undeclared", "parquet.geo.bbox-mismatch",
            "parquet.covering.mismatch",
        ]
    }

    public func matchingOutput(for input: Input, in formats: FormatRegistry) -> OutputFormat? { .geoParquet }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        let stream = try input.stream(or: "parquet.footer.invalid", isNot: "a Parquet file")
        // The covering statistics are in the file's own system: used for
        // a box only when the input is not declared to be in another.
        let box = options.sourceCoordinateSystem == nil ? options.boundingBox : nil
        return try GeoParquetReader(
            descriptor: stream.descriptor, prefix: stream.prefix, seekable: stream.seekable, name: input.name,
            within: box, columns: options.selectedProperties)
    }
}

extension GeoParquetReader: FeatureReader {
    public func layer(of feature: Feature) -> String? { layerName }

    public func coordinateSystem(ofLayer layer: String?) -> String? { coordinateSystem }

    public var warnings: [Diagnostic] { diagnostics }

    public var layout: String? {
        let version = geoMetadata.map { "GeoParquet \($0.version)" } ?? "Parquet without geo metadata"
        let groups = rowGroupsRead == rowGroupCount ? "\(rowGroupCount)" : "\(rowGroupsRead) of \(rowGroupCount)"
        return "\(version), \(rowCount) rows in \(groups) row groups"
    }
}
