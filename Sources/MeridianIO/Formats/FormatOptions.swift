import MeridianCore

/// A setting of one format's own, kept in ``ReadingOptions`` or
/// ``WritingOptions`` under its type, as SwiftUI keeps environment values:
/// a format module adds its settings without the options knowing them.
///
/// ```swift
/// enum CSVReadingKey: FormatOptionKey { static let defaultValue = CSVReadingOptions() }
/// extension ReadingOptions {
///     public var csv: CSVReadingOptions {
///         get { self[CSVReadingKey.self] }
///         set { self[CSVReadingKey.self] = newValue }
///     }
/// }
/// ```
public protocol FormatOptionKey {
    associatedtype Value: Sendable
    static var defaultValue: Value { get }
}

/// The format-specific settings of ``ReadingOptions`` and ``WritingOptions``.
public struct FormatOptions: Sendable {
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    public subscript<Key: FormatOptionKey>(key: Key.Type) -> Key.Value {
        get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }
}

/// How an input is read, whatever its format: the reading half of a
/// conversion's settings.
public struct ReadingOptions: Sendable {
    /// Keep one level (floor) by ordinal; an error for a format without
    /// levels (``FeatureFormat/hasLevels``).
    public var level: Int?
    /// Read one layer of a multi-layer input (a GeoPackage's table); nil
    /// reads them all.
    public var layer: String?
    /// Skip a record of a record stream (a GeoJSON text sequence, NDJSON)
    /// that cannot be decoded, counting it, instead of stopping.
    public var skippingBadRecords: Bool
    /// The coordinate reference system the input's positions are in,
    /// whatever the input declares (`--s-srs`), as PROJ reads a system
    /// (`EPSG:27700`, WKT, PROJJSON, a PROJ string); nil: what each layer
    /// declares (``FeatureReader/coordinateSystem(ofLayer:)``).
    public var sourceCoordinateSystem: String?
    /// The system features are handed out in; nil: WGS 84 longitude and
    /// latitude, as GeoJSON has them.
    public var coordinateSystem: String?
    /// Only features whose bounds meet this box are wanted (`--bbox`), in
    /// longitude and latitude: a reader with a spatial index (FlatGeobuf)
    /// reads only those it names. A hint: the others may still come, and
    /// the caller filters.
    public var boundingBox: BoundingBox?
    /// Only these properties are wanted (`--select`): a columnar reader
    /// (GeoParquet) reads only those columns. A hint: the caller keeps
    /// only these whatever comes.
    public var selectedProperties: Set<String>?
    /// Settings of one format's own.
    public var formatOptions = FormatOptions()

    public init(level: Int? = nil, layer: String? = nil, skippingBadRecords: Bool = false) {
        self.level = level
        self.layer = layer
        self.skippingBadRecords = skippingBadRecords
    }

}

/// A coordinate reference system as a written file records it: its name,
/// its authority and code when it has them, and its WKT (WKT 1, as GDAL
/// writes GeoPackages and `.prj` files).
public struct WrittenCoordinateSystem: Sendable, Hashable {
    public var name: String
    public var authority: String?
    public var code: Int?
    public var wkt: String
    /// The system in PROJJSON, for a format that records it so (GeoParquet).
    public var projjson: String?

    public init(name: String, authority: String?, code: Int?, wkt: String, projjson: String? = nil) {
        self.name = name
        self.authority = authority
        self.code = code
        self.wkt = wkt
        self.projjson = projjson
    }
}

/// How features are written, whatever the format: the writing half of a
/// conversion's settings. A format honours what applies to it.
public struct WritingOptions: Sendable {
    /// Decimal places of coordinates; nil for full round-trip precision.
    public var precision: Int?
    /// Indent the output (GeoJSON).
    public var pretty: Bool
    /// Rewind polygon rings to the right-hand rule (RFC 7946, 3.1.6).
    public var rewind: Bool
    /// Cut lines and polygons that cross the antimeridian (RFC 7946, 3.1.9).
    public var cutAntimeridian: Bool
    /// The system the positions are in when it is not WGS 84 (`--t-srs`),
    /// for a format that records it (GeoPackage).
    public var coordinateSystem: WrittenCoordinateSystem?
    /// Only features whose bounds meet this box are wanted (`--bbox`), in
    /// longitude and latitude: a reader with a spatial index (FlatGeobuf)
    /// reads only those it names. A hint: the others may still come, and
    /// the caller filters.
    public var boundingBox: BoundingBox?
    /// Settings of one format's own.
    public var formatOptions = FormatOptions()

    public init(precision: Int? = nil, pretty: Bool = false, rewind: Bool = false, cutAntimeridian: Bool = false) {
        self.precision = precision
        self.pretty = pretty
        self.rewind = rewind
        self.cutAntimeridian = cutAntimeridian
    }
}

/// Options that carry settings of one format's own (``ReadingOptions``,
/// ``WritingOptions``), read and set by their key.
public protocol FormatOptionsCarrier {
    var formatOptions: FormatOptions { get set }
}

extension FormatOptionsCarrier {
    public subscript<Key: FormatOptionKey>(key: Key.Type) -> Key.Value {
        get { formatOptions[key] }
        set { formatOptions[key] = newValue }
    }
}

extension ReadingOptions: FormatOptionsCarrier {}
extension WritingOptions: FormatOptionsCarrier {}
