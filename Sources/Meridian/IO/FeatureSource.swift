import MeridianCSV
import MeridianCore
import MeridianGeoJSON
import MeridianGeoPackage
import MeridianIMDF
import MeridianKML

/// The features of any input Meridian reads, one at a time, whatever its
/// format: what `meridian convert`, `merge`, `info`, `render` and `preview`
/// read through.
///
/// ```swift
/// let source = try FeatureSource(path: "venue.zip")   // or "-", "tour.kmz", "big.geojsonseq"
/// source.format                                        // .imdf
/// while let feature = try source.next() { ... }
/// ```
///
/// The input is opened once by ``Input``, which decides its format from
/// the content. GeoJSON (whose reader then tells a FeatureCollection, a
/// Feature, a geometry, a text sequence and NDJSON apart) and KML stream
/// from the descriptor; KMZ and IMDF come through the zip guard.
///
/// Cost: GeoJSON, KML, GPX and TCX stream in memory bounded by the largest feature
/// (KMZ by its KML entry); an IMDF archive is decoded whole, as its
/// features refer to each other.
public final class FeatureSource {
    public typealias Format = InputFormat

    /// The input read.
    public let input: Input
    /// The path given ("-" for standard input).
    public var path: String { input.path }
    public var format: InputFormat { input.format }
    /// The input's size in bytes when known (a regular file), for progress.
    public var totalBytes: Int? { input.size }

    private enum Reader {
        case geojson(GeoJSONFeatureReader)
        case kml(KMLFeatureReader)
        case gpx(GPXFeatureReader)
        case csv(CSVFeatureReader)
        case gpkg(GeoPackageReader)
        case features([Feature], index: Int)
    }

    private var reader: Reader

    /// Opens an input; `level` keeps one IMDF level (by ordinal) and is an
    /// error for other formats.
    public convenience init(path: String, level: Int? = nil) throws(DiagnosticError) {
        try self.init(input: Input(path: path), level: level)
    }

    /// Reads an opened input; `level` keeps one IMDF level (by ordinal).
    /// With `skippingBadRecords`, a record of a GeoJSON text sequence or
    /// NDJSON that cannot be decoded is skipped and listed in
    /// ``skippedRecords`` instead of stopping the read.
    public init(
        input: Input, level: Int? = nil, skippingBadRecords: Bool = false, csv: CSVReadingOptions = CSVReadingOptions(),
        layer: String? = nil
    ) throws(DiagnosticError) {
        self.input = input
        if let geojson = input.geoJSONReader() {
            geojson.skipsBadRecords = skippingBadRecords
            reader = .geojson(geojson)
        } else if let kml = try input.kmlReader() {
            reader = .kml(kml)
        } else if let gpx = try input.gpxReader() {
            reader = .gpx(gpx)
        } else if let table = try input.csvReader(options: csv) {
            reader = .csv(table)
        } else if let database = try input.geoPackageReader(layer: layer) {
            reader = .gpkg(database)
        } else {
            let archive = try input.imdfArchive()
            reader = .features(try archive.features(onLevel: level, name: input.name), index: 0)
            return
        }
        if level != nil {
            throw DiagnosticError(
                code: "imdf.level.not-imdf",
                message: "--level applies to IMDF archives only, and \(input.name) is \(input.format.rawValue)",
                location: SourceLocation(file: input.name))
        }
    }

    /// The next feature, or nil at the end.
    public func next() throws(DiagnosticError) -> Feature? {
        switch reader {
        case .geojson(let reader): return try reader.next()
        case .kml(let reader): return try reader.next()
        case .gpx(let reader): return try reader.next()
        case .csv(let reader): return try reader.next()
        case .gpkg(let reader): return try reader.next()
        case .features(let features, let index):
            guard index < features.count else { return nil }
            reader = .features(features, index: index + 1)
            return features[index]
        }
    }

    /// The threads a GeoJSON feature read by ``next()`` may read a large
    /// coordinates array on (``GeoJSONFeatureReader/threads``); other
    /// formats read on one.
    public var threads: Int {
        get { if case .geojson(let reader) = reader { reader.threads } else { 1 } }
        set { if case .geojson(let reader) = reader { reader.threads = newValue } }
    }

    /// The next features as a batch made by `decoder`, nil at the end. A
    /// large GeoJSON FeatureCollection, text sequence or NDJSON input is
    /// decoded on the decoder's threads
    /// (``GeoJSONFeatureReader/nextBatch(using:)``); other formats give
    /// one feature at a time, read on this thread.
    public func nextBatch<Batch>(using decoder: FeatureBatchDecoder<Batch>) throws(DiagnosticError) -> Batch? {
        if case .geojson(let reader) = reader { return try reader.nextBatch(using: decoder) }
        guard let feature = try next() else { return nil }
        return decoder.process([feature])
    }

    /// The layer of a feature this source read, as `convert --layer` names
    /// layers and a GeoPackage output writes them, as GDAL's drivers split
    /// these formats: a GeoPackage's table (of the feature ``next()``
    /// returned last), an IMDF feature type, a GPX file's `waypoints`,
    /// `routes` or `tracks`, a KML document's top-level folder; nil for
    /// formats without layers and KML features outside folders.
    public func layer(of feature: Feature) -> String? {
        switch format {
        case .gpkg:
            guard case .gpkg(let reader) = reader else { return nil }
            return reader.currentLayer
        case .gpx:
            switch feature.properties["_gpxType"]?.stringValue {
            case "trk": return "tracks"
            case "rte": return "routes"
            default: return "waypoints"
            }
        case .imdf:
            return feature.foreignMembers["feature_type"]?.stringValue
                ?? feature.properties["feature_type"]?.stringValue
        case .kml, .kmz:
            return feature.properties["folder"]?.arrayValue?.first?.stringValue
        default:
            return nil
        }
    }

    /// Every remaining feature, decoded on `threads` threads (nil: one per
    /// core) when the input is a large GeoJSON collection or record stream.
    public func readAll(threads: Int? = nil) throws(DiagnosticError) -> [Feature] {
        var features: [Feature] = []
        if threads == 1 {
            while let feature = try next() { features.append(feature) }
            return features
        }
        let decoder = FeatureBatchDecoder(threads: threads) { $0 }
        while let batch = try nextBatch(using: decoder) { features += batch }
        return features
    }

    /// Bytes read so far, when the format streams (GeoJSON); nil otherwise.
    public var bytesConsumed: Int? {
        if case .geojson(let reader) = reader { return reader.bytesConsumed }
        return nil
    }

    /// A GeoJSON FeatureCollection's own members (bbox, foreign members),
    /// to carry into a converted collection; empty for other formats.
    public var collection: FeatureCollection {
        if case .geojson(let reader) = reader { return reader.collection }
        return FeatureCollection()
    }

    /// The GeoJSON layout read (`featureCollection`, `geoJSONSeq`...) once
    /// the first feature is read; for other formats the format's name.
    public var layout: String {
        if case .geojson(let reader) = reader { return reader.layout?.rawValue ?? "unknown" }
        if case .kml(let reader) = reader, let entry = reader.kmzEntry { return "kmz (\(entry))" }
        return format.rawValue
    }

    /// The records skipped (see `init(input:level:skippingBadRecords:)`),
    /// with why, and how many.
    public var skippedRecords: (count: Int, reasons: [Diagnostic]) {
        if case .geojson(let reader) = reader { return (reader.skippedRecordCount, reader.skippedRecords) }
        return (0, [])
    }

    /// Warnings the reader collected (KML: malformed coordinates, styles...).
    public var warnings: [Diagnostic] {
        if case .kml(let reader) = reader { return reader.diagnostics }
        if case .gpx(let reader) = reader { return reader.diagnostics }
        if case .csv(let reader) = reader { return reader.diagnostics }
        if case .gpkg(let reader) = reader { return reader.diagnostics }
        return []
    }
}

extension IMDFArchive {
    /// Every feature, or those of the level with ordinal `level`; an
    /// unknown ordinal is an `imdf.level.unknown` error naming the known ones.
    public func features(onLevel level: Int?, name: String) throws(DiagnosticError) -> [Feature] {
        guard let level else { return features() }
        guard levelGroups.contains(where: { $0.ordinal == level }) else {
            let known = levelGroups.map { String($0.ordinal) }.joined(separator: ", ")
            throw DiagnosticError(
                code: "imdf.level.unknown", message: "no level has ordinal \(level) (ordinals: \(known))",
                location: SourceLocation(file: name))
        }
        return features(onOrdinal: level)
    }
}
