import MeridianCore
import MeridianIMDF
import MeridianPlatform
import MeridianSnapshot

/// A self-contained HTML page for looking at map data in a browser: the
/// snapshot as inline SVG with pan and zoom, a toggle per layer, a level
/// switcher for IMDF venues, and a panel showing a feature's properties
/// and its Apple Maps link on hover or click.
///
/// ```swift
/// let archive = try IMDFArchive(contentsOf: "Samples/meridian-arcade.zip")
/// var options = Snapshotter.Options()
/// options.size = Snapshotter.Size(width: 1200, height: 800)
/// let page = PreviewPage(sources: [.venue(archive, name: "meridian-arcade")], options: options)
/// page.levels.map(\.shortName)       // ["1", "G"]: highest first, as Apple's level picker
/// let html = try page.html()         // one file: no script, style or image from elsewhere
/// ```
///
/// For an IMDF venue every ordinal is drawn once, by ``IMDFLevelLayer``
/// and ``Snapshotter`` (exactly what `meridian render --level N` draws),
/// each SVG in its own container that the level switcher shows; the page
/// opens at ordinal 0 when a level has it (where Apple's sample starts),
/// else at the lowest. Plain layers (GeoJSON, KML) are drawn on every
/// level; without a venue the page holds one SVG. All levels share one
/// frame, so switching floors keeps the view where it is.
///
/// The page needs no network: its style sheet and script are inline and
/// the only URLs in it are the SVG namespace and the data's own values and
/// Maps links (never loaded). Text from data is escaped wherever it lands
/// (element text, attributes, and the JSON block of feature properties,
/// where `<`, `>` and `&` are `\u` escapes so nothing can close the script).
///
/// Cost: one snapshot per level plus a JSON entry per feature; the page's
/// size is about the sum of the levels' SVGs and the features' properties.
public struct PreviewPage: Sendable {
    /// The inputs, bottom layer first.
    public var sources: [Source]
    /// How each snapshot is drawn (size, theme, labels, framing...); its
    /// `layers` are ignored, as they come from ``sources``.
    public var options: Snapshotter.Options
    /// Preferred languages of IMDF names, most preferred first; the
    /// manifest's language is the fallback.
    public var languages: [String]
    /// The page's title; nil takes the venue's name, else the sources' names.
    public var title: String?
    /// The most features of the layers a page holds. Every feature is drawn into the page
    /// and listed for its panel, so the page, and the memory that builds
    /// it, grow with them: 500 000 placemarks made a 220 MB page and took
    /// 2 GB. Past it, ``html()`` throws `snapshot.content.too-many`.
    public var maximumFeatures: Int

    /// 100 000 features: a page of some 40 MB that a browser still opens.
    public static let defaultMaximumFeatures = 100_000

    public init(
        sources: [Source], options: Snapshotter.Options = Snapshotter.Options(), languages: [String] = [],
        title: String? = nil, maximumFeatures: Int = defaultMaximumFeatures
    ) {
        self.sources = sources
        self.options = options
        self.languages = languages
        self.title = title
        self.maximumFeatures = maximumFeatures
    }

    // MARK: Levels

    /// The level switcher's buttons, highest ordinal first; empty when no
    /// source is a venue. Several venues share a button per ordinal, named
    /// from the first venue that has it.
    public var levels: [Level] {
        var byOrdinal: [Int: Level] = [:]
        for case .venue(let archive, _) in sources {
            for group in archive.levelGroups where byOrdinal[group.ordinal] == nil {
                let level = group.preferred
                let fallback = archive.manifest?.language
                let name = level.name?.text(for: languages, fallback: fallback).flatMap { $0.isEmpty ? nil : $0 }
                let short = level.shortName?.text(for: languages, fallback: fallback).flatMap { $0.isEmpty ? nil : $0 }
                byOrdinal[group.ordinal] = Level(
                    ordinal: group.ordinal, shortName: short ?? name ?? String(group.ordinal),
                    name: name ?? short ?? "Level \(group.ordinal)")
            }
        }
        return byOrdinal.values.sorted { $0.ordinal > $1.ordinal }
    }

    /// The level shown first: ordinal 0 when a level has it, else the
    /// lowest; nil without levels.
    public var defaultOrdinal: Int? {
        let ordinals = levels.map(\.ordinal)
        return ordinals.contains(0) ? 0 : ordinals.min()
    }

    /// The title used: ``title``, else the first venue's name, else the
    /// sources' names.
    public var resolvedTitle: String {
        if let title, !title.isEmpty { return title }
        for case .venue(let archive, _) in sources {
            if let name = archive.venue?.name?.text(for: languages, fallback: archive.manifest?.language), !name.isEmpty
            {
                return name
            }
        }
        let names = sources.map(\.name).filter { !$0.isEmpty }
        return names.isEmpty ? "Map" : names.joined(separator: ", ")
    }

    // MARK: The page

    /// One map the page can show: a level, or the only map of a page
    /// without venues.
    struct View {
        var level: Level?
        var layers: [Layer]
        var indoorLayers: Set<String>
        /// Names for indoor features the glue leaves unnamed (an occupied
        /// unit, whose occupant's label names it on the map), by id: the
        /// panel still names what the pointer is on.
        var names: [String: String] = [:]
        var svg: String
        /// The drawn snapshot: where a coordinate lands in the SVG.
        var snapshot: Snapshot
    }

    /// The page as HTML.
    ///
    /// - Throws: what ``Snapshotter`` and ``IMDFLevelLayer`` throw
    ///   (`snapshot.options.*` for bad options, `snapshot.content.empty`
    ///   when nothing is left to draw).
    public func html() throws(DiagnosticError) -> String {
        let count = sources.reduce(0) { total, source in
            switch source {
            case .layer(let layer): total + layer.features.count
            // A venue is bounded by its archive's size (IMDFSource.maximumSize).
            case .venue: total
            }
        }
        guard count <= maximumFeatures else {
            throw DiagnosticError(
                code: "snapshot.content.too-many",
                message:
                    "the inputs hold \(count) features, more than the \(maximumFeatures) a preview page holds (each is drawn "
                    + "and listed in the page): narrow them first (convert --where, --bbox or --limit), draw them with "
                    + "render, or raise --max-features")
        }
        let views = try makeViews()
        // The maps were drawn on every core; what the worker threads freed
        // stays in their arenas, where the page built next on this thread
        // cannot reuse it: 1 053 -> 943 MB for a preview of 120 000 lines.
        Platform.releaseFreedMemory()
        return document(
            views: views, features: featureIndex(views), places: searchablePlaces(projection: views[0].snapshot))
    }

    /// The layers of each view, drawn.
    func makeViews() throws(DiagnosticError) -> [View] {
        let names = uniqueNames()
        let levels = self.levels
        var plans: [(level: Level?, layers: [Layer], indoor: Set<String>, names: [String: String])] = []
        if levels.isEmpty {
            plans.append(
                (
                    nil, sources.enumerated().map { Self.identified(layer(of: $0.element, named: names[$0.offset])) },
                    [], [:]
                ))
        } else {
            for level in levels {
                var layers: [Layer] = []
                var indoor = Set<String>()
                var featureNames: [String: String] = [:]
                for (index, source) in sources.enumerated() {
                    switch source {
                    case .layer(let layer):
                        layers.append(
                            Self.identified(Layer(id: names[index], features: layer.features, overlays: layer.overlays))
                        )
                    case .venue(let archive, _):
                        // A venue without this floor (a second venue with fewer levels) adds nothing to it.
                        guard archive.levelGroups.contains(where: { $0.ordinal == level.ordinal }) else { continue }
                        var floor = try IMDFLevelLayer(
                            archive: archive, ordinal: level.ordinal, theme: options.theme, languages: languages
                        ).layer
                        floor.id = names[index]
                        layers.append(Self.identified(floor))
                        indoor.insert(names[index])
                        for feature in floor.features where feature.properties["name"]?.stringValue == nil {
                            guard let id = feature.id?.description,
                                case .object(let labels)? = archive.feature(withID: id)?.feature.properties["name"],
                                let name = Self.text(
                                    of: labels, languages: languages + [archive.manifest?.language].compactMap { $0 })
                            else { continue }
                            featureNames[id] = name
                        }
                    }
                }
                plans.append((level, layers, indoor, featureNames))
            }
        }

        var shared = options
        if plans.count > 1, case .automatic(let padding) = options.framing,
            let framing = Self.sharedFraming(plans.flatMap(\.layers), size: options.size, padding: padding)
        {
            shared.framing = framing
        }
        var views: [View] = []
        for (index, plan) in plans.enumerated() {
            var options = shared
            options.layers = plan.layers
            let snapshot = try Snapshotter(options: options).snapshot()
            let svg = snapshot.svg
            let prefix = plans.count > 1 ? "v\(index + 1)-" : ""
            views.append(
                View(
                    level: plan.level, layers: plan.layers, indoorLayers: plan.indoor, names: plan.names,
                    svg: Self.embeddable(svg, idPrefix: prefix), snapshot: snapshot))
        }
        return views
    }

    private func layer(of source: Source, named name: String) -> Layer {
        switch source {
        case .layer(let layer): return Layer(id: name, features: layer.features, overlays: layer.overlays)
        case .venue: return Layer(id: name)  // not reached: venues always give levels
        }
    }

    /// The sources' names, made distinct ("a", "a-2") so each toggle
    /// controls one input.
    func uniqueNames() -> [String] {
        var seen = Set<String>()
        return sources.map { source in
            let base = source.name.isEmpty ? "layer" : source.name
            var name = base
            var counter = 2
            while seen.contains(name) {
                name = "\(base)-\(counter)"
                counter += 1
            }
            seen.insert(name)
            return name
        }
    }

    /// The layer with an id on every feature, since the page finds a
    /// feature's properties by its SVG `data-id`: a feature without one
    /// gets `#N` (its position in the layer), skipping ids the layer uses.
    static func identified(_ layer: Layer) -> Layer {
        guard layer.features.contains(where: { $0.id == nil }) else { return layer }
        let used = Set(layer.features.compactMap { $0.id?.description })
        var copy = layer
        for index in copy.features.indices where copy.features[index].id == nil {
            var id = "#\(index)"
            while used.contains(id) { id = "#" + id }
            copy.features[index].id = .string(id)
            copy.features[index].foreignMembers["meridian:synthetic-id"] = .bool(true)
        }
        return copy
    }

    /// One frame for every level: the union of what every level draws,
    /// fitted with `padding` as automatic framing fits one, so switching
    /// floors keeps the view still. Nil when there is no area to fit.
    static func sharedFraming(_ layers: [Layer], size: Snapshotter.Size, padding: Double) -> Framing? {
        var union = MapRect.null
        for layer in layers {
            for feature in layer.features {
                guard let geometry = feature.geometry else { continue }
                let rect = geometry.boundingMapRect
                if !rect.isNull { union = union.union(rect) }
            }
        }
        guard !union.isNull, union.width > 0, union.height > 0, !union.spans180thMeridian else { return nil }
        let usableWidth = max(size.width - 2 * padding, 1)
        let usableHeight = max(size.height - 2 * padding, 1)
        let perPoint = max(union.width / usableWidth, union.height / usableHeight)
        let width = size.width * perPoint
        let height = size.height * perPoint
        return .mapRect(MapRect(x: union.midX - width / 2, y: union.midY - height / 2, width: width, height: height))
    }

    /// A LABELS object's text in the first of `languages` it has (also by
    /// primary language, `en` for `en-GB`), else its first text.
    static func text(of labels: JSONObject, languages: [String]) -> String? {
        let texts = labels.members.compactMap { key, value in value.stringValue.map { (key.lowercased(), $0) } }
        for language in languages.map({ $0.lowercased() }) {
            let primary = language.split(separator: "-").first.map(String.init) ?? language
            if let match = texts.first(where: { $0.0 == language })
                ?? texts.first(where: { $0.0.split(separator: "-").first.map(String.init) == primary })
            {
                return match.1
            }
        }
        return texts.first?.1
    }

    /// The SVG ready to sit in an HTML body: without its XML declaration,
    /// and with every `id` (and the references to it) prefixed, so several
    /// levels' SVGs in one document never share an id. Data cannot fake
    /// the patterns replaced: the renderer escapes every `"` from data.
    static func embeddable(_ svg: String, idPrefix prefix: String) -> String {
        var text = Substring(svg)
        if text.hasPrefix("<?xml"), let end = text.firstIndex(of: "\n") { text = text[text.index(after: end)...] }
        guard !prefix.isEmpty else { return String(text) }
        return String(text)
            .replacingAll(" id=\"", with: " id=\"\(prefix)")
            .replacingAll("href=\"#", with: "href=\"#\(prefix)")
            .replacingAll(
                "aria-labelledby=\"map-title map-desc\"",
                with: "aria-labelledby=\"\(prefix)map-title \(prefix)map-desc\"")
    }

    /// `{layer name: {feature id: entry}}` over every view; a feature
    /// drawn on several levels (the venue's outline) is listed once.
    ///
    /// Cost: linear in the features. A `JSONObject` finds a key by
    /// scanning (right for a feature's few properties), so the ids already
    /// listed are kept in a set beside it; looking each up in the growing
    /// object made 100 000 points take 41 s.
    func featureIndex(_ views: [View]) -> JSONValue {
        var layerNames: [String] = []
        var entriesByLayer: [String: JSONObject] = [:]
        var listed: [String: Set<String>] = [:]
        for view in views {
            for layer in view.layers {
                if entriesByLayer[layer.id] == nil {
                    layerNames.append(layer.id)
                    entriesByLayer[layer.id] = JSONObject()
                }
                let indoor = view.indoorLayers.contains(layer.id)
                for feature in layer.features {
                    guard let id = feature.id?.description, listed[layer.id, default: []].insert(id).inserted else {
                        continue
                    }
                    var entry = FeatureInfo.entry(for: feature, indoor: indoor, name: view.names[id])
                    if feature.foreignMembers["meridian:synthetic-id"] != nil, case .object(var object) = entry {
                        object["id"] = .null
                        entry = .object(object)
                    }
                    entriesByLayer[layer.id, default: JSONObject()].appendUnchecked(key: id, value: entry)
                }
            }
        }
        var index = JSONObject()
        for name in layerNames {
            index.appendUnchecked(key: name, value: .object(entriesByLayer[name] ?? JSONObject()))
        }
        return .object(index)
    }
}
