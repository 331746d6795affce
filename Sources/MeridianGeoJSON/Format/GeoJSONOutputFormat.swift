import MeridianCore
import MeridianIO
import MeridianJSON

extension OutputFormat {
    /// One RFC 7946 FeatureCollection.
    public static let geojson = OutputFormat("geojson")
    /// RFC 8142 GeoJSON Text Sequences: RS + feature + LF per record.
    public static let geojsonseq = OutputFormat("geojsonseq")
    /// Newline-delimited GeoJSON: one feature per line.
    public static let ndjson = OutputFormat("ndjson")

    /// True for the GeoJSON flavours, which stream feature by feature.
    public var isGeoJSON: Bool { self == .geojson || self == .geojsonseq || self == .ndjson }
}

/// GeoJSON as an output format, in one of its three layouts: a
/// FeatureCollection (`.geojson`, `.json`, and any name no other format
/// claims), a text sequence (`.geojsonseq`, `.geojsons`) or NDJSON
/// (`.ndjson`, `.geojsonl`, `.jsonl`). Features stream: memory holds one
/// feature and the output buffer, and a collection's header is written
/// with the first feature, so that members of a source collection read
/// before its `features` can be carried over.
public struct GeoJSONOutputFormat: FeatureOutputFormat {
    /// How features are laid out.
    public enum Layout: Sendable {
        case featureCollection
        case records(GeoJSONWriter.RecordFraming)
    }

    public let format: OutputFormat
    public let extensions: [String]
    public let layout: Layout
    /// RFC 7946 asks for WGS 84; positions in another system are written
    /// when asked for (`--t-srs`), with the system named in a collection's
    /// `crs` member, as GeoJSON 2008 and GDAL write it.
    public let writesAnyCoordinateSystem = true

    /// The FeatureCollection layout.
    public static let featureCollection = GeoJSONOutputFormat(
        format: .geojson, extensions: [".geojson", ".json"], layout: .featureCollection)
    /// RFC 8142 text sequences.
    public static let textSequence = GeoJSONOutputFormat(
        format: .geojsonseq, extensions: [".geojsonseq", ".geojsons"], layout: .records(.geoJSONSeq))
    /// Newline-delimited GeoJSON.
    public static let newlineDelimited = GeoJSONOutputFormat(
        format: .ndjson, extensions: [".ndjson", ".geojsonl", ".jsonl"], layout: .records(.ndjson))

    public init(format: OutputFormat, extensions: [String], layout: Layout) {
        self.format = format
        self.extensions = extensions
        self.layout = layout
    }

    public func writer(to destination: OutputDestination, options: WritingOptions) -> any FeatureWriter {
        GeoJSONOutputWriter(
            destination: destination, layout: layout,
            writer: GeoJSONWriter(
                options: .init(
                    pretty: options.pretty, precision: options.precision, rewind: options.rewind,
                    cutAntimeridian: options.cutAntimeridian)))
    }
}

/// Writes GeoJSON feature by feature, or in batches encoded on other threads.
final class GeoJSONOutputWriter: BatchFeatureWriter {
    let destination: OutputDestination
    let layout: GeoJSONOutputFormat.Layout
    let writer: GeoJSONWriter
    private var featureCount = 0

    init(destination: OutputDestination, layout: GeoJSONOutputFormat.Layout, writer: GeoJSONWriter) {
        self.destination = destination
        self.layout = layout
        self.writer = writer
    }

    func write(_ feature: Feature, collection: FeatureCollection, layer: String?) throws(DiagnosticError) {
        switch layout {
        case .featureCollection:
            if featureCount == 0 { try destination.write(writer.collectionHeader(collection)) }
            try destination.write(writer.collectionElement(feature, first: featureCount == 0))
        case .records(let framing):
            try destination.write(writer.encodeRecord(feature, as: framing))
        }
        featureCount += 1
    }

    var batchEncoder: @Sendable ([Feature]) -> [UInt8] {
        let writer = self.writer
        switch layout {
        case .featureCollection: return { writer.collectionElements($0, first: false) }
        case .records(let framing): return { writer.encodeRecords($0, as: framing) }
        }
    }

    func write(encoded bytes: [UInt8], count: Int, collection: FeatureCollection) throws(DiagnosticError) {
        if case .featureCollection = layout, featureCount == 0 {
            // The first element's comma goes.
            try destination.write(writer.collectionHeader(collection))
            try destination.write(bytes.dropFirst())
        } else {
            try destination.write(bytes)
        }
        featureCount += count
    }

    func complete(collection: FeatureCollection) throws(DiagnosticError) {
        guard case .featureCollection = layout else { return }
        if featureCount == 0 { try destination.write(writer.collectionHeader(collection)) }
        var footer = collection
        footer.features = featureCount > 0 ? [Feature()] : []
        try destination.write(writer.collectionFooter(footer))
    }
}
