/// FlatGeobuf's static packed Hilbert R-tree: every node 40 bytes (four
/// doubles of bounds, then a 64-bit offset), levels stored root first and
/// leaves last; a leaf's offset is its feature's byte offset in the
/// features section, an inner node's the index of its first child, whose
/// `nodeSize` children follow it.
struct PackedRTree {
    struct Box {
        var minX, minY, maxX, maxY: Double

        static let empty = Box(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

        mutating func expand(_ other: Box) {
            minX = min(minX, other.minX)
            minY = min(minY, other.minY)
            maxX = max(maxX, other.maxX)
            maxY = max(maxY, other.maxY)
        }

        func intersects(_ other: Box) -> Bool {
            maxX >= other.minX && maxY >= other.minY && minX <= other.maxX && minY <= other.maxY
        }
    }

    static let nodeBytes = 40

    /// Each level's range of node indices, leaves first; nil when the
    /// counts overflow (a header that lies).
    static func levels(items: Int, nodeSize: Int) -> [Range<Int>]? {
        guard nodeSize >= 2, items > 0 else { return nil }
        var counts = [items]
        var total = items
        var count = items
        repeat {
            count = count / nodeSize + (count % nodeSize == 0 ? 0 : 1)
            let (sum, overflow) = total.addingReportingOverflow(count)
            guard !overflow else { return nil }
            total = sum
            counts.append(count)
        } while count != 1
        var ranges: [Range<Int>] = []
        var end = total
        for count in counts {
            ranges.append(end - count..<end)
            end -= count
        }
        return ranges
    }

    /// The bytes an index of `items` takes; nil when it cannot exist.
    static func size(items: Int, nodeSize: Int) -> Int? {
        guard let levels = levels(items: items, nodeSize: nodeSize) else { return nil }
        let (bytes, overflow) = levels[0].upperBound.multipliedReportingOverflow(by: nodeBytes)
        return overflow ? nil : bytes
    }

    /// The features whose bounds meet `box`: their byte offsets in the
    /// features section and their numbers, in file order. `index` is the
    /// tree's bytes; every child and feature offset is checked, so a tree
    /// that lies is an error rather than a loop or a read outside it.
    static func search(
        _ index: UnsafeRawBufferPointer, items: Int, nodeSize: Int, featuresSize: Int, box: Box
    ) throws(FlatBufferError) -> [(offset: Int, number: Int)] {
        guard let levels = levels(items: items, nodeSize: nodeSize),
            index.count >= levels[0].upperBound * nodeBytes
        else { throw FlatBufferError(message: "the index is shorter than its \(items) features need") }
        let leaves = levels[0]
        var found: [(offset: Int, number: Int)] = []
        // (first node, level), processed depth first.
        var pending = [(0, levels.count - 1)]
        while let (first, level) = pending.popLast() {
            let end = min(first + nodeSize, levels[level].upperBound)
            for node in first..<end {
                let at = node * nodeBytes
                let bounds = Box(
                    minX: FlatBufferTable.double(index, at), minY: FlatBufferTable.double(index, at + 8),
                    maxX: FlatBufferTable.double(index, at + 16), maxY: FlatBufferTable.double(index, at + 24))
                guard bounds.intersects(box) else { continue }
                let offset = FlatBufferTable.uint64(index, at + 32)
                if level == 0 {
                    guard offset < UInt64(featuresSize) else {
                        throw FlatBufferError(
                            message:
                                "leaf \(node - leaves.lowerBound + 1) of the index points past the end of the features")
                    }
                    found.append((Int(offset), node - leaves.lowerBound))
                } else {
                    let children = levels[level - 1]
                    guard offset >= UInt64(children.lowerBound), offset < UInt64(children.upperBound) else {
                        throw FlatBufferError(message: "node \(node) of the index points outside the level below it")
                    }
                    pending.append((Int(offset), level - 1))
                }
            }
        }
        found.sort { $0.offset < $1.offset }
        return found
    }

    /// The index over `boxes` (already in the order their features are
    /// written) whose features start at `offsets`.
    static func build(boxes: [Box], offsets: [UInt64], nodeSize: Int) -> [UInt8] {
        guard let levels = levels(items: boxes.count, nodeSize: nodeSize) else { return [] }
        var nodes = [Box](repeating: .empty, count: levels[0].upperBound)
        var pointers = [UInt64](repeating: 0, count: levels[0].upperBound)
        let leaves = levels[0]
        for (number, box) in boxes.enumerated() {
            nodes[leaves.lowerBound + number] = box
            pointers[leaves.lowerBound + number] = offsets[number]
        }
        for level in 1..<levels.count {
            let children = levels[level - 1]
            for (parent, first) in zip(
                levels[level], stride(from: children.lowerBound, to: children.upperBound, by: nodeSize))
            {
                var box = Box.empty
                for child in first..<min(first + nodeSize, children.upperBound) { box.expand(nodes[child]) }
                nodes[parent] = box
                pointers[parent] = UInt64(first)
            }
        }
        var writer = FlatBufferBuilder(rootSlot: false)
        for (box, pointer) in zip(nodes, pointers) {
            for value in [box.minX, box.minY, box.maxX, box.maxY] { writer.append64(value.bitPattern) }
            writer.append64(pointer)
        }
        return writer.bytes
    }

    /// The position of a box's centre on a Hilbert curve of 2^16 by 2^16
    /// cells over `extent`, as FlatGeobuf's writers sort features.
    static func hilbertValue(_ box: Box, extent: Box) -> UInt32 {
        func cell(_ value: Double, _ low: Double, _ width: Double) -> UInt32 {
            guard width > 0 else { return 0 }
            let scaled = 65535 * (value - low) / width
            return scaled.isFinite ? UInt32(max(0, min(65535, scaled.rounded(.down)))) : 0
        }
        let x = cell((box.minX + box.maxX) / 2, extent.minX, extent.maxX - extent.minX)
        let y = cell((box.minY + box.maxY) / 2, extent.minY, extent.maxY - extent.minY)
        return hilbert(x, y)
    }

    /// The Hilbert index of cell (x, y) of a 2^16 grid, by the bitwise
    /// method without loops (after Rawrunprotected's "2D Hilbert curves
    /// in O(1)").
    static func hilbert(_ x: UInt32, _ y: UInt32) -> UInt32 {
        var a = x ^ y
        var b = 0xFFFF ^ a
        var c = 0xFFFF ^ (x | y)
        var d = x & (y ^ 0xFFFF)

        var nextA = a | (b >> 1)
        var nextB = (a >> 1) ^ a
        var nextC = ((c >> 1) ^ (b & (d >> 1))) ^ c
        var nextD = ((a & (c >> 1)) ^ (d >> 1)) ^ d

        (a, b, c, d) = (nextA, nextB, nextC, nextD)
        nextA = (a & (a >> 2)) ^ (b & (b >> 2))
        nextB = (a & (b >> 2)) ^ (b & ((a ^ b) >> 2))
        nextC ^= (a & (c >> 2)) ^ (b & (d >> 2))
        nextD ^= (b & (c >> 2)) ^ ((a ^ b) & (d >> 2))

        (a, b, c, d) = (nextA, nextB, nextC, nextD)
        nextA = (a & (a >> 4)) ^ (b & (b >> 4))
        nextB = (a & (b >> 4)) ^ (b & ((a ^ b) >> 4))
        nextC ^= (a & (c >> 4)) ^ (b & (d >> 4))
        nextD ^= (b & (c >> 4)) ^ ((a ^ b) & (d >> 4))

        (a, b, c, d) = (nextA, nextB, nextC, nextD)
        nextC ^= (a & (c >> 8)) ^ (b & (d >> 8))
        nextD ^= (b & (c >> 8)) ^ ((a ^ b) & (d >> 8))

        a = nextC ^ (nextC >> 1)
        b = nextD ^ (nextD >> 1)
        var i0 = x ^ y
        var i1 = b | (0xFFFF ^ (i0 | a))
        func spread(_ value: UInt32) -> UInt32 {
            var v = (value | (value << 8)) & 0x00FF_00FF
            v = (v | (v << 4)) & 0x0F0F_0F0F
            v = (v | (v << 2)) & 0x3333_3333
            return (v | (v << 1)) & 0x5555_5555
        }
        i0 = spread(i0)
        i1 = spread(i1)
        return (i1 << 1) | i0
    }
}
