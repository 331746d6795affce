import MeridianCore
import MeridianPlatform

/// Reads features on a second thread while the caller's thread writes
/// them, so that decoding and encoding run on both cores: the engine of
/// `meridian convert`.
///
/// ```swift
/// let source = try FeatureSource(path: "big.geojson")
/// let sink = try FeatureSink(path: "big.ndjson", format: .ndjson)
/// let collection = try FeaturePipeline.run(source) { feature, collection, layer, layout in
///     try sink.write(feature, collection: collection, layer: layer)
/// }
/// try sink.finish(collection: collection)
/// ```
///
/// Features travel in batches of 256 through a queue of at most four
/// batches, so memory stays bounded by about a thousand features whatever
/// the input's size. Features reach `consume` in input order. When the
/// source fails, the features before the failure are consumed and the
/// error is then thrown; when `consume` fails, reading stops. Either way
/// the reading thread has finished before `run` returns.
public enum FeaturePipeline {
    static let batchSize = 256
    static let queueCapacity = 4

    /// Runs the source on a reading thread and hands each feature, with
    /// the collection's members known so far, its layer
    /// (``FeatureSource/layer(of:)``) and the source's layout
    /// (``FeatureSource/layout``, read on the reading thread), to
    /// `consume` on this thread.
    /// `progress` is called on this thread with the source's bytes consumed.
    /// After each feature, `until` is asked whether enough was read
    /// (`convert --limit`): if so, reading stops there, which is no error.
    /// Returns the collection's members as known at the end. With
    /// `threads` 1 (or, when nil, `MERIDIAN_THREADS=1`), the source is read
    /// on this thread too.
    public static func run(
        _ source: FeatureSource, threads: Int? = nil,
        progress: ((Int) -> Void)? = nil, until isDone: () -> Bool = { false },
        consume: (Feature, FeatureCollection, String?, String) throws(DiagnosticError) -> Void
    ) throws(DiagnosticError) -> FeatureCollection {
        let channel = Channel()
        let reader = UncheckedSource(source: source)
        if let threads { source.threads = threads }
        guard (threads ?? OrderedWorkPool<Int, Int>.defaultThreads) > 1,
            Platform.runOnWorkerThread({ reader.produce(into: channel) })
        else {
            while let feature = try source.next() {
                try consume(feature, source.collection, source.layer(of: feature), source.layout)
                if isDone() { break }
                if let bytes = source.bytesConsumed { progress?(bytes) }
            }
            return source.collection
        }
        defer { channel.waitUntilProducerFinished() }
        while let batch = channel.pop() {
            for (feature, layer) in zip(batch.features, batch.layers) {
                do throws(DiagnosticError) {
                    try consume(feature, batch.collection, layer, batch.layout)
                } catch {
                    channel.cancel()
                    throw error
                }
                if isDone() {
                    // Enough: the reading thread stops, and the members
                    // are those it had read when it did.
                    channel.cancel()
                    channel.waitUntilProducerFinished()
                    return source.collection
                }
            }
            if let bytes = batch.bytesConsumed { progress?(bytes) }
        }
        if let failure = channel.failure { throw failure }
        return channel.finalCollection ?? source.collection
    }

    struct Batch {
        var features: [Feature]
        var layers: [String?]
        var collection: FeatureCollection
        var layout: String
        var bytesConsumed: Int?
    }

    /// The source, handed to exactly one thread at a time: the reading
    /// thread until it finishes, then the caller again.
    final class UncheckedSource: @unchecked Sendable {
        let source: FeatureSource

        init(source: FeatureSource) {
            self.source = source
        }

        func produce(into channel: Channel) {
            var features: [Feature] = []
            var layers: [String?] = []
            features.reserveCapacity(FeaturePipeline.batchSize)
            func push() {
                channel.push(
                    Batch(
                        features: features, layers: layers, collection: source.collection, layout: source.layout,
                        bytesConsumed: source.bytesConsumed))
                features.removeAll(keepingCapacity: true)
                layers.removeAll(keepingCapacity: true)
            }
            do throws(DiagnosticError) {
                while !channel.isCancelled, let feature = try source.next() {
                    features.append(feature)
                    layers.append(source.layer(of: feature))
                    if features.count == FeaturePipeline.batchSize { push() }
                }
                if !features.isEmpty { push() }
                channel.finish(collection: source.collection, failure: nil)
            } catch {
                if !features.isEmpty { push() }
                channel.finish(collection: nil, failure: error)
            }
        }
    }

    /// A bounded queue of batches between the two threads.
    final class Channel: @unchecked Sendable {
        private let condition = Condition()
        private var batches: [Batch] = []
        private var finished = false
        private var cancelled = false
        private var producerDone = false
        private(set) var failure: DiagnosticError?
        private(set) var finalCollection: FeatureCollection?

        var isCancelled: Bool {
            condition.lock()
            defer { condition.unlock() }
            return cancelled
        }

        func push(_ batch: Batch) {
            condition.lock()
            while batches.count >= FeaturePipeline.queueCapacity && !cancelled { condition.wait() }
            if !cancelled { batches.append(batch) }
            condition.broadcast()
            condition.unlock()
        }

        func finish(collection: FeatureCollection?, failure: DiagnosticError?) {
            condition.lock()
            finalCollection = collection
            self.failure = failure
            finished = true
            producerDone = true
            condition.broadcast()
            condition.unlock()
        }

        /// The next batch; nil once the producer has finished and the queue is empty.
        func pop() -> Batch? {
            condition.lock()
            defer { condition.unlock() }
            while batches.isEmpty && !finished { condition.wait() }
            guard !batches.isEmpty else { return nil }
            let batch = batches.removeFirst()
            condition.broadcast()
            return batch
        }

        func cancel() {
            condition.lock()
            cancelled = true
            batches.removeAll()
            condition.broadcast()
            condition.unlock()
        }

        func waitUntilProducerFinished() {
            condition.lock()
            while !producerDone { condition.wait() }
            condition.unlock()
        }
    }
}
