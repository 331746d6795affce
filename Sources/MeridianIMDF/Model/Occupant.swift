import MeridianCore

extension IMDF {
    /// An `occupant`: a business or organisation in a unit, placed at its
    /// anchor's point. No geometry of its own.
    ///
    /// ```swift
    /// let point = archive.anchor(withID: occupant.anchorID ?? "")?.coordinate
    /// ```
    public struct Occupant: IMDFFeature {
        public static let featureType = FeatureType.occupant
        public var id: String
        public var feature: Feature
        public var name: Labels?
        public var category: OccupantCategory?
        public var anchorID: String?
        public var hours: String?
        public var phone: String?
        public var website: String?
        public var validity: Temporality?
        public var correlationID: String?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            name = reader.labels("name")
            category = reader.category()
            anchorID = reader.id("anchor_id")
            hours = reader.hours()
            phone = reader.phone()
            website = reader.website()
            validity = reader.temporality("validity")
            correlationID = reader.string("correlation_id")
        }
    }
}
