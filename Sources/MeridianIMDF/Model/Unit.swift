import MeridianCore

extension IMDF {
    /// A `unit`: a room or other enclosed space on a level (shop,
    /// restroom, corridor, elevator), the main thing an indoor map draws.
    ///
    /// ```swift
    /// let restrooms = archive.units.filter { $0.category?.rawValue.hasPrefix("restroom") == true }
    /// let amenities = archive.amenities(inUnit: restrooms[0].id)
    /// ```
    public struct Unit: IMDFFeature {
        public static let featureType = FeatureType.unit
        public var id: String
        public var feature: Feature
        public var category: UnitCategory?
        public var levelID: String?
        public var restriction: Restriction?
        public var accessibility: [Accessibility]?
        public var name: Labels?
        public var altName: Labels?
        public var displayPoint: Coordinate?
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
            geometry = feature.geometry.flatMap(Polygonal.init)
        }
    }
}
