/// One KML element read into memory: its name, attributes, text and child
/// elements, as a view of a ``KMLTree``. The streaming reader builds a
/// tree for each Placemark, Style, StyleMap and Schema, never for the
/// whole document.
///
/// ```swift
/// placemark.child(.name)?.text          // "Big Ben"
/// placemark.attribute("id")             // "big-ben"
/// ```
///
/// Elements in foreign namespaces are kept with a `{foreign}` name, so that
/// they never match a KML name. Text is kept as the bytes of the element's
/// own text and CDATA children (coordinates are parsed from them without
/// building a String).
///
/// The view does not retain its tree: it is valid while the tree is alive
/// and unchanged (during one decoding call).
struct KMLElement {
    unowned(unsafe) let tree: KMLTree
    let index: Int

    private var node: KMLTree.Node { tree.node(index) }

    /// The interned name.
    var nameID: Int32 { node.name }
    /// The element's tag, nil for a name the decoders do not look for.
    var tag: KMLTag? { KMLTag(rawValue: node.name) }
    func `is`(_ tag: KMLTag) -> Bool { node.name == tag.rawValue }
    /// The element's KML local name (`{foreign}...` for foreign elements).
    var name: String { tree.names.name(node.name) }
    /// The 1-based line where the element starts (0 when unknown).
    var line: Int { node.line }
    /// True when some of the text came from a CDATA section.
    var hasCDATA: Bool { node.hasCDATA }

    /// The element's own text bytes (valid during `body`).
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let node = self.node
        if node.firstSegment < 0 { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        if node.firstSegment == node.lastSegment {
            return body(tree.bytes(of: tree.segment(node.firstSegment)))
        }
        var result: [UInt8] = []
        tree.appendOwnText(of: index, to: &result)
        return result.withUnsafeBufferPointer(body)
    }

    /// The element's own text, as written (not trimmed).
    var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// All text inside the element, its descendants' included (the DOM's
    /// `textContent`).
    var textContent: String { withTextContent { String(decoding: $0, as: UTF8.self) } }

    /// All text inside the element as bytes (valid during `body`): the
    /// element's own text when it has no children, without a copy.
    func withTextContent<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if node.end == index + 1 { return withBytes(body) }
        var result: [UInt8] = []
        tree.appendTextContent(of: index, to: &result)
        return result.withUnsafeBufferPointer(body)
    }

    /// The value of an attribute, by qualified name.
    func attribute(_ name: String) -> String? {
        withAttribute(name) { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The bytes of an attribute's value, by qualified name (nil when
    /// absent), valid during `body`.
    func withAttribute<R>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>?) -> R) -> R {
        let node = self.node
        var name = name
        return name.withUTF8 { key in
            for i in node.attributeStart..<node.attributeEnd {
                let attribute = tree.attribute(i)
                if attribute.name.count == key.count, attribute.name.elementsEqual(key) { return body(attribute.value) }
            }
            return body(nil)
        }
    }

    /// The direct children, in order.
    var children: Children { Children(tree: tree, parent: index) }

    struct Children: Sequence, IteratorProtocol {
        unowned(unsafe) let tree: KMLTree
        var position: Int
        let end: Int

        init(tree: KMLTree, parent: Int) {
            self.tree = tree
            self.position = parent + 1
            self.end = tree.node(parent).end
        }

        mutating func next() -> KMLElement? {
            guard position < end else { return nil }
            let element = KMLElement(tree: tree, index: position)
            position = tree.node(position).end
            return element
        }
    }

    /// The first direct child with this name.
    func child(_ tag: KMLTag) -> KMLElement? {
        let nodes = tree.storage.pointee.nodes
        var child = index + 1
        let end = nodes[index].end
        while child < end {
            if nodes[child].name == tag.rawValue { return KMLElement(tree: tree, index: child) }
            child = nodes[child].end
        }
        return nil
    }

    /// Every direct child with this name.
    func children(named tag: KMLTag) -> [KMLElement] {
        children.filter { $0.is(tag) }
    }

    /// The first element with this name at any depth below this one, in
    /// document order.
    func descendant(_ tag: KMLTag) -> KMLElement? {
        let nodes = tree.storage.pointee.nodes
        for i in (index + 1)..<nodes[index].end where nodes[i].name == tag.rawValue {
            return KMLElement(tree: tree, index: i)
        }
        return nil
    }

    /// Every element with this name at any depth below this one, in
    /// document order.
    func descendants(named tag: KMLTag) -> [KMLElement] {
        let nodes = tree.storage.pointee.nodes
        var result: [KMLElement] = []
        for i in (index + 1)..<nodes[index].end where nodes[i].name == tag.rawValue {
            result.append(KMLElement(tree: tree, index: i))
        }
        return result
    }

    /// The trimmed text of a direct child, nil when absent or empty.
    func value(_ tag: KMLTag) -> String? {
        guard let child = child(tag) else { return nil }
        let text = child.textContent.trimmedKMLWhitespace
        return text.isEmpty ? nil : text
    }

    /// A direct child's text as a number, when it is one.
    func number(_ tag: KMLTag) -> Double? {
        value(tag).flatMap { Double($0) }
    }

    // MARK: By interned name (GPX and TCX)

    /// The first element named `id` inside this one, in document order
    /// (the DOM's `getElementsByTagName(name)[0]`).
    func firstDescendant(_ id: Int32) -> KMLElement? {
        let nodes = tree.storage.pointee.nodes
        for i in (index + 1)..<nodes[index].end where nodes[i].name == id { return KMLElement(tree: tree, index: i) }
        return nil
    }

    /// The first element inside this one, in document order, for which
    /// `predicate` holds.
    func firstDescendant(where predicate: (KMLElement) -> Bool) -> KMLElement? {
        for i in (index + 1)..<tree.storage.pointee.nodes[index].end {
            let element = KMLElement(tree: tree, index: i)
            if predicate(element) { return element }
        }
        return nil
    }

    /// Every element named `id` inside this one, in document order.
    func allDescendants(_ id: Int32) -> [KMLElement] {
        let nodes = tree.storage.pointee.nodes
        var result: [KMLElement] = []
        for i in (index + 1)..<nodes[index].end where nodes[i].name == id {
            result.append(KMLElement(tree: tree, index: i))
        }
        return result
    }

    /// Calls `body` with every element inside this one, in document order.
    func forEachDescendant(_ body: (KMLElement) -> Void) {
        for i in (index + 1)..<tree.storage.pointee.nodes[index].end { body(KMLElement(tree: tree, index: i)) }
    }

    /// The element's name as written (`gpxtpx:hr`, `time`).
    var qualifiedName: String {
        let name = self.name
        return name.hasPrefix("{foreign}") ? String(name.dropFirst(9)) : name
    }
}
