import MeridianCore

extension IMDF {
    /// A `kiosk`: a small free-standing booth on a level.
    ///
    /// ```swift
    /// let kiosks = archive.contents(ofLevel: level.id).kiosks
    /// ```
    public struct Kiosk: IMDFFeature {
        public static let featureType = FeatureType.kiosk
        public var id: String
        public var feature: Feature
        public var levelID: String?
        public var name: Labels?
        public var altName: Labels?
        public var anchorID: String?
        public var displayPoint: Coordinate?
        public var geometry: Polygonal?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            levelID = reader.id("level_id")
            name = reader.labels("name")
            altName = reader.labels("alt_name")
            anchorID = reader.id("anchor_id")
            displayPoint = reader.displayPoint()
            geometry = feature.geometry.flatMap(Polygonal.init)
        }
    }
}
