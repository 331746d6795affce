import MeridianCore
import MeridianIO

extension FormatRegistry {
    /// Every format Meridian reads and writes. Readers in the order that
    /// breaks ties between equally sure recognitions; writers with
    /// GeoJSON's FeatureCollection first, the format written when nothing
    /// chooses another.
    ///
    /// | reads | recognised by |
    /// |---|---|
    /// | `imdf` | a folder, or a zip, with `manifest.json` at its top or one folder down; or a `manifest.json` |
    /// | `gpkg` | an SQLite database (`SQLite format 3`), given as a file |
    /// | `shapefile` | a `.shp` (file code 9994, version 1000), given as a file; a folder or zip holding `.shp` files |
    /// | `flatgeobuf` | FlatGeobuf's magic bytes (`fgb`, 3, `fgb`) |
    /// | `geoparquet` | Parquet's magic bytes (`PAR1`) |
    /// | `pmtiles` | PMTiles' magic bytes (`PMTiles`, version 3), vector tiles read at the highest zoom |
    /// | `mvt` | one Mapbox Vector Tile whose path ends in `Z/X/Y.mvt` |
    /// | `osm-pbf` | a first blob whose type is `OSMHeader` (OpenStreetMap PBF) |
    /// | `postgis` | a location `postgresql://…` or `postgres://…` (not a file) |
    /// | `topojson` | JSON whose top-level `type` is `"Topology"`, or a `.topojson` file |
    /// | `osm-xml` | XML whose root element is `<osm>` (or `<osmChange>`, refused with a reason) |
    /// | `gpx`, `tcx` | XML whose root element is `<gpx>` or `<TrainingCenterDatabase>` |
    /// | `kml` | other XML (UTF-8 or UTF-16) |
    /// | `kmz` | any other zip |
    /// | `csv` | other text whose first line holds a `,`, `;` or tab and starts with none of `{ [ <` |
    /// | `geojson` | anything else: a FeatureCollection, Feature or geometry, a text sequence (RFC 8142) or NDJSON |
    /// | (refused) | a place index (`MRDNPLCS`): `io.format.place-index`, naming the commands that query it |
    public static let standard = FormatRegistry(
        readers: [
            IMDFFormat(), MBTilesFormat(), GeoPackageFormat(), ShapefileFormat(), FlatGeobufFormat(), GeoParquetFormat(),
            VectorTileFormat.pmtiles, VectorTileFormat.mvt, OSMFormat.pbf, PostGISFormat(), OSMFormat.xml, GPXFormat.gpx, GPXFormat.tcx, KMLFormat.kml,
            KMLFormat.kmz, CSVFormat(),
            TopoJSONFormat(), GeoJSONFormat(), PlaceIndexInput(),
        ],
        writers: [
            GeoJSONOutputFormat.featureCollection, GeoJSONOutputFormat.textSequence,
            GeoJSONOutputFormat.newlineDelimited, KMLOutputFormat.kml, KMLOutputFormat.kmz, GPXOutputFormat(),
            CSVOutputFormat(), GeoPackageOutputFormat(), ShapefileOutputFormat(), FlatGeobufOutputFormat(),
            TopoJSONOutputFormat(), GeoParquetOutputFormat(), PostGISOutputFormat(),
        ])
}

extension Input {
    /// Opens `path` ("-" for standard input) and decides its format among
    /// the formats Meridian ships (``FormatRegistry/standard``).
    public convenience init(path: String) throws(DiagnosticError) {
        try self.init(path: path, formats: .standard)
    }
}

extension OutputFormat {
    /// The format a file name implies among the formats Meridian ships:
    /// `.geojsonseq`/`.geojsons` are sequences, `.ndjson`/`.geojsonl`/`.jsonl`
    /// are lines, `.kml`, `.kmz`, `.gpx`, `.csv` and `.gpkg` are themselves;
    /// anything else (and standard output) is a FeatureCollection.
    public init(path: String) {
        self = FormatRegistry.standard.outputFormat(forPath: path) ?? .geojson
    }

    /// The format `input` is in, to write it back as it came: KML and KMZ
    /// as themselves, GeoJSON as its file's extension says (a sequence
    /// stays a sequence; standard input is a FeatureCollection), an IMDF
    /// archive's or a TCX's features as a FeatureCollection, GPX as GPX.
    public init(matching input: Input) {
        self =
            input.recognisedFormat.matchingOutput(for: input, in: input.formats)
            ?? input.formats.writers.first?.format ?? .geojson
    }
}
