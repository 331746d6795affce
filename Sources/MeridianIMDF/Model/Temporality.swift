extension IMDF {
    /// IMDF's TEMPORALITY: when a feature (an occupant's `validity`) is
    /// valid. The dates are RFC 3339 date-times, kept as written.
    ///
    /// ```swift
    /// occupant.validity?.end      // "2026-12-31T23:59:59Z"
    /// ```
    public struct Temporality: Sendable, Hashable {
        public var start: String?
        public var end: String?
        public var modified: String?

        public init(start: String? = nil, end: String? = nil, modified: String? = nil) {
            self.start = start
            self.end = end
            self.modified = modified
        }
    }
}
