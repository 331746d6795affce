import MeridianCore

extension IMDF {
    /// A `detail`: linework drawn on a level (stripes, curbs, markings).
    ///
    /// ```swift
    /// let lines = archive.contents(ofLevel: level.id).details.compactMap(\.geometry)
    /// ```
    public struct Detail: IMDFFeature {
        public static let featureType = FeatureType.detail
        public var id: String
        public var feature: Feature
        public var levelID: String?
        public var geometry: Lineal?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            levelID = reader.id("level_id")
            geometry = feature.geometry.flatMap(Lineal.init)
        }
    }
}
