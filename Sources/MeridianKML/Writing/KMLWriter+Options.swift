extension KMLWriter {
    /// How ``KMLWriter`` writes: coordinate precision and the Document's name.
    public struct Options: Sendable, Hashable {
        /// Decimal places for coordinates; nil keeps full precision.
        public var precision: Int?
        /// The Document's name, if any.
        public var documentName: String?

        public init(precision: Int? = nil, documentName: String? = nil) {
            self.precision = precision
            self.documentName = documentName
        }
    }
}
