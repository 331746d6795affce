import Meridian
import MeridianCommandLine

struct SplitCommand: ReportingCommand {
    static let name = "split"
    static let abstract =
        "Split any input into GeoJSON text sequence shards in a new folder, streaming."
    static let discussion = """
        --into N makes about N shards of equal input size (a file); --max-features and --max-bytes \
        cut shards by count or size (any input, standard input too). These shards are contiguous \
        runs of the input: part-00000.geojsonseq, part-00001.geojsonseq, ... read in order (as \
        'meridian merge "DIR/part-*"' reads them) give the input's features in order. --by tile \
        --zoom Z puts each feature in the shard of the web-mercator tile holding the centre of its \
        bounding box (Z-X-Y.geojsonseq; none.geojsonseq without a geometry), in input order. The \
        folder must not exist; it appears, whole, only when every shard is written.
        """

    enum Grouping: String, ArgumentValue, CaseIterable {
        case tile
    }

    let input: String
    let output: String
    let into: Int?
    let maxFeatures: Int?
    let maxBytes: Int?
    let by: Grouping?
    let zoom: Int?
    let to: OutputFormat
    let geoParquet: GeoParquetArguments
    let systems: CoordinateSystemArguments
    let report: ReportOptions

    init(_ arguments: Arguments) throws {
        input = try arguments.argument("input", help: "The input (any format Meridian reads; - for standard input).")
        output = try arguments.requiredOption("output", short: "o", help: "The folder to create for the shards.")
        into = try arguments.option("into", help: "About this many shards of equal input size.")
        maxFeatures = try arguments.option("max-features", help: "Shards of at most this many features.")
        maxBytes = try arguments.option("max-bytes", help: "Shards of at most this many bytes.")
        by = try arguments.option("by", help: "Group features by tile (with --zoom) instead of cutting runs.")
        zoom = try arguments.option("zoom", help: "The tile zoom for --by tile (0-22).")
        to = try arguments.option(
            "to", default: .geojsonseq,
            help:
                "The shards' format: geojsonseq (the default), geoparquet for Spark, DuckDB and geopandas, or any format convert writes to a file."
        )
        geoParquet = try arguments.group(GeoParquetArguments.self, title: "GeoParquet shards")
        systems = try arguments.group { try CoordinateSystemArguments($0, target: false) }
        report = try arguments.group(ReportOptions.self)
    }

    func strategy() throws -> FeatureSplitter.Strategy {
        let chosen: [FeatureSplitter.Strategy?] = [
            into.map { .count($0) }, maxFeatures.map { .maximumFeatures($0) }, maxBytes.map { .maximumBytes($0) },
            by.map { _ in .tile(zoom: zoom ?? -1) },
        ]
        let given = chosen.compactMap { $0 }
        guard given.count == 1, let strategy = given.first else {
            throw UsageError("give one of --into, --max-features, --max-bytes and --by tile")
        }
        if by != nil, zoom == nil { throw UsageError("--by tile needs --zoom") }
        if by == nil, zoom != nil { throw UsageError("--zoom applies to --by tile only") }
        return strategy
    }

    func validate() throws {
        _ = try strategy()
    }

    func run() throws {
        let start = monotonicSeconds()
        var writing = WritingOptions()
        writing.geoParquet = geoParquet.options
        let summary = try FeatureSplitter.split(
            input: input, into: output, by: try strategy(), reading: systems.readingOptions, format: to,
            writing: writing)
        Console.shared.warn(summary.warnings)
        Console.shared.note(
            "\(input): \(summary.featureCount) features into \(summary.shards.count) shards in \(output) in \(formatDuration(monotonicSeconds() - start))"
        )
    }
}
