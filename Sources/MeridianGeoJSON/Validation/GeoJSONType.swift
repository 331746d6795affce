/// The nine values RFC 7946 allows for a GeoJSON object's `type` (1.4),
/// with what the validator needs to know about each.
enum GeoJSONType: String, CaseIterable {
    case point = "Point"
    case multiPoint = "MultiPoint"
    case lineString = "LineString"
    case multiLineString = "MultiLineString"
    case polygon = "Polygon"
    case multiPolygon = "MultiPolygon"
    case geometryCollection = "GeometryCollection"
    case feature = "Feature"
    case featureCollection = "FeatureCollection"

    var isGeometry: Bool {
        switch self {
        case .feature, .featureCollection: false
        default: true
        }
    }

    /// The type whose name equals `name` ignoring case, for the helpful
    /// "Expected Point but got point" message (type names are case
    /// sensitive, and lower-case ones are a common mistake).
    init?(caseInsensitive name: String) {
        let lowered = name.lowercased()
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == lowered }) else { return nil }
        self = match
    }

    /// Members whose presence would give this object another type's
    /// meaning, which RFC 7946 7.1 forbids: "coordinates" and "geometries"
    /// make a geometry, "geometry" and "properties" a feature, "features"
    /// a feature collection.
    var forbiddenMembers: Set<String> {
        switch self {
        case .featureCollection: ["coordinates", "geometries", "geometry", "properties"]
        case .feature: ["coordinates", "geometries", "features"]
        default: ["geometry", "properties", "features"]
        }
    }

    /// How the type is named in messages about an object of that type.
    var objectName: String {
        isGeometry ? "geometry" : rawValue
    }
}
