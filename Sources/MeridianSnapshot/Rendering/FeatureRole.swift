import MeridianCore

/// What a feature is on the map, which decides its default style and its
/// place in the drawing order.
///
/// IMDF data reaches the renderer as plain features whose `feature_type`
/// property names the IMDF feature type (the renderer never knows where a
/// feature came from); everything else is ``generic``.
///
/// ```swift
/// FeatureRole(featureType: "unit")      // .unit: filled by category
/// FeatureRole(featureType: "opening")   // .opening: walkway-coloured doorway
/// FeatureRole(featureType: nil)         // .generic
/// ```
enum FeatureRole: Int, Comparable {
    // Raw values order areas bottom to top: context first, then floors,
    // rooms, furniture; plain features last.
    case venue = 0
    case footprint, level, section, unit, fixture, kiosk
    case detail, opening, amenity, occupant
    /// Not drawn: anchors, addresses, buildings, relationships, geofences.
    case hidden
    case generic

    init(featureType: String?) {
        switch featureType {
        case nil: self = .generic
        case "venue": self = .venue
        case "footprint": self = .footprint
        case "level": self = .level
        case "section": self = .section
        case "unit": self = .unit
        case "fixture": self = .fixture
        case "kiosk": self = .kiosk
        case "detail": self = .detail
        case "opening": self = .opening
        case "amenity": self = .amenity
        case "occupant": self = .occupant
        case "anchor", "address", "building", "relationship", "geofence", "manifest": self = .hidden
        default: self = .generic
        }
    }

    static func < (lhs: FeatureRole, rhs: FeatureRole) -> Bool { lhs.rawValue < rhs.rawValue }
}
