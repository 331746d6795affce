extension IMDF {
    /// Whether a relationship is travelled one way (`directed`, origin to
    /// destination) or both ways (`undirected`).
    ///
    /// ```swift
    /// if relationship.direction == .undirected { ... }
    /// ```
    public struct RelationshipDirection: IMDFCategory {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let knownValues: Set<String> = ["directed", "undirected"]
        public static let directed = RelationshipDirection(rawValue: "directed")
        public static let undirected = RelationshipDirection(rawValue: "undirected")
    }
}
