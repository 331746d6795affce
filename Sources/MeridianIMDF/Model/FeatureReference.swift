extension IMDF {
    /// IMDF's FEATURE-REFERENCE: a typed pointer to another feature, used
    /// by relationships (`origin`, `intermediary`, `destination`).
    ///
    /// ```swift
    /// let origin = IMDF.FeatureReference(id: unit.id, featureType: "unit")
    /// archive.feature(withID: origin.id)?.featureType == .unit
    /// ```
    public struct FeatureReference: Sendable, Hashable {
        public var id: String
        /// The type as written; IMDF requires it to match the target's.
        public var featureType: String

        public init(id: String, featureType: String) {
            self.id = id
            self.featureType = featureType
        }
    }
}
