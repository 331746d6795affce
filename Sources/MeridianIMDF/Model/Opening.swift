import MeridianCore

extension IMDF {
    /// An `opening`: a doorway or passage in a unit's wall, a LineString
    /// on a level.
    ///
    /// ```swift
    /// let doors = archive.contents(ofLevel: level.id).openings.filter { $0.door != nil }
    /// ```
    public struct Opening: IMDFFeature {
        public static let featureType = FeatureType.opening
        public var id: String
        public var feature: Feature
        public var category: OpeningCategory?
        public var levelID: String?
        public var accessibility: [Accessibility]?
        public var accessControl: [AccessControl]?
        public var door: Door?
        public var name: Labels?
        public var altName: Labels?
        public var displayPoint: Coordinate?
        public var geometry: Polyline?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            category = reader.category()
            levelID = reader.id("level_id")
            accessibility = reader.categories("accessibility")
            accessControl = reader.categories("access_control")
            door = reader.door()
            name = reader.labels("name")
            altName = reader.labels("alt_name")
            displayPoint = reader.displayPoint()
            switch feature.geometry {
            case .lineString(let coordinates)?: geometry = Polyline(coordinates)
            // A MultiLineString of one line, as some exporters write: read
            // as its line (the validator warns).
            case .multiLineString(let lines)? where lines.count == 1: geometry = Polyline(lines[0])
            default: geometry = nil
            }
        }
    }
}
