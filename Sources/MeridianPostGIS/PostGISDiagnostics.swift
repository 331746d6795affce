import MeridianCore

/// The codes of PostGIS reading and writing.
public enum PostGISDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        postgis.location | error | A PostgreSQL location Meridian cannot use: another scheme, a parameter of its own (table, query, geometry, mode) without a value or given twice, a table and a query together, a query or no table as an output, or an input that names neither.
        postgis.connect | error | The server cannot be reached or refuses the connection (host, port, database, user or password), or libpq is not installed (apt-get install libpq5). The password is never shown.
        postgis.table.missing | error | The table read, or appended to, does not exist; the tables with geometry are listed.
        postgis.table.exists | error | The table written exists and the location does not say mode=replace or mode=append.
        postgis.geometry.missing | error | The geometry column named by geometry= is not a geometry or geography column of the table or query.
        postgis.query | error | The server refused a statement Meridian sent (a query given with query=, reading the columns, the key or the SRID), with its message, detail and hint.
        postgis.load | error | The load failed, and was rolled back whole: the server refused a row (a value an appended table's column cannot hold, a repeated key) or the commit.
        postgis.srid.unknown | error | A geometry column whose SRID is not in spatial_ref_sys (reading); as a warning, an output system with no EPSG code, written with SRID 0.
        postgis.srid.mixed | warning | A row whose geometry has another SRID than the column's first, read without geometry (the first ten rows are reported).
        postgis.geometry.invalid | error | A row whose geometry the server sent is not EWKB.
        postgis.copy.invalid | error | Binary COPY data that breaks its format: no signature, a row with another count of fields, a field of the wrong size, jsonb of an unknown version.
        postgis.output.renamed | warning | A property whose name PostgreSQL would cut (over 63 bytes) or that two properties share once cut, written under another column name.
        postgis.output.key | warning | Features whose ids are missing or repeated: an identity column fid is the primary key, and the ids are kept in their column.
        """#)
}
