/// What an input holds, decided once, by ``Input``, from its content (never
/// from its name alone).
///
/// | format | how it is recognised |
/// |---|---|
/// | `imdf` | a folder, or a zip, with `manifest.json` at its top or one folder down; or a `manifest.json` |
/// | `kmz` | any other zip (`PK\3\4` or `PK\5\6`) |
/// | `gpx` | XML whose root element is `<gpx>` (GPX 1.0 or 1.1) |
/// | `tcx` | XML whose root element is `<TrainingCenterDatabase>` (Garmin's TCX) |
/// | `kml` | other text whose first non-blank byte, after a byte-order mark, is `<` (UTF-8 or UTF-16) |
/// | `gpkg` | an SQLite database (`SQLite format 3`) with `gpkg_contents`: a GeoPackage (a regular file) |
/// | `csv` | other text whose first line holds a `,`, `;` or tab and starts with none of `{ [ <` |
/// | `geojson` | anything else: a FeatureCollection, Feature or geometry, a text sequence (RFC 8142) or NDJSON |
///
/// Adding a format is a reader in its module, one case here, and its test
/// in ``Input``'s detection (docs/contributing.md says where).
public enum InputFormat: String, Sendable, Hashable, CaseIterable {
    case geojson, kml, kmz, imdf, gpx, tcx, csv, gpkg
}
