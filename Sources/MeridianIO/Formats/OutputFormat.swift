/// The name of a format Meridian writes, chosen by name (`--to`) or by the
/// output file's extension through a ``FormatRegistry``: `geojson`,
/// `geojsonseq`, `ndjson`, `kml`, `kmz`, `gpx`, `csv`, `gpkg`, or a format
/// a program registered itself.
///
/// Each format module declares its names as constants (`OutputFormat.kmz`
/// in MeridianKML).
public struct OutputFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ name: String) {
        self.rawValue = name
    }

    public var description: String { rawValue }
}
