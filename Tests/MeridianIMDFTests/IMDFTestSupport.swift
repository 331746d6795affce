import Foundation
import MeridianCore
import MeridianGeoJSON

@testable import MeridianIMDF

/// Builds small archives in memory: a valid one-level venue that each
/// rule's test breaks in one place.
struct VenueBuilder {
    static let venueID = "a0000001-0000-4000-8000-000000000001"
    static let addressID = "a0000002-0000-4000-8000-000000000002"
    static let levelID = "a0000003-0000-4000-8000-000000000003"
    static let unitA = "a0000004-0000-4000-8000-000000000004"
    static let unitB = "a0000005-0000-4000-8000-000000000005"
    static let openingID = "a0000006-0000-4000-8000-000000000006"
    static let anchorID = "a0000007-0000-4000-8000-000000000007"
    static let occupantID = "a0000008-0000-4000-8000-000000000008"
    static let amenityID = "a0000009-0000-4000-8000-000000000009"

    /// Degrees per metre near the origin (0.1, 52.2), roughly.
    static let dx = 1.0 / 68_400
    static let dy = 1.0 / 111_250

    static func xy(_ x: Double, _ y: Double) -> JSONValue {
        [.double(0.1 + x * dx), .double(52.2 + y * dy)]
    }

    static func rect(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> JSONValue {
        ["type": "Polygon", "coordinates": [[xy(x0, y0), xy(x1, y0), xy(x1, y1), xy(x0, y1), xy(x0, y0)]]]
    }

    static func point(_ x: Double, _ y: Double) -> JSONValue { ["type": "Point", "coordinates": xy(x, y)] }

    var manifest: JSONValue = ["version": "1.0.0", "created": "2026-01-01T00:00:00Z", "language": "en"]
    var files: [String: [JSONValue]] = [:]

    init() {
        add(
            "address", id: .string(Self.addressID), geometry: nil,
            ["address": "1 Test Street", "unit": "1", "locality": "Cambridge", "country": "GB"])
        add(
            "venue", id: .string(Self.venueID), geometry: Self.rect(0, 0, 20, 10),
            [
                "category": "shoppingcenter", "name": ["en": "Test Venue"], "display_point": Self.point(10, 5),
                "address_id": .string(Self.addressID),
            ])
        add(
            "level", id: .string(Self.levelID), geometry: Self.rect(0, 0, 20, 10),
            [
                "category": "unspecified", "outdoor": false, "ordinal": 0, "name": ["en": "Ground"],
                "short_name": ["en": "G"],
                "display_point": Self.point(10, 5),
            ])
        add(
            "unit", id: .string(Self.unitA), geometry: Self.rect(0, 0, 10, 10),
            [
                "category": "room", "level_id": .string(Self.levelID), "name": ["en": "A", "fr": "A-fr"],
                "display_point": Self.point(5, 5),
            ])
        add(
            "unit", id: .string(Self.unitB), geometry: Self.rect(10, 0, 20, 10),
            [
                "category": "walkway", "level_id": .string(Self.levelID), "display_point": Self.point(15, 5),
            ])
        add(
            "opening", id: .string(Self.openingID),
            geometry: ["type": "LineString", "coordinates": [Self.xy(10, 4), Self.xy(10, 6)]],
            [
                "category": "pedestrian", "level_id": .string(Self.levelID), "display_point": Self.point(10, 5),
            ])
        add("anchor", id: .string(Self.anchorID), geometry: Self.point(5, 5), ["unit_id": .string(Self.unitA)])
        add(
            "occupant", id: .string(Self.occupantID), geometry: nil,
            [
                "name": ["en": "Shop"], "category": "cafe", "anchor_id": .string(Self.anchorID),
            ])
        add(
            "amenity", id: .string(Self.amenityID), geometry: Self.point(15, 5),
            [
                "category": "atm", "unit_ids": [.string(Self.unitB)],
            ])
    }

    mutating func add(
        _ type: String, id: JSONValue?, geometry: JSONValue?, _ properties: JSONValue, featureType: JSONValue? = nil
    ) {
        var feature = JSONObject()
        feature["type"] = "Feature"
        if let id { feature["id"] = id }
        feature["feature_type"] = featureType ?? .string(type)
        feature["geometry"] = geometry ?? .null
        feature["properties"] = properties
        files[type, default: []].append(.object(feature))
    }

    /// Changes one property of the feature with this id.
    mutating func set(_ id: String, _ key: String, _ value: JSONValue?) {
        edit(id) { feature in
            var properties = feature["properties"]?.objectValue ?? JSONObject()
            properties[key] = value
            feature["properties"] = .object(properties)
        }
    }

    mutating func edit(_ id: String, _ change: (inout JSONObject) -> Void) {
        for (type, features) in files {
            files[type] = features.map { value in
                guard var object = value.objectValue, object["id"]?.stringValue == id else { return value }
                change(&object)
                return .object(object)
            }
        }
    }

    var source: IMDFSource {
        var bytes: [String: [UInt8]] = ["manifest.json": manifest.jsonBytes()]
        for (type, features) in files {
            let collection: JSONValue = ["type": "FeatureCollection", "features": .array(features)]
            bytes["\(type).geojson"] = collection.jsonBytes()
        }
        return IMDFSource(files: bytes)
    }

    var archive: IMDFArchive { IMDFArchive(source: source) }

    func validate() -> [Diagnostic] { IMDFValidator().validate(archive) }
}

extension [Diagnostic] {
    func codes(_ severity: Diagnostic.Severity? = nil) -> [String] {
        filter { severity == nil || $0.severity == severity }.map(\.code)
    }

    func with(_ rule: IMDFRule) -> [Diagnostic] { filter { $0.code == rule.code } }

    var violations: [Diagnostic] { filter { $0.severity == .error } }
}
