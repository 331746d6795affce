import Testing

@testable import MeridianFlatGeobuf

struct PackedRTreeTests {
    @Test func levelsMatchTheFormat() {
        // 1 item: a leaf and a root; 17 items of 16: 17 + 2 + 1.
        #expect(PackedRTree.levels(items: 1, nodeSize: 16) == [1..<2, 0..<1])
        #expect(PackedRTree.levels(items: 17, nodeSize: 16) == [3..<20, 1..<3, 0..<1])
        #expect(PackedRTree.size(items: 17, nodeSize: 16) == 20 * 40)
        #expect(PackedRTree.levels(items: 10, nodeSize: 1) == nil)
        #expect(PackedRTree.size(items: Int.max, nodeSize: 2) == nil)
    }
}
