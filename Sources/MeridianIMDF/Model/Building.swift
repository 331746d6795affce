import MeridianCore

extension IMDF {
    /// A `building`: a structure of the venue. No geometry of its own:
    /// its shape is in the footprints that name it.
    ///
    /// ```swift
    /// let outlines = archive.footprints(ofBuilding: building.id)
    /// ```
    public struct Building: IMDFFeature {
        public static let featureType = FeatureType.building
        public var id: String
        public var feature: Feature
        public var category: BuildingCategory?
        public var name: Labels?
        public var altName: Labels?
        public var restriction: Restriction?
        public var displayPoint: Coordinate?
        public var addressID: String?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            category = reader.category()
            name = reader.labels("name")
            altName = reader.labels("alt_name")
            restriction = reader.category("restriction")
            displayPoint = reader.displayPoint()
            addressID = reader.id("address_id")
        }
    }
}
