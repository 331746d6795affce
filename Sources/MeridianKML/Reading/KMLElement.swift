/// One KML element read into memory: its KML local name, attributes, text
/// and child elements. The streaming reader builds one of these for each
/// Placemark, Style, StyleMap and Schema, never for the whole document.
///
/// ```swift
/// placemark.child("name")?.text          // "Big Ben"
/// placemark.attribute("id")              // "big-ben"
/// ```
///
/// Elements in foreign namespaces are kept with a `{namespace}` or `prefix:`
/// name, so that they never match a KML name. Text is kept as the bytes
/// of the element's own text and CDATA children (coordinates are parsed
/// from them without building a String).
struct KMLElement {
    var name: String
    var attributes: [(name: String, value: String)]
    var children: [KMLElement] = []
    /// The UTF-8 bytes of the element's direct text and CDATA children.
    var bytes: [UInt8] = []
    /// True when some of the text came from a CDATA section.
    var hasCDATA = false
    /// The 1-based line where the element starts (0 when unknown).
    var line: Int

    init(name: String, attributes: [(name: String, value: String)] = [], line: Int = 0) {
        self.name = name
        self.attributes = attributes
        self.line = line
    }

    /// The element's own text, as written (not trimmed).
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// All text inside the element, its descendants' included (the DOM's
    /// `textContent`).
    var textContent: String {
        if children.isEmpty { return text }
        var result: [UInt8] = []
        appendText(to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    private func appendText(to result: inout [UInt8]) {
        // Element text and child text interleave in the file; KML text
        // elements have no element children, so document order within the
        // element is approximated as own text, then children's.
        result.append(contentsOf: bytes)
        for child in children { child.appendText(to: &result) }
    }

    /// The value of an attribute, by qualified name.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// The first direct child with this name.
    func child(_ name: String) -> KMLElement? {
        children.first { $0.name == name }
    }

    /// Every direct child with this name.
    func children(named name: String) -> [KMLElement] {
        children.filter { $0.name == name }
    }

    /// The first element with this name at any depth below this one, in
    /// document order.
    func descendant(_ name: String) -> KMLElement? {
        for child in children {
            if child.name == name { return child }
            if let found = child.descendant(name) { return found }
        }
        return nil
    }

    /// Every element with this name at any depth below this one.
    func descendants(named name: String) -> [KMLElement] {
        var result: [KMLElement] = []
        collect(name, into: &result)
        return result
    }

    private func collect(_ name: String, into result: inout [KMLElement]) {
        for child in children {
            if child.name == name { result.append(child) }
            child.collect(name, into: &result)
        }
    }

    /// The trimmed text of a direct child, nil when absent or empty.
    func value(_ name: String) -> String? {
        guard let child = child(name) else { return nil }
        let text = child.textContent.trimmedKMLWhitespace
        return text.isEmpty ? nil : text
    }

    /// A direct child's text as a number, when it is one.
    func number(_ name: String) -> Double? {
        value(name).flatMap { Double($0) }
    }
}

extension String {
    /// The string without leading and trailing XML whitespace (space, tab,
    /// carriage return, line feed).
    var trimmedKMLWhitespace: String {
        let utf8 = self.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = utf8.lastIndex(where: { !isSpace($0) })!
        return String(self[first...last])
    }
}
