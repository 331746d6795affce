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
        gpkg.srs.undefined | error | A layer whose srs_id is not defined in the file's gpkg_spatial_ref_sys.
        gpkg.geometry.corrupt | warning | A geometry blob that is not GeoPackage binary geometry (bad header, cut-short or unknown WKB, a multi-geometry holding members of another type): read as null; an error for validate.
        gpkg.geometry.srs | warning | A geometry blob naming a spatial reference system other than its column's (and not defined alike): read as null; an error for validate.
        gpkg.geometry.out-of-range | warning | A geometry with a position off the globe (in longitude and latitude: past ±90 or ±180; in any system: infinite or NaN): read as null; an error for validate.
        gpkg.envelope.mismatch | warning | A geometry header's envelope does not contain the geometry: spatial queries would miss it.
        """#)
}
