import MeridianCore

/// The codes of TopoJSON reading.
public enum TopoJSONDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        topojson.topology.invalid | error | JSON whose top-level object is not a Topology with an objects member.
        topojson.topology.too-large | error | A topology larger than 4 GB, which would be held whole in memory.
        topojson.transform.invalid | error | A transform without a scale and a translate of two numbers each.
        topojson.arcs.invalid | error | An arc that is not an array of two or more positions of numbers.
        topojson.arc.out-of-range | error | An arc index outside the topology's arcs (i from 0, or ~i for arc i reversed).
        topojson.geometry.invalid | error | A geometry that is not an object, of a type TopoJSON does not define, or without its coordinates or arcs.
        """#)
}
