/// The name of a format: `geojson`, `kml`, `gpkg`, or one a program
/// registered itself. ``InputFormat`` names a format read, decided once by
/// ``Input`` from the content (never from the file's name alone) by the
/// ``FeatureFormat`` that recognised it; ``OutputFormat`` names a format
/// written, chosen by name (`--to`) or by the output's extension through a
/// ``FormatRegistry``.
///
/// Each format module declares its names as constants (`InputFormat.kml`,
/// `OutputFormat.kmz` in MeridianKML), so that `input.format == .imdf`
/// reads as a comparison with a case would.
public struct FormatName<Role>: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ name: String) {
        self.rawValue = name
    }

    public var description: String { rawValue }
}

/// What ``InputFormat`` names: a format read.
public enum ReadingRole {}
/// What ``OutputFormat`` names: a format written.
public enum WritingRole {}

/// The name of a format Meridian reads (``FormatName``).
public typealias InputFormat = FormatName<ReadingRole>
/// The name of a format Meridian writes (``FormatName``).
public typealias OutputFormat = FormatName<WritingRole>
