extension IMDF {
    /// Everything drawn on one level: what ``IMDFArchive/contents(ofLevel:)``
    /// gathers in one call.
    ///
    /// ```swift
    /// let contents = archive.contents(ofLevel: level.id)
    /// print(contents.units.count, contents.openings.count)
    /// ```
    public struct LevelContents: Sendable, Hashable {
        public var units: [Unit] = []
        public var openings: [Opening] = []
        public var fixtures: [Fixture] = []
        public var sections: [Section] = []
        public var kiosks: [Kiosk] = []
        public var details: [Detail] = []
        /// Geofences whose `level_ids` name the level.
        public var geofences: [Geofence] = []

        public init() {}
    }
}
