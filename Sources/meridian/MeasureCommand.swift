import Meridian
import MeridianCommandLine
import MeridianCore

struct MeasureCommand: ReportingCommand {
    static let name = "measure"
    static let abstract = "Add areas, lengths, centroids, bounding boxes and hulls of each feature as properties."
    static let discussion = """
        Reads any input and writes each feature with the measures asked for added as properties, \
        under the names given: --area (square metres) and --length (metres; a polygon's \
        perimeter) on the WGS 84 ellipsoid, as GeographicLib computes them; --centroid and \
        --point-on-surface as [longitude, latitude]; --bbox as [west, south, east, north]; \
        --convex-hull and --concave-hull as GeoJSON geometry objects. --geometry replaces each \
        geometry by one of those shapes instead. Centroids and hulls are GEOS's, planar in \
        longitude and latitude as PostGIS's geometry functions are. Invalid geometry is repaired \
        first (fix.* notes). With no measure named, --area area and --length length are added.
        """

    let input: String
    let area: String?
    let length: String?
    let centroid: String?
    let pointOnSurface: String?
    let bbox: String?
    let convexHull: String?
    let concaveHull: String?
    let concaveRatio: Double
    let geometry: MeasureOptions.Shape?
    let out: OutputArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The input file, or - for standard input.")
        area = try arguments.option("area", help: "Add the geodesic area in square metres under this name.")
        length = try arguments.option(
            "length", help: "Add the geodesic length (of lines) or perimeter (of polygons) in metres under this name.")
        centroid = try arguments.option("centroid", help: "Add the centroid as [longitude, latitude] under this name.")
        pointOnSurface = try arguments.option(
            "point-on-surface", help: "Add a point inside the geometry as [longitude, latitude] under this name.")
        bbox = try arguments.option("bbox", help: "Add the bounding box as [west, south, east, north] under this name.")
        convexHull = try arguments.option(
            "convex-hull", help: "Add the convex hull as a GeoJSON geometry under this name.")
        concaveHull = try arguments.option(
            "concave-hull", help: "Add the concave hull as a GeoJSON geometry under this name.")
        concaveRatio = try arguments.option(
            "concave-ratio", default: 0.3,
            help: "How far the concave hull reaches in: 1 is the convex hull, 0 the tightest.")
        geometry = try arguments.option(
            "geometry", help: "Replace each geometry by this shape.")
        out = try arguments.group(OutputArguments.self)
        report = try arguments.group(ReportOptions.self)
    }

    func validate() throws {
        if !(0...1).contains(concaveRatio) { throw UsageError("--concave-ratio must be between 0 and 1") }
    }

    func run() throws {
        var options = MeasureOptions(area: area, length: length, geometry: geometry, concaveRatio: concaveRatio)
        let named: [(MeasureOptions.Shape, String?)] = [
            (.centroid, centroid), (.pointOnSurface, pointOnSurface), (.bbox, bbox), (.convexHull, convexHull),
            (.concaveHull, concaveHull),
        ]
        options.shapes = named.compactMap { shape, name in name.map { (shape, $0) } }
        if area == nil, length == nil, options.shapes.isEmpty, geometry == nil {
            options.area = "area"
            options.length = "length"
        }
        try runSpatialOperation(MeasureOperation(options: options), name: "measure", input: input, out: out)
    }
}
