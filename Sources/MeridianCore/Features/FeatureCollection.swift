/// A GeoJSON FeatureCollection (RFC 7946, 3.3): features in order, with the
/// collection's own `bbox` and foreign members kept.
///
/// ```swift
/// let collection = FeatureCollection(features: [feature])
/// collection.boundingBox   // the extent of every geometry
/// ```
public struct FeatureCollection: Sendable, Hashable {
    public var features: [Feature]
    public var bbox: [Double]?
    /// Members other than type, features and bbox (for example `name`).
    public var foreignMembers: JSONObject

    public init(features: [Feature] = [], bbox: [Double]? = nil, foreignMembers: JSONObject = JSONObject()) {
        self.features = features
        self.bbox = bbox
        self.foreignMembers = foreignMembers
    }

    /// The extent of every geometry (without wrapping); nil when no
    /// feature has a position.
    public var boundingBox: BoundingBox? {
        var box = BoundingBox?.none
        for feature in features {
            guard let featureBox = feature.geometry?.boundingBox else { continue }
            if box == nil { box = featureBox } else { box!.extend(featureBox) }
        }
        return box
    }
}
