import MeridianCore

/// The codes of GeoParquet reading, writing and validation.
public enum GeoParquetDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        parquet.footer.invalid | error | A file that does not start and end with PAR1, whose footer length runs outside the file, or whose footer (schema, row groups, column chunks) cannot be read or contradicts itself.
        parquet.encrypted | error | A file whose footer is encrypted (PARE), which Meridian does not read.
        parquet.column.invalid | error | A column chunk whose pages lie outside the file, or whose values do not add up to its row group's rows.
        parquet.column.unsupported | warning | Columns of lists or maps, which are left out; or a column chunk kept in another file.
        parquet.page.invalid | error | A page whose header cannot be read, whose sizes run past its chunk, whose compressed bytes cannot be decompressed to the size it states, or whose levels or values are cut short.
        parquet.page.too-large | error | A page that says it holds more than 512 MB uncompressed, or more than 67 million values, refused before anything is allocated.
        parquet.encoding.unsupported | error | Values in an encoding Meridian does not read for their type (it reads PLAIN, dictionaries, RLE, the DELTA encodings and BYTE_STREAM_SPLIT).
        parquet.codec.unsupported | error | Pages compressed with LZO, Brotli or LZ4 (Meridian reads Snappy, gzip and Zstandard).
        parquet.codec.unavailable | error | A page compressed with Snappy or Zstandard when the library is not installed (apt-get install libsnappy1v5 or libzstd1).
        parquet.dictionary.invalid | error | A dictionary index past the dictionary's end, or a page that refers to a dictionary its column does not have.
        parquet.geo.invalid | error | A geo metadata that is not JSON, lacks a required member, or names a primary column or covering that the schema does not have.
        parquet.geo.unsupported | error | A primary geometry column in GeoArrow's native encoding, which Meridian does not read (WKB it does).
        parquet.geo.missing | warning | A Parquet file without GeoParquet's geo metadata: a column named geometry, geom or wkb_geometry is read as WKB, else the rows are read without geometry.
        parquet.geo.schema | warning | A geo metadata that breaks GeoParquet's rules without keeping the file from being read: an unknown version, geometry type, encoding, edges or orientation, a crs that is neither PROJJSON nor null, a described column that is not binary, a covering whose columns are not DOUBLE or FLOAT.
        parquet.geo.type-undeclared | warning | A geometry whose type (with Z) the geo metadata's geometry_types does not list; reported once per type, at its first row.
        parquet.geo.bbox-mismatch | warning | A geo metadata bbox that does not hold every geometry of the file.
        parquet.covering.mismatch | warning | A row whose bbox covering values do not hold its geometry's box, so that readers filtering by the covering miss it (the first thousand rows).
        parquet.geometry.invalid | error | A row whose geometry is not WKB (cut short, a count that lies, an unknown type).
        parquet.output.value-refused | warning | Values that a property's declared type (--column name:type) cannot hold, written as null: text that is no number in an int64 or double column, a fraction in an int64 one, anything but a boolean or the text true or false in a boolean one.
        parquet.output.failed | error | A page that Snappy, Zstandard or zlib could not compress, or one over the 2 GB a page may hold.
        """#)
}
