import MeridianCore
import MeridianGeoJSON
import MeridianGeoParquet
import MeridianIO
import MeridianLibC
import MeridianPlatform

/// Splits any input Meridian reads into GeoJSON text sequence shards (or
/// shards of another format, GeoParquet for Spark and DuckDB) in a
/// new folder, streaming: the work behind `meridian split`, for batch jobs
/// that process shards in parallel.
///
/// ```swift
/// let summary = try FeatureSplitter.split(input: "big.ndjson", into: "shards", by: .maximumFeatures(100_000))
/// summary.shards   // ["part-00000.geojsonseq", "part-00001.geojsonseq", ...]
/// ```
///
/// Order: with ``Strategy/count(_:)``, ``Strategy/maximumFeatures(_:)``
/// and ``Strategy/maximumBytes(_:)`` the shards are contiguous runs of the
/// input, so reading `part-00000`, `part-00001`, ... in order (as `meridian
/// merge 'shards/part-*'` does, globs being sorted) gives the input's
/// features in their order. With ``Strategy/tile(zoom:)`` each shard holds
/// the features whose bounding box centre lies in one web-mercator tile,
/// in input order; features without a geometry go to `none.geojsonseq`.
///
/// The folder must not exist. Shards are written into a private folder
/// beside it, which is renamed into place only when every shard is
/// complete: the folder appears whole or not at all. Memory is bounded by
/// the largest feature; tiles are capped at ``maximumOpenShards`` open
/// shards at once.
public enum FeatureSplitter {
    public enum Strategy: Sendable, Hashable {
        /// About `n` shards of equal input size (needs an input whose size
        /// is known: a regular file).
        case count(Int)
        /// Shards of at most this many features.
        case maximumFeatures(Int)
        /// Shards of at most this many bytes (a single larger feature gets a
        /// shard of its own).
        case maximumBytes(Int)
        /// One shard per web-mercator tile at `zoom` (0 to 22).
        case tile(zoom: Int)
    }

    public struct Summary: Sendable {
        /// The shard file names, in order.
        public var shards: [String]
        public var featureCount: Int
        public var warnings: [Diagnostic]
    }

    /// The most tile shards written at once.
    public static let maximumOpenShards = 1_000

    public static func split(
        input: String, into folder: String, by strategy: Strategy, writer: GeoJSONWriter = GeoJSONWriter(),
        reading: ReadingOptions = ReadingOptions(), format: OutputFormat = .geojsonseq,
        writing: WritingOptions = WritingOptions()
    ) throws(DiagnosticError) -> Summary {
        try check(strategy)
        return try split(
            input: Input(path: input), into: folder, by: strategy, writer: writer, reading: reading, format: format,
            writing: writing)
    }

    /// Splits an opened input (see above). With `format` other than a text
    /// sequence, each shard is a file of that format (`part-00000.parquet`),
    /// written by its writer with `writing`; `--max-bytes` then counts the
    /// features' size as GeoJSON.
    public static func split(
        input: Input, into folder: String, by strategy: Strategy, writer: GeoJSONWriter = GeoJSONWriter(),
        reading: ReadingOptions = ReadingOptions(), format: OutputFormat = .geojsonseq,
        writing: WritingOptions = WritingOptions()
    ) throws(DiagnosticError) -> Summary {
        try check(strategy)
        guard let output = FormatRegistry.standard.writer(for: format), let ending = output.extensions.first else {
            throw usage("split writes shards in a format that has a file extension: \(format.rawValue) has none")
        }
        let sequence = format == .geojsonseq
        // GeoParquet shards share their columns: one schema for the dataset.
        var writing = writing
        writing.geoParquet.sharedColumns = writing.geoParquet.sharedColumns ?? SpooledColumns()
        let source = try FeatureSource(input: input, options: reading)
        if case .count = strategy, source.totalBytes == nil {
            throw usage("--into needs an input of known size (a file); use --max-features or --max-bytes for a stream")
        }
        let staging = try StagingFolder(target: folder)
        var shards: [String: OutputDestination] = [:]
        var sinks: [String: FeatureSink] = [:]
        var order: [String] = []
        var current: (name: String, features: Int, bytes: Int)?
        var featureCount = 0
        // Decoding runs on a second thread (as in convert); the bytes read
        // so far arrive per batch of features.
        var consumed = 0
        let noteProgress: (Int) -> Void = { consumed = $0 }
        do throws(DiagnosticError) {
            _ = try FeaturePipeline.run(source, progress: noteProgress) { feature, _, _, _ throws(DiagnosticError) in
                let record = writer.encodeRecord(feature, as: .geoJSONSeq)
                let name: String
                switch strategy {
                case .tile(let zoom):
                    name = tileName(of: feature, zoom: zoom, ending: ending)
                case .count(let n):
                    let index = min(n - 1, consumed * n / max(source.totalBytes ?? 1, 1))
                    name = partName(max(index, current.map { partIndex($0.name) } ?? 0), ending: ending)
                case .maximumFeatures(let limit):
                    name =
                        current.map {
                            $0.features >= limit ? partName(partIndex($0.name) + 1, ending: ending) : $0.name
                        }
                        ?? partName(0, ending: ending)
                case .maximumBytes(let limit):
                    name =
                        current.map {
                            $0.bytes > 0 && $0.bytes + record.count > limit
                                ? partName(partIndex($0.name) + 1, ending: ending) : $0.name
                        } ?? partName(0, ending: ending)
                }
                if shards[name] == nil {
                    // A writer of another format may hold a file of its own.
                    let most = sequence ? maximumOpenShards : maximumOpenShards / 4
                    if case .tile = strategy, shards.count >= most {
                        throw usage("the features fall in more than \(most) tiles; split at a lower --zoom")
                    }
                    let destination = try OutputDestination(path: staging.path + "/" + name)
                    shards[name] = destination
                    if !sequence {
                        sinks[name] = try FeatureSink(
                            destination: destination, format: format, options: writing, formats: .standard)
                    }
                    order.append(name)
                }
                if let sink = sinks[name] {
                    try sink.write(feature)
                } else {
                    try shards[name]!.write(record)
                }
                if current?.name != name { current = (name, 0, 0) }
                current!.features += 1
                current!.bytes += record.count
                featureCount += 1
            }
            for name in order { try sinks[name]?.complete() }
            try OutputDestination.commit(order.map { shards[$0]! })
            try staging.commit(shards: order)
        } catch {
            for sink in sinks.values { sink.discard() }
            for shard in shards.values { shard.discard() }
            staging.discard()
            throw error
        }
        return Summary(shards: order, featureCount: featureCount, warnings: source.warnings)
    }

    private static func check(_ strategy: Strategy) throws(DiagnosticError) {
        switch strategy {
        case .count(let n) where n < 1 || n > 100_000: throw usage("--into takes 1 to 100000 shards")
        case .maximumFeatures(let n) where n < 1: throw usage("--max-features takes a positive count")
        case .maximumBytes(let n) where n < 1: throw usage("--max-bytes takes a positive size")
        case .tile(let zoom) where !(0...22).contains(zoom): throw usage("--zoom takes 0 to 22")
        default: break
        }
    }

    static func partName(_ index: Int, ending: String = ".geojsonseq") -> String {
        let digits = String(index)
        return "part-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ending
    }

    static func partIndex(_ name: String) -> Int {
        Int(name.dropFirst("part-".count).prefix { $0 != "." }) ?? 0
    }

    /// `Z-X-Y.geojsonseq` for the tile holding the centre of the feature's
    /// bounding map rect; `none.geojsonseq` without a geometry.
    static func tileName(of feature: Feature, zoom: Int, ending: String = ".geojsonseq") -> String {
        guard let rect = feature.geometry?.boundingMapRect, !rect.isNull, rect.midX.isFinite, rect.midY.isFinite
        else { return "none" + ending }
        let tiles = Double(1 << zoom)
        func tile(_ value: Double, _ extent: Double) -> Int {
            Int(min(tiles - 1, max(0, (value / extent * tiles).rounded(.down))))
        }
        let x = tile(rect.midX, MapRect.world.width)
        let y = tile(rect.midY, MapRect.world.height)
        return "\(zoom)-\(x)-\(y)" + ending
    }

    static func usage(_ message: String) -> DiagnosticError {
        DiagnosticError(code: "split.options.invalid", message: message)
    }
}

/// A private folder beside `target`, renamed to `target` when complete,
/// and removed on a signal before then.
private struct StagingFolder {
    let path: String
    let target: String
    let cleanupSlot: SignalCleanup.Slot?

    init(target: String) throws(DiagnosticError) {
        self.target = target
        if Platform.kind(ofPath: target) != nil {
            throw DiagnosticError(
                code: "io.output.exists", message: "\(target) already exists; split writes a new folder",
                location: SourceLocation(file: target))
        }
        let parent = target.contains("/") ? String(target[..<target.lastIndex(of: "/")!]) : "."
        guard Platform.kind(ofPath: parent.isEmpty ? "/" : parent) == .directory else {
            throw DiagnosticError(
                code: "io.output.folder", message: "the output folder \(parent) does not exist",
                location: SourceLocation(file: target))
        }
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let created = SignalCleanup.createRegistered(prefix: "\(parent)/.\(name).", suffix: ".partial") {
            mkdir($0, 0o700) == 0
        }
        guard let created else {
            throw DiagnosticError(
                code: "io.output.open", message: "cannot create a folder beside \(target): \(Platform.errorMessage())",
                location: SourceLocation(file: target))
        }
        path = created.path
        cleanupSlot = created.slot
    }

    /// Moves the folder, holding the committed `shards`, into place.
    func commit(shards: [String]) throws(DiagnosticError) {
        // Until the rename, a signal removes the committed shards too.
        let slots = shards.map { SignalCleanup.register(path + "/" + $0) }
        defer {
            for slot in slots { SignalCleanup.unregister(slot) }
            SignalCleanup.unregister(cleanupSlot)
        }
        chmod(path, 0o777 & ~Platform.fileCreationMask())
        guard rename(path, target) == 0 else {
            throw DiagnosticError(
                code: "io.output.write", message: "cannot move the shards into \(target): \(Platform.errorMessage())",
                location: SourceLocation(file: target))
        }
    }

    /// Removes the folder and what is in it.
    func discard() {
        for entry in Platform.entries(ofFolder: path) ?? [] { unlink(path + "/" + entry) }
        rmdir(path)
        SignalCleanup.unregister(cleanupSlot)
    }

}
