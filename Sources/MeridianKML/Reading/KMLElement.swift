/// The element names the decoders look for, interned: each has a fixed id
/// (its raw value) in every ``KMLNameTable``, so matching a name is an
/// integer compare. Case names are the KML local names as written.
enum KMLTag: Int32, CaseIterable {
    // Features and containers
    case kml, Document, Folder, Placemark, GroundOverlay, NetworkLink, PhotoOverlay
    // Shared styles and schemas
    case Style, StyleMap, CascadingStyle, Pair, key, styleUrl, Schema, SimpleField
    // Feature fields
    case name, address, visibility, `open`, phoneNumber, description, refreshVisibility, flyToView
    case ExtendedData, Data, value, SchemaData, SimpleData
    case TimeSpan, begin, end, TimeStamp, when
    case Link, Url, href, refreshMode, refreshInterval, viewRefreshMode, viewRefreshTime, viewBoundScale
    case viewFormat, httpQuery
    case Region, LatLonAltBox, Lod, minLodPixels, maxLodPixels, minFadeExtent, maxFadeExtent
    case north, south, east, west, rotation, LatLonBox, LatLonQuad, Icon
    // Geometries
    case MultiGeometry, MultiTrack, Point, LineString, LinearRing, Polygon, Track, coord, coordinates
    case outerBoundaryIs, innerBoundaryIs
    // Style fields
    case PolyStyle, LineStyle, LabelStyle, IconStyle, color, fill, outline, width, scale, heading, hotSpot
}

/// The element names of one document, interned to small integers: the
/// ``KMLTag`` names first (id = raw value), then every other name in the
/// order met. KML names are their local names; an element of a foreign
/// namespace is `{foreign}` + its qualified name, so it never matches a
/// KML name. Shared by every ``XMLStreamReader`` of a ``KMLFeatureReader``
/// (a recovery restart keeps the ids).
///
/// Cost: one dictionary lookup per distinct (name, namespace) pair of a
/// document; nodes then carry only the id.
final class KMLNameTable {
    private(set) var names: [String] = []
    /// Whether each name is a KML 2.2 / gx: element (for `kml.element.unknown`).
    private(set) var isKnown: [Bool] = []
    private var ids: [String: Int32] = [:]

    init() {
        for tag in KMLTag.allCases {
            let id = intern(String(describing: tag))
            assert(id == tag.rawValue)
        }
    }

    func intern(_ name: String) -> Int32 {
        if let id = ids[name] { return id }
        let id = Int32(names.count)
        names.append(name)
        isKnown.append(KMLElementNames.known.contains(name))
        ids[name] = id
        return id
    }

    func name(_ id: Int32) -> String { names[Int(id)] }
}

/// A growable buffer of trivial values (no reference counting, no
/// exclusivity checks): the storage of a ``KMLTree``.
struct TrivialBuffer<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = UnsafeMutablePointer<Element>.allocate(capacity: self.capacity)
    }

    func deallocate() { base.deallocate() }

    subscript(index: Int) -> Element {
        get {
            assert(index >= 0 && index < count)
            return base[index]
        }
        nonmutating set {
            assert(index >= 0 && index < count)
            base[index] = newValue
        }
    }

    mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + extra { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    mutating func append(_ element: Element) {
        if count == capacity { reserve(1) }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func removeAll() { count = 0 }
}

extension TrivialBuffer where Element == UInt8 {
    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        reserve(bytes.count)
        (base + count).initialize(from: source, count: bytes.count)
        count += bytes.count
    }

    func buffer(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + start, count: end - start)
    }
}

/// The elements of one Placemark (Style, StyleMap, Schema, ...) read into
/// memory, as flat value arrays in document order: no object per element,
/// and the buffers are reused from one Placemark to the next, so memory is
/// bounded by the largest Placemark.
///
/// A node's descendants are the nodes after it up to its `end`; its first
/// child is the next node, and a child's next sibling is at the child's
/// `end`. A node's own text (its direct text and CDATA children, as
/// written) is a chain of segments of `bytes`, almost always just one.
///
/// The buffers live behind one pointer, so that reading and appending
/// cost no reference counting and no dynamic exclusivity check.
final class KMLTree {
    struct Node {
        var name: Int32
        var hasCDATA = false
        /// One past the node's last descendant.
        var end: Int
        var line: Int
        var attributeStart: Int
        var attributeEnd: Int
        /// The first and last text segment, -1 when none.
        var firstSegment = -1
        var lastSegment = -1
    }

    struct Segment {
        var start: Int
        var end: Int
        var next = -1
    }

    struct Storage {
        var nodes = TrivialBuffer<Node>(capacity: 64)
        var segments = TrivialBuffer<Segment>(capacity: 64)
        var bytes = TrivialBuffer<UInt8>(capacity: 4096)
        var attributes: [(name: String, value: String)] = []
    }

    let names: KMLNameTable
    let storage: UnsafeMutablePointer<Storage>

    init(names: KMLNameTable) {
        self.names = names
        storage = UnsafeMutablePointer<Storage>.allocate(capacity: 1)
        storage.initialize(to: Storage())
    }

    deinit {
        storage.pointee.nodes.deallocate()
        storage.pointee.segments.deallocate()
        storage.pointee.bytes.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    var root: KMLElement { KMLElement(tree: self, index: 0) }

    func node(_ index: Int) -> Node { storage.pointee.nodes[index] }
    func segment(_ index: Int) -> Segment { storage.pointee.segments[index] }
    var attributeCount: Int { storage.pointee.attributes.count }
    func attribute(_ index: Int) -> (name: String, value: String) { storage.pointee.attributes[index] }

    func removeAll() {
        storage.pointee.nodes.removeAll()
        storage.pointee.segments.removeAll()
        storage.pointee.bytes.removeAll()
        storage.pointee.attributes.removeAll(keepingCapacity: true)
    }

    /// Starts an element whose attributes were appended to the storage's
    /// `attributes` since `attributeStart`; returns its index. Its `end`
    /// is set by ``close(_:)``.
    func open(name: Int32, line: Int, attributeStart: Int) -> Int {
        let index = storage.pointee.nodes.count
        storage.pointee.nodes.append(
            Node(
                name: name, end: index + 1, line: line, attributeStart: attributeStart,
                attributeEnd: storage.pointee.attributes.count))
        return index
    }

    func close(_ index: Int) {
        storage.pointee.nodes[index].end = storage.pointee.nodes.count
    }

    /// Appends text to the node's own text.
    func appendText(_ text: UnsafeBufferPointer<UInt8>, to index: Int, isCDATA: Bool) {
        let nodes = storage.pointee.nodes
        if isCDATA { nodes[index].hasCDATA = true }
        let start = storage.pointee.bytes.count
        storage.pointee.bytes.append(contentsOf: text)
        let end = storage.pointee.bytes.count
        let last = nodes[index].lastSegment
        if last >= 0, storage.pointee.segments[last].end == start {
            storage.pointee.segments[last].end = end
            return
        }
        storage.pointee.segments.append(Segment(start: start, end: end))
        let segment = storage.pointee.segments.count - 1
        if last >= 0 {
            storage.pointee.segments[last].next = segment
        } else {
            nodes[index].firstSegment = segment
        }
        nodes[index].lastSegment = segment
    }

    /// The bytes of a segment (valid until the tree changes).
    func bytes(of segment: Segment) -> UnsafeBufferPointer<UInt8> {
        storage.pointee.bytes.buffer(segment.start, segment.end)
    }

    fileprivate func appendOwnText(of index: Int, to result: inout [UInt8]) {
        var segment = node(index).firstSegment
        while segment >= 0 {
            let s = self.segment(segment)
            result.append(contentsOf: bytes(of: s))
            segment = s.next
        }
    }

    fileprivate func appendTextContent(of index: Int, to result: inout [UInt8]) {
        // Element text and child text interleave in the file; KML text
        // elements have no element children, so document order within the
        // element is approximated as own text, then children's.
        appendOwnText(of: index, to: &result)
        var child = index + 1
        let end = node(index).end
        while child < end {
            appendTextContent(of: child, to: &result)
            child = node(child).end
        }
    }
}

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
    var textContent: String {
        if node.end == index + 1 { return text }
        var result: [UInt8] = []
        tree.appendTextContent(of: index, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// The value of an attribute, by qualified name.
    func attribute(_ name: String) -> String? {
        let node = self.node
        for i in node.attributeStart..<node.attributeEnd {
            let attribute = tree.attribute(i)
            if attribute.name == name { return attribute.value }
        }
        return nil
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
}

extension String {
    /// The string without leading and trailing XML whitespace (space, tab,
    /// carriage return, line feed).
    var trimmedKMLWhitespace: String {
        let utf8 = self.utf8
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        guard let first = utf8.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = utf8.lastIndex(where: { !isSpace($0) })!
        if first == utf8.startIndex, last == utf8.index(before: utf8.endIndex) { return self }
        return String(self[first...last])
    }
}
