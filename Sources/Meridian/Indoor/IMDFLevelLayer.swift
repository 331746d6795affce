import MeridianCore
import MeridianIMDF
import MeridianSnapshot

/// One floor of an IMDF venue as a snapshot layer: the glue between the
/// typed venue graph of ``IMDFArchive`` and ``Snapshotter``, which only
/// knows plain features.
///
/// ```swift
/// let archive = try IMDFArchive(contentsOf: "Samples/meridian-arcade.zip")
/// let ground = try IMDFLevelLayer(archive: archive, ordinal: 0)
/// ground.title                                   // "Ground Floor"
/// var options = Snapshotter.Options(layers: [ground.layer])
/// options.title = ground.title
/// try Snapshotter(options: options).snapshot().write(toFile: "ground.svg")
/// ```
///
/// It draws a floor the way Apple's "Displaying an Indoor Map" sample does.
/// Per ordinal it shows one level, the indoor one (`outdoor == false`)
/// when there is one. Beneath it lie the venue and the footprints of the
/// level's buildings as context; on it, the level outline, sections,
/// units filled by ``IndoorTheme/unitFill(forCategory:)``, fixtures, kiosks,
/// details, openings (in the walkway colour, so doorways read as gaps in
/// walls), amenities at their points, and occupants at their anchors'
/// points with their names as labels.
///
/// Every feature carries `feature_type`, `category`, `name` (one string,
/// chosen from the IMDF LABELS by ``languages`` and then the manifest's
/// language), and then what makes it look like Apple's sample: the
/// simplestyle properties of the ``indoorTheme`` and the renderer's
/// drawing hints (draw order, context, symbols; see
/// ``style(forFeatureType:category:theme:)``), over the feature's other
/// IMDF properties, so `--labels alt_name` or a style override still has
/// something to read. The renderer knows nothing of IMDF: the same
/// features written as GeoJSON and rendered again give the same picture.
///
/// Cost: linear in the level's features (every lookup in the venue graph
/// is O(1)); the archive is not copied.
public struct IMDFLevelLayer: Sendable {
    /// The ordinal shown.
    public var ordinal: Int
    /// The level shown for that ordinal.
    public var level: IMDF.Level
    /// The level's name: the snapshot's title.
    public var title: String?
    /// The venue's name, when the venue has one.
    public var venueName: String?
    /// The features to draw, bottom first.
    public var features: [Feature]
    /// The map theme the level is drawn with.
    public var theme: Theme
    /// The indoor colours the features carry.
    public var indoorTheme: IndoorTheme
    /// The readers' languages, most preferred first.
    public var languages: [String]

    /// The floor with this ordinal.
    ///
    /// - Parameters:
    ///   - ordinal: the level ordinal; nil picks ``defaultOrdinal(in:)``.
    ///   - theme: the map theme; its ``IndoorTheme`` (``IndoorTheme/init(matching:)``)
    ///     gives the colours that go into the simplestyle properties.
    ///   - indoorTheme: other indoor colours than the theme's.
    ///   - languages: preferred label languages; the manifest's language
    ///     (then a label's first entry) is the fallback.
    /// - Throws: `imdf.level.unknown` (listing the ordinals that exist)
    ///   when no level has `ordinal`, `imdf.level.missing` when the
    ///   archive has no level with an ordinal at all.
    public init(
        archive: IMDFArchive, ordinal: Int? = nil, theme: Theme = .light, indoorTheme: IndoorTheme? = nil,
        languages: [String] = []
    ) throws(DiagnosticError) {
        let groups = archive.levelGroups
        guard let wanted = ordinal ?? Self.defaultOrdinal(in: archive) else {
            throw DiagnosticError(
                code: "imdf.level.missing",
                message: "the archive has no level with an ordinal, so there is nothing to draw",
                location: SourceLocation(file: archive.path))
        }
        guard let group = groups.first(where: { $0.ordinal == wanted }) else {
            let known = groups.map { String($0.ordinal) }.joined(separator: ", ")
            throw DiagnosticError(
                code: "imdf.level.unknown", message: "no level has ordinal \(wanted) (ordinals: \(known))",
                location: SourceLocation(file: archive.path))
        }
        self.ordinal = wanted
        self.level = group.preferred
        self.theme = theme
        self.indoorTheme = indoorTheme ?? IndoorTheme(matching: theme)
        self.languages = languages
        var builder = Builder(archive: archive, theme: self.indoorTheme, languages: languages)
        self.features = builder.features(of: group.preferred)
        self.title = builder.text(group.preferred.name)
        self.venueName = builder.text(archive.venue?.name)
    }

    /// The ordinal shown when none is asked for: 0 (the ground floor, where
    /// Apple's level picker starts) when a level has it, else the lowest;
    /// nil when no level has an ordinal.
    public static func defaultOrdinal(in archive: IMDFArchive) -> Int? {
        let ordinals = archive.levelGroups.map(\.ordinal)
        return ordinals.contains(0) ? 0 : ordinals.min()
    }

    /// The features as one layer, named after the ordinal (`level-1`) and
    /// titled with the level's name, which becomes the snapshot's title.
    public var layer: Layer {
        Layer(id: "level-\(ordinal)", features: features, title: title)
    }
}
