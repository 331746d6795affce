import MeridianArchive
import MeridianCore
import MeridianIO
import MeridianLibC
import MeridianPlatform
import MeridianValidity

/// Reads the features of an OpenStreetMap file (PBF or XML) as `osmium
/// export` makes them (``OSMFeatureBuilder``), in file order: tagged nodes,
/// then ways, then the areas of relations.
///
/// A PBF file is read in two passes over its blocks, as osmium reads it:
///
/// 1. The relations. In a file sorted by type and id (its header says so:
///    every extract and planet is), they are the last blocks, read from
///    the end back; in any other file every block is read, and the nodes'
///    positions indexed on the way.
/// 2. The nodes and ways, decoded on every core in runs of blocks. Node
///    positions go into the ``LocationIndex`` in file order; a block of
///    ways is made into features once every block before it is indexed.
///    The ways that relations need are kept as lines.
///
/// Then the relations' areas are assembled on every core. A file on a
/// pipe is first copied to a private temporary file (removed at once).
/// XML is read whole, then made into features the same way.
public final class OSMReader: BatchFeatureReader {
    public let name: String
    private let builder: OSMFeatureBuilder
    private let options: OSMReadingOptions
    private let index = LocationIndex()
    /// The mapped file and its blobs (PBF), or the elements (XML).
    private let file: PBFFile?
    private let mapped: MappedFile?
    private var elements: OSMElementBlock?
    /// Blocks of nodes and ways still to submit, and in flight.
    private var nextBlock = 0
    private var lastBlock = 0
    private var firstDataBlock = 0
    private var workers: Int
    /// What a batch decoder makes of each block's features, on the
    /// block's thread (``nextBatch(using:)``).
    private var processor: (@Sendable ([Feature]) -> any Sendable)?
    private var batches: [any Sendable] = []
    private var pool: OrderedWorkPool<Int, Result<BlockResult, DiagnosticError>>?
    private let progress = BlockProgress()
    private var indexIsComplete = false
    /// Multipolygon and boundary relations, and the lines of their ways.
    private var relations: [OSMRelation] = []
    private var memberWayIDs = Set<Int64>()
    private var memberLines: [Int64: [Int64]] = [:]
    private var relationsDone = false
    private var queue: [Feature] = []
    private var queuePosition = 0
    private var found = DiagnosticCollector()
    public private(set) var header = PBFHeaderSummary()

    /// What a PBF file's header says, as `info` shows it.
    public struct PBFHeaderSummary: Sendable {
        public var writingProgram: String?
        public var boundingBox: BoundingBox?
        public var isSorted = false
        public var blocks = 0
    }

    struct BlockResult: Sendable {
        var features: [Feature] = []
        var diagnostics: [Diagnostic] = []
        var nodeIDs: [Int64] = []
        var nodeLocations: [Int64] = []
        var memberLines: [(Int64, [Int64])] = []
        var hasWays = false
        /// The features made into a batch, when the reader makes batches.
        var batch: (any Sendable)?
    }

    /// Counts the blocks whose nodes are in the index, for the blocks of
    /// ways that wait for them. In a sorted file the first block of ways
    /// closes the index once every block before it is in (adding its own
    /// nodes): the blocks of ways after it then read the index at once, on
    /// every core, and nodes that come later (a file that lies about its
    /// order) are left out with a warning.
    final class BlockProgress: @unchecked Sendable {
        let condition = Condition()
        var indexed = -1
        private(set) var closed = false
        /// Set when reading stops, so that no block waits for ever.
        var cancelled = false

        func waitUntilIndexed(through block: Int) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while indexed < block && !closed && !cancelled { condition.wait() }
            return !cancelled
        }

        func markIndexed(_ block: Int) {
            condition.lock()
            indexed = block
            condition.broadcast()
            condition.unlock()
        }

        /// Closes the index, running `last` first (the lock held) if it
        /// is not closed yet.
        func close(_ last: () -> Void) {
            condition.lock()
            if !closed {
                last()
                closed = true
                condition.broadcast()
            }
            condition.unlock()
        }

        var isClosed: Bool {
            condition.lock()
            defer { condition.unlock() }
            return closed
        }

        func cancel() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Decodes the blocks of a PBF file, on any thread. It holds the
    /// mapping, so that a block still decoding when reading stops early
    /// (an error, `--limit`) reads mapped memory to its end.
    struct BlockSource: Sendable {
        let file: PBFFile
        let mapping: MappedFile?
        let options: OSMReadingOptions

        func decode(_ number: Int, nodes: Bool, ways: Bool, relations: Bool) throws(DiagnosticError)
            -> OSMElementBlock?
        {
            let blob = file.blobs[number]
            guard blob.type == "OSMData" else { return nil }
            var decoder = PBFBlockDecoder(name: file.name, blockNumber: number)
            decoder.nodes = nodes
            decoder.ways = ways
            decoder.relations = relations
            decoder.metadata = options.metadata
            decoder.maximumTags = options.maximumTags
            return try file.withBlockBytes(blob) { bytes throws(DiagnosticError) in try decoder.decode(bytes) }
        }
    }

    /// Pass 2's work on one block, on any thread: what it reads is fixed
    /// once pass 1 is done, but the index, which grows as the reader hands
    /// it blocks in order (``BlockProgress``).
    final class BlockWorker: @unchecked Sendable {
        let source: BlockSource
        let builder: OSMFeatureBuilder
        let index: LocationIndex
        let memberWayIDs: Set<Int64>
        let progress: BlockProgress
        let indexIsComplete: Bool
        let processor: (@Sendable ([Feature]) -> any Sendable)?

        init(
            source: BlockSource, builder: OSMFeatureBuilder, index: LocationIndex, memberWayIDs: Set<Int64>,
            progress: BlockProgress, indexIsComplete: Bool, processor: (@Sendable ([Feature]) -> any Sendable)?
        ) {
            self.processor = processor
            self.source = source
            self.builder = builder
            self.index = index
            self.memberWayIDs = memberWayIDs
            self.progress = progress
            self.indexIsComplete = indexIsComplete
        }

        /// One block's tagged nodes and ways as features, once the blocks
        /// before it are indexed.
        func work(_ number: Int) -> Result<BlockResult, DiagnosticError> {
            var result = Self.features(number, self)
            if let processor, case .success(var block) = result, !block.features.isEmpty {
                block.batch = processor(block.features)
                block.features = []
                result = .success(block)
            }
            return result
        }

        private static func features(_ number: Int, _ worker: BlockWorker) -> Result<BlockResult, DiagnosticError> {
            worker.features(number)
        }

        private func features(_ number: Int) -> Result<BlockResult, DiagnosticError> {
            do throws(DiagnosticError) {
                guard let block = try source.decode(number, nodes: true, ways: true, relations: false) else {
                    return .success(BlockResult())
                }
                var result = BlockResult()
                result.diagnostics = block.diagnostics
                result.features.reserveCapacity(block.taggedNodes.count + block.ways.count)
                for node in block.taggedNodes { result.features.append(builder.point(node)) }
                result.nodeIDs = block.nodeIDs
                result.nodeLocations = block.nodeLocations
                guard !block.ways.isEmpty else { return .success(result) }
                result.hasWays = true
                if !indexIsComplete {
                    guard progress.waitUntilIndexed(through: number - 1) else { return .success(result) }
                    progress.close {
                        index.append(ids: block.nodeIDs, locations: block.nodeLocations)
                        index.freeze()
                    }
                }
                // The block's own nodes first (a block may hold the last
                // nodes and the first ways), then the index.
                let own = block.nodeIDs.isEmpty ? nil : LocationIndex()
                own?.append(ids: block.nodeIDs, locations: block.nodeLocations)
                own?.freeze()
                var validator: GeometryValidator?
                var hint = 0
                var ownHint = 0
                for way in block.ways {
                    let isMember = memberWayIDs.contains(way.id)
                    guard isMember || !way.tags.isEmpty else { continue }
                    var points: [Int64] = []
                    points.reserveCapacity(way.refs.count)
                    var missing = 0
                    for ref in way.refs {
                        if let location = own?.location(of: ref, hint: &ownHint) ?? index.location(of: ref, hint: &hint)
                        {
                            points.append(location.packed)
                        } else {
                            missing += 1
                        }
                    }
                    if isMember { result.memberLines.append((way.id, missing == 0 ? points : [])) }
                    if let feature = builder.way(
                        way, points: points, missing: missing, validator: &validator, diagnostics: &result.diagnostics)
                    {
                        result.features.append(feature)
                    }
                }
                return .success(result)
            } catch {
                return .failure(error)
            }
        }
    }

    /// Reads the PBF file `input` holds.
    init(pbf input: Input, options: OSMReadingOptions) throws(DiagnosticError) {
        name = input.name
        self.options = options
        builder = OSMFeatureBuilder(rules: options.areaRules, metadata: options.metadata, name: input.name)
        workers = OrderedWorkPool<Int, Int>.defaultThreads
        let stream = try input.stream(or: "osm.pbf.invalid", isNot: "an OSM PBF file")
        let mapped = try Self.map(stream, name: input.name)
        self.mapped = mapped
        let file = try PBFFile(
            bytes: UnsafeRawBufferPointer(start: mapped?.base, count: mapped?.count ?? 0), name: input.name)
        self.file = file
        try readHeader(file)
        try readRelations(file)
    }

    /// Reads the elements of an XML file.
    init(elements: OSMElementBlock, name: String, options: OSMReadingOptions) {
        self.name = name
        self.options = options
        builder = OSMFeatureBuilder(rules: options.areaRules, metadata: options.metadata, name: name)
        workers = OrderedWorkPool<Int, Int>.defaultThreads
        file = nil
        mapped = nil
        found.append(contentsOf: elements.diagnostics)
        index.append(ids: elements.nodeIDs, locations: elements.nodeLocations)
        index.freeze()
        indexIsComplete = true
        keepRelations(elements.relations)
        self.elements = elements
    }

    deinit {
        progress.cancel()
        pool?.stop()
    }

    private static func map(
        _ stream: (descriptor: Int32, prefix: [UInt8], skippedLines: Int, skippedBytes: Int, seekable: Bool),
        name: String
    ) throws(DiagnosticError) -> MappedFile? {
        var status = stat()
        if stream.seekable, fstat(stream.descriptor, &status) == 0 {
            return MappedFile(descriptor: stream.descriptor, count: Int(status.st_size))
        }
        let spool = try TemporaryFile(purpose: "osm")
        defer { spool.remove() }
        try spool.write(stream.prefix, displayName: name)
        try spool.copy(from: stream.descriptor, displayName: name, limit: UInt64.max, alreadyWritten: 0)
        let descriptor = try Platform.openForReading(spool.path, name: name)
        defer { Platform.close(descriptor) }
        guard fstat(descriptor, &status) == 0 else { return nil }
        return MappedFile(descriptor: descriptor, count: Int(status.st_size))
    }

    private func readHeader(_ file: PBFFile) throws(DiagnosticError) {
        guard let first = file.blobs.first else {
            throw DiagnosticError(
                code: "osm.pbf.invalid", message: "\(name) is empty: a PBF file starts with its header block",
                location: SourceLocation(file: name))
        }
        guard first.type == "OSMHeader" else {
            throw file.failure("the first blob is \(first.type), not the OSMHeader a PBF file starts with", at: 0)
        }
        let parsed = try file.withBlockBytes(first) { bytes throws(DiagnosticError) in
            guard let header = PBFHeader(bytes) else { throw file.failure("the header block cannot be read", at: 0) }
            return header
        }
        for feature in parsed.requiredFeatures where !PBFHeader.understood.contains(feature) {
            throw DiagnosticError(
                code: "osm.pbf.unsupported",
                message:
                    "\(name) requires the PBF feature \(feature), which Meridian does not read (it reads \(PBFHeader.understood.sorted().joined(separator: ", ")))",
                location: SourceLocation(file: name))
        }
        header = PBFHeaderSummary(
            writingProgram: parsed.writingProgram, boundingBox: parsed.boundingBox,
            isSorted: parsed.isSortedByTypeThenID, blocks: file.blobs.count - 1)
        firstDataBlock = 1
        progress.indexed = 0
        nextBlock = 1
        lastBlock = file.blobs.count
    }

    /// Pass 1: the relations (and in an unsorted file, every node's position).
    private func readRelations(_ file: PBFFile) throws(DiagnosticError) {
        let blocks = Array(firstDataBlock..<file.blobs.count)
        let source = BlockSource(file: file, mapping: mapped, options: options)
        if header.isSorted {
            // From the end back, a run of blocks at a time, until a block
            // holds something else than relations.
            var end = blocks.count
            var stop = false
            while end > 0, !stop {
                let run = Array(blocks[max(0, end - workers * 2)..<end])
                end -= run.count
                let results = OrderedWorkPool<Int, Result<OSMElementBlock?, DiagnosticError>>.results(
                    of: run, threads: workers
                ) { number in
                    Result { () throws(DiagnosticError) in
                        try source.decode(number, nodes: true, ways: true, relations: true)
                    }
                }
                var kept: [[OSMRelation]] = []
                for (number, result) in zip(run, results).reversed() {
                    guard let block = try result.get() else { continue }
                    kept.append(block.relations)
                    if block.relations.isEmpty || !block.nodeIDs.isEmpty || !block.ways.isEmpty {
                        stop = true
                        break
                    }
                    lastBlock = number
                }
                for relations in kept.reversed() { keepRelations(relations) }
            }
            // Relations were gathered from the end: put them in file order.
            relations.sort { $0.id < $1.id }
        } else {
            let results = OrderedWorkPool<Int, Result<OSMElementBlock?, DiagnosticError>>.results(
                of: blocks, threads: workers
            ) { number in
                Result { () throws(DiagnosticError) in
                    try source.decode(number, nodes: true, ways: false, relations: true)
                }
            }
            for result in results {
                guard let block = try result.get() else { continue }
                index.append(ids: block.nodeIDs, locations: block.nodeLocations)
                keepRelations(block.relations)
                found.append(contentsOf: block.diagnostics)
            }
            index.freeze()
            indexIsComplete = true
        }
    }

    private func keepRelations(_ candidates: [OSMRelation]) {
        for relation in candidates {
            guard let type = relation.tags.value(of: "type"), type == "multipolygon" || type == "boundary" else {
                continue
            }
            relations.append(relation)
            for member in relation.members where member.type == .way { memberWayIDs.insert(member.ref) }
        }
    }

    public func next() throws(DiagnosticError) -> Feature? {
        while queuePosition == queue.count {
            queue.removeAll(keepingCapacity: true)
            queuePosition = 0
            guard try fill() else { return nil }
        }
        defer { queuePosition += 1 }
        return queue[queuePosition]
    }

    /// The next block's features as one batch made by `decoder`, made on
    /// the thread that decoded the block; the relations' areas in runs
    /// made on every core.
    public func nextBatch<Batch>(using decoder: FeatureBatchDecoder<Batch>) throws(DiagnosticError) -> Batch? {
        if pool == nil, processor == nil {
            let process = decoder.process
            processor = { process($0) }
            workers = decoder.threads
        }
        while true {
            if let batch = batches.first {
                batches.removeFirst()
                return (batch as! Batch)
            }
            if queuePosition < queue.count {
                let features = Array(queue[queuePosition...])
                queue.removeAll(keepingCapacity: true)
                queuePosition = 0
                let size = max(256, features.count / (workers * 4) + 1)
                let runs = stride(from: 0, to: features.count, by: size).map {
                    Array(features[$0..<min(features.count, $0 + size)])
                }
                let process = decoder.process
                batches = OrderedWorkPool<[Feature], Batch>.results(of: runs, threads: workers) { process($0) }
                continue
            }
            guard try fill() else { return nil }
        }
    }

    /// Puts the next features in the queue (or a batch in ``batches``);
    /// false at the end.
    private func fill() throws(DiagnosticError) -> Bool {
        if let elements {
            // XML: everything at once.
            self.elements = nil
            for node in elements.taggedNodes { queue.append(builder.point(node)) }
            var validator: GeometryValidator?
            var diagnostics: [Diagnostic] = []
            var hint = 0
            for way in elements.ways {
                var points: [Int64] = []
                var missing = 0
                for ref in way.refs {
                    if let location = index.location(of: ref, hint: &hint) {
                        points.append(location.packed)
                    } else {
                        missing += 1
                    }
                }
                if memberWayIDs.contains(way.id) { memberLines[way.id] = missing == 0 ? points : [] }
                if let feature = builder.way(
                    way, points: points, missing: missing, validator: &validator, diagnostics: &diagnostics)
                {
                    queue.append(feature)
                }
            }
            found.append(contentsOf: diagnostics)
            nextBlock = lastBlock
            return true
        }
        if let file, nextBlock < lastBlock || (pool?.pending ?? 0) > 0 {
            let pool: OrderedWorkPool<Int, Result<BlockResult, DiagnosticError>>
            if let existing = self.pool {
                pool = existing
            } else {
                let worker = BlockWorker(
                    source: BlockSource(file: file, mapping: mapped, options: options), builder: builder, index: index,
                    memberWayIDs: memberWayIDs, progress: progress, indexIsComplete: indexIsComplete,
                    processor: processor)
                pool = OrderedWorkPool(threads: workers) { number in worker.work(number) }
                self.pool = pool
            }
            while nextBlock < lastBlock, pool.pending < workers * 2 {
                pool.submit(nextBlock)
                nextBlock += 1
            }
            guard let result = pool.next() else { return true }
            let block: BlockResult
            switch result {
            case .success(let value): block = value
            case .failure(let error):
                progress.cancel()
                throw error
            }
            let number = progress.indexed + 1
            if !indexIsComplete, !block.nodeIDs.isEmpty, !block.hasWays {
                if progress.isClosed {
                    found.append(
                        Diagnostic(
                            severity: .warning, code: "osm.pbf.unsorted",
                            message:
                                "block \(number) holds nodes after ways, though the header says the file is sorted: ways cannot use them",
                            location: SourceLocation(file: name)))
                } else {
                    index.append(ids: block.nodeIDs, locations: block.nodeLocations)
                }
            }
            progress.markIndexed(number)
            for (id, line) in block.memberLines { memberLines[id] = line }
            found.append(contentsOf: block.diagnostics)
            queue.append(contentsOf: block.features)
            if let batch = block.batch { batches.append(batch) }
            return true
        }
        guard !relationsDone else { return false }
        relationsDone = true
        pool?.stop()
        pool = nil
        queue.append(contentsOf: relationFeatures())
        return true
    }

    /// The areas of the relations, assembled on every core.
    private func relationFeatures() -> [Feature] {
        let relations = self.relations
        let chunkSize = max(1, relations.count / (workers * 4) + 1)
        let chunks = stride(from: 0, to: relations.count, by: chunkSize).map {
            $0..<min(relations.count, $0 + chunkSize)
        }
        let memberLines = self.memberLines
        let builder = self.builder
        let results = OrderedWorkPool<Range<Int>, ([Feature], [Diagnostic])>.results(of: chunks, threads: workers) {
            range in
            var features: [Feature] = []
            var diagnostics: [Diagnostic] = []
            var validator: GeometryValidator?
            for relation in relations[range] {
                var lines: [[Int64]] = []
                var missing: [Int64] = []
                var seen = Set<Int64>()
                for member in relation.members where member.type == .way && seen.insert(member.ref).inserted {
                    if let line = memberLines[member.ref], !line.isEmpty {
                        lines.append(line)
                    } else {
                        missing.append(member.ref)
                    }
                }
                guard missing.isEmpty else {
                    let shown = missing.prefix(5).map { "way/\($0)" }.joined(separator: ", ")
                    diagnostics.append(
                        Diagnostic(
                            severity: .warning, code: "osm.relation.incomplete",
                            message:
                                "relation \(relation.id) lacks \(missing.count) of its member ways (\(shown)\(missing.count > 5 ? ", ..." : "")) or their nodes: no area is made",
                            location: builder.location(.relation, relation.id)))
                    continue
                }
                if let feature = builder.relation(
                    relation, lines: lines, validator: &validator, diagnostics: &diagnostics)
                {
                    features.append(feature)
                }
            }
            return (features, diagnostics)
        }
        var features: [Feature] = []
        for (made, diagnostics) in results {
            features += made
            found.append(contentsOf: diagnostics)
        }
        return features
    }

    public var warnings: [Diagnostic] { found.kept }

    public var layout: String? {
        guard file != nil else { return "OSM XML" }
        return header.isSorted ? "OSM PBF, sorted" : "OSM PBF, unsorted"
    }

    public var bytesConsumed: Int? {
        guard let file, nextBlock < file.blobs.count else { return nil }
        return file.blobs[nextBlock].headerOffset
    }
}
