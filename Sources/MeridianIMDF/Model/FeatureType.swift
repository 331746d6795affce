extension IMDF {
    /// The sixteen IMDF feature types, each the name of its file
    /// (`unit.geojson`) and the value of its features' `feature_type`.
    ///
    /// ```swift
    /// IMDF.FeatureType(rawValue: "unit")?.geometryKind   // .polygonal
    /// ```
    public enum FeatureType: String, Sendable, Hashable, CaseIterable, Comparable {
        // Declared in the order a venue is built up, the order Meridian
        // writes features out.
        case venue, address, building, footprint, level, unit, opening, fixture, kiosk, section, geofence,
            detail, amenity, anchor, occupant, relationship

        /// The geometry each feature of the type must have.
        public enum GeometryKind: String, Sendable, Hashable {
            /// `null` only.
            case none
            /// A Point.
            case point
            /// A LineString.
            case lineString
            /// LineString or MultiLineString.
            case lineal
            /// Polygon or MultiPolygon.
            case polygonal
            /// Anything, or null (relationships).
            case any
        }

        public var geometryKind: GeometryKind {
            switch self {
            case .address, .building, .occupant: .none
            case .amenity, .anchor: .point
            case .opening: .lineString
            case .detail: .lineal
            case .fixture, .footprint, .geofence, .kiosk, .level, .section, .unit, .venue: .polygonal
            case .relationship: .any
            }
        }

        /// The properties IMDF requires (present and not null).
        public var requiredProperties: [String] {
            switch self {
            case .address: ["address", "locality", "country"]
            case .amenity: ["category", "unit_ids"]
            case .anchor: ["unit_id"]
            case .building: ["category"]
            case .detail: ["level_id"]
            case .fixture: ["category", "level_id"]
            case .footprint: ["category", "building_ids"]
            case .geofence: ["category"]
            case .kiosk: ["level_id"]
            case .level: ["category", "outdoor", "ordinal", "name", "short_name"]
            case .occupant: ["name", "category", "anchor_id"]
            case .opening: ["category", "level_id"]
            case .relationship: ["category", "direction"]
            case .section: ["category", "level_id"]
            case .unit: ["category", "level_id"]
            case .venue: ["category", "name", "display_point", "address_id"]
            }
        }

        /// Every property IMDF defines for the type, required or optional;
        /// any other key is reported as unknown (a warning).
        public var knownProperties: Set<String> {
            let optional: [String] =
                switch self {
                case .address: ["unit", "province", "postal_code", "postal_code_ext", "postal_code_vanity"]
                case .amenity:
                    ["accessibility", "name", "alt_name", "hours", "phone", "website", "address_id", "correlation_id"]
                case .anchor: ["address_id"]
                case .building: ["name", "alt_name", "restriction", "display_point", "address_id"]
                case .detail: []
                case .fixture: ["name", "alt_name", "anchor_id", "display_point"]
                case .footprint: ["name"]
                case .geofence:
                    [
                        "restriction", "name", "alt_name", "correlation_id", "display_point", "building_ids",
                        "level_ids", "parents",
                    ]
                case .kiosk: ["name", "alt_name", "anchor_id", "display_point"]
                case .level: ["restriction", "display_point", "address_id", "building_ids"]
                case .occupant: ["hours", "phone", "website", "validity", "correlation_id"]
                case .opening: ["accessibility", "access_control", "door", "name", "alt_name", "display_point"]
                case .relationship: ["origin", "intermediary", "destination", "hours"]
                case .section:
                    [
                        "restriction", "accessibility", "name", "alt_name", "display_point", "address_id",
                        "correlation_id", "parents",
                    ]
                case .unit: ["restriction", "accessibility", "name", "alt_name", "display_point"]
                case .venue: ["restriction", "alt_name", "hours", "phone", "website"]
                }
            return Set(requiredProperties + optional)
        }

        /// True for the types whose features are drawn on one level.
        public var isLevelBound: Bool {
            switch self {
            case .unit, .opening, .fixture, .kiosk, .section, .detail: true
            default: false
            }
        }

        private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
        public static func < (lhs: FeatureType, rhs: FeatureType) -> Bool { lhs.rank < rhs.rank }
    }
}
