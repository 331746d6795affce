import MeridianCore

extension IMDF {
    /// An `amenity`: a service at a point (restroom, ATM, information
    /// desk), attached to every unit in ``unitIDs``.
    ///
    /// ```swift
    /// for amenity in archive.amenities(inUnit: unit.id) where amenity.category == .toilets { ... }
    /// ```
    public struct Amenity: IMDFFeature {
        public static let featureType = FeatureType.amenity
        public var id: String
        public var feature: Feature
        public var category: AmenityCategory?
        public var unitIDs: [String]
        public var accessibility: [Accessibility]?
        public var name: Labels?
        public var altName: Labels?
        public var hours: String?
        public var phone: String?
        public var website: String?
        public var addressID: String?
        public var correlationID: String?
        /// The amenity's Point.
        public var coordinate: Coordinate?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            category = reader.category()
            unitIDs = reader.ids("unit_ids")
            accessibility = reader.categories("accessibility")
            name = reader.labels("name")
            altName = reader.labels("alt_name")
            hours = reader.hours()
            phone = reader.phone()
            website = reader.website()
            addressID = reader.id("address_id")
            correlationID = reader.string("correlation_id")
            if case .point(let point)? = feature.geometry { coordinate = point }
        }
    }
}
