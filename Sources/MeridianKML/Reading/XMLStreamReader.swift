import CLibXML2
import MeridianCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libxml2's streaming reader, seen from Swift: one node at a time, element
/// names resolved to their KML local names once per distinct name.
///
/// ```swift
/// let stream = try XMLStreamReader(path: "tour.kml", fileName: "tour.kml")
/// while try stream.read() {
///     if stream.nodeType == .element, stream.kmlName == "Placemark" { ... }
/// }
/// ```
///
/// Cost: libxml2 keeps only the current node and its ancestors, so memory
/// does not grow with the file. Names are interned by libxml2's dictionary;
/// this type caches the Swift string for each (name, namespace) pointer
/// pair, so a name is converted once per document, not once per node.
/// Never loads a DTD, expands an entity or touches the network.
final class XMLStreamReader {
    enum NodeType: Int32 {
        case element = 1, text = 3, cdata = 4, entityReference = 5, documentType = 10
        case whitespace = 13, significantWhitespace = 14, endElement = 15
        case other = 0
    }

    /// The namespaces whose elements are KML, matched by local name. Google's
    /// extension namespace is included: `gx:Track` is read as `Track`.
    static let kmlNamespaces: Set<String> = [
        "http://www.opengis.net/kml/2.2", "http://earth.google.com/kml/2.0", "http://earth.google.com/kml/2.1",
        "http://earth.google.com/kml/2.2", "http://www.google.com/kml/ext/2.2",
    ]

    private struct NameKey: Hashable {
        var local: UnsafeRawPointer
        var namespace: UnsafeRawPointer?
    }

    private let handle: OpaquePointer
    private let buffer: UnsafeMutableRawBufferPointer?
    private let fileName: String?
    private var names: [NameKey: (kml: String?, qualified: String)] = [:]
    /// True when walking a tree rebuilt by libxml2's recovery mode.
    let isRecovering: Bool

    private(set) var nodeType: NodeType = .other
    private(set) var depth = 0
    private(set) var isEmptyElement = false
    /// The element's KML local name (prefix stripped), or nil for an element
    /// in another namespace (atom:, xal:, ...).
    private(set) var kmlName: String?
    /// The element's name as written, for messages.
    private(set) var qualifiedName = ""

    /// Streams a file from disk.
    init(path: String, fileName: String?) throws(DiagnosticError) {
        guard let handle = mx_reader_open_file(path) else {
            throw DiagnosticError(code: "io.input.open", message: "cannot read \(path)", location: SourceLocation(file: fileName ?? path))
        }
        self.handle = handle
        self.buffer = nil
        self.fileName = fileName
        self.isRecovering = false
    }

    /// Reads bytes in memory; `recovering` parses them with libxml2's
    /// recovery mode into a tree first (for broken files).
    init(bytes: [UInt8], fileName: String?, recovering: Bool) throws(DiagnosticError) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 1)
        bytes.withUnsafeBytes { source in
            if let base = source.baseAddress { copy.baseAddress!.copyMemory(from: base, byteCount: source.count) }
        }
        let pointer = copy.baseAddress!.assumingMemoryBound(to: CChar.self)
        let opened = recovering
            ? mx_reader_open_recovering(pointer, bytes.count, fileName)
            : mx_reader_open_memory(pointer, bytes.count, fileName)
        guard let opened else {
            copy.deallocate()
            throw DiagnosticError(code: "kml.xml.syntax", message: "libxml2 could not start reading the document", location: SourceLocation(file: fileName))
        }
        self.handle = opened
        self.buffer = copy
        self.fileName = fileName
        self.isRecovering = recovering
    }

    deinit {
        mx_reader_free(handle)
        buffer?.deallocate()
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
        let result = mx_reader_read(handle)
        if result == 0 { return false }
        if result < 0 {
            throw DiagnosticError(
                firstError
                    ?? Diagnostic(
                        severity: .error, code: "kml.xml.syntax", message: "XML error",
                        location: SourceLocation(file: fileName, line: line)))
        }
        nodeType = NodeType(rawValue: mx_reader_node_type(handle)) ?? .other
        if nodeType == .element || nodeType == .endElement {
            depth = Int(mx_reader_depth(handle))
            isEmptyElement = nodeType == .element && mx_reader_is_empty_element(handle) == 1
            resolveName()
        }
        return true
    }

    private func resolveName() {
        guard let local = mx_reader_local_name(handle) else {
            kmlName = nil
            qualifiedName = ""
            return
        }
        let namespace = mx_reader_namespace_uri(handle)
        let key = NameKey(local: UnsafeRawPointer(local), namespace: namespace.map { UnsafeRawPointer($0) })
        if let known = names[key] {
            kmlName = known.kml
            qualifiedName = known.qualified
            return
        }
        var localName = String(cString: local)
        let qualified = mx_reader_name(handle).map { String(cString: $0) } ?? localName
        var kml: String?
        if let namespace {
            let uri = String(cString: namespace)
            kml = Self.kmlNamespaces.contains(uri) ? localName : nil
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
        names[key] = (kml, qualified)
        kmlName = kml
        qualifiedName = qualified
    }

    /// The current text or CDATA node's bytes (valid until the next read).
    func withValueBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        guard let value = mx_reader_value(handle) else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        return body(UnsafeBufferPointer(start: value, count: strlen(value)))
    }

    /// The line of the current node (1-based; 0 when unknown).
    var line: Int { Int(mx_reader_line(handle)) }

    /// The current element's attributes, as written (qualified names), in order.
    func attributes() -> [(name: String, value: String)] {
        guard mx_reader_move_to_first_attribute(handle) == 1 else { return [] }
        var result: [(name: String, value: String)] = []
        repeat {
            let name = mx_reader_name(handle).map { String(cString: $0) } ?? ""
            let value = mx_reader_value(handle).map { String(cString: $0) } ?? ""
            if !name.hasPrefix("xmlns") { result.append((name, value)) }
        } while mx_reader_move_to_next_attribute(handle) == 1
        _ = mx_reader_move_to_element(handle)
        return result
    }
}
