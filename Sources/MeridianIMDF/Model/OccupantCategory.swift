extension IMDF {
    /// An occupant's `category` (a business or organisation type such as
    /// `restaurant` or `cafe`). IMDF's list is not part of Meridian's
    /// category tables, so every non-empty value is accepted as written.
    ///
    /// ```swift
    /// let category: IMDF.OccupantCategory = "cafe"
    /// ```
    public struct OccupantCategory: IMDFCategory {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public static let knownValues: Set<String> = []
    }
}
