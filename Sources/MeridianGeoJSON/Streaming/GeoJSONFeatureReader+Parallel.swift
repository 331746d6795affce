import MeridianCore
import MeridianJSON
import MeridianIO
import MeridianLibC
import MeridianPlatform

extension FeatureBatchDecoder {
    /// The threads that decode this reader's runs, started when first
    /// needed and stopped with the decoder.
    var pool: OrderedWorkPool<RawFeatureRun, DecodedFeatureRun<Batch>> {
        if let pool = engine as? OrderedWorkPool<RawFeatureRun, DecodedFeatureRun<Batch>> { return pool }
        let process = self.process
        let pool = OrderedWorkPool<RawFeatureRun, DecodedFeatureRun<Batch>>(threads: threads) { run in
            run.decode(process)
        }
        setEngine(pool, stop: pool.stop)
        return pool
    }
}

/// Whole features (or records) of a large input, copied out of the read
/// buffer so that another thread can decode them. A run of a
/// FeatureCollection's elements starts at a guess (just past a `}` that is
/// followed by `,` and `{`); the reader keeps its result only when the
/// features before it, decoded from a known start, end exactly there.
/// Records of a text sequence or NDJSON are cut at their delimiter, which
/// never occurs inside JSON text.
struct RawFeatureRun: Sendable {
    /// Nil for features already decoded (`decoded`), which are only
    /// processed.
    var bytes: RunBytes?
    /// The offset in the input of `bytes[0]`.
    var start: Int
    /// The record delimiter (newline, or RS for a text sequence); nil for
    /// a FeatureCollection's elements.
    var delimiter: UInt8?
    /// Whether a comma comes before the first element (every element but
    /// a collection's first).
    var leadingComma: Bool
    var maximumDepth: Int
    var decoded: [Feature] = []

    /// Features decoded on the reader's thread (a document parsed whole),
    /// to be processed on another.
    init(decoded: [Feature]) {
        self.decoded = decoded
        self.start = 0
        self.leadingComma = false
        self.maximumDepth = 0
    }

    init(bytes: RunBytes, start: Int, delimiter: UInt8?, leadingComma: Bool, maximumDepth: Int) {
        self.bytes = bytes
        self.start = start
        self.delimiter = delimiter
        self.leadingComma = leadingComma
        self.maximumDepth = maximumDepth
    }

    /// Decodes the run up to its end or the first thing that does not
    /// decode (which the reader then reads again on its own thread, for
    /// the located error or whatever follows the features).
    func decode<Batch>(_ process: ([Feature]) -> Batch) -> DecodedFeatureRun<Batch> {
        guard let bytes else {
            return DecodedFeatureRun(
                start: start, length: 0, consumed: 0, features: decoded.count, records: 0, batch: process(decoded))
        }
        var features: [Feature] = []
        var records = 0
        let carried = ParserCarryOver()
        let consumed = { (all: UnsafeBufferPointer<UInt8>) -> Int in
            let count = all.count
            var index = 0
            var decodedEnd = 0
            func skipWhitespace(also extra: UInt8) {
                while index < count {
                    let byte = all[index]
                    guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == extra else { return }
                    index += 1
                }
            }
            if let delimiter {
                let extra: UInt8 = delimiter == 0x1E ? 0x1E : 0x20
                while true {
                    skipWhitespace(also: extra)
                    guard index < count else { return count }
                    var end = index
                    while end < count && all[end] != delimiter { end += 1 }
                    var parser = GeoJSONParser(
                        JSONReader(UnsafeBufferPointer(rebasing: all[index..<end]), maximumDepth: maximumDepth),
                        carried: carried)
                    guard let decoded = try? parser.readObject(.any), (try? parser.reader.expectEnd()) != nil else {
                        return decodedEnd
                    }
                    features += GeoJSONDocument(decoded).featureCollection.features
                    records += 1
                    index = end
                    decodedEnd = end
                }
            }
            if leadingComma {
                skipWhitespace(also: 0x20)
                guard index < count, all[index] == 0x2C else { return 0 }
                index += 1
            }
            while true {
                skipWhitespace(also: 0x20)
                guard index < count else { return decodedEnd }
                var parser = GeoJSONParser(
                    JSONReader(UnsafeBufferPointer(rebasing: all[index...]), maximumDepth: maximumDepth - 2),
                    carried: carried)
                guard case .feature(let feature)? = try? parser.readObject(.feature) else { return decodedEnd }
                features.append(feature)
                index += parser.reader.index
                decodedEnd = index
                skipWhitespace(also: 0x20)
                guard index < count, all[index] == 0x2C else { return decodedEnd }
                index += 1
            }
        }(bytes.buffer)
        return DecodedFeatureRun(
            start: start, length: bytes.buffer.count, consumed: consumed, features: features.count, records: records,
            batch: process(features))
    }
}

/// A run's bytes: a range of the mapped file itself, or a copy of the read
/// buffer's (which the reader goes on filling and compacting).
final class RunBytes: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt8>
    /// Keeps the file mapped while the run is read.
    private let mapping: MappedFile?

    init(_ bytes: UnsafeBufferPointer<UInt8>, in mapping: MappedFile?) {
        self.mapping = mapping
        if mapping != nil {
            buffer = bytes
        } else {
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = copy.initialize(fromContentsOf: bytes)
            buffer = UnsafeBufferPointer(copy)
        }
    }

    deinit {
        if mapping == nil { buffer.deallocate() }
    }
}

/// A run decoded: how many of its bytes (from the start) held whole
/// features, and those features made into a batch.
struct DecodedFeatureRun<Batch: Sendable>: Sendable {
    var start: Int
    var length: Int
    var consumed: Int
    var features: Int
    var records: Int
    var batch: Batch
}

extension GeoJSONFeatureReader {
    /// The next features, in input order, as a batch made by `decoder`;
    /// nil at the end of the input. The elements of a large
    /// FeatureCollection and the records of a text sequence or NDJSON are
    /// decoded and processed on the decoder's threads, runs of about
    /// half a megabyte at a time (less for a mapped file of under 4 MB, so
    /// that each thread gets four); whatever else (a document small enough to
    /// read whole, a collection's own members, a feature that does not
    /// decode) is read on this thread, exactly as ``next()`` reads it, so
    /// the features, their order and any error are the same as reading one
    /// at a time.
    public func nextBatch<Batch>(using decoder: FeatureBatchDecoder<Batch>) throws(DiagnosticError) -> Batch? {
        threads = decoder.threads
        source.releaseConsumed()
        while true {
            // A document parsed whole: its features processed on every core.
            if decodedInFlight > 0 {
                decodedInFlight -= 1
                if let processed = decoder.pool.next() { return processed.batch }
                continue
            }
            if pendingIndex < pending.count {
                let features = takePending()
                guard state == .done, !decoder.isInline, features.count >= 2 * decoder.threads else {
                    return decoder.process(features)
                }
                let parts = decoder.threads * 2
                for part in 0..<parts {
                    let range = (features.count * part / parts)..<(features.count * (part + 1) / parts)
                    decoder.pool.submit(RawFeatureRun(decoded: Array(features[range])))
                }
                decodedInFlight = parts
                continue
            }
            // The layout first, so that the first features are run too.
            if state == .start {
                try start()
                continue
            }
            if (state == .inFeatures || state == .records) && !runStoppedShort && !decoder.isInline {
                while decoder.pool.pending < decoder.capacity, let run = try nextRun(size: runSize(for: decoder)) {
                    decoder.pool.submit(run)
                    runsInFlight.append(run.start)
                }
                let committed = source.bytesConsumed
                if let start = runsInFlight.first, start <= committed {
                    runsInFlight.removeFirst()
                    guard let decoded = decoder.pool.next() else { continue }
                    // A run that starts where the input is read to holds the
                    // next features; one that starts before was a wrong guess.
                    guard start == committed else { continue }
                    source.position += decoded.consumed
                    recordNumber += decoded.records
                    // What stopped it is read here next.
                    runStoppedShort = decoded.consumed < decoded.length
                    if decoded.features > 0 {
                        featureCount += decoded.features
                        return decoded.batch
                    }
                    continue
                }
            } else if state != .inFeatures && state != .records {
                while runsInFlight.popLast() != nil { _ = decoder.pool.next() }
            }
            // Short of the next run, past where one stopped, or nothing to
            // run: one step here.
            runStoppedShort = false
            guard let feature = try next() else {
                while runsInFlight.popLast() != nil { _ = decoder.pool.next() }
                return nil
            }
            var features = [feature] + takePending()
            // On one thread, batches of a few hundred, as the runs give,
            // so that `process` is not paid once per feature.
            while decoder.isInline, features.count < 256, let more = try next() {
                features += [more] + takePending()
            }
            return decoder.process(features)
        }
    }

    /// The features decoded on this thread and not yet returned (the rest
    /// of a document or record), counted as returned.
    private func takePending() -> [Feature] {
        let features = Array(pending[pendingIndex...])
        featureCount += features.count
        pending.removeAll(keepingCapacity: true)
        pendingIndex = 0
        return features
    }

    /// The size of a run: the decoder's, or less for a mapped file too small
    /// to give every thread four runs of it (64 KiB at least).
    private func runSize<Batch>(for decoder: FeatureBatchDecoder<Batch>) -> Int {
        guard let mapping = source.mapping else { return decoder.runSize }
        return min(decoder.runSize, max(64 << 10, mapping.count / (decoder.threads * 4)))
    }

    /// Copies the next run of about `size` bytes out of the buffer, or nil
    /// when none can be cut yet (the rest is read on this thread).
    private func nextRun(size: Int) throws(DiagnosticError) -> RawFeatureRun? {
        let committed = source.bytesConsumed
        if runsInFlight.isEmpty || scanOffset < committed {
            scanOffset = committed
        }
        // Keep what is held well within the limit on one value.
        while !source.reachedEnd,
            source.buffer.count - (scanOffset - source.bytesDiscarded) < size * 2,
            source.buffer.count - source.position + source.chunkSize <= source.maximumHeld / 2
        {
            _ = try source.fill()
        }
        let begin = scanOffset - source.bytesDiscarded
        let delimiter: UInt8? = state == .records ? (layout == .geoJSONSeq ? 0x1E : 0x0A) : nil
        guard begin < source.buffer.count,
            let cut = Self.cut(
                source.buffer, from: begin + size, size: size, delimiter: delimiter, atEnd: source.reachedEnd),
            cut > begin
        else { return nil }
        let leadingComma = delimiter == nil && (scanOffset != committed || featureCount > 0)
        scanOffset += cut - begin
        return RawFeatureRun(
            bytes: RunBytes(UnsafeBufferPointer(rebasing: source.buffer[begin..<cut]), in: source.mapping),
            start: scanOffset - (cut - begin), delimiter: delimiter,
            leadingComma: leadingComma, maximumDepth: options.maximumDepth)
    }

    /// Where to end a run at or after `from`: at a record delimiter, or just
    /// past a `}` followed by `,` and `{`, whitespace between, preferring
    /// (within `size` bytes) one whose object starts `"type": "Feature"`, as
    /// features mostly do; the end of the bytes when they end the input;
    /// nil when no place is buffered.
    private static func cut(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, size: Int, delimiter: UInt8?, atEnd: Bool)
        -> Int?
    {
        guard let base = bytes.baseAddress else { return nil }
        if let delimiter {
            guard from < bytes.count, let found = memchr(base + from, Int32(delimiter), bytes.count - from) else {
                return atEnd ? bytes.count : nil
            }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        let preferred = UnsafeBufferPointer(rebasing: bytes[..<min(bytes.count, from + size)])
        if let found = elementBoundary(in: preferred, from: from, startingFeature: true) { return found }
        if let found = elementBoundary(in: bytes, from: from, startingFeature: false) { return found }
        // The rest is one feature, or a few: a run of it, unless it is more
        // than twice the size (one huge feature, such as a country's
        // outline), which is read on this thread, its coordinates on every
        // core (GeoJSONParser.readRestOnEveryCore).
        return atEnd && bytes.count - from <= size ? bytes.count : nil
    }

    /// The index just past the first `}` at or after `from` followed by
    /// `,` and `{` (and, with `startingFeature`, `"type": "Feature"`), or nil.
    private static func elementBoundary(in bytes: UnsafeBufferPointer<UInt8>, from: Int, startingFeature: Bool)
        -> Int?
    {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = from
        while index < count, let found = memchr(base + index, 0x7D, count - index) {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var next = at + 1
            func skip(_ byte: UInt8) -> Bool {
                while next < count
                    && (bytes[next] == 0x20 || bytes[next] == 0x0A || bytes[next] == 0x0D
                        || bytes[next] == 0x09)
                {
                    next += 1
                }
                guard next < count && bytes[next] == byte else { return false }
                next += 1
                return true
            }
            func skip(_ text: StaticString) -> Bool {
                for byte in UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount) {
                    guard skip(byte) else { return false }
                }
                return true
            }
            if skip(0x2C) && skip(0x7B) && (!startingFeature || skip("\"type\":\"Feature\"")) { return at + 1 }
            index = at + 1
        }
        return nil
    }
}
