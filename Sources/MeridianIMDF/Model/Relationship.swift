import MeridianCore

extension IMDF {
    /// A `relationship` between features: how to get from an origin to a
    /// destination (stairs, elevator, traversal), optionally through
    /// intermediaries.
    ///
    /// ```swift
    /// for relationship in archive.relationships(involving: unit.id) { ... }
    /// ```
    public struct Relationship: IMDFFeature {
        public static let featureType = FeatureType.relationship
        public var id: String
        public var feature: Feature
        public var category: RelationshipCategory?
        public var direction: RelationshipDirection?
        public var origin: FeatureReference?
        public var intermediary: [FeatureReference]
        public var destination: FeatureReference?
        public var hours: String?
        /// Any geometry, or nil.
        public var geometry: Geometry?

        init(_ feature: Feature, id: String, reader: inout PropertyReader) {
            self.id = id
            self.feature = feature
            category = reader.category()
            direction = reader.category("direction")
            origin = reader.reference("origin")
            intermediary = reader.references("intermediary")
            destination = reader.reference("destination")
            hours = reader.hours()
            geometry = feature.geometry
        }

        /// Origin, intermediaries and destination, in that order.
        public var references: [FeatureReference] {
            (origin.map { [$0] } ?? []) + intermediary + (destination.map { [$0] } ?? [])
        }
    }
}
