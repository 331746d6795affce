/// The limits every reader of untrusted input applies, kept in one place so
/// that each parser takes the same bound and docs/hostile-input.md lists
/// them all.
///
/// Nesting is bounded because every structure Meridian reads can be nested
/// without end in a few bytes (a million `[`, `<b>` or `(`), and a reader
/// that follows nesting with recursion, or builds a tree that is freed by
/// recursion, would exhaust its thread's stack: a crash, and in `meridian
/// serve` a denial of service. Readers that must follow nesting use this
/// bound and refuse deeper input with a located error; readers that need
/// not (XML text gathered from nested elements) follow it without recursion.
public enum InputLimits {
    /// The deepest nesting accepted, by default, of data: JSON arrays and
    /// objects (`JSONReadingOptions.maximumDepth`), WKT collections, TOML
    /// tables, dotted keys, arrays and inline tables. Real data nests a
    /// handful deep; GeoJSON's deepest (a MultiPolygon in a
    /// GeometryCollection in a Feature in a collection) is eight.
    public static let maximumNesting = 512

    /// The deepest nesting of one geometry's parts (WKT's parentheses): a
    /// level of a geometry collection is two of GeoJSON's (an object and
    /// its `geometries` array), so that every geometry read can be written
    /// as GeoJSON that Meridian reads back within ``maximumNesting``.
    public static let maximumGeometryNesting = maximumNesting / 2 - 8

    /// The deepest nesting of text people write by hand, whose parsers go
    /// through several functions per level: a `--where` expression
    /// (parentheses, `not`s, and terms of one `and` or `or`) and TOML
    /// (`meridian.toml`: tables, dotted keys, arrays and inline tables).
    public static let maximumHandWrittenNesting = 128

    /// The longest single value held whole: a JSON string or one feature
    /// of a streamed collection, a GeoPackage cell (`SQLITE_LIMIT_LENGTH`),
    /// a CSV record. 256 MiB holds the WKT of any real country's coastline
    /// many times over.
    public static let maximumValueBytes = 256 << 20

    /// The most fields of a CSV record (the header included). Spreadsheets
    /// stop at 16 384 columns, SQLite at 2 000 by default.
    public static let maximumColumns = 65_536

    /// The most distinct per-point series (GPX `<extensions>` elements such
    /// as heart rate, cadence, temperature) one line keeps; real devices
    /// write a handful.
    public static let maximumPointSeries = 64
}
