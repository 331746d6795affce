import MeridianCore
import MeridianIO

extension InputFormat {
    /// A PostGIS table or query, named by a `postgresql://` location.
    public static let postGIS = InputFormat("postgis")
}

extension OutputFormat {
    /// A PostGIS table, named by a `postgresql://` location.
    public static let postGIS = OutputFormat("postgis")
}

/// PostGIS as an input format: a location whose scheme is `postgresql` or
/// `postgres` (``PostGISLocation``).
public struct PostGISFormat: FeatureFormat {
    public let format = InputFormat.postGIS

    public init() {}

    public func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match? {
        guard case .location = probe.content else { return nil }
        let lower = probe.path.lowercased()
        return lower.hasPrefix("postgresql://") || lower.hasPrefix("postgres://") ? .certain : nil
    }

    /// Geometries whose SRID is not the column's, read without geometry,
    /// are errors of the table.
    public var errorsWhenValidating: Set<String> { ["postgis.srid.mixed"] }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        guard let location = input.location else {
            throw DiagnosticError(
                code: "postgis.location", message: "\(input.name) is not a PostGIS location",
                location: SourceLocation(file: input.name))
        }
        // The box is in WGS 84: passed to the server only when the
        // column's positions are too.
        let box = options.sourceCoordinateSystem == nil ? options.boundingBox : nil
        return try PostGISReader(location: location, within: box, columns: options.selectedProperties)
    }
}

extension PostGISReader: FeatureReader {
    public func layer(of feature: Feature) -> String? { layerName }

    public func coordinateSystem(ofLayer layer: String?) -> String? { coordinateSystem }

    public var warnings: [Diagnostic] { diagnostics }

    public var layout: String? {
        "PostgreSQL \(serverVersion), \(layerName == "query" ? "a query" : "table \(layerName)")"
            + (geometryColumn.map { ", geometry \($0) (SRID \(srid))" } ?? ", no geometry column")
            + (keyColumn.map { ", key \($0)" } ?? "")
    }
}

/// PostGIS as an output format: `-o 'postgresql://…?table=name'`.
public struct PostGISOutputFormat: FeatureOutputFormat {
    public let format = OutputFormat.postGIS
    public let extensions: [String] = []
    public let schemes = ["postgresql", "postgres"]
    /// The SRID of the system's EPSG code is the geometry column's.
    public let writesAnyCoordinateSystem = true

    public init() {}

    public func writer(to destination: OutputDestination, options: WritingOptions) throws(DiagnosticError)
        -> any FeatureWriter
    {
        try PostGISWriter(
            destination: destination, system: options.coordinateSystem)
    }
}
