import MeridianCore

extension IMDF {
    /// A `section`: a named part of a level that is not a room (a food
    /// court's seating, an exhibit, a parking row).
    ///
    /// ```swift
    /// let sections = archive.contents(ofLevel: level.id).sections
    /// ```
    public struct Section: IMDFFeature {
        public static let featureType = FeatureType.section
        public var id: String
        public var feature: Feature
        public var category: SectionCategory?
        public var levelID: String?
        public var restriction: Restriction?
        public var accessibility: [Accessibility]?
        public var name: Labels?
        public var altName: Labels?
        public var displayPoint: Coordinate?
        public var addressID: String?
        public var correlationID: String?
        /// Parent sections' ids.
        public var parents: [String]
        public var geometry: Polygonal?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            category = reader.category()
            levelID = reader.id("level_id")
            restriction = reader.category("restriction")
            accessibility = reader.categories("accessibility")
            name = reader.labels("name")
            altName = reader.labels("alt_name")
            displayPoint = reader.displayPoint()
            addressID = reader.id("address_id")
            correlationID = reader.string("correlation_id")
            parents = reader.ids("parents")
            geometry = feature.geometry.flatMap(Polygonal.init)
        }
    }
}
