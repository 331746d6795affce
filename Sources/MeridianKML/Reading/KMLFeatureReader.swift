import MeridianArchive
import MeridianCore
import MeridianLibC
import MeridianPlatform

/// Streams the features of a KML or KMZ file, one at a time, in document
/// order: each Placemark, GroundOverlay and NetworkLink becomes a
/// `Feature` with togeojson's property names, its styles resolved into
/// simplestyle properties and its folder path in the `folder` property.
///
/// ```swift
/// let reader = try KMLFeatureReader(path: "tour.kmz")
/// while let feature = try reader.next() {
///     print(feature.properties["name"] ?? "-", feature.geometry?.typeName ?? "none")
/// }
/// reader.diagnostics       // warnings: malformed coordinates, unresolved styles...
/// ```
///
/// Cost model: libxml2's push parser streams the file from disk, on a
/// thread of its own (``XMLStreamReader``); only
/// one Placemark (or Style, Schema) is held in memory at a time, so memory
/// is bounded by the largest single Placemark, not by the file. Two
/// exceptions, both bounded and reported: Placemarks that use a Style
/// defined further down are held until it appears (at most
/// ``KMLReadingOptions/maximumHeldFeatures``), and a document the streaming
/// parser rejects is re-read whole with libxml2's recovery mode
/// (``KMLReadingOptions/recoversFromErrors``). A KMZ's KML entry is
/// inflated into memory, within the zip guard's `ArchiveLimits`.
///
/// Safety: no DTD is loaded, no entity expanded (a document using custom
/// entities, such as a billion-laughs attack, is refused at once with
/// `kml.xml.entity`), nothing is fetched (NetworkLinks are recorded, never
/// followed).
public final class KMLFeatureReader {
    /// Warnings found so far (and the error recovered from, if any): the
    /// first ``maximumDiagnosticsPerCode`` of each code, then a
    /// `report.truncated` note counting the rest, so that a file with a
    /// problem in every Placemark still reads in bounded memory.
    public var diagnostics: [Diagnostic] { found.diagnostics }
    public static let maximumDiagnosticsPerCode = 1000
    private var found = DiagnosticCollector(maximumPerCode: maximumDiagnosticsPerCode)
    /// The file name used in diagnostics (`tour.kmz/doc.kml` inside a KMZ).
    public let sourceName: String?
    /// The path of the KML entry inside a KMZ, nil for a plain KML file.
    public private(set) var kmzEntry: String?
    /// The line where the feature ``next()`` returned last starts (its
    /// `<Placemark>` or overlay element).
    public private(set) var featureLine: Int?

    private var stream: XMLStreamReader
    private let names: KMLNameTable
    /// The element being read (reused from one Placemark to the next).
    private var tree: KMLTree
    private let options: KMLReadingOptions
    /// The document, when it was given in memory.
    private var bytes: [UInt8]?
    /// The descriptor streamed from, when there is one, and whether it is a
    /// regular file that can be read again from its start.
    private var descriptor: Int32?
    private var seekable = false
    private var ownedDescriptor: Int32?
    private var styles = StyleTable()
    private var schemas = SchemaTable()
    private var containers: [(depth: Int, name: String?)] = [] {
        didSet { cachedFolders = nil }
    }
    /// The folder property for the current containers, built once per change.
    private var cachedFolders: JSONValue?
    private var sawRoot = false
    private var finished = false
    /// Feature elements met so far; after a recovery restart, this many are skipped.
    private var featureElementsSeen = 0
    private var skipFeatureElements = 0
    private var held: [(tree: KMLTree, folders: JSONValue?)] = []
    /// Style ids found missing when held features had to be written: not waited for again.
    private var missingStyles: Set<String> = []
    private var ready: [Feature] = []
    /// The line where each feature of `ready` starts.
    private var readyLines: [Int] = []
    private var readyIndex = 0

    /// Opens a KML or KMZ file (KMZ recognised by its zip signature), or
    /// standard input for "-". The file is opened once and streamed.
    public convenience init(path: String, options: KMLReadingOptions = KMLReadingOptions()) throws(DiagnosticError) {
        if path == "-" {
            let head = try Self.readHead(0, fileName: "<stdin>")
            try self.init(fileDescriptor: 0, prefix: head, fileName: "<stdin>", options: options)
            return
        }
        let descriptor = try Platform.openForReading(path)
        let kind = Platform.kind(ofDescriptor: descriptor)
        let head: [UInt8]
        do throws(DiagnosticError) {
            if kind == .directory {
                throw DiagnosticError(
                    code: "io.open", message: "\(path) is a folder, not a KML file",
                    location: SourceLocation(file: path))
            }
            head = try Self.readHead(descriptor, fileName: path)
            try ZipArchive.checkNamedZip(path, head: head)
        } catch {
            Platform.close(descriptor)
            throw error
        }
        if ZipArchive.isZip(head), kind == .regular {
            // The zip guard opens the file by path; this descriptor is done
            // with, and closed exactly once (a second close could close a
            // descriptor another thread has opened since).
            Platform.close(descriptor)
            try self.init(kmz: try ZipArchive(path: path, limits: options.archiveLimits), options: options)
            return
        }
        do throws(DiagnosticError) {
            try self.init(
                fileDescriptor: descriptor, prefix: head, fileName: path, seekable: kind == .regular, options: options)
            ownedDescriptor = descriptor
        } catch {
            Platform.close(descriptor)
            throw error
        }
    }

    /// Streams KML from an open file descriptor, which the reader does not
    /// close: `prefix` holds bytes already read from it (to detect the
    /// format), read first; `leadingNewlines` blank lines were skipped
    /// before them. `seekable` says the descriptor is a regular file that
    /// can be read again from its start for recovery; otherwise up to
    /// ``KMLReadingOptions/recoveryCopyLimit`` bytes are kept while reading.
    /// A zip (KMZ) is spooled to a private temporary file first, as zips
    /// need random access.
    public convenience init(
        fileDescriptor: Int32, prefix: [UInt8] = [], leadingNewlines: Int = 0, fileName: String? = nil,
        seekable: Bool = false, options: KMLReadingOptions = KMLReadingOptions()
    ) throws(DiagnosticError) {
        if ZipArchive.isZip(prefix) {
            let archive = try ZipArchive(
                spooling: fileDescriptor, prefix: prefix, displayName: fileName ?? "<kmz>",
                limits: options.archiveLimits)
            try self.init(kmz: archive, options: options)
            return
        }
        try prefix.withUnsafeBufferPointer { buffer throws(DiagnosticError) in
            try EntityGuard.check(buffer, fileName: fileName)
        }
        let names = KMLNameTable()
        let stream = try XMLStreamReader(
            descriptor: fileDescriptor, prefix: prefix, leadingNewlines: leadingNewlines,
            copyLimit: seekable || !options.recoversFromErrors ? 0 : options.recoveryCopyLimit, fileName: fileName,
            names: names)
        self.init(stream: stream, names: names, sourceName: fileName, options: options)
        descriptor = fileDescriptor
        self.seekable = seekable
    }

    /// Reads the first KML entry of a KMZ archive opened through the zip guard.
    package convenience init(kmz archive: ZipArchive, options: KMLReadingOptions = KMLReadingOptions())
        throws(DiagnosticError)
    {
        let (entry, bytes) = try archive.firstKML()
        try self.init(bytes: bytes, sourceName: archive.displayName + "/" + entry, options: options)
        kmzEntry = entry
    }

    /// Reads KML or KMZ bytes held in memory.
    public convenience init(bytes: [UInt8], fileName: String? = nil, options: KMLReadingOptions = KMLReadingOptions())
        throws(DiagnosticError)
    {
        if ZipArchive.isZip(bytes) {
            let archive = try ZipArchive(bytes: bytes, displayName: fileName ?? "<kmz>", limits: options.archiveLimits)
            try self.init(kmz: archive, options: options)
        } else {
            try self.init(bytes: bytes, sourceName: fileName, options: options)
        }
    }

    private convenience init(bytes: [UInt8], sourceName: String?, options: KMLReadingOptions)
        throws(DiagnosticError)
    {
        try bytes.withUnsafeBufferPointer { buffer throws(DiagnosticError) in
            try EntityGuard.check(buffer, fileName: sourceName)
        }
        let names = KMLNameTable()
        try self.init(
            stream: XMLStreamReader(bytes: bytes, fileName: sourceName, recovering: false, names: names), names: names,
            sourceName: sourceName, options: options)
        self.bytes = bytes
    }

    deinit {
        if let ownedDescriptor { Platform.close(ownedDescriptor) }
    }

    /// Up to 64 KiB from the start of a stream (enough for the entity
    /// guard to see the prolog, and to tell a zip from XML).
    static func readHead(_ descriptor: Int32, fileName: String) throws(DiagnosticError) -> [UInt8] {
        var head = [UInt8](repeating: 0, count: 1 << 16)
        let count = head.withUnsafeMutableBytes { Platform.readFully(descriptor, into: $0) }
        guard count >= 0 else {
            throw DiagnosticError(
                code: "io.read", message: "cannot read \(fileName): \(Platform.errorMessage())",
                location: SourceLocation(file: fileName))
        }
        head.removeLast(head.count - count)
        return head
    }

    private init(stream: XMLStreamReader, names: KMLNameTable, sourceName: String?, options: KMLReadingOptions) {
        self.stream = stream
        self.names = names
        self.tree = KMLTree(names: names)
        self.sourceName = sourceName
        self.options = options
    }

    /// The next feature, or nil at the end of the document.
    public func next() throws(DiagnosticError) -> Feature? {
        while true {
            if readyIndex == 0, ready.count == 1 {
                featureLine = readyLines.removeLast()
                return ready.removeLast()  // the usual case: moved out, not copied
            }
            if readyIndex < ready.count {
                let feature = ready[readyIndex]
                featureLine = readyLines[readyIndex]
                readyIndex += 1
                if readyIndex == ready.count {
                    ready.removeAll(keepingCapacity: true)
                    readyLines.removeAll(keepingCapacity: true)
                    readyIndex = 0
                }
                return feature
            }
            if finished { return nil }
            try advance()
        }
    }

    /// Reads every remaining feature.
    public func readAll() throws(DiagnosticError) -> [Feature] {
        var features: [Feature] = []
        while let feature = try next() { features.append(feature) }
        return features
    }

    // MARK: - Reading

    /// The names of the enclosing Document and Folder elements, outermost
    /// first, as the `folder` property; nil when there are none.
    private var folderPath: JSONValue? {
        if let cachedFolders { return cachedFolders.isNull ? nil : cachedFolders }
        let names = containers.compactMap(\.name)
        let value: JSONValue = names.isEmpty ? .null : .array(names.map(JSONValue.string))
        cachedFolders = value
        return names.isEmpty ? nil : value
    }

    /// Reads until at least one feature is ready or the document ends.
    private func advance() throws(DiagnosticError) {
        while ready.isEmpty {
            let more: Bool
            do {
                more = try stream.read()
            } catch {
                try recover(from: error)
                continue
            }
            guard more else {
                flushHeld(final: true)
                finished = true
                return
            }
            switch stream.nodeType {
            case .element:
                try element()
            case .endElement:
                if let last = containers.last, last.depth == stream.depth { containers.removeLast() }
            case .entityReference:
                throw XMLStreamReader.entityRefused(sourceName: sourceName, line: stream.line)
            default:
                break
            }
        }
    }

    private func element() throws(DiagnosticError) {
        guard stream.isKML else {
            if !sawRoot { try checkRoot(isKML: false) }
            return
        }
        if !sawRoot { try checkRoot(isKML: true) }
        switch KMLTag(rawValue: stream.nameID) {
        case .Placemark, .GroundOverlay, .NetworkLink, .PhotoOverlay:
            let element = try subtree()
            featureElementsSeen += 1
            if featureElementsSeen <= skipFeatureElements { return }
            let folders = folderPath
            if !held.isEmpty || needsLaterStyle(element) {
                // The held tree is kept as it is; reading goes on in a new one.
                held.append((tree, folders))
                tree = KMLTree(names: names)
                if held.count >= options.maximumHeldFeatures { flushHeld(final: true) }
            } else {
                emit(element, folders: folders)
            }
        case .Style, .StyleMap, .CascadingStyle:
            let element = try subtree()
            styles.register(element)
            if !held.isEmpty { flushHeld(final: false) }
        case .Schema:
            schemas.register(try subtree())
        case .Document, .Folder:
            if !stream.isEmptyElement { containers.append((stream.depth, nil)) }
        case .name:
            if let last = containers.last, last.depth + 1 == stream.depth, last.name == nil {
                let text = try subtree().textContent.trimmedKMLWhitespace
                containers[containers.count - 1].name = text
            }
        default:
            if options.reportsUnknownElements, !names.isKnown[Int(stream.nameID)] { reportUnknown() }
        }
    }

    private func checkRoot(isKML: Bool) throws(DiagnosticError) {
        sawRoot = true
        if isKML, stream.nameID == KMLTag.kml.rawValue || names.isKnown[Int(stream.nameID)] { return }
        let name = stream.qualifiedName
        let namespace = stream.namespaceURI
        let message =
            if !isKML, name.split(separator: ":").last == "kml", let namespace {
                "the root element <\(name)> is in the namespace \(namespace), not KML's (http://www.opengis.net/kml/2.2): this is not a KML document"
            } else {
                "the root element is <\(name)>, not <kml>: this is not a KML document"
            }
        throw DiagnosticError(
            code: "kml.document.not-kml", message: message,
            location: SourceLocation(file: sourceName, line: stream.line))
    }

    private func reportUnknown() {
        record([
            Diagnostic(
                severity: .warning, code: "kml.element.unknown",
                message: "<\(stream.qualifiedName)> is not a KML 2.2 element; it is ignored",
                location: SourceLocation(file: sourceName, line: stream.line))
        ])
    }

    /// Reads the current element and everything inside it into ``tree``
    /// (emptied first); returns the element, the tree's root.
    private func subtree() throws(DiagnosticError) -> KMLElement {
        try tree.read(from: stream, sourceName: sourceName) { [self] in
            if options.reportsUnknownElements, stream.isKML, !names.isKnown[Int(stream.nameID)] { reportUnknown() }
        }
    }

    // MARK: - Styles defined after use

    private func needsLaterStyle(_ element: KMLElement) -> Bool {
        guard let url = element.child(.styleUrl)?.textContent, let id = StyleTable.localID(url) else { return false }
        return styles.resolve(url) == nil && !missingStyles.contains(id)
    }

    /// Emits held features in order, up to the first one still waiting for
    /// its style (all of them when `final`).
    private func flushHeld(final: Bool) {
        var index = 0
        while index < held.count {
            let element = held[index].tree.root
            if !final, needsLaterStyle(element) { break }
            if final, let url = element.child(.styleUrl)?.textContent, let id = StyleTable.localID(url),
                styles.resolve(url) == nil
            {
                missingStyles.insert(id)
            }
            emit(element, folders: held[index].folders)
            index += 1
        }
        held.removeFirst(index)
    }

    private func emit(_ element: KMLElement, folders: JSONValue?) {
        let decoder = FeatureDecoder(styles: styles, schemas: schemas, fileName: sourceName)
        let (feature, problems) = decoder.feature(from: element, folders: folders)
        record(problems)
        ready.append(feature)
        readyLines.append(element.line)
    }

    private func record(_ problems: [Diagnostic]) {
        found.append(contentsOf: problems)
    }

    // MARK: - Recovery

    /// The whole document again, for the recovery pass: a regular file is
    /// read from its start, a stream from the copy kept while reading plus
    /// what is left of it; nil when the copy outgrew its limit.
    private func wholeDocument() throws(DiagnosticError) -> [UInt8]? {
        guard let descriptor else { return nil }
        var document: [UInt8]
        var offset: Int64? = 0
        if seekable {
            document = []
        } else {
            guard let copy = stream.keptCopy() else { return nil }
            document = copy
            offset = nil
        }
        while true {
            let count = Platform.read(descriptor, appendingTo: &document, count: 1 << 20, at: offset)
            if count <= 0 { break }
            offset? += Int64(count)
            if !seekable && document.count > options.recoveryCopyLimit { return nil }
        }
        return document
    }

    private func recover(from error: DiagnosticError) throws(DiagnosticError) {
        guard options.recoversFromErrors, !stream.isRecovering, error.diagnostic.code == "kml.xml.syntax",
            !error.diagnostic.message.lowercased().containsText("entity")
        else { throw error }
        var source = bytes
        if source == nil { source = try wholeDocument() }
        guard let source else { throw error }
        let recovering = try XMLStreamReader(bytes: source, fileName: sourceName, recovering: true, names: names)
        stream = recovering
        var warning = error.diagnostic
        warning.severity = .warning
        warning.code = "kml.xml.recovered"
        warning.message =
            error.diagnostic.message
            + "; the document was read with libxml2's recovery mode, as Google Earth would open it"
        found.append(warning)
        containers.removeAll()
        sawRoot = false
        skipFeatureElements = featureElementsSeen
        featureElementsSeen = 0
    }
}

extension KMLFeatureReader {
    /// libxml2 2.9 wants its globals set up on one thread before parsers
    /// run on several: call this before reading KML on worker threads.
    public static func prepareForThreads() {
        if let reader = try? KMLFeatureReader(bytes: Array("<kml><Placemark/></kml>".utf8)) { _ = try? reader.next() }
    }
}
