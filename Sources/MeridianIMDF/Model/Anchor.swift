import MeridianCore

extension IMDF {
    /// An `anchor`: a point inside a unit where an occupant (or a fixture,
    /// a kiosk) is placed.
    ///
    /// ```swift
    /// let unit = archive.unit(withID: anchor.unitID ?? "")
    /// ```
    public struct Anchor: IMDFFeature {
        public static let featureType = FeatureType.anchor
        public var id: String
        public var feature: Feature
        public var unitID: String?
        public var addressID: String?
        /// The anchor's Point.
        public var coordinate: Coordinate?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            unitID = reader.id("unit_id")
            addressID = reader.id("address_id")
            if case .point(let point)? = feature.geometry { coordinate = point }
        }
    }
}
