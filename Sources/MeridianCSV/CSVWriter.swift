import MeridianCore
import MeridianJSON

/// Writes features as CSV (RFC 4180, comma-separated, CRLF line ends as
/// the RFC and spreadsheets expect): one column per property, in the order
/// first met across all features, and the geometry as `lon` and `lat`
/// columns when every geometry is a point, else as a `wkt` column.
///
/// ```swift
/// let csv = CSVWriter().encode(FeatureCollection(features: features))
/// ```
///
/// Values: strings as they are, numbers in their shortest round-trip form,
/// booleans `true`/`false`, null empty, objects and arrays as compact
/// JSON. A field holding the delimiter, a quote, a line break or leading
/// or trailing spaces is quoted, its quotes doubled. The whole set of
/// features is needed to know the columns, so the writer takes them all
/// (as the KML writer does).
public struct CSVWriter: Sendable {
    public var precision: Int?

    public init(precision: Int? = nil) {
        self.precision = precision
    }

    public func encode(_ collection: FeatureCollection) -> [UInt8] {
        let features = collection.features
        var columns: [String] = []
        var seen: Set<String> = []
        for feature in features {
            for key in feature.properties.keys where seen.insert(key).inserted { columns.append(key) }
        }
        let allPoints = features.allSatisfy { feature in
            if case .point? = feature.geometry { return true }
            return feature.geometry == nil
        }
        let geometryColumns = allPoints ? ["lon", "lat"] : ["wkt"]
        var text = (geometryColumns + columns).map(Self.quoted).joined(separator: ",") + "\r\n"
        for feature in features {
            var fields: [String]
            switch feature.geometry {
            case .point(let c)? where allPoints: fields = [number(c.longitude), number(c.latitude)]
            case nil: fields = allPoints ? ["", ""] : [""]
            case let geometry?: fields = [wkt(geometry)]
            }
            // The values once, then each column's by its index: a decoder's
            // packed values are found by position by passing over those before.
            let properties = feature.properties
            let values = properties.values
            for key in columns {
                fields.append(Self.text(properties.index(forKey: key).map { values[$0] }, precision: precision))
            }
            text += fields.map(Self.quoted).joined(separator: ",") + "\r\n"
        }
        return Array(text.utf8)
    }

    static func text(_ value: JSONValue?, precision: Int?) -> String {
        switch value {
        case nil, .null?: ""
        case .string(let s)?: s
        case .bool(let b)?: b ? "true" : "false"
        case .integer(let n)?: String(n)
        case .double(let d)?: shortestText(d, places: precision)
        case let other?: other.compactJSONText
        }
    }

    static func quoted(_ field: String) -> String {
        let needsQuotes =
            field.utf8.contains { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }
            || field.first == " " || field.last == " "
        guard needsQuotes else { return field }
        var escaped = "\""
        for character in field {
            escaped.append(character == "\"" ? "\"\"" : String(character))
        }
        return escaped + "\""
    }

    private func number(_ value: Double) -> String { shortestText(value, places: precision) }

    /// Well-known text of a geometry (2D).
    func wkt(_ geometry: Geometry) -> String {
        func position(_ c: Coordinate) -> String { number(c.longitude) + " " + number(c.latitude) }
        func list(_ cs: [Coordinate]) -> String { "(" + cs.map(position).joined(separator: ", ") + ")" }
        func rings(_ rs: [[Coordinate]]) -> String { "(" + rs.map(list).joined(separator: ", ") + ")" }
        switch geometry {
        case .point(let c): return "POINT (\(position(c)))"
        case .multiPoint(let cs): return cs.isEmpty ? "MULTIPOINT EMPTY" : "MULTIPOINT " + list(cs)
        case .lineString(let cs): return cs.isEmpty ? "LINESTRING EMPTY" : "LINESTRING " + list(cs)
        case .multiLineString(let ls): return ls.isEmpty ? "MULTILINESTRING EMPTY" : "MULTILINESTRING " + rings(ls)
        case .polygon(let rs): return rs.isEmpty ? "POLYGON EMPTY" : "POLYGON " + rings(rs)
        case .multiPolygon(let ps):
            return ps.isEmpty ? "MULTIPOLYGON EMPTY" : "MULTIPOLYGON (" + ps.map(rings).joined(separator: ", ") + ")"
        case .geometryCollection(let gs):
            return gs.isEmpty
                ? "GEOMETRYCOLLECTION EMPTY" : "GEOMETRYCOLLECTION (" + gs.map(wkt).joined(separator: ", ") + ")"
        }
    }
}
