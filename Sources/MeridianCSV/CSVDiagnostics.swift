import MeridianCore

/// The codes of CSV reading.
public enum CSVDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        csv.column.duplicate | warning | The header names a column more than once: the later ones are read as NAME_2, NAME_3..., so that no column's values are lost.
        csv.columns.missing | error | No longitude and latitude columns and no WKT column (or a named column is absent): the message lists the columns.
        csv.columns.too-many | error | A record of more than 65 536 fields.
        csv.record.too-large | error | A record longer than 256 MiB (a quoted field never closed, or a file that is not CSV).
        csv.quote.unclosed | error | A quoted field is never closed: the rest of the file would be one field.
        csv.quote.stray | warning | A quote inside an unquoted field, or text after a closing quote; kept as text.
        csv.row.ragged | warning | A row with more or fewer fields than the header: missing ones are left out, extra ones column_N.
        csv.coordinate.invalid | warning | A longitude or latitude that is not a number in range: the feature has no geometry; an error for validate.
        csv.wkt.invalid | warning | A WKT field GEOS cannot read: the feature has no geometry; an error for validate.
        """#)
}
