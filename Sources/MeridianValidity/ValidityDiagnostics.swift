import MeridianCore

/// The codes of geometry validity (OGC Simple Features, through GEOS).
public enum ValidityDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        geometry.self-intersection | error | A ring crosses itself or another ring of its polygon.
        geometry.ring.self-touching | error | A ring touches itself at a point, pinching the polygon.
        geometry.spike | error | A ring runs out and straight back along itself: a zero-width spike.
        geometry.hole.outside | error | A hole lies (partly) outside its polygon's shell.
        geometry.hole.nested | error | A hole lies inside another hole of the same polygon.
        geometry.interior.disconnected | error | Holes split the polygon's interior into pieces.
        geometry.shell.nested | error | A polygon of a MultiPolygon lies inside another.
        geometry.ring.duplicate | error | Two rings of a polygon are the same.
        geometry.ring.too-few-points | error | A ring or line has too few distinct points (repeated points do not count).
        geometry.coordinate.invalid | error | A position that is not finite (NaN or infinite).
        geometry.ring.unclosed | error | A ring does not end where it starts.
        geometry.point.repeated | warning | A ring repeats a position right after itself (validate --geometry all).
        geometry.invalid | error | GEOS found the geometry invalid for a reason it names in the message.
        """#)

    /// The changes `meridian fix` (and `convert --fix`) make, reported as
    /// notes so that every change is listed.
    public static let repairs = DiagnosticRule.table(
        #"""
        fix.coordinate.dropped | info | Positions that were not finite (NaN or infinite) were dropped.
        fix.point.removed | info | Repeated consecutive positions were removed.
        fix.spike.removed | info | A spike (a vertex where the ring turns straight back on itself) was cut off.
        fix.ring.closed | info | A ring that did not end where it starts was closed.
        fix.ring.dropped | info | A ring with fewer than three distinct positions was dropped.
        fix.line.dropped | info | A line with fewer than two distinct positions was dropped.
        fix.geometry.made-valid | info | An invalid polygon was rebuilt by GEOS's MakeValid (a bow-tie becomes two polygons).
        fix.ring.rewound | info | Rings were rewound to the right-hand rule (exterior counter-clockwise, holes clockwise).
        fix.id.regenerated | info | An IMDF id that was not a lower-case version-4 UUID was replaced, and every reference to it.
        fix.id.ambiguous | warning | Several IMDF features share an id: references cannot tell them apart, so it is left alone.
        fix.display-point.moved | info | An IMDF display point outside its polygon (or off its opening's line) was moved in.
        fix.display-point.added | info | An IMDF feature without a display point got one, inside its polygon or on its line.
        fix.sliver.removed | info | An IMDF sliver (a polygon narrower or smaller than a person) was removed.
        fix.sliver.kept | warning | An IMDF sliver was kept because other features refer to it.
        fix.geometry.single-part | info | An IMDF opening's MultiLineString of one line became a LineString.
        fix.geometry.unrepaired | error | GEOS could not rebuild an invalid geometry within the time limit (fix --time-limit, 10 s) or 512 MB, or failed: it is left as it was, and fix exits 1.
        fix.precision.kept | warning | With --precision, a geometry that would collapse (a polygon losing its area, a line shrinking to one position) keeps its full precision.
        fix.geometry.dropped | warning | Nothing valid remained of a geometry; the feature keeps its properties with a null geometry.
        """#)
}
