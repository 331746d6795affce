import Foundation
import MeridianCore

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
/// Cost model: libxml2's `xmlTextReader` streams the file from disk; only
/// one Placemark (or Style, Schema) is held in memory at a time, so memory
/// is bounded by the largest single Placemark, not by the file. Two
/// exceptions, both bounded and reported: Placemarks that use a Style
/// defined further down are held until it appears (at most
/// ``KMLReadingOptions/maximumHeldFeatures``), and a document the streaming
/// parser rejects is re-read whole with libxml2's recovery mode
/// (``KMLReadingOptions/recoversFromErrors``). A KMZ's KML entry is
/// inflated into memory, within ``KMZLimits``.
///
/// Safety: no DTD is loaded, no entity expanded (a document using custom
/// entities, such as a billion-laughs attack, is refused at once with
/// `kml.xml.entity`), nothing is fetched (NetworkLinks are recorded, never
/// followed).
public final class KMLFeatureReader {
    /// Warnings found so far (and the error recovered from, if any): the
    /// first ``maximumDiagnostics``; the rest are only counted.
    public private(set) var diagnostics: [Diagnostic] = []
    /// Warnings found beyond the first ``maximumDiagnostics``.
    public private(set) var uncountedDiagnostics = 0
    /// How many diagnostics are kept, so that a file with a problem in every
    /// Placemark still reads in bounded memory.
    public static let maximumDiagnostics = 1000
    /// The file name used in diagnostics (`tour.kmz/doc.kml` inside a KMZ).
    public let sourceName: String?
    /// The path of the KML entry inside a KMZ, nil for a plain KML file.
    public private(set) var kmzEntry: String?

    private var stream: XMLStreamReader
    private let names: KMLNameTable
    /// The element being read (reused from one Placemark to the next).
    private var tree: KMLTree
    private let options: KMLReadingOptions
    private var bytes: [UInt8]?
    private let path: String?
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
    private var readyIndex = 0

    /// Opens a KML or KMZ file (KMZ recognised by its zip signature), or
    /// standard input for "-".
    public convenience init(path: String, options: KMLReadingOptions = KMLReadingOptions()) throws(DiagnosticError) {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            try self.init(bytes: Array(data), fileName: "<stdin>", options: options)
            return
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DiagnosticError(
                code: "io.input.open", message: "cannot read \(path): no such file or not readable",
                location: SourceLocation(file: path))
        }
        let head = Array(handle.readData(ofLength: 1 << 16))
        try? handle.close()
        if SafeArchive.isZip(head) || (path.lowercased().hasSuffix(".kmz") && !Self.looksLikeXML(head)) {
            let archive = try SafeArchive(path: path, limits: options.kmzLimits)
            let (entry, bytes) = try archive.firstKML()
            try self.init(bytes: bytes, sourceName: path + "/" + entry, path: nil, options: options)
            kmzEntry = entry
        } else {
            try head.withUnsafeBufferPointer { buffer throws(DiagnosticError) in
                try EntityGuard.check(buffer, fileName: path)
            }
            let names = KMLNameTable()
            try self.init(
                stream: XMLStreamReader(path: path, fileName: path, names: names), names: names, sourceName: path,
                path: path,
                options: options)
        }
    }

    /// Reads KML or KMZ bytes held in memory.
    public convenience init(bytes: [UInt8], fileName: String? = nil, options: KMLReadingOptions = KMLReadingOptions())
        throws(DiagnosticError)
    {
        if SafeArchive.isZip(bytes) {
            let archive = try SafeArchive(bytes: bytes, fileName: fileName, limits: options.kmzLimits)
            let (entry, inner) = try archive.firstKML()
            try self.init(bytes: inner, sourceName: (fileName ?? "<kmz>") + "/" + entry, path: nil, options: options)
            kmzEntry = entry
        } else {
            try self.init(bytes: bytes, sourceName: fileName, path: nil, options: options)
        }
    }

    private convenience init(bytes: [UInt8], sourceName: String?, path: String?, options: KMLReadingOptions)
        throws(DiagnosticError)
    {
        try bytes.withUnsafeBufferPointer { buffer throws(DiagnosticError) in
            try EntityGuard.check(buffer, fileName: sourceName)
        }
        let names = KMLNameTable()
        try self.init(
            stream: XMLStreamReader(bytes: bytes, fileName: sourceName, recovering: false, names: names), names: names,
            sourceName: sourceName, path: path, options: options)
        self.bytes = bytes
    }

    private init(
        stream: XMLStreamReader, names: KMLNameTable, sourceName: String?, path: String?, options: KMLReadingOptions
    ) {
        self.stream = stream
        self.names = names
        self.tree = KMLTree(names: names)
        self.sourceName = sourceName
        self.path = path
        self.options = options
    }

    /// The next feature, or nil at the end of the document.
    public func next() throws(DiagnosticError) -> Feature? {
        while true {
            if readyIndex == 0, ready.count == 1 {
                return ready.removeLast()  // the usual case: moved out, not copied
            }
            if readyIndex < ready.count {
                let feature = ready[readyIndex]
                readyIndex += 1
                if readyIndex == ready.count {
                    ready.removeAll(keepingCapacity: true)
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

    /// True when the bytes start (after a byte-order mark and whitespace) with `<`.
    static func looksLikeXML(_ head: [UInt8]) -> Bool {
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) } == 0x3C
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
                throw DiagnosticError(
                    code: "kml.xml.entity",
                    message:
                        "the document uses a custom XML entity; KML has none, and expanding entities is how billion-laughs attacks work, so it is refused",
                    location: SourceLocation(file: sourceName, line: stream.line))
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
        throw DiagnosticError(
            code: "kml.document.not-kml",
            message: "the root element is <\(stream.qualifiedName)>, not <kml>: this is not a KML document",
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
        let tree = self.tree
        let stream = self.stream
        tree.removeAll()
        stream.appendAttributes(to: &tree.storage.pointee.attributes)
        var top = tree.open(name: stream.nameID, line: stream.line, attributeStart: 0)
        if stream.isEmptyElement { return tree.root }
        let rootName = stream.nameID
        var stack: [Int] = []
        let rootDepth = stream.depth
        while true {
            guard try stream.read() else {
                throw DiagnosticError(
                    code: "kml.xml.syntax", message: "the document ends inside <\(names.name(rootName))>",
                    location: SourceLocation(file: sourceName, line: stream.line))
            }
            switch stream.nodeType {
            case .element:
                let id = stream.nameID
                if options.reportsUnknownElements, stream.isKML, !names.isKnown[Int(id)] { reportUnknown() }
                let attributeStart = tree.attributeCount
                stream.appendAttributes(to: &tree.storage.pointee.attributes)
                let child = tree.open(name: id, line: stream.line, attributeStart: attributeStart)
                if !stream.isEmptyElement {
                    stack.append(top)
                    top = child
                }
            case .text, .cdata, .significantWhitespace, .whitespace:
                let isCDATA = stream.nodeType == .cdata
                stream.withValueBytes { value in
                    tree.appendText(value, to: top, isCDATA: isCDATA)
                }
            case .endElement:
                tree.close(top)
                if stack.isEmpty || stream.depth <= rootDepth {
                    while let ancestor = stack.popLast() { tree.close(ancestor) }
                    return tree.root
                }
                top = stack.removeLast()
            case .entityReference:
                throw DiagnosticError(
                    code: "kml.xml.entity",
                    message:
                        "the document uses a custom XML entity; KML has none, and expanding entities is how billion-laughs attacks work, so it is refused",
                    location: SourceLocation(file: sourceName, line: stream.line))
            default:
                break
            }
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
    }

    private func record(_ problems: [Diagnostic]) {
        for problem in problems {
            if diagnostics.count < Self.maximumDiagnostics {
                diagnostics.append(problem)
            } else {
                uncountedDiagnostics += 1
            }
        }
    }

    // MARK: - Recovery

    private func recover(from error: DiagnosticError) throws(DiagnosticError) {
        guard options.recoversFromErrors, !stream.isRecovering, error.diagnostic.code == "kml.xml.syntax",
            !error.diagnostic.message.lowercased().contains("entity")
        else { throw error }
        var source = bytes
        if source == nil, let path {
            guard let data = FileManager.default.contents(atPath: path) else { throw error }
            source = Array(data)
        }
        guard let source else { throw error }
        let recovering = try XMLStreamReader(bytes: source, fileName: sourceName, recovering: true, names: names)
        stream = recovering
        var warning = error.diagnostic
        warning.severity = .warning
        warning.code = "kml.xml.recovered"
        warning.message =
            error.diagnostic.message
            + "; the document was read with libxml2's recovery mode, as Google Earth would open it"
        diagnostics.append(warning)
        containers.removeAll()
        sawRoot = false
        skipFeatureElements = featureElementsSeen
        featureElementsSeen = 0
    }
}
