import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// The sample venue, lookups of features by id and type, and a tiny
/// in-memory venue for the rules the sample venue cannot show.
enum Glue {
    static func arcade() throws -> IMDFArchive { try IMDFArchive(contentsOf: Samples.path("meridian-arcade")) }

    /// The feature of a layer with this id.
    static func feature(_ id: String, in features: [Feature]) -> Feature? {
        features.first { $0.id?.description == id }
    }

    static func type(_ feature: Feature) -> String? { feature.properties["feature_type"]?.stringValue }

    /// A venue with two levels at ordinal 0, an outdoor one written first
    /// and an indoor one, and one level at ordinal 2, each with one unit.
    static func twoLevelsAtGround() -> IMDFArchive {
        func rect(_ x: Double) -> JSONValue {
            let (w, s, e, n) = (0.1 + x, 52.2, 0.1002 + x, 52.2002)
            return [
                "type": "Polygon",
                "coordinates": [
                    [
                        [.double(w), .double(s)], [.double(e), .double(s)], [.double(e), .double(n)],
                        [.double(w), .double(n)], [.double(w), .double(s)],
                    ]
                ],
            ]
        }
        func feature(_ id: String, _ type: String, _ geometry: JSONValue, _ properties: JSONValue) -> JSONValue {
            [
                "type": "Feature", "id": .string(id), "feature_type": .string(type), "geometry": geometry,
                "properties": properties,
            ]
        }
        func level(_ id: String, ordinal: Int64, outdoor: Bool, name: String) -> JSONValue {
            feature(
                id, "level", rect(0),
                [
                    "category": "unspecified", "outdoor": .bool(outdoor), "ordinal": .integer(ordinal),
                    "name": ["en": .string(name)], "short_name": ["en": .string(name)],
                ])
        }
        func unit(_ id: String, level: String) -> JSONValue {
            feature(id, "unit", rect(0), ["category": "room", "level_id": .string(level), "name": ["en": .string(id)]])
        }
        func collection(_ features: [JSONValue]) -> [UInt8] {
            (["type": "FeatureCollection", "features": .array(features)] as JSONValue).jsonBytes()
        }
        let files: [String: [UInt8]] = [
            "manifest.json": (["version": "1.0.0", "language": "en"] as JSONValue).jsonBytes(),
            "venue.geojson": collection([
                feature("venue", "venue", rect(0), ["category": "campus", "name": ["en": "Campus"]])
            ]),
            "level.geojson": collection([
                level("outdoor-0", ordinal: 0, outdoor: true, name: "Grounds"),
                level("indoor-0", ordinal: 0, outdoor: false, name: "Ground Floor"),
                level("indoor-2", ordinal: 2, outdoor: false, name: "Second Floor"),
            ]),
            "unit.geojson": collection([
                unit("garden", level: "outdoor-0"), unit("hall", level: "indoor-0"), unit("attic", level: "indoor-2"),
            ]),
        ]
        return IMDFArchive(source: IMDFSource(files: files))
    }
}
