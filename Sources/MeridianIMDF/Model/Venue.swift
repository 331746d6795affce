import MeridianCore

extension IMDF {
    /// The `venue`: the whole place (mall, airport, campus); exactly one
    /// per archive.
    ///
    /// ```swift
    /// archive.venue?.name?.text(for: ["en"])    // "Meridian Arcade"
    /// archive.venue?.category == .shoppingcenter
    /// ```
    public struct Venue: IMDFFeature {
        public static let featureType = FeatureType.venue
        public var id: String
        public var feature: Feature
        public var category: VenueCategory?
        public var name: Labels?
        public var altName: Labels?
        public var restriction: Restriction?
        public var hours: String?
        public var phone: String?
        public var website: String?
        public var displayPoint: Coordinate?
        public var addressID: String?
        public var geometry: Polygonal?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            category = reader.category()
            name = reader.labels("name")
            altName = reader.labels("alt_name")
            restriction = reader.category("restriction")
            hours = reader.hours()
            phone = reader.phone()
            website = reader.website()
            displayPoint = reader.displayPoint()
            addressID = reader.id("address_id")
            geometry = feature.geometry.flatMap(Polygonal.init)
        }
    }
}
