import MeridianCore
import MeridianIMDF
import MeridianSnapshot

extension Layer {
    /// One floor of an IMDF venue, ready for ``Snapshotter``: the features
    /// of ``IMDFLevelLayer``.
    ///
    /// ```swift
    /// let archive = try IMDFArchive(contentsOf: "Samples/meridian-arcade")
    /// let options = Snapshotter.Options(layers: [try Layer(venue: archive, levelOrdinal: 1)])
    /// let svg = try Snapshotter(options: options).snapshot()   // titled "First Floor"
    /// ```
    ///
    /// The layer's title is the level's name, which the snapshot takes as
    /// its title, so nothing else needs setting. Throws as
    /// ``IMDFLevelLayer/init(archive:ordinal:theme:indoorTheme:languages:)``.
    public init(
        venue archive: IMDFArchive, levelOrdinal: Int? = nil, theme: Theme = .light, languages: [String] = []
    ) throws(DiagnosticError) {
        self = try IMDFLevelLayer(archive: archive, ordinal: levelOrdinal, theme: theme, languages: languages).layer
    }
}
