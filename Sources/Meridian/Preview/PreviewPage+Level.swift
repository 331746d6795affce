extension PreviewPage {
    /// One button of the level switcher.
    ///
    /// As in Apple's "Displaying an Indoor Map" sample: one entry per
    /// ordinal, highest first, labelled by the level's `short_name` (in the
    /// reader's language, then the manifest's, then the label's first
    /// entry), with the full `name` for assistive technology and tooltips.
    public struct Level: Sendable, Hashable {
        /// The IMDF ordinal: 0 the ground floor, negative below it.
        public var ordinal: Int
        /// The button's text: the short name ("G", "1"), else the name,
        /// else the ordinal.
        public var shortName: String
        /// The level's full name ("Ground Floor"), else the short name.
        public var name: String

        public init(ordinal: Int, shortName: String, name: String) {
            self.ordinal = ordinal
            self.shortName = shortName
            self.name = name
        }
    }
}
