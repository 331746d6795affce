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
        /// How many nodes the tree held when the text was read: the text
        /// comes before the children from this index on.
        var nodeCount = 0
    }

    /// An attribute's qualified name and value, as ranges of `bytes`.
    struct Attribute {
        var nameStart: Int
        var valueStart: Int
        var valueEnd: Int
    }

    struct Storage {
        var nodes = TrivialBuffer<Node>(capacity: 64)
        var segments = TrivialBuffer<Segment>(capacity: 64)
        var bytes = TrivialBuffer<UInt8>(capacity: 4096)
        var attributes = TrivialBuffer<Attribute>(capacity: 16)
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
        storage.pointee.attributes.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    var root: KMLElement { KMLElement(tree: self, index: 0) }

    func node(_ index: Int) -> Node { storage.pointee.nodes[index] }
    func segment(_ index: Int) -> Segment { storage.pointee.segments[index] }
    var attributeCount: Int { storage.pointee.attributes.count }

    /// An attribute's qualified name and value bytes (valid until the tree changes).
    func attribute(_ index: Int) -> (name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        let attribute = storage.pointee.attributes[index]
        return (
            storage.pointee.bytes.buffer(attribute.nameStart, attribute.valueStart),
            storage.pointee.bytes.buffer(attribute.valueStart, attribute.valueEnd)
        )
    }

    /// Appends an attribute of the element about to be opened.
    func appendAttribute(name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>) {
        let nameStart = storage.pointee.bytes.count
        storage.pointee.bytes.append(contentsOf: name)
        let valueStart = storage.pointee.bytes.count
        storage.pointee.bytes.append(contentsOf: value)
        storage.pointee.attributes.append(
            Attribute(nameStart: nameStart, valueStart: valueStart, valueEnd: storage.pointee.bytes.count))
    }

    func removeAll() {
        storage.pointee.nodes.removeAll()
        storage.pointee.segments.removeAll()
        storage.pointee.bytes.removeAll()
        storage.pointee.attributes.removeAll()
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
        let nodeCount = nodes.count
        if last >= 0, storage.pointee.segments[last].end == start, storage.pointee.segments[last].nodeCount == nodeCount
        {
            storage.pointee.segments[last].end = end
            return
        }
        storage.pointee.segments.append(Segment(start: start, end: end, nodeCount: nodeCount))
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

    /// Appends the node's own text (its segments, in order) to `result`.
    func appendOwnText(of index: Int, to result: inout [UInt8]) {
        var segment = node(index).firstSegment
        while segment >= 0 {
            let s = self.segment(segment)
            result.append(contentsOf: bytes(of: s))
            segment = s.next
        }
    }

    /// Appends all text inside the node, its descendants' included, to `result`.
    /// In document order: the element's own text and its children's
    /// interleave as they did in the file. Iterative, with a stack of the
    /// elements entered, so that elements nested a hundred thousand deep
    /// (a hostile `<description>`) cost memory, not the thread's stack.
    func appendTextContent(of index: Int, to result: inout [UInt8]) {
        /// An element being read: its next text segment and next child.
        typealias Frame = (segment: Int, child: Int, end: Int)
        var stack: [Frame] = [(node(index).firstSegment, index + 1, node(index).end)]
        while var frame = stack.popLast() {
            while frame.segment >= 0, self.segment(frame.segment).nodeCount <= frame.child {
                let s = self.segment(frame.segment)
                result.append(contentsOf: bytes(of: s))
                frame.segment = s.next
            }
            guard frame.child < frame.end else { continue }
            let child = frame.child
            frame.child = node(child).end
            stack.append(frame)
            stack.append((node(child).firstSegment, child + 1, node(child).end))
        }
    }
}
