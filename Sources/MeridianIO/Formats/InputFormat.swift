/// The name of a format Meridian reads, decided once by ``Input`` from
/// the content (never from the name alone) by the ``FeatureFormat`` that
/// recognised it: `geojson`, `kml`, `kmz`, `imdf`, `gpx`, `tcx`, `csv`,
/// `gpkg`, or a format a program registered itself.
///
/// Each format module declares its names as constants (`InputFormat.kml`
/// in MeridianKML), so that `input.format == .imdf` reads as before.
public struct InputFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public init(_ name: String) {
        self.rawValue = name
    }

    public var description: String { rawValue }
}
