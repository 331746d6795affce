extension IMDF {
    /// The levels that share one ordinal (a floor across several
    /// buildings, or an indoor and an outdoor level), as Apple's sample
    /// groups them for its level picker.
    ///
    /// ```swift
    /// for group in archive.levelGroups.reversed() {      // highest first
    ///     print(group.ordinal, group.preferred.shortName?.text(for: ["en"]) ?? "")
    /// }
    /// ```
    public struct LevelGroup: Sendable, Hashable {
        public var ordinal: Int
        /// Every level with this ordinal, in file order.
        public var levels: [Level]

        /// The level to show for this ordinal: the first indoor one
        /// (`outdoor == false`) when there is one, else the first.
        public var preferred: Level {
            levels.first { $0.outdoor == false } ?? levels[0]
        }
    }
}
