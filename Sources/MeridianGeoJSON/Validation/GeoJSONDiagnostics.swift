import MeridianCore

/// The codes the JSON reader, the GeoJSON decoders and the validator
/// report: one code per problem, whichever of them finds it.
public enum GeoJSONDiagnostics {
    public static let rules = DiagnosticRule.table(
        #"""
        json.syntax.unexpected-end | error | The input ends inside a value.
        json.syntax.unexpected-character | error | A byte that cannot start or continue a JSON value here.
        json.syntax.trailing-content | error | Content after the end of the document.
        json.string.unterminated | error | A string has no closing quote.
        json.string.invalid-escape | error | A backslash escape JSON does not define, or a bad \u escape.
        json.string.control-character | error | A raw control character (below U+0020) inside a string.
        json.string.invalid-utf8 | error | Bytes that are not UTF-8.
        json.number.invalid | error | A number JSON does not allow (a leading zero, NaN, Infinity, a lone minus).
        json.number.out-of-range | error | A number beyond the range of a double.
        json.depth.exceeded | error | Arrays and objects nested deeper than the reader's limit (512).
        geojson.empty | error | The input holds no GeoJSON at all.
        geojson.encoding.utf16 | error | The text is UTF-16; RFC 8259 requires UTF-8.
        geojson.feature.too-large | error | One value (a feature, a record, a document) runs past the most read into memory at once (256 MiB).
        geojson.root.not-object | error | The root of the document is not an object.
        geojson.type.missing | error | An object has no "type" member.
        geojson.type.not-string | error | A "type" member is not a string.
        geojson.type.unknown | error | A "type" that is none of GeoJSON's nine types.
        geojson.type.case | error | A type name in the wrong case ("point" for "Point").
        geojson.type.unexpected | error | A valid type where another is required (a Point in "features").
        geojson.member.missing | error | A required member (features, geometry, properties, coordinates, geometries) is missing.
        geojson.member.wrong-type | error | A member holds the wrong kind of value ("features" that is not an array).
        geojson.member.changes-semantics | error | A member that belongs to another type ("coordinates" on a Feature), which RFC 7946 7.1 forbids.
        geojson.feature.not-object | error | An element of "features" is not an object.
        geojson.geometry.not-object | error | A geometry (a Feature's, or an element of "geometries") is not an object.
        geojson.id.invalid | error | A Feature's "id" is neither a string nor a number.
        geojson.bbox.invalid | error | A "bbox" that is not 2n numbers with its south edge below its north edge.
        geojson.object.duplicate-key | warning | A key repeated in one object (readers disagree on which value wins).
        geojson.crs.obsolete | warning | A "crs" member: RFC 7946 removed it; coordinates are always WGS 84.
        geojson.geometrycollection.single | warning | A GeometryCollection of one geometry, where the geometry itself would do.
        geojson.geometrycollection.nested | warning | A GeometryCollection inside another.
        geojson.coordinates.not-array | error | "coordinates" is not an array.
        geojson.coordinates.too-shallow | error | Coordinates nested less deeply than the geometry type needs.
        geojson.coordinates.too-deep | error | Coordinates nested more deeply than the geometry type allows.
        geojson.coordinates.empty | info | Empty coordinates: an empty geometry, which readers may treat as null.
        geojson.position.not-array | error | A position is not an array of numbers.
        geojson.position.not-number | error | An element of a position is not a number.
        geojson.position.too-short | error | A position with fewer than two numbers.
        geojson.position.too-long | warning | A position with more than three numbers (RFC 7946 advises against more).
        geojson.position.too-deep | error | An array where a position's number belongs.
        geojson.position.out-of-range | warning | A longitude outside -180...180 or a latitude outside -90...90: projected or swapped coordinates.
        geojson.line.too-short | error | A LineString with fewer than two positions.
        geojson.ring.too-short | error | A polygon ring with fewer than four positions.
        geojson.ring.unclosed | error | A polygon ring whose last position is not its first.
        geojson.ring.winding | warning | A ring wound against RFC 7946's right-hand rule (exteriors counterclockwise).
        geojson.precision.excessive | warning | Coordinates with more decimal places than useful (six, about 10 cm, by default).
        geojson.precision.truncated | info | More precision warnings than are listed; this note counts the rest.
        """#)
}
