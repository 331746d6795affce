import MeridianCore

/// The codes of GeoPackage reading and writing.
public enum GeoPackageDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        gpkg.sqlite | error | SQLite could not open, read or write the file; SQLite's message says why.
        gpkg.not-geopackage | error | An SQLite database without gpkg_contents: not a GeoPackage.
        gpkg.layer.unknown | error | --layer names no feature table of the GeoPackage; the message lists them.
        gpkg.srs.unsupported | error | A layer in a spatial reference system other than WGS 84 longitude/latitude; Meridian does not reproject.
        gpkg.geometry.corrupt | warning | A geometry blob that is not GeoPackage binary geometry (bad header, cut-short or unknown WKB): read as null.
        gpkg.envelope.mismatch | warning | A geometry header's envelope does not contain the geometry: spatial queries would miss it.
        """#)
}
