import MeridianCore
import MeridianPlatform

/// Threads that decode runs of a large input's features, and turn each
/// run's features into a `Batch` (encoded bytes, a summary, or just the
/// features) on the same thread: what lets a reader use every core
/// (``FeatureReader/nextBatch(using:)``).
///
/// ```swift
/// let writer = GeoJSONWriter()
/// let decoder = FeatureBatchDecoder(threads: 2) { features in
///     features.flatMap { writer.encodeRecord($0, as: .ndjson) }
/// }
/// while let bytes = try reader.nextBatch(using: decoder) { output.write(bytes) }
/// ```
///
/// One decoder serves one reader at a time. A reader that decodes on many
/// threads keeps its threads here (``setEngine(_:stop:)``), started when
/// first needed; they stop when the decoder is released. A reader that
/// reads on one thread only calls ``process`` on what it read.
public final class FeatureBatchDecoder<Batch: Sendable> {
    /// What each run's features are made into.
    public let process: @Sendable ([Feature]) -> Batch
    /// Runs in flight at once: enough to keep every thread busy while the
    /// caller handles the oldest.
    package let capacity: Int
    /// The bytes of one run, about.
    package let runSize: Int
    /// One thread: everything is decoded on the caller's.
    package let isInline: Bool
    /// How many threads decode.
    package let threads: Int
    /// The reader's threads, and how to stop them.
    package private(set) var engine: AnyObject?
    private var stopEngine: (() -> Void)?

    /// `threads` decoding threads; nil uses one per core, or the
    /// environment's `MERIDIAN_THREADS`. With one, the features are
    /// decoded on the caller's thread.
    /// `process` runs on those threads, on each run's features in order.
    public init(threads: Int? = nil, runSize: Int = 512 << 10, process: @escaping @Sendable ([Feature]) -> Batch) {
        let count = max(1, threads ?? OrderedWorkPool<Int, Int>.defaultThreads)
        self.process = process
        self.capacity = count * 3
        self.runSize = max(1, runSize)
        self.isInline = count == 1
        self.threads = count
    }

    /// Keeps a reader's threads, stopped by `stop` when the decoder goes.
    package func setEngine(_ engine: AnyObject, stop: @escaping () -> Void) {
        stopEngine?()
        self.engine = engine
        stopEngine = stop
    }

    deinit { stopEngine?() }
}
