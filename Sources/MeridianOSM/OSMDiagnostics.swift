import MeridianCore

/// The codes of OpenStreetMap reading.
public enum OSMDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        osm.pbf.invalid | error | A PBF file whose blob sizes lie (past the end, over the format's 32 MiB), whose blocks do not inflate to the size they say, or whose messages cannot be read (counts that differ, a string index outside the table); the message names the block or byte.
        osm.pbf.unsupported | error | A PBF file that requires a feature Meridian does not read (history files, for instance).
        osm.pbf.unsorted | warning | A file whose header says it is sorted but holds nodes after ways: ways cannot use those nodes.
        osm.xml.syntax | error | OSM XML that is not well-formed, or a gzip stream that is truncated or inflates past 4 GiB.
        osm.xml.invalid | error | OSM XML that is well-formed but not OSM data: another root, version or element, a required attribute missing.
        osm.xml.entity | error | OSM XML that declares entities (billion laughs, external entities): refused.
        osm.node.location | warning | A node without a position on the globe: it is left out.
        osm.tags.too-many | warning | An element with more than 5 000 tags: the first 5 000 are kept.
        osm.way.nodes-missing | warning | A way that refers to nodes the file does not hold (an extract cut by a box): it is left out.
        osm.way.too-short | warning | A way of fewer than two distinct positions: it is left out.
        osm.area.open-ring | warning | An area whose ways do not join into closed rings: no area is made.
        osm.area.empty | warning | An area with no ring of three or more distinct positions: no area is made.
        osm.area.invalid | warning | An area whose rings cross, or overlap in a way no even-odd reading mends: no area is made.
        osm.relation.incomplete | warning | A multipolygon or boundary relation whose member ways (or their nodes) the file does not hold: no area is made.
        """#)
}
