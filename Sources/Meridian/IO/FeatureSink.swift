import MeridianArchive
import MeridianCSV
import MeridianCore
import MeridianGeoJSON
import MeridianGeoPackage
import MeridianKML

/// Writes features one at a time in any ``OutputFormat``: the output side
/// of `meridian convert` and `merge`.
///
/// ```swift
/// let sink = try FeatureSink(path: "-", format: .ndjson)
/// try sink.write(feature)
/// try sink.finish()      // closes the collection, commits the file
/// ```
///
/// GeoJSON flavours stream: memory holds one feature and the output
/// buffer, and a FeatureCollection's header is written with the first
/// feature, so that a source collection's members read before its
/// `features` can be carried over (`collection`). KML and KMZ hold every
/// feature until ``finish(collection:)``, because shared styles and the
/// typed Schema come before the first Placemark. GPX writes waypoints as
/// they come and holds routes and tracks (encoded) for the end, where the
/// schema wants them. CSV holds every feature too: its columns are the
/// properties of all of them. A GeoPackage is written row by row into a
/// private temporary file, a table per input layer, then copied. Like
/// ``OutputDestination``, a file appears only on ``finish(collection:)``;
/// a sink dropped unfinished leaves nothing.
public final class FeatureSink {
    public let format: OutputFormat
    public let writer: GeoJSONWriter
    public let kmlWriter: KMLWriter
    public let gpxWriter: GPXWriter
    public private(set) var featureCount = 0
    /// The destination written to.
    public let destination: OutputDestination
    private var held: [Feature] = []
    /// GPX routes and tracks, encoded, held until the waypoints are written.
    private var heldGPX = GPXWriter.Parts()

    public convenience init(
        path: String, format: OutputFormat, writer: GeoJSONWriter = GeoJSONWriter(), kmlWriter: KMLWriter = KMLWriter(),
        gpxWriter: GPXWriter = GPXWriter()
    ) throws(DiagnosticError) {
        try self.init(
            destination: OutputDestination(path: path), format: format, writer: writer, kmlWriter: kmlWriter,
            gpxWriter: gpxWriter)
    }

    public init(
        destination: OutputDestination, format: OutputFormat, writer: GeoJSONWriter = GeoJSONWriter(),
        kmlWriter: KMLWriter = KMLWriter(), gpxWriter: GPXWriter = GPXWriter()
    ) {
        self.format = format
        self.writer = writer
        self.kmlWriter = kmlWriter
        self.gpxWriter = gpxWriter
        self.destination = destination
    }

    /// Appends a feature; `collection` gives the members of the collection
    /// header (used with the first feature only). `layer` is the layer of
    /// the input it came from (``FeatureSource/layer(of:)``): a GeoPackage
    /// output writes each layer as a table of its own, and features of no
    /// layer into one named after the output file.
    public func write(_ feature: Feature, collection: FeatureCollection = FeatureCollection(), layer: String? = nil)
        throws(DiagnosticError)
    {
        switch format {
        case .geojson:
            if featureCount == 0 { try destination.write(writer.collectionHeader(collection)) }
            try destination.write(writer.collectionElement(feature, first: featureCount == 0))
        case .geojsonseq:
            try destination.write(writer.encodeRecord(feature, as: .geoJSONSeq))
        case .ndjson:
            try destination.write(writer.encodeRecord(feature, as: .ndjson))
        case .kml, .kmz, .csv:
            held.append(feature)
        case .gpkg:
            try geoPackage().writer.write(feature, layer: layer.flatMap { $0.isEmpty ? nil : $0 } ?? layerName)
        case .gpx:
            if featureCount == 0 { try destination.write(gpxWriter.header()) }
            let parts = gpxWriter.encode(feature)
            try destination.write(parts.waypoints)
            heldGPX.routes += parts.routes
            heldGPX.tracks += parts.tracks
        }
        featureCount += 1
    }

    /// For the formats whose features are written one after another, each
    /// on its own (GeoJSON, a text sequence, NDJSON): encodes features as
    /// ``write(_:collection:layer:)`` writes them, on any thread, for
    /// ``write(encoded:count:collection:)``. Nil for the formats that hold
    /// their features to the end or write them into a database.
    public var batchEncoder: (@Sendable ([Feature]) -> [UInt8])? {
        let writer = self.writer
        switch format {
        case .geojson: return { writer.collectionElements($0, first: false) }
        case .geojsonseq: return { writer.encodeRecords($0, as: .geoJSONSeq) }
        case .ndjson: return { writer.encodeRecords($0, as: .ndjson) }
        default: return nil
        }
    }

    /// Appends `count` features encoded by ``batchEncoder``; `collection`
    /// gives the members of the collection header, as for
    /// ``write(_:collection:layer:)``.
    public func write(encoded bytes: [UInt8], count: Int, collection: FeatureCollection = FeatureCollection())
        throws(DiagnosticError)
    {
        guard count > 0 else { return }
        if format == .geojson && featureCount == 0 {
            // The first element's comma goes.
            try destination.write(writer.collectionHeader(collection))
            try destination.write(bytes.dropFirst())
        } else {
            try destination.write(bytes)
        }
        featureCount += count
    }

    /// Writes what is left (a collection's closing members, the KML
    /// document) without committing: for commands that commit several
    /// outputs together (``OutputDestination/commit(_:)``).
    public func complete(collection: FeatureCollection = FeatureCollection()) throws(DiagnosticError) {
        switch format {
        case .geojson:
            if featureCount == 0 { try destination.write(writer.collectionHeader(collection)) }
            var footer = collection
            footer.features = featureCount > 0 ? [Feature()] : []
            try destination.write(writer.collectionFooter(footer))
        case .geojsonseq, .ndjson:
            break
        case .kml:
            try destination.write(kmlWriter.encode(FeatureCollection(features: held)))
        case .kmz:
            try destination.write(try kmlWriter.encodeKMZ(FeatureCollection(features: held)))
        case .gpkg:
            let (file, writer) = try geoPackage()
            try writer.finish()
            try copy(file)
            geoPackageOutput = nil
        case .csv:
            // The precision asked of the GeoJSON writer (convert --precision) applies to CSV too.
            let csv = CSVWriter(precision: writer.options.precision)
            try destination.write(csv.encode(FeatureCollection(features: held)))
        case .gpx:
            if featureCount == 0 { try destination.write(gpxWriter.header()) }
            try destination.write(heldGPX.routes)
            try destination.write(heldGPX.tracks)
            try destination.write(gpxWriter.footer())
            heldGPX = GPXWriter.Parts()
        }
        held = []
    }

    /// Closes a collection (with `collection`'s members written after its
    /// features) and commits the output.
    public func finish(collection: FeatureCollection = FeatureCollection()) throws(DiagnosticError) {
        try complete(collection: collection)
        try destination.commit()
    }

    /// The layer a GeoPackage output puts features of no layer in: the
    /// output file's name without its extension.
    private var layerName: String {
        let file = destination.path.split(separator: "/").last.map(String.init) ?? ""
        let name = file.split(separator: ".").first.map(String.init) ?? ""
        return name.isEmpty || destination.path == "-" ? "features" : name
    }

    /// The GeoPackage being written, in a private temporary file (SQLite
    /// needs a file it can seek in), created with the first feature.
    private var geoPackageOutput: (file: TemporaryFile, writer: GeoPackageFileWriter)?

    private func geoPackage() throws(DiagnosticError) -> (file: TemporaryFile, writer: GeoPackageFileWriter) {
        if let geoPackageOutput { return geoPackageOutput }
        let file = try TemporaryFile(purpose: "gpkg")
        let output = (file, try GeoPackageFileWriter(path: file.path))
        geoPackageOutput = output
        return output
    }

    /// Copies a finished file to the destination, a megabyte at a time.
    private func copy(_ file: TemporaryFile) throws(DiagnosticError) {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw DiagnosticError(code: "io.read", message: "cannot read back the GeoPackage just written")
        }
        defer { Platform.close(descriptor) }
        var chunk: [UInt8] = []
        while true {
            chunk.removeAll(keepingCapacity: true)
            let count = Platform.read(descriptor, appendingTo: &chunk, count: 1 << 20)
            if count < 0 {
                throw DiagnosticError(code: "io.read", message: "cannot read back the GeoPackage just written")
            }
            if count == 0 { break }
            try destination.write(chunk)
        }
    }

    /// Abandons the output (a file is removed).
    public func discard() {
        destination.discard()
    }
}
