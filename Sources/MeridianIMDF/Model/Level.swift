import MeridianCore

extension IMDF {
    /// A `level`: one floor of one or more buildings. ``ordinal`` stacks
    /// floors (0 ground, negative below); levels of several buildings with
    /// the same ordinal are shown together.
    ///
    /// ```swift
    /// let ground = archive.levelGroups.first { $0.ordinal == 0 }?.preferred
    /// ground?.shortName?.text(for: ["en"])   // "G"
    /// ```
    public struct Level: IMDFFeature {
        public static let featureType = FeatureType.level
        public var id: String
        public var feature: Feature
        public var category: LevelCategory?
        public var outdoor: Bool?
        public var ordinal: Int?
        public var name: Labels?
        public var shortName: Labels?
        public var restriction: Restriction?
        public var displayPoint: Coordinate?
        public var addressID: String?
        public var buildingIDs: [String]
        public var geometry: Polygonal?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            category = reader.category()
            outdoor = reader.bool("outdoor")
            ordinal = reader.integer("ordinal")
            name = reader.labels("name")
            shortName = reader.labels("short_name")
            restriction = reader.category("restriction")
            displayPoint = reader.displayPoint()
            addressID = reader.id("address_id")
            buildingIDs = reader.ids("building_ids")
            geometry = feature.geometry.flatMap(Polygonal.init)
        }
    }
}
