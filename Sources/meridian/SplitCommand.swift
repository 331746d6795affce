import ArgumentParser
import Meridian

struct SplitCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "split",
        abstract: "Split any input into GeoJSON text sequence shards in a new folder, streaming.",
        discussion: """
            --into N makes about N shards of equal input size (a file); --max-features and --max-bytes \
            cut shards by count or size (any input, standard input too). These shards are contiguous \
            runs of the input: part-00000.geojsonseq, part-00001.geojsonseq, ... read in order (as \
            'meridian merge "DIR/part-*"' reads them) give the input's features in order. --by tile \
            --zoom Z puts each feature in the shard of the web-mercator tile holding the centre of its \
            bounding box (Z-X-Y.geojsonseq; none.geojsonseq without a geometry), in input order. The \
            folder must not exist; it appears, whole, only when every shard is written.
            """
    )

    enum Grouping: String, ExpressibleByArgument, CaseIterable {
        case tile
    }

    @Argument(help: "The input (any format Meridian reads; - for standard input).")
    var input: String

    @Option(name: .shortAndLong, help: "The folder to create for the shards.")
    var output: String

    @Option(help: "About this many shards of equal input size.")
    var into: Int?

    @Option(help: "Shards of at most this many features.")
    var maxFeatures: Int?

    @Option(help: "Shards of at most this many bytes.")
    var maxBytes: Int?

    @Option(help: "Group features by tile (with --zoom) instead of cutting runs.")
    var by: Grouping?

    @Option(help: "The tile zoom for --by tile (0-22).")
    var zoom: Int?

    @OptionGroup var report: ReportOptions

    func strategy() throws -> FeatureSplitter.Strategy {
        let chosen: [FeatureSplitter.Strategy?] = [
            into.map { .count($0) }, maxFeatures.map { .maximumFeatures($0) }, maxBytes.map { .maximumBytes($0) },
            by.map { _ in .tile(zoom: zoom ?? -1) },
        ]
        let given = chosen.compactMap { $0 }
        guard given.count == 1, let strategy = given.first else {
            throw ValidationError("give one of --into, --max-features, --max-bytes and --by tile")
        }
        if by != nil, zoom == nil { throw ValidationError("--by tile needs --zoom") }
        if by == nil, zoom != nil { throw ValidationError("--zoom applies to --by tile only") }
        return strategy
    }

    func validate() throws {
        _ = try strategy()
    }

    func run() throws {
        let start = monotonicSeconds()
        let summary = try FeatureSplitter.split(input: input, into: output, by: try strategy())
        Console.shared.warn(summary.warnings)
        Console.shared.note(
            "\(input): \(summary.featureCount) features into \(summary.shards.count) shards in \(output) in \(formatDuration(monotonicSeconds() - start))"
        )
    }
}
