import MeridianCore

/// The codes of GeoPackage reading and writing.
public enum GeoPackageDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        gpkg.sqlite | error | SQLite could not open, read or write the file; SQLite's message says why.
        gpkg.not-geopackage | error | An SQLite database without gpkg_contents: not a GeoPackage.
        gpkg.layer.unknown | error | --layer names no feature table of the GeoPackage; the message lists them.
        gpkg.layer.view | warning | A layer that is a view, computed by the file's own SQL, left out unless views are asked for (refused when --layer names it).
        gpkg.query.budget | error | SQLite worked past its budget for one row (a view or virtual table computing without end) and was stopped.
        gpkg.value.too-large | error | A value longer than 256 MiB, the most Meridian reads of one.
        gpkg.srs.unsupported | error | A layer in a spatial reference system other than WGS 84 longitude/latitude; Meridian does not reproject.
        gpkg.geometry.corrupt | warning | A geometry blob that is not GeoPackage binary geometry (bad header, cut-short or unknown WKB, a multi-geometry holding members of another type): read as null; an error for validate.
        gpkg.geometry.srs | warning | A geometry blob naming a spatial reference system other than its column's WGS 84 (and not WGS 84 itself): read as null; an error for validate.
        gpkg.geometry.out-of-range | warning | A geometry with a position off the globe (latitude past ±90, longitude past ±180, infinite or NaN): read as null; an error for validate.
        gpkg.envelope.mismatch | warning | A geometry header's envelope does not contain the geometry: spatial queries would miss it.
        """#)
}
