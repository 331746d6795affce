import MeridianCore

/// The codes of the spatial operations (`meridian buffer`, `measure`,
/// `dissolve`, `overlay`, `join` and `clean`).
public enum SpatialDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        buffer.failed | error | GEOS could not draw a feature's zone (the message gives its reason); the feature is written with a null geometry.
        buffer.too-large | error | A zone would enclose both poles: the distance is too large for the geometry. The feature is written with a null geometry.
        buffer.empty | info | Nothing is left of a feature's geometry (a negative distance shrank it away, or a point or line was buffered by 0 or less): it is written with a null geometry.
        measure.failed | error | GEOS could not compute a measure of a feature (the message names it); the property is null.
        dissolve.key.missing | warning | Features without a --by property are dissolved together under null (the first is located, the others counted).
        join.failed | error | GEOS could not test a feature against the other layer (the message gives its reason); it is treated as matching nothing.
        overlay.failed | error | GEOS could not cut a feature by the other layer (the message gives its reason); nothing of it is written.
        clean.overlap | warning | Two polygons cover the same area (the message gives its size and place, and which feature it was given to).
        clean.gap | warning | A hole in the layer that two or more features border (the message gives its size and place, and whether it was filled).
        clean.failed | error | GEOS could not mend the layer (the message gives its reason); it is written as it was read.
        dissolve.failed | error | GEOS could not merge a group's geometries (the message gives its reason); the group is written with a null geometry.
        """#)
}
