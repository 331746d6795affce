import MeridianCore
import MeridianIO

extension OutputFormat {
    /// A KML 2.2 document.
    public static let kml = OutputFormat("kml")
    /// A KMZ: the KML document zipped as `doc.kml`.
    public static let kmz = OutputFormat("kmz")
    /// GPX 1.1: points as waypoints, lines as tracks (or routes).
    public static let gpx = OutputFormat("gpx")
}

/// KML and KMZ as output formats. Every feature is held until the end,
/// because shared styles and the typed Schema come before the first
/// Placemark.
public struct KMLOutputFormat: FeatureOutputFormat {
    public let format: OutputFormat
    public let extensions: [String]

    public static let kml = KMLOutputFormat(format: .kml, extensions: [".kml"])
    public static let kmz = KMLOutputFormat(format: .kmz, extensions: [".kmz"])

    private init(format: OutputFormat, extensions: [String]) {
        self.format = format
        self.extensions = extensions
    }

    public func writer(to destination: OutputDestination, options: WritingOptions) -> any FeatureWriter {
        HeldFeaturesWriter { features throws(DiagnosticError) in
            let writer = KMLWriter(options: .init(precision: options.precision))
            let collection = FeatureCollection(features: features)
            try destination.write(format == .kmz ? try writer.encodeKMZ(collection) : writer.encode(collection))
        }
    }
}

/// GPX 1.1 as an output format: waypoints are written as they come, and
/// routes and tracks (encoded) are held for the end, where the schema
/// wants them.
public struct GPXOutputFormat: FeatureOutputFormat {
    public let format = OutputFormat.gpx
    public let extensions = [".gpx"]

    public init() {}

    public func writer(to destination: OutputDestination, options: WritingOptions) -> any FeatureWriter {
        GPXOutputWriter(destination: destination, writer: GPXWriter(options: .init(precision: options.precision)))
    }
}

final class GPXOutputWriter: FeatureWriter {
    let destination: OutputDestination
    let writer: GPXWriter
    private var held = GPXWriter.Parts()
    private var started = false

    init(destination: OutputDestination, writer: GPXWriter) {
        self.destination = destination
        self.writer = writer
    }

    func write(_ feature: Feature, collection: FeatureCollection, layer: String?) throws(DiagnosticError) {
        try start()
        let parts = writer.encode(feature)
        try destination.write(parts.waypoints)
        held.routes += parts.routes
        held.tracks += parts.tracks
    }

    func complete(collection: FeatureCollection) throws(DiagnosticError) {
        try start()
        try destination.write(held.routes)
        try destination.write(held.tracks)
        try destination.write(writer.footer())
        held = GPXWriter.Parts()
    }

    private func start() throws(DiagnosticError) {
        guard !started else { return }
        started = true
        try destination.write(writer.header())
    }
}
