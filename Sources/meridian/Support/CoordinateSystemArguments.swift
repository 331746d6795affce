import Meridian
import MeridianCommandLine

/// `--s-srs` and `--t-srs`: the coordinate reference system an input is in
/// whatever it declares, and the one features are written or reported in,
/// as ogr2ogr's `-s_srs` and `-t_srs`.
struct CoordinateSystemArguments: ArgumentGroup {
    let source: String?
    let target: String?

    /// With `target` false, only `--s-srs` (a command that draws on a map,
    /// always in WGS 84).
    init(_ arguments: Arguments, target hasTarget: Bool) throws {
        source = try arguments.option(
            "s-srs", valueName: "srs",
            help:
                "The coordinate reference system the input is in, whatever it declares: EPSG:n, WKT, PROJJSON or a PROJ string (default: what the input declares, else WGS 84 longitude/latitude)."
        )
        target =
            hasTarget
            ? try arguments.option(
                "t-srs", valueName: "srs",
                help:
                    "The coordinate reference system to write positions in, in its traditional GIS order, x (easting, longitude) first (default: WGS 84 longitude/latitude, as GeoJSON has them)."
            ) : nil
    }

    init(_ arguments: Arguments) throws { try self.init(arguments, target: true) }

    /// Sets the reading options' systems.
    func apply(to options: inout ReadingOptions) {
        options.sourceCoordinateSystem = source
        options.coordinateSystem = target
    }

    /// Reading options with these systems and nothing else.
    var readingOptions: ReadingOptions {
        var options = ReadingOptions()
        apply(to: &options)
        return options
    }
}

/// `--encoding`: the encoding of a shapefile's text, whatever its `.cpg`
/// and language driver say.
struct ShapefileArguments: ArgumentGroup {
    let encoding: String?

    init(_ arguments: Arguments) throws {
        encoding = try arguments.option(
            "encoding",
            help:
                "Shapefile input: the encoding of the .dbf's text (UTF-8, 1252, CP1251, SJIS, GBK...), whatever its .cpg and language driver say."
        )
    }
}

/// `--quantize`: how TopoJSON output is quantized.
struct TopoJSONArguments: ArgumentGroup {
    let quantize: Int?

    init(_ arguments: Arguments) throws {
        quantize = try arguments.option(
            "quantize", valueName: "steps",
            help:
                "TopoJSON output: snap positions to a grid of this many steps a side over the extent (1e4 to 1e6), arcs delta-encoded; without it, positions are written as they are."
        )
        if let quantize, quantize < 2 { throw UsageError("--quantize takes 2 steps or more") }
    }
}

/// `--compression` and `--row-group-size`: how GeoParquet output is written.
struct GeoParquetArguments: ArgumentGroup {
    let compression: GeoParquetCompression
    let rowGroupSize: Int
    let declaredTypes: [String: GeoParquetColumnType]

    init(_ arguments: Arguments) throws {
        compression = try arguments.option(
            "compression", default: .snappy,
            help: "GeoParquet output: how pages are compressed: snappy (the default, as pyarrow's), zstd, gzip or none."
        )
        rowGroupSize = try arguments.option(
            "row-group-size", valueName: "rows", default: 65_536,
            help:
                "GeoParquet output: the most rows in a row group, the unit readers skip by the bbox statistics and hold in memory."
        )
        if rowGroupSize < 1 { throw UsageError("--row-group-size takes 1 row or more") }
        let columns: [String] = try arguments.repeatedOption(
            "column", valueName: "name:type",
            help:
                "GeoParquet output: write this property as boolean, int64, double, string or json instead of the type its values imply (repeatable); a value the type cannot hold is written as null, with a warning."
        )
        var declared: [String: GeoParquetColumnType] = [:]
        for column in columns {
            guard let colon = column.lastIndex(of: ":"), colon != column.startIndex,
                let type = GeoParquetColumnType(rawValue: String(column[column.index(after: colon)...]))
            else {
                throw UsageError(
                    "--column takes name:type, the type one of \(GeoParquetColumnType.allCases.map(\.rawValue).joined(separator: ", ")): \(column)"
                )
            }
            declared[String(column[..<colon])] = type
        }
        declaredTypes = declared
    }

    var options: GeoParquetWritingOptions {
        var options = GeoParquetWritingOptions(compression: compression, rowGroupSize: rowGroupSize)
        options.declaredTypes = declaredTypes
        return options
    }
}

extension GeoParquetCompression: ArgumentValue {
    public init?(argument: String) { self.init(rawValue: argument) }
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
}
