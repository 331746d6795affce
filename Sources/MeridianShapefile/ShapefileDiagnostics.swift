import MeridianCore

/// The codes of shapefile reading.
public enum ShapefileDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        shp.file.missing | error | A .shp that does not exist, or a folder or zip without one.
        shp.header.invalid | error | A .shp that does not start with the shapefile header (file code 9994, version 1000).
        shp.index.missing | info | A .shp without its .shx: the records are read in order, as if the index were rebuilt.
        shp.dbf.missing | warning | A .shp without its .dbf: the features have no attributes.
        shp.dbf.invalid | error | A .dbf whose header is too short or whose sizes cannot be (fields longer than the record are read as null, a warning).
        shp.dbf.truncated | warning | A .dbf that says it has more records than it holds: the rest are read without attributes.
        shp.count.mismatch | warning | A .shp (or its .shx) and its .dbf that disagree on the number of records: as many features as both have are read.
        shp.record.truncated | warning | A record whose length, or whose place in the .shx, runs past the end of the .shp: read with a null geometry.
        shp.record.count | warning | A record whose numbers of parts or points, or a part's start, lie about what its bytes hold: read with a null geometry.
        shp.shape.unknown | warning | A record of a shape type the format does not define: read with a null geometry.
        shp.shape.multipatch | error | Multipatches (3D surfaces of triangle strips and fans), which GeoJSON cannot hold.
        shp.measure.dropped | info | Shapes with measures (M values), which GeoJSON cannot hold: the measures are left out.
        shp.ring.unclosed | warning | Polygon rings that do not end where they start: they are closed.
        shp.prj.missing | warning | A shapefile without a .prj whose positions are not longitude and latitude.
        shp.encoding.unknown | warning | An encoding (.cpg, language driver, or --encoding, which is an error) that iconv does not know.
        shp.encoding.mismatch | warning | Text that is not in the encoding declared (not valid UTF-8, or UTF-8 declared as a single-byte code page): read in the encoding it is in.
        shp.encoding.assumed | warning | A .dbf that declares no encoding: valid UTF-8 is read as UTF-8 (a note), other text as ISO-8859-1.
        shp.encoding.invalid | warning | Text that is not valid in the encoding it is read in: read as null.
        shp.value.invalid | warning | A value that is not of its field's type (letters in a number): read as null.
        shp.output.stream | error | A shapefile asked for on standard output: it is a set of files, written beside the .shp named.
        shp.output.mixed | error | Features of more than one geometry type (or a GeometryCollection) for one shapefile, which holds one type.
        shp.output.too-long | error | A text value of more than the 254 bytes a .dbf field holds.
        shp.output.too-large | error | A .shp or .dbf that would pass 2 GB, the most a shapefile holds.
        shp.output.too-many-fields | error | More property names than the 255 fields a .dbf holds.
        shp.output.field-renamed | warning | A property name longer than a .dbf field name's 10 bytes, or the same as another once cut: written under the name the message gives.
        """#)
}
