import MeridianCore

extension IMDF {
    /// Any one IMDF feature, as ``IMDFArchive/feature(withID:)`` finds it.
    ///
    /// ```swift
    /// switch archive.feature(withID: id) {
    /// case .unit(let unit)?: print(unit.name?.text(for: ["en"]) ?? "")
    /// case let other?: print(other.featureType)
    /// case nil: print("no such feature")
    /// }
    /// ```
    public enum AnyFeature: Sendable, Hashable {
        case venue(Venue)
        case address(Address)
        case building(Building)
        case footprint(Footprint)
        case level(Level)
        case unit(Unit)
        case opening(Opening)
        case fixture(Fixture)
        case kiosk(Kiosk)
        case section(Section)
        case geofence(Geofence)
        case detail(Detail)
        case amenity(Amenity)
        case anchor(Anchor)
        case occupant(Occupant)
        case relationship(Relationship)

        public var id: String {
            switch self {
            case .venue(let value): value.id
            case .address(let value): value.id
            case .building(let value): value.id
            case .footprint(let value): value.id
            case .level(let value): value.id
            case .unit(let value): value.id
            case .opening(let value): value.id
            case .fixture(let value): value.id
            case .kiosk(let value): value.id
            case .section(let value): value.id
            case .geofence(let value): value.id
            case .detail(let value): value.id
            case .amenity(let value): value.id
            case .anchor(let value): value.id
            case .occupant(let value): value.id
            case .relationship(let value): value.id
            }
        }

        public var featureType: FeatureType {
            switch self {
            case .venue(let value): value.featureType
            case .address(let value): value.featureType
            case .building(let value): value.featureType
            case .footprint(let value): value.featureType
            case .level(let value): value.featureType
            case .unit(let value): value.featureType
            case .opening(let value): value.featureType
            case .fixture(let value): value.featureType
            case .kiosk(let value): value.featureType
            case .section(let value): value.featureType
            case .geofence(let value): value.featureType
            case .detail(let value): value.featureType
            case .amenity(let value): value.featureType
            case .anchor(let value): value.featureType
            case .occupant(let value): value.featureType
            case .relationship(let value): value.featureType
            }
        }

        /// The plain feature it was read from.
        public var feature: Feature {
            switch self {
            case .venue(let value): value.feature
            case .address(let value): value.feature
            case .building(let value): value.feature
            case .footprint(let value): value.feature
            case .level(let value): value.feature
            case .unit(let value): value.feature
            case .opening(let value): value.feature
            case .fixture(let value): value.feature
            case .kiosk(let value): value.feature
            case .section(let value): value.feature
            case .geofence(let value): value.feature
            case .detail(let value): value.feature
            case .amenity(let value): value.feature
            case .anchor(let value): value.feature
            case .occupant(let value): value.feature
            case .relationship(let value): value.feature
            }
        }
    }
}
