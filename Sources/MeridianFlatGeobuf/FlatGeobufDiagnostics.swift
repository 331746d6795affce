import MeridianCore

/// The codes of FlatGeobuf reading.
public enum FlatGeobufDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        fgb.header.invalid | error | A file that does not start with FlatGeobuf's magic bytes (version 3), or whose header's size, offsets or types lie.
        fgb.index.invalid | error | A spatial index larger than the file, or whose nodes point outside their level or past the features.
        fgb.feature.truncated | error | A feature whose size runs past the end of the file.
        fgb.feature.too-large | error | A feature of more than 256 MB read from a stream (a pipe), which would be held whole in memory: a file given by its path is mapped instead.
        fgb.feature.invalid | error | A feature whose FlatBuffer offsets, geometry parts or property values lie (outside the feature, a column the header does not name, text that is not UTF-8).
        fgb.count.mismatch | warning | A header whose feature count differs from the features the file holds: all those found are read.
        fgb.geometry.unsupported | warning | Curves, surfaces and triangles, which GeoJSON cannot hold: read as null geometries.
        fgb.output.too-many-columns | error | Features with more than 65 536 property names, the most a FlatGeobuf numbers its columns by.
        fgb.measure.dropped | info | Geometries with measures (M values), which GeoJSON cannot hold: the measures are left out.
        """#)
}
