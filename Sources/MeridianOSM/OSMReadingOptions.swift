import MeridianIO

/// How OSM data is read: what `--osm-metadata` and the area rules change.
public struct OSMReadingOptions: Sendable {
    /// Keep each element's version, timestamp, changeset and user as
    /// `@version`, `@timestamp`, `@changeset`, `@uid` and `@user`.
    public var metadata = false
    /// Which closed ways are areas.
    public var areaRules = OSMAreaRules()
    /// The most tags one element keeps.
    public var maximumTags = 5_000

    public init() {}
}

enum OSMReadingKey: FormatOptionKey { static let defaultValue = OSMReadingOptions() }

extension ReadingOptions {
    /// How OpenStreetMap data is read.
    public var osm: OSMReadingOptions {
        get { self[OSMReadingKey.self] }
        set { self[OSMReadingKey.self] = newValue }
    }
}
