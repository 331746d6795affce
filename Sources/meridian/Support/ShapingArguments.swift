import Meridian
import MeridianCommandLine
import MeridianCore

/// The options that shape data on its way through `convert`: each feature
/// is filtered and shaped as it streams (memory bounded by the largest
/// feature).
struct ShapingArguments: ArgumentGroup {
    let filter: String?
    let select: [String]
    let drop: [String]
    let rename: [String]
    let bbox: NumberList?
    let clip: Bool
    let explode: Bool
    let pointOnSurface: Bool
    let layer: String?
    let limit: Int?
    let simplify: Double?
    let simplifyMethod: Simplification.Method
    let keepSharedBorders: Bool

    init(_ arguments: Arguments) throws {
        filter = try arguments.option(
            "where", valueName: "expression",
            help:
                "Keep the features for which the expression holds: comparisons (= != < <= > >=), and, or, not, in (...), is [not] null, contains, startswith, endswith; 'strings', numbers, true, false, null; property names, \"quoted names\", a.b paths, $id, $geometry."
        )
        select = try arguments.repeatedOption(
            "select", valueName: "keys",
            help: "Keep only these properties, in this order (comma-separated; repeatable).")
        drop = try arguments.repeatedOption(
            "drop", valueName: "keys", help: "Remove these properties (comma-separated; repeatable).")
        rename = try arguments.repeatedOption("rename", valueName: "old=new", help: "Rename a property (repeatable).")
        bbox = try arguments.option(
            "bbox", valueName: "w,s,e,n",
            help: "Keep the features that meet this box, in degrees (west,south,east,north).")
        clip = arguments.flag("clip", help: "With --bbox: cut each geometry to the box (GEOS's clip by rectangle).")
        explode = arguments.flag(
            "explode", help: "Split each multi-geometry (and collection) into one feature per part.")
        pointOnSurface = arguments.flag(
            "point-on-surface", help: "Replace each geometry by a point on it: inside a polygon, on a line.")
        layer = try arguments.option(
            "layer",
            help:
                "Keep one layer: a GeoPackage's table; a GPX's waypoints, routes or tracks; an IMDF archive's feature type (unit, opening...); a KML's top folder. A GeoPackage output writes each layer as a table."
        )
        limit = try arguments.option("limit", help: "Stop after writing this many features (reading stops too).")
        simplify = try arguments.option(
            "simplify", valueName: "degrees",
            help: "Simplify lines and rings, dropping detail smaller than this many degrees (0.01 is about 1 km).")
        simplifyMethod = try arguments.option(
            "simplify-method", default: .douglasPeucker,
            help: "dp (Douglas-Peucker; each feature kept valid, as ogr2ogr -simplify) or visvalingam.")
        keepSharedBorders = arguments.flag(
            "keep-shared-borders",
            help:
                "With --simplify: keep borders shared by neighbouring polygons shared, with no gaps or overlaps (the whole layer is held in memory)."
        )
    }

    func validate() throws {
        if let bbox {
            guard bbox.values.count == 4, bbox.values[0] <= bbox.values[2], bbox.values[1] <= bbox.values[3] else {
                throw UsageError("--bbox takes west,south,east,north with west <= east and south <= north")
            }
        }
        if clip, bbox == nil { throw UsageError("--clip needs --bbox: the box to cut to") }
        if let limit, limit < 0 { throw UsageError("--limit must be 0 or more") }
        if let simplify, !(simplify.isFinite && simplify > 0) {
            throw UsageError("--simplify takes a tolerance above 0")
        }
        if keepSharedBorders, simplify == nil { throw UsageError("--keep-shared-borders needs --simplify") }
        if !select.isEmpty, !drop.isEmpty { throw UsageError("use --select or --drop, not both") }
        for pair in rename where pair.split(separator: "=", omittingEmptySubsequences: false).count != 2 {
            throw UsageError("--rename takes old=new, not \"\(pair)\"")
        }
    }

    /// The options, the expression parsed (an error in it is a usage error, exit 2).
    func options() throws(DiagnosticError) -> ShapingOptions {
        var options = ShapingOptions()
        options.filter = try filter.map { expression throws(DiagnosticError) in try FeatureExpression(expression) }
        func keys(_ lists: [String]) -> [String] {
            lists.flatMap { $0.split(separator: ",").map { $0.trimmingWhitespace() } }
        }
        options.select = select.isEmpty ? nil : keys(select)
        options.drop = keys(drop)
        options.rename = rename.map { pair in
            let parts = pair.split(separator: "=", omittingEmptySubsequences: false).map(String.init)
            return (parts[0], parts[1])
        }
        options.bbox = bbox.map {
            BoundingBox(west: $0.values[0], south: $0.values[1], east: $0.values[2], north: $0.values[3])
        }
        options.clip = clip
        options.explode = explode
        options.pointOnSurface = pointOnSurface
        options.limit = limit
        options.layer = layer
        options.simplify = simplify
        options.simplifyMethod = simplifyMethod
        options.keepsSharedBorders = keepSharedBorders
        return options
    }
}

/// How a CSV input is read (convert).
struct CSVArguments: ArgumentGroup {
    let longitude: String?
    let latitude: String?
    let wkt: String?
    let delimiter: String?
    let strings: Bool

    init(_ arguments: Arguments) throws {
        longitude = try arguments.option(
            "csv-lon", help: "CSV input: the longitude column (default: lon, lng, long, longitude or x).")
        latitude = try arguments.option(
            "csv-lat", help: "CSV input: the latitude column (default: lat, latitude or y).")
        wkt = try arguments.option(
            "csv-wkt", help: "CSV input: a column of WKT geometry (default: wkt, geometry, geom, the_geom or shape).")
        delimiter = try arguments.option(
            "csv-delimiter", help: "CSV input: the field separator (default: the first of , ; or tab in the header).")
        strings = arguments.flag(
            "csv-strings", help: "CSV input: keep every value a string (no numbers, booleans or nulls).")
    }

    func validate() throws {
        if let delimiter, delimiter.utf8.count != 1 {
            throw UsageError("--csv-delimiter takes one character, such as ';' or a tab")
        }
        if (longitude == nil) != (latitude == nil) { throw UsageError("give both --csv-lon and --csv-lat") }
    }

    var options: CSVReadingOptions {
        CSVReadingOptions(
            delimiter: delimiter?.utf8.first, longitudeColumn: longitude, latitudeColumn: latitude, wktColumn: wkt,
            infersTypes: !strings)
    }
}

extension Simplification.Method: ArgumentValue {}

/// How OpenStreetMap input is read.
struct OSMArguments: ArgumentGroup {
    let metadata: Bool

    init(_ arguments: Arguments) throws {
        metadata = arguments.flag(
            "osm-metadata",
            help: "OpenStreetMap input: keep each element's @version, @timestamp, @changeset, @uid and @user.")
    }

    func apply(to reading: inout ReadingOptions) {
        reading.osm.metadata = metadata
    }
}
