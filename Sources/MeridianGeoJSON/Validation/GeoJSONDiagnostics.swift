import MeridianCore

/// The codes the JSON reader, the GeoJSON decoders and the validator
/// report: one code per problem, whichever of them finds it.
public enum GeoJSONDiagnostics {
    public static let rules: [DiagnosticRule] = [
        // JSON syntax (RFC 8259), from every reader.
        DiagnosticRule("json.syntax.unexpected-end", .error, "The input ends inside a value."),
        DiagnosticRule(
            "json.syntax.unexpected-character", .error, "A byte that cannot start or continue a JSON value here."),
        DiagnosticRule("json.syntax.trailing-content", .error, "Content after the end of the document."),
        DiagnosticRule("json.string.unterminated", .error, "A string has no closing quote."),
        DiagnosticRule(
            "json.string.invalid-escape", .error, "A backslash escape JSON does not define, or a bad \\u escape."),
        DiagnosticRule(
            "json.string.control-character", .error, "A raw control character (below U+0020) inside a string."),
        DiagnosticRule("json.string.invalid-utf8", .error, "Bytes that are not UTF-8."),
        DiagnosticRule(
            "json.number.invalid", .error, "A number JSON does not allow (a leading zero, NaN, Infinity, a lone minus)."
        ),
        DiagnosticRule("json.number.out-of-range", .error, "A number beyond the range of a double."),
        DiagnosticRule(
            "json.depth.exceeded", .error, "Arrays and objects nested deeper than the reader's limit (512)."),
        // The input as a whole.
        DiagnosticRule("geojson.empty", .error, "The input holds no GeoJSON at all."),
        DiagnosticRule("geojson.encoding.utf16", .error, "The text is UTF-16; RFC 8259 requires UTF-8."),
        DiagnosticRule(
            "geojson.feature.too-large", .error,
            "One value (a feature, a record, a document) runs past the most read into memory at once (256 MiB)."),
        DiagnosticRule("geojson.root.not-object", .error, "The root of the document is not an object."),
        // Objects and members (RFC 7946, 3 and 7).
        DiagnosticRule("geojson.type.missing", .error, "An object has no \"type\" member."),
        DiagnosticRule("geojson.type.not-string", .error, "A \"type\" member is not a string."),
        DiagnosticRule("geojson.type.unknown", .error, "A \"type\" that is none of GeoJSON's nine types."),
        DiagnosticRule("geojson.type.case", .error, "A type name in the wrong case (\"point\" for \"Point\")."),
        DiagnosticRule(
            "geojson.type.unexpected", .error, "A valid type where another is required (a Point in \"features\")."),
        DiagnosticRule(
            "geojson.member.missing", .error,
            "A required member (features, geometry, properties, coordinates, geometries) is missing."),
        DiagnosticRule(
            "geojson.member.wrong-type", .error,
            "A member holds the wrong kind of value (\"features\" that is not an array)."),
        DiagnosticRule(
            "geojson.member.changes-semantics", .error,
            "A member that belongs to another type (\"coordinates\" on a Feature), which RFC 7946 7.1 forbids."),
        DiagnosticRule("geojson.feature.not-object", .error, "An element of \"features\" is not an object."),
        DiagnosticRule(
            "geojson.geometry.not-object", .error,
            "A geometry (a Feature's, or an element of \"geometries\") is not an object."),
        DiagnosticRule("geojson.id.invalid", .error, "A Feature's \"id\" is neither a string nor a number."),
        DiagnosticRule(
            "geojson.bbox.invalid", .error,
            "A \"bbox\" that is not 2n numbers with its south edge below its north edge."),
        DiagnosticRule(
            "geojson.object.duplicate-key", .warning,
            "A key repeated in one object (readers disagree on which value wins)."),
        DiagnosticRule(
            "geojson.crs.obsolete", .warning, "A \"crs\" member: RFC 7946 removed it; coordinates are always WGS 84."),
        DiagnosticRule(
            "geojson.geometrycollection.single", .warning,
            "A GeometryCollection of one geometry, where the geometry itself would do."),
        DiagnosticRule("geojson.geometrycollection.nested", .warning, "A GeometryCollection inside another."),
        // Coordinates (RFC 7946, 3.1).
        DiagnosticRule("geojson.coordinates.not-array", .error, "\"coordinates\" is not an array."),
        DiagnosticRule(
            "geojson.coordinates.too-shallow", .error, "Coordinates nested less deeply than the geometry type needs."),
        DiagnosticRule(
            "geojson.coordinates.too-deep", .error, "Coordinates nested more deeply than the geometry type allows."),
        DiagnosticRule(
            "geojson.coordinates.empty", .info, "Empty coordinates: an empty geometry, which readers may treat as null."
        ),
        DiagnosticRule("geojson.position.not-array", .error, "A position is not an array of numbers."),
        DiagnosticRule("geojson.position.not-number", .error, "An element of a position is not a number."),
        DiagnosticRule("geojson.position.too-short", .error, "A position with fewer than two numbers."),
        DiagnosticRule(
            "geojson.position.too-long", .warning,
            "A position with more than three numbers (RFC 7946 advises against more)."),
        DiagnosticRule("geojson.position.too-deep", .error, "An array where a position's number belongs."),
        DiagnosticRule(
            "geojson.position.out-of-range", .warning,
            "A longitude outside -180...180 or a latitude outside -90...90: projected or swapped coordinates."),
        DiagnosticRule("geojson.line.too-short", .error, "A LineString with fewer than two positions."),
        DiagnosticRule("geojson.ring.too-short", .error, "A polygon ring with fewer than four positions."),
        DiagnosticRule("geojson.ring.unclosed", .error, "A polygon ring whose last position is not its first."),
        DiagnosticRule(
            "geojson.ring.winding", .warning,
            "A ring wound against RFC 7946's right-hand rule (exteriors counterclockwise)."),
        DiagnosticRule(
            "geojson.precision.excessive", .warning,
            "Coordinates with more decimal places than useful (six, about 10 cm, by default)."),
        DiagnosticRule(
            "geojson.precision.truncated", .info, "More precision warnings than are listed; this note counts the rest."),
    ]
}
