import MeridianCore

extension IMDF {
    /// A `footprint`: the outline of one or more buildings at ground,
    /// aerial or subterranean level.
    ///
    /// ```swift
    /// let ground = archive.footprints.filter { $0.category == .ground }
    /// ```
    public struct Footprint: IMDFFeature {
        public static let featureType = FeatureType.footprint
        public var id: String
        public var feature: Feature
        public var category: FootprintCategory?
        public var buildingIDs: [String]
        public var name: Labels?
        public var geometry: Polygonal?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            category = reader.category()
            buildingIDs = reader.ids("building_ids")
            name = reader.labels("name")
            geometry = feature.geometry.flatMap(Polygonal.init)
        }
    }
}
