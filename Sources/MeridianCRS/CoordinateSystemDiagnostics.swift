import MeridianCore

/// The codes of coordinate reference systems: reading one, carrying
/// positions between two, and writing in one.
public enum CoordinateSystemDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        crs.library.missing | error | PROJ's library or its database (proj.db) cannot be opened, so no position can be carried between systems.
        crs.definition.invalid | error | A coordinate reference system (--s-srs, --t-srs, or one an input declares) that PROJ cannot read.
        crs.transformation.none | error | Two coordinate reference systems PROJ knows no operation between.
        crs.position.out-of-domain | error | A position that cannot be carried from its system to the one asked for: it is outside either system's domain (or the input is not in the system it declares).
        crs.position.outside-area | warning | A position that lies, once carried to WGS 84, outside the area its declared system is used in (a degree of margin): a file in another system than it declares, or with its axes swapped.
        crs.output.unsupported | error | --t-srs asked for an output format that is always WGS 84 longitude/latitude (KML, KMZ, GPX).
        """#)
}
