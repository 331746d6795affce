import Meridian
import MeridianLibC

/// The datasets a server was started with, loaded: each one's features as a
/// layer to draw (by the dataset's name), and one place index over all of
/// them. Immutable; a reload builds a new catalogue and swaps it in
/// (``CatalogueHolder``), so a request always sees one whole catalogue.
public final class Catalogue: Sendable {
    /// One dataset: a file named at start, known to requests by its name
    /// (the file's name without folders and extension), never by its path.
    public struct Dataset: Sendable {
        public var name: String
        /// What snapshots draw; nil for a place index, which has no features.
        public var layer: Layer?
        /// How many places it gave the index.
        public var placeCount: Int
        /// A PMTiles archive's tiles, served as they are (`/tiles/NAME/Z/X/Y.mvt`);
        /// an archive is not read as a layer, nor for places.
        public var tiles: PMTilesArchive?
    }

    public let datasets: [Dataset]
    public let places: PlaceIndex
    /// What `/v1/directions` and `/v1/etas` route over: each venue's graph
    /// (its units, doors and level changes, and the other datasets' lines
    /// outdoors), then each prepared network (`meridian route --prepare`),
    /// then the datasets' lines alone (``network(for:)``).
    public let networks: [Network]
    private let venueCount: Int

    /// A graph to route over, and its contraction hierarchy when it was
    /// prepared: routes by the hierarchy's transport type go through it.
    public struct Network: Sendable {
        public let graph: RoutingGraph
        public let hierarchy: ContractionHierarchy?

        public func routes(from origin: Waypoint, to destination: Waypoint, transportType type: TransportType, alternates: Int)
            throws(DiagnosticError) -> [Route]
        {
            if let hierarchy, hierarchy.transportType == type, alternates == 0 {
                return [try hierarchy.route(from: origin, to: destination)]
            }
            return try graph.routes(from: origin, to: destination, transportType: type, alternates: alternates)
        }
    }
    /// What loading worked around (unreadable features, a stale index).
    public let warnings: [Diagnostic]
    /// Counts reloads; part of every ETag, so a cached image of old data
    /// is never taken for current.
    public let generation: Int

    /// Loads `paths` (data files of any format Meridian reads, or a place
    /// index built by `meridian index`). Two files with the same name are
    /// an error: requests could not tell them apart.
    public init(paths: [String], generation: Int = 0) throws(DiagnosticError) {
        var datasets: [Dataset] = []
        var warnings: [Diagnostic] = []
        var lines: [Feature] = []
        var venues: [IMDFArchive] = []
        var prepared: [ContractionHierarchy] = []
        var preparedPaths = Set<String>()
        var seen = Set<String>()
        for path in paths {
            let name = Layer.name(of: path)
            guard seen.insert(name).inserted else {
                throw DiagnosticError(
                    code: "serve.dataset.duplicate",
                    message: "two datasets are named \"\(name)\"; requests name datasets by file name, so rename one",
                    location: SourceLocation(file: path))
            }
            if PlaceIndexFile.isIndex(path) {
                datasets.append(Dataset(name: name, layer: nil, placeCount: 0))
                continue
            }
            if ContractionHierarchy.isPrepared(path) {
                preparedPaths.insert(path)
                prepared.append(try ContractionHierarchy(contentsOf: path))
                datasets.append(Dataset(name: name, layer: nil, placeCount: 0))
                continue
            }
            let input = try Input(path: path)
            if input.format == .pmtiles {
                datasets.append(Dataset(name: name, layer: nil, placeCount: 0, tiles: try PMTilesArchive(input: input)))
                continue
            }
            let layer = try Layer(input: input, warnings: &warnings)
            datasets.append(Dataset(name: name, layer: layer, placeCount: 0))
            if input.format == .imdf {
                venues.append(try input.imdfArchive())
            } else {
                lines += layer.features.filter {
                    switch $0.geometry {
                    case .lineString?, .multiLineString?: true
                    default: false
                    }
                }
            }
        }
        let placePaths = zip(paths, datasets).filter { $0.1.tiles == nil && !preparedPaths.contains($0.0) }.map(\.0)
        let (index, loadWarnings) = try PlaceIndexFile.load(placePaths, rebuild: false)
        warnings += loadWarnings
        for (position, dataset) in datasets.enumerated() {
            datasets[position].placeCount =
                dataset.tiles != nil ? 0
                : placePaths.count == 1 ? index.count : index.sources.filter { Layer.name(of: $0.path) == dataset.name }.count
        }
        self.datasets = datasets
        self.places = index
        self.networks =
            venues.map { Network(graph: RoutingGraph(venue: $0, lines: lines, warnings: &warnings), hierarchy: nil) }
            + prepared.map { Network(graph: $0.graph, hierarchy: $0) } + [Network(graph: RoutingGraph(features: lines), hierarchy: nil)]
        self.venueCount = venues.count
        self.warnings = warnings
        self.generation = generation
    }

    /// The network a route from `origin` takes: the venue that holds it
    /// (on its level, else on any), else a prepared network, else the
    /// datasets' lines; a venue's when the origin names a level or there
    /// is nothing else to route on, so that a place outside it, or a level
    /// it lacks, is told so.
    public func network(for origin: Waypoint) -> Network {
        let venues = networks.prefix(venueCount)
        if let venue = venues.first(where: { $0.graph.holds(origin) })
            ?? venues.first(where: { $0.graph.holds(Waypoint(origin.coordinate)) })
        {
            return venue
        }
        if let venue = venues.first, origin.level != nil { return venue }
        let rest = networks.dropFirst(venueCount)
        if let network = rest.first(where: { $0.graph.edgeCount > 0 }) { return network }
        return venues.first ?? networks[networks.count - 1]
    }

    /// The layers of the datasets named (all that have features when
    /// `names` is nil); an unknown name is a `serve.dataset.unknown` error
    /// listing the known ones.
    public func layers(named names: [String]?) throws(DiagnosticError) -> [Layer] {
        guard let names else { return datasets.compactMap(\.layer) }
        var layers: [Layer] = []
        for name in names {
            guard let dataset = datasets.first(where: { $0.name == name }) else {
                throw DiagnosticError(
                    code: "serve.dataset.unknown",
                    message:
                        "no dataset is named \"\(name)\"; the datasets are \(datasets.map { "\"\($0.name)\"" }.joined(separator: ", "))"
                )
            }
            if let layer = dataset.layer { layers.append(layer) }
        }
        return layers
    }
}

/// The catalogue requests read, swapped whole on reload: a request that
/// started on the old one finishes on it.
public final class CatalogueHolder: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    private var catalogue: Catalogue

    public init(_ catalogue: Catalogue) {
        self.catalogue = catalogue
        pthread_mutex_init(&mutex, nil)
    }

    public var current: Catalogue {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return catalogue
    }

    public func replace(with next: Catalogue) {
        pthread_mutex_lock(&mutex)
        catalogue = next
        pthread_mutex_unlock(&mutex)
    }
}
