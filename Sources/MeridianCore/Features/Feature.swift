/// A GeoJSON Feature (RFC 7946, 3.2): an optional identifier, an optional
/// geometry and properties, plus whatever else the file carried.
///
/// ```swift
/// var feature = Feature(geometry: .point(Coordinate(latitude: 51.5, longitude: -0.12)))
/// feature.id = "big-ben"
/// feature.properties["name"] = "Big Ben"
/// ```
///
/// Nothing a file says is lost: the identifier keeps string vs number,
/// properties keep key order and every value (a `null` properties member
/// is remembered as ``propertiesAreNull``), `bbox` and foreign members
/// (any other member, such as `title` or `crs`) are kept in order, and so
/// are the members of the geometry object other than `type`,
/// `coordinates` and `geometries`.
public struct Feature: Sendable, Hashable {
    public var id: FeatureIdentifier?
    public var geometry: Geometry?
    public var properties: JSONObject
    /// True when the file wrote `"properties": null` rather than an object.
    public var propertiesAreNull: Bool
    /// The feature's `bbox` member, as written (2n numbers).
    public var bbox: [Double]?
    /// Members of the feature other than type, id, geometry, properties and bbox.
    public var foreignMembers: JSONObject
    /// Members of the geometry object other than type, coordinates and
    /// geometries (a geometry-level `bbox`, for example).
    public var geometryMembers: JSONObject

    public init(
        id: FeatureIdentifier? = nil, geometry: Geometry? = nil, properties: JSONObject = JSONObject(),
        bbox: [Double]? = nil, foreignMembers: JSONObject = JSONObject()
    ) {
        self.id = id
        self.geometry = geometry
        self.properties = properties
        self.propertiesAreNull = false
        self.bbox = bbox
        self.foreignMembers = foreignMembers
        self.geometryMembers = JSONObject()
    }
}
