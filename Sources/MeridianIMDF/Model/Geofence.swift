import MeridianCore

extension IMDF {
    /// A `geofence`: an area of interest that may span buildings and
    /// levels (terminal, security zone, paid area).
    ///
    /// ```swift
    /// let secure = archive.geofences.filter { $0.category == .postsecurity }
    /// ```
    public struct Geofence: IMDFFeature {
        public static let featureType = FeatureType.geofence
        public var id: String
        public var feature: Feature
        public var category: GeofenceCategory?
        public var restriction: Restriction?
        public var name: Labels?
        public var altName: Labels?
        public var correlationID: String?
        public var displayPoint: Coordinate?
        public var buildingIDs: [String]
        public var levelIDs: [String]
        /// Parent geofences' ids.
        public var parents: [String]
        public var geometry: Polygonal?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            category = reader.category()
            restriction = reader.category("restriction")
            name = reader.labels("name")
            altName = reader.labels("alt_name")
            correlationID = reader.string("correlation_id")
            displayPoint = reader.displayPoint()
            buildingIDs = reader.ids("building_ids")
            levelIDs = reader.ids("level_ids")
            parents = reader.ids("parents")
            geometry = feature.geometry.flatMap(Polygonal.init)
        }
    }
}
