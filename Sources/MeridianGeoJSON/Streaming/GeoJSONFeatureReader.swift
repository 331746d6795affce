import MeridianCore
import MeridianJSON
import MeridianPlatform

/// Reads the features of a GeoJSON file one at a time, in memory bounded
/// by the largest single feature, whatever the file's size.
///
/// ```swift
/// let reader = try GeoJSONFeatureReader(path: "world.geojsonseq")
/// while let feature = try reader.next() {
///     print(feature.id ?? "-")
/// }
/// ```
///
/// The layout is detected from the content: a FeatureCollection (its
/// `features` array is read element by element), a single Feature or bare
/// geometry, GeoJSON Text Sequences (RFC 8142: records starting with RS,
/// 0x1E) or newline-delimited GeoJSON (one text per line). The collection's
/// own members (bbox, foreign members) are in ``collection`` once read.
/// Errors carry the file's true line, column and byte offset, and the JSON
/// pointer of the feature (`/features/1204/geometry/...`).
public final class GeoJSONFeatureReader {
    /// How the features are laid out in the input.
    public enum Layout: String, Sendable, Hashable {
        case featureCollection, feature, geometry, geoJSONSeq, ndjson
    }

    /// Detected when the first feature is read.
    public internal(set) var layout: Layout?
    /// The collection's members other than `features` (bbox and foreign
    /// members); empty for other layouts. Members written after the
    /// `features` array are known once ``next()`` has returned nil.
    public private(set) var collection = FeatureCollection()
    /// How many features have been returned.
    public internal(set) var featureCount = 0
    /// In a text sequence or NDJSON, a record that cannot be decoded is
    /// skipped (and listed in ``skippedRecords``) instead of stopping the
    /// reader. Errors of reading itself (I/O, a value past the size limit)
    /// still stop it.
    public var skipsBadRecords = false
    /// The records skipped, with why (the first 1 000 of each code, then a
    /// count).
    public var skippedRecords: [Diagnostic] { skipped.diagnostics }
    /// How many records were skipped.
    public private(set) var skippedRecordCount = 0
    private var skipped = DiagnosticCollector()

    let source: ByteSource
    let options: JSONReadingOptions
    var pending: [Feature] = []
    var pendingIndex = 0
    var state = State.start
    var recordNumber = 0
    /// For ``nextBatch(using:)``: the input offsets where the runs handed
    /// to other threads start, oldest first, and where the next one starts.
    var runsInFlight: [Int] = []
    /// Parts of a document parsed whole handed to other threads.
    var decodedInFlight = 0
    var scanOffset = 0
    var runStoppedShort = false
    /// What parsing one feature leaves for the next (see ``ParserCarryOver``).
    private let carried = ParserCarryOver(coordinateThreads: OrderedWorkPool<Int, Int>.defaultThreads)

    /// The threads a feature read on the reader's thread may read a large
    /// coordinates array on (a country's rings, more than 64 KiB of them):
    /// one per core, or `MERIDIAN_THREADS`; 1 keeps it on that thread.
    /// ``nextBatch(using:)`` sets it to its decoder's.
    public var threads: Int {
        get { carried.coordinateThreads }
        set { carried.coordinateThreads = max(1, newValue) }
    }
    /// Whether a streamed collection's `features` member has been met.
    private var metFeatures = false

    enum State {
        case start, inFeatures, afterFeatures, records, done
    }

    /// Documents up to this size are parsed whole; a larger first value
    /// must be a FeatureCollection, which is then streamed.
    let wholeDocumentLimit: Int

    /// A mapped file larger than this that starts as a FeatureCollection
    /// is streamed even when it could be parsed whole, so that
    /// ``nextBatch(using:)`` decodes its features on every core: converting
    /// ne_110m_admin_0_countries (725 KB) took 7.8 ms parsed whole and
    /// 6.3 ms streamed, countries.geo.json (257 KB) 5.6 and 4.7 ms. A
    /// smaller file decodes in about half a millisecond on one thread.
    static let streamingSize = 192 << 10

    /// Reads the file at `path` ("-" reads standard input).
    public convenience init(path: String, options: JSONReadingOptions = JSONReadingOptions()) throws(DiagnosticError) {
        var options = options
        if options.fileName == nil { options.fileName = path == "-" ? "<stdin>" : path }
        if path == "-" {
            self.init(
                source: ByteSource(
                    descriptor: 0, closesDescriptor: false, maximumHeld: options.maximumValueSize,
                    fileName: options.fileName), options: options)
        } else {
            self.init(source: try ByteSource(path: path, maximumHeld: options.maximumValueSize), options: options)
        }
    }

    /// Reads from an open file descriptor, which the reader does not close.
    public convenience init(fileDescriptor: Int32, options: JSONReadingOptions = JSONReadingOptions()) {
        self.init(fileDescriptor: fileDescriptor, prefix: [], options: options)
    }

    /// Reads from an open file descriptor whose first bytes were already
    /// read (to sniff the format of a pipe): `prefix` is read first, and
    /// `skippedLines` blank lines (`skippedBytes` bytes) before it were
    /// dropped, so that locations still count them.
    public convenience init(
        fileDescriptor: Int32, prefix: [UInt8], skippedLines: Int = 0, skippedBytes: Int = 0,
        options: JSONReadingOptions = JSONReadingOptions()
    ) {
        self.init(
            source: ByteSource(
                descriptor: fileDescriptor, closesDescriptor: false, prefix: prefix, skippedLines: skippedLines,
                skippedBytes: skippedBytes, maximumHeld: options.maximumValueSize, fileName: options.fileName),
            options: options)
    }

    /// How many bytes of the input have been read past: with the file's
    /// size, the fraction done (for a progress bar).
    public var bytesConsumed: Int { source.bytesConsumed }

    init(source: ByteSource, options: JSONReadingOptions) {
        self.source = source
        self.wholeDocumentLimit = min(16 << 20, source.chunkSize * 4)
        self.options = options
    }

    /// The next feature, or nil at the end of the input.
    public func next() throws(DiagnosticError) -> Feature? {
        source.releaseConsumed()
        while true {
            if pendingIndex < pending.count {
                let feature = pending[pendingIndex]
                pendingIndex += 1
                featureCount += 1
                return feature
            }
            pending.removeAll(keepingCapacity: true)
            pendingIndex = 0
            switch state {
            case .start: try start()
            case .inFeatures:
                if let feature = try nextCollectionElement() {
                    featureCount += 1
                    return feature
                }
            case .afterFeatures: try readCollectionMembers()
            case .records: try nextRecord()
            case .done: return nil
            }
        }
    }

    /// Reads up to the first feature: a collection's members before its
    /// `features`, or a document small enough to be parsed whole.
    public func readHeader() throws(DiagnosticError) {
        if state == .start { try start() }
    }

    /// The system a `crs` member of GeoJSON 2008 names, as PROJ reads it:
    /// `{"type": "name", "properties": {"name": "urn:ogc:def:crs:EPSG::27700"}}`
    /// is `EPSG:27700`; nil for WGS 84 longitude/latitude (`CRS84`, and
    /// EPSG 4326, which GeoJSON writers give in longitude, latitude order),
    /// and for a member that names nothing (a `link`).
    public static func coordinateSystem(named crs: JSONValue) -> String? {
        guard crs["type"]?.stringValue == "name", let name = crs["properties"]?["name"]?.stringValue else {
            return nil
        }
        let parts = name.split(separator: ":", omittingEmptySubsequences: false)
        var system = name
        if name.lowercased().hasPrefix("urn:ogc:def:crs:"), parts.count >= 7 {
            // urn:ogc:def:crs:AUTHORITY:[VERSION]:CODE
            system = "\(parts[4]):\(parts[parts.count - 1])"
        }
        switch system.uppercased() {
        case "OGC:CRS84", "CRS84", "EPSG:4326": return nil
        default: return system
        }
    }

    // MARK: - Detecting the layout

    func start() throws(DiagnosticError) {
        guard let first = try source.peekNonWhitespace() else {
            throw error("geojson.empty", "the input is empty", at: source.position)
        }
        if first == 0x1E {
            layout = .geoJSONSeq
            state = .records
            return
        }
        guard first == 0x7B else {
            // Not an object: let the parser produce the located error.
            try parseDocument(upTo: try source.endOfRefusedRoot(), pointerPrefix: "")
            state = .done
            return
        }
        // A mapped FeatureCollection of some size: streamed, for nextBatch's runs.
        if let mapping = source.mapping, mapping.count - source.bytesConsumed > Self.streamingSize,
            Self.startsAsFeatureCollection(UnsafeBufferPointer(rebasing: source.buffer[source.position...]))
        {
            layout = .featureCollection
            try readCollectionMembers()
            return
        }
        // A regular file within the limit: read it all and parse it
        // straight from the buffer. Otherwise (a pipe, whose records must
        // come out as they arrive; a larger file; a broken document) find
        // the first value's end with the structural scan, which also
        // locates an error exactly.
        var end: Int? = nil
        var parsed: GeoJSONDocument? = nil
        source.reserveRemainder(upTo: wholeDocumentLimit)
        while source.isRegularFile, !source.reachedEnd, source.buffer.count - source.position <= wholeDocumentLimit {
            _ = try source.fill()
        }
        if source.reachedEnd, source.buffer.count - source.position <= wholeDocumentLimit,
            let (document, documentEnd) = tryParseDocument()
        {
            (parsed, end) = (document, documentEnd)
        } else {
            end = try source.endOfValue(within: wholeDocumentLimit)
        }
        if let end {
            let document: GeoJSONDocument
            if let parsed { document = parsed } else { document = try parseDocument(upTo: end, pointerPrefix: "") }
            source.position = end
            pending = document.featureCollection.features
            if try source.peekNonWhitespace() == nil {
                state = .done
                switch document {
                case .featureCollection(var whole):
                    layout = .featureCollection
                    whole.features = []
                    collection = whole
                case .feature: layout = .feature
                case .geometry: layout = .geometry
                }
            } else {
                layout = .ndjson
                state = .records
                recordNumber = 1
            }
            return
        }
        // Larger than a whole document may be: stream a FeatureCollection.
        layout = .featureCollection
        try readCollectionMembers()
    }

    /// Whether `bytes` open an object whose first member is
    /// `"type": "FeatureCollection"`, as most collections do.
    static func startsAsFeatureCollection(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var reader = JSONReader(bytes)
        guard (try? reader.beginObject()) == true, let key = try? reader.readKey(), reader.equals(key, "type") else {
            return false
        }
        return (try? reader.readString()) == "FeatureCollection"
    }

    // MARK: - FeatureCollection, member by member

    /// Reads members of the top-level object until `features` opens, or
    /// the object ends.
    private func readCollectionMembers() throws(DiagnosticError) {
        if state == .start {
            source.position += 1  // {
            state = .afterFeatures
            if try source.peekNonWhitespace() == 0x7D {
                throw error("geojson.member.missing", "\"features\" member required", at: source.position)
            }
        } else {
            // After the features array: a comma and more members, or the end.
            guard let next = try source.peekNonWhitespace() else {
                throw error("json.syntax.unexpected-end", "unexpected end of input, expected '}'", at: source.position)
            }
            source.position += 1
            if next == 0x7D {
                try expectEndOfInput()
                state = .done
                return
            }
            guard next == 0x2C else {
                throw error("json.syntax.unexpected-character", "expected ',' or '}'", at: source.position - 1)
            }
        }
        while true {
            guard try source.peekNonWhitespace() == 0x22 else {
                throw error("json.syntax.unexpected-character", "expected a string key", at: source.position)
            }
            let keyEnd = try source.endOfValue() ?? source.buffer.count
            let key = try parseValue(upTo: keyEnd).stringValue ?? ""
            source.position = keyEnd
            guard try source.peekNonWhitespace() == 0x3A else {
                throw error("json.syntax.unexpected-character", "expected ':'", at: source.position)
            }
            source.position += 1
            guard try source.peekNonWhitespace() != nil else {
                throw error("json.syntax.unexpected-end", "unexpected end of input", at: source.position)
            }
            if key == "features" {
                // Parsed whole, the last of repeated keys wins; streamed, the
                // features first met have already been handed out.
                guard !metFeatures else {
                    throw error(
                        "geojson.object.duplicate-key",
                        "a second \"features\" member: a collection this large is streamed, and its features cannot be replaced",
                        at: source.position)
                }
                guard source.buffer[source.position] == 0x5B else {
                    throw error(
                        "geojson.member.wrong-type", "\"features\" member should be an array", at: source.position)
                }
                source.position += 1
                state = .inFeatures
                metFeatures = true
                return
            }
            let valueEnd = try source.endOfValue() ?? source.buffer.count
            let value = try parseValue(upTo: valueEnd)
            switch key {
            case "type":
                guard value == .string("FeatureCollection") else {
                    throw error(
                        "geojson.type.unexpected", "a document this large must be a FeatureCollection",
                        at: source.position)
                }
            case "bbox":
                collection.bbox = value.arrayValue?.compactMap(\.doubleValue)
            case "geometry", "properties", "coordinates", "geometries":
                // RFC 7946, 7.1, as for a collection parsed whole.
                throw error(
                    "geojson.member.changes-semantics", "FeatureCollection object cannot contain a \"\(key)\" member",
                    at: source.position)
            default:
                collection.foreignMembers[key] = value
            }
            source.position = valueEnd
            guard let next = try source.peekNonWhitespace() else {
                throw error(
                    "json.syntax.unexpected-end", "unexpected end of input, expected ',' or '}'", at: source.position)
            }
            source.position += 1
            if next == 0x7D {
                // Members may follow the features array.
                guard metFeatures else {
                    throw error("geojson.member.missing", "\"features\" member required", at: source.position - 1)
                }
                try expectEndOfInput()
                state = .done
                return
            }
            guard next == 0x2C else {
                throw error("json.syntax.unexpected-character", "expected ',' or '}'", at: source.position - 1)
            }
        }
    }

    private func nextCollectionElement() throws(DiagnosticError) -> Feature? {
        guard let next = try source.peekNonWhitespace() else {
            throw error(
                "json.syntax.unexpected-end", "unexpected end of input inside \"features\"", at: source.position)
        }
        if next == 0x5D {
            source.position += 1
            state = .afterFeatures
            return nil
        }
        if featureCount > 0 {
            guard next == 0x2C else {
                throw error(
                    "json.syntax.unexpected-character", "expected ',' or ']' between features", at: source.position)
            }
            source.position += 1
            _ = try source.peekNonWhitespace()
        }
        // Fast path: parse the feature straight from the buffered bytes.
        // When that fails (the feature runs past the buffer, or is broken),
        // take the exact path: find the value's end with a structural scan,
        // reading on as needed, and parse just that slice, which also gives
        // an error its true location.
        if let (feature, end) = tryParseFeature() {
            source.position = end
            return feature
        }
        let end = try source.endOfValue() ?? source.buffer.count
        let feature = try parseFeature(upTo: end, pointerPrefix: "/features/\(featureCount)")
        source.position = end
        return feature
    }

    /// The document at the reader's position and the index just past it,
    /// or nil when it does not parse from the bytes buffered.
    private func tryParseDocument() -> (GeoJSONDocument, Int)? {
        let start = source.position
        let slice = UnsafeBufferPointer(rebasing: source.buffer[start...])
        var parser = GeoJSONParser(JSONReader(slice, maximumDepth: options.maximumDepth), carried: carried)
        guard let decoded = try? parser.readObject(.any) else { return nil }
        return (GeoJSONDocument(decoded), start + parser.reader.index)
    }

    /// The feature at the reader's position and the index just past it, or
    /// nil when it does not parse from the bytes buffered so far.
    private func tryParseFeature() -> (Feature, Int)? {
        let start = source.position
        let slice = UnsafeBufferPointer(rebasing: source.buffer[start...])
        var parser = GeoJSONParser(JSONReader(slice, maximumDepth: options.maximumDepth - 2), carried: carried)
        guard case .feature(let feature)? = try? parser.readObject(.feature) else { return nil }
        return (feature, start + parser.reader.index)
    }

    private func expectEndOfInput() throws(DiagnosticError) {
        if try source.peekNonWhitespace() != nil {
            throw error("json.syntax.trailing-content", "unexpected content after the JSON value", at: source.position)
        }
    }

    // MARK: - Sequences and lines

    private func nextRecord() throws(DiagnosticError) {
        let isSeq = layout == .geoJSONSeq
        guard try source.peekNonWhitespace(alsoSkipping: isSeq ? 0x1E : nil) != nil else {
            state = .done
            return
        }
        let end = try source.next(isSeq ? 0x1E : 0x0A)
        recordNumber += 1
        let document: GeoJSONDocument
        do {
            document = try parseDocument(upTo: end, pointerPrefix: "")
        } catch {
            var located = error
            located.diagnostic.location.record = recordNumber
            guard skipsBadRecords else { throw located }
            // The next record starts after this one's delimiter.
            source.position = end
            skippedRecordCount += 1
            skipped.append(located.diagnostic)
            return
        }
        source.position = end
        pending = document.featureCollection.features
    }

    // MARK: - Parsing slices

    @discardableResult
    private func parseDocument(upTo end: Int, pointerPrefix: String) throws(DiagnosticError) -> GeoJSONDocument {
        let start = source.position
        let slice = UnsafeBufferPointer(rebasing: source.buffer[start..<end])
        var parser = GeoJSONParser(JSONReader(slice, maximumDepth: options.maximumDepth), carried: carried)
        do throws(JSONReaderFailure) {
            let decoded = try parser.readObject(.any)
            try parser.reader.expectEnd()
            return GeoJSONDocument(decoded)
        } catch {
            throw locate(error, in: slice, start: start, pointerPrefix: pointerPrefix)
        }
    }

    private func parseFeature(upTo end: Int, pointerPrefix: String) throws(DiagnosticError) -> Feature {
        let start = source.position
        let slice = UnsafeBufferPointer(rebasing: source.buffer[start..<end])
        var parser = GeoJSONParser(JSONReader(slice, maximumDepth: options.maximumDepth - 2), carried: carried)
        let decoded: GeoJSONParser.Decoded
        do throws(JSONReaderFailure) {
            decoded = try parser.readObject(.feature)
            try parser.reader.expectEnd()
        } catch {
            throw locate(error, in: slice, start: start, pointerPrefix: pointerPrefix)
        }
        guard case .feature(let feature) = decoded else {
            throw DiagnosticError(code: "geojson.type.unexpected", message: "expected a Feature")
        }
        return feature
    }

    private func parseValue(upTo end: Int) throws(DiagnosticError) -> JSONValue {
        let start = source.position
        let slice = UnsafeBufferPointer(rebasing: source.buffer[start..<end])
        var reader = JSONReader(slice, maximumDepth: options.maximumDepth - 1)
        do throws(JSONReaderFailure) {
            let value = try reader.readValue()
            try reader.expectEnd()
            return value
        } catch {
            throw locate(error, in: slice, start: start, pointerPrefix: "")
        }
    }

    private func locate(
        _ failure: JSONReaderFailure, in slice: UnsafeBufferPointer<UInt8>, start: Int, pointerPrefix: String
    ) -> DiagnosticError {
        let bases = source.bases(at: start)
        return DiagnosticError(
            failure.diagnostic(
                in: slice, file: options.fileName, lineOffset: bases.lines, byteOffsetBase: bases.bytes,
                firstColumn: bases.column, pointerPrefix: pointerPrefix))
    }

    private func error(_ code: String, _ message: String, at index: Int) -> DiagnosticError {
        let bases = source.bases(at: min(index, source.buffer.count))
        return DiagnosticError(
            code: code, message: message,
            location: SourceLocation(
                file: options.fileName, line: bases.lines + 1, column: bases.column, byteOffset: bases.bytes))
    }
}
