/// The formats Meridian writes, chosen by name (`--to`) or by the output
/// file's extension.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// One RFC 7946 FeatureCollection.
    case geojson
    /// RFC 8142 GeoJSON Text Sequences: RS + feature + LF per record.
    case geojsonseq
    /// Newline-delimited GeoJSON: one feature per line.
    case ndjson
    /// A KML 2.2 document.
    case kml
    /// A KMZ: the KML document zipped as `doc.kml`.
    case kmz
    /// GPX 1.1: points as waypoints, lines as tracks (or routes).
    case gpx
    /// CSV: lon and lat columns for points, else a WKT column, then the properties.
    case csv
    /// An OGC GeoPackage with one feature layer and its R*Tree index.
    case gpkg

    /// The format a file name implies: `.geojsonseq`/`.geojsons` are
    /// sequences, `.ndjson`/`.geojsonl`/`.jsonl` are lines, `.kml` and
    /// `.kmz` are KML, `.gpx` GPX; anything else (and standard output) is a
    /// FeatureCollection.
    public init(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".geojsonseq") || lower.hasSuffix(".geojsons") {
            self = .geojsonseq
        } else if lower.hasSuffix(".ndjson") || lower.hasSuffix(".geojsonl") || lower.hasSuffix(".jsonl") {
            self = .ndjson
        } else if lower.hasSuffix(".kml") {
            self = .kml
        } else if lower.hasSuffix(".kmz") {
            self = .kmz
        } else if lower.hasSuffix(".gpx") {
            self = .gpx
        } else if lower.hasSuffix(".csv") {
            self = .csv
        } else if lower.hasSuffix(".gpkg") {
            self = .gpkg
        } else {
            self = .geojson
        }
    }

    /// The format `input` is in, to write it back as it came: KML and KMZ
    /// as themselves, GeoJSON as its file's extension says (a sequence
    /// stays a sequence; standard input is a FeatureCollection), an IMDF
    /// archive's or a TCX's features as a FeatureCollection, GPX as GPX.
    public init(matching input: Input) {
        switch input.format {
        case .kml: self = .kml
        case .kmz: self = .kmz
        case .gpx: self = .gpx
        case .csv: self = .csv
        case .gpkg: self = .gpkg
        case .imdf, .tcx: self = .geojson
        case .geojson: self = input.path == "-" ? .geojson : OutputFormat(path: input.path)
        }
    }

    /// True for the GeoJSON flavours, which stream feature by feature.
    public var isGeoJSON: Bool { self == .geojson || self == .geojsonseq || self == .ndjson }
}
