import ArgumentParser
import Meridian
import MeridianCore

/// The options that shape data on its way through `convert`: each feature
/// is filtered and shaped as it streams (memory bounded by the largest
/// feature).
struct ShapingArguments: ParsableArguments {
    @Option(
        name: .customLong("where"),
        help: ArgumentHelp(
            "Keep the features for which the expression holds: comparisons (= != < <= > >=), and, or, not, in (...), is [not] null, contains, startswith, endswith; 'strings', numbers, true, false, null; property names, \"quoted names\", a.b paths, $id, $geometry.",
            valueName: "expression"))
    var filter: String?

    @Option(
        help: ArgumentHelp(
            "Keep only these properties, in this order (comma-separated; repeatable).", valueName: "keys"))
    var select: [String] = []

    @Option(help: ArgumentHelp("Remove these properties (comma-separated; repeatable).", valueName: "keys"))
    var drop: [String] = []

    @Option(help: ArgumentHelp("Rename a property (repeatable).", valueName: "old=new"))
    var rename: [String] = []

    @Option(
        help: ArgumentHelp(
            "Keep the features whose bounding box meets this box, in degrees (west,south,east,north).",
            valueName: "w,s,e,n"))
    var bbox: NumberList?

    @Flag(help: "With --bbox: cut each geometry to the box (GEOS's clip by rectangle).")
    var clip = false

    @Flag(help: "Split each multi-geometry (and collection) into one feature per part.")
    var explode = false

    @Flag(help: "Replace each geometry by a point on it: inside a polygon, on a line.")
    var pointOnSurface = false

    @Option(
        help:
            "Keep one layer: a GeoPackage's table; a GPX's waypoints, routes or tracks; an IMDF archive's feature type (unit, opening...); a KML's top folder. A GeoPackage output writes each layer as a table."
    )
    var layer: String?

    @Option(help: "Stop after writing this many features (reading stops too).")
    var limit: Int?

    @Option(
        help: ArgumentHelp(
            "Simplify lines and rings, dropping detail smaller than this many degrees (0.01 is about 1 km).",
            valueName: "degrees"))
    var simplify: Double?

    @Option(help: "dp (Douglas-Peucker; each feature kept valid, as ogr2ogr -simplify) or visvalingam.")
    var simplifyMethod: Simplification.Method = .douglasPeucker

    @Flag(
        help:
            "With --simplify: keep borders shared by neighbouring polygons shared, with no gaps or overlaps (the whole layer is held in memory)."
    )
    var keepSharedBorders = false

    func validate() throws {
        if let bbox {
            guard bbox.values.count == 4, bbox.values[0] <= bbox.values[2], bbox.values[1] <= bbox.values[3] else {
                throw ValidationError("--bbox takes west,south,east,north with west <= east and south <= north")
            }
        }
        if clip, bbox == nil { throw ValidationError("--clip needs --bbox: the box to cut to") }
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
        if let simplify, !(simplify.isFinite && simplify > 0) {
            throw ValidationError("--simplify takes a tolerance above 0")
        }
        if keepSharedBorders, simplify == nil { throw ValidationError("--keep-shared-borders needs --simplify") }
        if !select.isEmpty, !drop.isEmpty { throw ValidationError("use --select or --drop, not both") }
        for pair in rename where pair.split(separator: "=", omittingEmptySubsequences: false).count != 2 {
            throw ValidationError("--rename takes old=new, not \"\(pair)\"")
        }
    }

    /// The options, the expression parsed (an error in it is a usage error, exit 2).
    func options() throws(DiagnosticError) -> ShapingOptions {
        var options = ShapingOptions()
        options.filter = try filter.map { expression throws(DiagnosticError) in try FeatureExpression(expression) }
        func keys(_ lists: [String]) -> [String] {
            lists.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
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
struct CSVArguments: ParsableArguments {
    @Option(
        name: .customLong("csv-lon"), help: "CSV input: the longitude column (default: lon, lng, long, longitude or x)."
    )
    var longitude: String?

    @Option(name: .customLong("csv-lat"), help: "CSV input: the latitude column (default: lat, latitude or y).")
    var latitude: String?

    @Option(
        name: .customLong("csv-wkt"),
        help: "CSV input: a column of WKT geometry (default: wkt, geometry, geom, the_geom or shape).")
    var wkt: String?

    @Option(
        name: .customLong("csv-delimiter"),
        help: "CSV input: the field separator (default: the first of , ; or tab in the header).")
    var delimiter: String?

    @Flag(
        name: .customLong("csv-strings"), help: "CSV input: keep every value a string (no numbers, booleans or nulls).")
    var strings = false

    func validate() throws {
        if let delimiter, delimiter.utf8.count != 1 {
            throw ValidationError("--csv-delimiter takes one character, such as ';' or a tab")
        }
        if (longitude == nil) != (latitude == nil) { throw ValidationError("give both --csv-lon and --csv-lat") }
    }

    var options: CSVReadingOptions {
        CSVReadingOptions(
            delimiter: delimiter?.utf8.first, longitudeColumn: longitude, latitudeColumn: latitude, wktColumn: wkt,
            infersTypes: !strings)
    }
}

extension Simplification.Method: ExpressibleByArgument {}
