import MeridianCore

extension IMDF {
    /// A `fixture`: furniture or equipment drawn on a level (desk, wall,
    /// baggage carousel).
    ///
    /// ```swift
    /// let desks = archive.fixtures.filter { $0.category == .desk }
    /// ```
    public struct Fixture: IMDFFeature {
        public static let featureType = FeatureType.fixture
        public var id: String
        public var feature: Feature
        public var category: FixtureCategory?
        public var levelID: String?
        public var name: Labels?
        public var altName: Labels?
        public var anchorID: String?
        public var displayPoint: Coordinate?
        public var geometry: Polygonal?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            category = reader.category()
            levelID = reader.id("level_id")
            name = reader.labels("name")
            altName = reader.labels("alt_name")
            anchorID = reader.id("anchor_id")
            displayPoint = reader.displayPoint()
            geometry = feature.geometry.flatMap(Polygonal.init)
        }
    }
}
