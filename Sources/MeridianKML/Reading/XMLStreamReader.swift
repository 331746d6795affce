import CLibXML2
import MeridianCore
import MeridianPlatform

/// libxml2, seen from Swift as a stream of nodes: one node at a time, element
/// names resolved to interned ids (``KMLNameTable``) once per distinct name.
///
/// ```swift
/// let stream = try XMLStreamReader(bytes: kml, fileName: "tour.kml", recovering: false, names: KMLNameTable())
/// while try stream.read() {
///     if stream.nodeType == .element, stream.nameID == KMLTag.Placemark.rawValue { ... }
/// }
/// ```
///
/// Cost: libxml2's push parser runs on a thread of its own with SAX
/// handlers that queue each 64 KB chunk's nodes into a ring of four batches
/// (the C target CLibXML2), which this type reads in turn: no tree is
/// built, and memory does not grow with the file. A document read in
/// recovery mode is parsed into a tree first and walked. Names are interned by libxml2's dictionary;
/// this type maps each (name, namespace) pointer pair to an id through a
/// small open-addressing table, so a name is converted to a String once per
/// document, not once per node, and no String is hashed per node.
/// Never loads a DTD, expands an entity or touches the network.
final class XMLStreamReader {
    enum NodeType: Int32 {
        case element = 1
        case text = 3
        case cdata = 4
        case entityReference = 5
        case documentType = 10
        case whitespace = 13
        case significantWhitespace = 14
        case endElement = 15
        case other = 0
    }

    /// The namespaces whose elements are KML, matched by local name. Google's
    /// extension namespace is included: `gx:Track` is read as `Track`.
    static let kmlNamespaces: Set<String> = [
        "http://www.opengis.net/kml/2.2", "http://earth.google.com/kml/2.0", "http://earth.google.com/kml/2.1",
        "http://earth.google.com/kml/2.2", "http://www.google.com/kml/ext/2.2",
    ]

    /// What a (name, namespace) pair resolves to.
    private struct NameEntry {
        /// The interned KML local name, or `{foreign}` + the qualified name.
        var id: Int32
        var isKML: Bool
        var qualified: String
    }

    /// An open-addressing table from libxml2's interned name pointers to
    /// an index in `entries` (-1 when the slot is empty).
    private struct Slot {
        var local: UInt = 0
        var namespace: UInt = 0
        var entry: Int32 = -1
    }

    private let handle: OpaquePointer
    private let buffer: UnsafeMutableRawBufferPointer?
    private let fileName: String?
    let names: KMLNameTable
    /// The reader's changing state, behind a pointer: no reference
    /// counting and no exclusivity check per node.
    private struct State {
        var node = MXNode()
        var entries: [NameEntry] = []
        var slots = [Slot](repeating: Slot(), count: 256)
        var currentEntry = -1
        var nodeType: NodeType = .other
        var nameID: Int32 = -1
        var isKML = false
    }
    private let state: UnsafeMutablePointer<State> = {
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        return state
    }()
    /// True when walking a tree rebuilt by libxml2's recovery mode.
    let isRecovering: Bool

    var nodeType: NodeType { state.pointee.nodeType }
    /// The depth of the element or end tag (the root's is 0).
    var depth: Int { Int(state.pointee.node.depth) }
    var isEmptyElement: Bool { state.pointee.node.isEmpty == 1 }
    /// The element's interned name: its KML local name (prefix stripped),
    /// or `{foreign}` + its qualified name for an element in another
    /// namespace (atom:, xal:, ...).
    var nameID: Int32 { state.pointee.nameID }
    /// True when the element is in a KML namespace (or none).
    var isKML: Bool { state.pointee.isKML }

    /// The element's KML local name, or nil for an element in another namespace.
    var kmlName: String? { isKML ? names.name(nameID) : nil }
    /// The element's name as written, for messages.
    var qualifiedName: String {
        state.pointee.currentEntry >= 0 ? state.pointee.entries[state.pointee.currentEntry].qualified : ""
    }
    /// The element's namespace URI, if it has one, for messages.
    var namespaceURI: String? {
        guard nodeType == .element, let uri = state.pointee.node.namespaceUri else { return nil }
        return String(cString: uri)
    }

    /// Streams from an open file descriptor (never closed here): first
    /// `leadingNewlines` blank lines already skipped by the caller, then
    /// `prefix` (bytes the caller already read), then the descriptor. With
    /// a `copyLimit`, up to that many bytes are kept for ``keptCopy``.
    convenience init(
        descriptor: Int32, prefix: [UInt8], leadingNewlines: Int = 0, copyLimit: Int = 0, fileName: String?,
        names: KMLNameTable
    ) throws(DiagnosticError) {
        Self.requireLibXML2()
        let opened = prefix.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                mx_reader_open_descriptor(descriptor, $0.baseAddress, $0.count, leadingNewlines, copyLimit, fileName)
            }
        }
        try self.init(opened: opened, buffer: nil, fileName: fileName, names: names, recovering: false)
    }

    /// A reader libxml2 opened over `buffer` (which it then owns), or nil
    /// when it could not start (`buffer` is freed).
    private init(
        opened: OpaquePointer?, buffer: UnsafeMutableRawBufferPointer?, fileName: String?, names: KMLNameTable,
        recovering: Bool
    ) throws(DiagnosticError) {
        guard let opened else {
            buffer?.deallocate()
            throw DiagnosticError(
                code: "kml.xml.syntax", message: "libxml2 could not start reading the document",
                location: SourceLocation(file: fileName))
        }
        handle = opened
        self.buffer = buffer
        self.fileName = fileName
        self.names = names
        isRecovering = recovering
    }

    /// libxml2 is opened by the first reader (CLibXML2 does not link it);
    /// without it the process stops with a message naming the package, as
    /// GEOS does.
    private static func requireLibXML2() {
        if let problem = mx_library_error() { Platform.exitForMissingLibrary(String(cString: problem)) }
    }

    /// The bytes read so far, when the reader keeps a copy and they fit its
    /// limit.
    func keptCopy() -> [UInt8]? {
        var length = 0
        guard let bytes = mx_reader_copy(handle, &length) else { return nil }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Reads bytes in memory; `recovering` parses them with libxml2's
    /// recovery mode into a tree first (for broken files).
    convenience init(bytes: [UInt8], fileName: String?, recovering: Bool, names: KMLNameTable) throws(DiagnosticError) {
        Self.requireLibXML2()
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { copy.baseAddress!.copyMemory(from: base, byteCount: source.count) }
        }
        let pointer = copy.baseAddress!.assumingMemoryBound(to: CChar.self)
        let opened =
            recovering
            ? mx_reader_open_recovering(pointer, bytes.count, fileName)
            : mx_reader_open_memory(pointer, bytes.count, fileName)
        try self.init(opened: opened, buffer: copy, fileName: fileName, names: names, recovering: recovering)
    }

    deinit {
        mx_reader_free(handle)
        buffer?.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The first error libxml2 reported, as a diagnostic, if any.
    var firstError: Diagnostic? {
        guard let message = mx_reader_error_message(handle) else { return nil }
        let line = Int(mx_reader_error_line(handle))
        let column = Int(mx_reader_error_column(handle))
        return Diagnostic(
            severity: .error, code: "kml.xml.syntax", message: "XML error: " + String(cString: message),
            location: SourceLocation(file: fileName, line: line > 0 ? line : nil, column: column > 0 ? column : nil))
    }

    /// Moves to the next node; false at the end of the document.
    func read() throws(DiagnosticError) -> Bool {
        let result = mx_reader_next(handle, &state.pointee.node)
        if result == 0 { return false }
        if result < 0 {
            let readError = mx_reader_read_error(handle)
            if readError != 0 {
                throw DiagnosticError(
                    code: "io.read",
                    message: "cannot read \(fileName ?? "the input"): \(Platform.errorMessage(readError))",
                    location: SourceLocation(file: fileName))
            }
            throw DiagnosticError(
                firstError
                    ?? Diagnostic(
                        severity: .error, code: "kml.xml.syntax", message: "XML error",
                        location: SourceLocation(file: fileName, line: line)))
        }
        let type = NodeType(rawValue: state.pointee.node.type) ?? .other
        state.pointee.nodeType = type
        if type == .element { resolveName() }
        return true
    }

    private func resolveName() {
        guard let local = state.pointee.node.localName else {
            state.pointee.nameID = names.intern("{foreign}")
            state.pointee.isKML = false
            state.pointee.currentEntry = -1
            return
        }
        let localBits = UInt(bitPattern: local)
        let namespaceBits = state.pointee.node.namespaceUri.map { UInt(bitPattern: $0) } ?? 0
        let mask = state.pointee.slots.count - 1
        var hash = (localBits &* 0x9E37_79B9_7F4A_7C15) ^ (namespaceBits &* 0xC2B2_AE3D_27D4_EB4F)
        hash ^= hash >> 29
        var slot = Int(truncatingIfNeeded: hash) & mask
        while true {
            let candidate = state.pointee.slots[slot]
            if candidate.entry < 0 { break }
            if candidate.local == localBits, candidate.namespace == namespaceBits {
                use(Int(candidate.entry))
                return
            }
            slot = (slot + 1) & mask
        }
        let entry = makeEntry(local: local, namespace: state.pointee.node.namespaceUri)
        state.pointee.entries.append(entry)
        let count = state.pointee.entries.count
        state.pointee.slots[slot] = Slot(local: localBits, namespace: namespaceBits, entry: Int32(count - 1))
        if count * 2 > state.pointee.slots.count { growSlots() }
        use(count - 1)
    }

    private func use(_ index: Int) {
        state.pointee.currentEntry = index
        state.pointee.nameID = state.pointee.entries[index].id
        state.pointee.isKML = state.pointee.entries[index].isKML
    }

    private func growSlots() {
        let old = state.pointee.slots
        var slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for candidate in old where candidate.entry >= 0 {
            var hash = (candidate.local &* 0x9E37_79B9_7F4A_7C15) ^ (candidate.namespace &* 0xC2B2_AE3D_27D4_EB4F)
            hash ^= hash >> 29
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].entry >= 0 { slot = (slot + 1) & mask }
            slots[slot] = candidate
        }
        state.pointee.slots = slots
    }

    private func makeEntry(local: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?) -> NameEntry {
        var localName = String(cString: local)
        let qualifiedBytes = mx_reader_name(handle)
        let qualified =
            qualifiedBytes.bytes.map {
                String(decoding: UnsafeBufferPointer(start: $0, count: qualifiedBytes.length), as: UTF8.self)
            }
            ?? localName
        var kml: String?
        var foreignURI: String?
        if let namespace {
            let uri = String(cString: namespace)
            let unprefixed = names.readsUnprefixedNames && !qualified.contains(":")
            kml = names.primaryNamespaces.contains(uri) || unprefixed ? localName : nil
            if kml == nil { foreignURI = uri }
        } else {
            // An undeclared prefix (gx: without xmlns:gx) leaves "gx:Track"
            // as the local name with no namespace: strip the prefix.
            if let colon = localName.firstIndex(of: ":") {
                let prefix = localName[..<colon]
                localName = String(localName[localName.index(after: colon)...])
                kml = (prefix == "gx" || prefix == "kml") ? localName : nil
            } else {
                kml = localName
            }
        }
        if let kml { return NameEntry(id: names.intern(kml), isKML: true, qualified: qualified) }
        let id = names.intern("{foreign}" + qualified)
        if let foreignURI { names.setNamespace(foreignURI, of: id) }
        return NameEntry(id: id, isKML: false, qualified: qualified)
    }

    /// The current text or CDATA node's bytes (valid until the next read).
    func withValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let value = state.pointee.node.value
        return body(UnsafeBufferPointer(start: value.bytes, count: value.length))
    }

    /// The line of the current node (1-based; 0 when unknown); after the
    /// end of the document, the parser's last line.
    var line: Int {
        let line = Int(state.pointee.node.line)
        return line > 0 ? line : Int(mx_reader_line(handle))
    }

    /// Calls `body` with each attribute of the current element: its
    /// qualified name and value, as written, in order, namespace
    /// declarations first.
    private func forEachAttribute(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        guard nodeType == .element else { return }
        var name = MXBytes()
        var value = MXBytes()
        for index in 0..<state.pointee.node.attributeCount {
            mx_reader_attribute(handle, index, &name, &value)
            body(
                UnsafeBufferPointer(start: name.bytes, count: name.length),
                UnsafeBufferPointer(start: value.bytes, count: value.length))
        }
    }

    /// Appends the current element's attributes to the tree, as written
    /// (qualified names), in order, `xmlns` declarations left out.
    func appendAttributes(to tree: KMLTree) {
        forEachAttribute { name, value in
            if !name.starts(with: "xmlns".utf8) { tree.appendAttribute(name: name, value: value) }
        }
    }

    /// The current element's prefixed namespace declarations
    /// (`xmlns:gpxtpx="..."`), in order.
    func namespaceDeclarations() -> [(prefix: String, uri: String)] {
        var result: [(prefix: String, uri: String)] = []
        forEachAttribute { name, value in
            if name.starts(with: "xmlns:".utf8) {
                result.append(
                    (
                        String(decoding: UnsafeBufferPointer(rebasing: name[6...]), as: UTF8.self),
                        String(decoding: value, as: UTF8.self)
                    ))
            }
        }
        return result
    }
}
