import MeridianCore

/// Fills an SQLite R*Tree virtual table (`CREATE VIRTUAL TABLE ... USING
/// rtree(id, minx, maxx, miny, maxy)`) with every box at once, by writing
/// its three shadow tables directly, as GDAL's GeoPackage driver does for
/// large layers, instead of inserting box by box.
///
/// ```swift
/// var packer = RTreePacker()
/// packer.append(id: 1, box: BoundingBox(west: 2, south: 48, east: 3, north: 49))
/// try packer.write(into: "rtree_parcels_geom", of: database)
/// ```
///
/// Inserting a million boxes one at a time costs SQLite a million
/// descents, node splits and forced reinsertions (about 10 s). A bulk
/// load sorts them once into a Sort-Tile-Recursive packed tree (Leutenegger,
/// Lopez and Edgington, 1997): boxes sorted by x into vertical slices, each
/// slice by y, cut into full nodes; then the same one level up, until one
/// node, the root, remains. Nodes are full, so the tree is smaller and as
/// good to search as one built by insertion.
///
/// The storage is SQLite's own (ext/rtree/rtree.c): node `nodeno` is a blob
/// in `<name>_node`, 2 bytes of tree depth (root only), 2 bytes of cell
/// count, then cells of an 8-byte id and four 4-byte floats (minx, maxx,
/// miny, maxy), all big-endian; the root is node 1 and its blob length is
/// the node size every node has (4 + 51 cells of 24 bytes with the 64 KB
/// pages our GeoPackages use); `<name>_rowid` maps each box's id to its
/// leaf, `<name>_parent` each other node to its parent. Coordinates are
/// rounded outward to 32-bit floats as SQLite rounds them (`rtreeValueDown`,
/// `rtreeValueUp`), so a box always covers its geometry. SQLite's
/// `rtreecheck()` accepts the result; the tests run it.
struct RTreePacker {
    struct Cell {
        var id: Int64
        var minX, maxX, minY, maxY: Float
    }

    /// SQLite's RTREE_MAXCELLS: the most cells a node holds.
    static let maximumCells = 51
    private(set) var cells: [Cell] = []

    mutating func append(id: Int64, box: BoundingBox) {
        cells.append(
            Cell(
                id: id, minX: Self.down(box.west), maxX: Self.up(box.east), minY: Self.down(box.south),
                maxY: Self.up(box.north)))
    }

    /// The largest float not above `value` (SQLite's rtreeValueDown).
    static func down(_ value: Double) -> Float {
        var f = Float(value)
        if Double(f) > value { f = Float(value * (value < 0 ? 1 + 1 / 8_388_608 : 1 - 1 / 8_388_608)) }
        return f
    }

    /// The smallest float not below `value` (SQLite's rtreeValueUp).
    static func up(_ value: Double) -> Float {
        var f = Float(value)
        if Double(f) < value { f = Float(value * (value < 0 ? 1 - 1 / 8_388_608 : 1 + 1 / 8_388_608)) }
        return f
    }

    /// Groups `cells` into nodes of at most ``maximumCells``, Sort-Tile-Recursive.
    static func tiles(_ cells: inout [Cell]) -> [Range<Int>] {
        let m = maximumCells
        let nodes = (cells.count + m - 1) / m
        let slices = Int(Double(nodes).squareRoot().rounded(.up))
        let sliceSize = slices * m
        cells.sort { $0.minX + $0.maxX < $1.minX + $1.maxX }
        var groups: [Range<Int>] = []
        var start = 0
        while start < cells.count {
            let end = min(start + sliceSize, cells.count)
            cells[start..<end].sort { $0.minY + $0.maxY < $1.minY + $1.maxY }
            var node = start
            while node < end {
                groups.append(node..<min(node + m, end))
                node += m
            }
            start = end
        }
        return groups
    }

    /// Replaces the contents of the R*Tree table `name` (created empty,
    /// in `database`) with the packed tree of every box appended.
    mutating func write(into name: String, of database: SQLiteDatabase) throws(DiagnosticError) {
        let nodeSize = 4 + Self.maximumCells * 24
        let nodes = try database.prepare(
            "INSERT OR REPLACE INTO \(SQLiteDatabase.quoted(name + "_node")) (nodeno, data) VALUES (?, ?)")
        let parents = try database.prepare(
            "INSERT INTO \(SQLiteDatabase.quoted(name + "_parent")) (nodeno, parentnode) VALUES (?, ?)")
        var leafOf: [(id: Int64, node: Int64)] = []
        leafOf.reserveCapacity(cells.count)
        var blob = [UInt8](repeating: 0, count: nodeSize)

        func writeNode(_ number: Int64, depth: Int, _ group: ArraySlice<Cell>) throws(DiagnosticError) {
            for i in blob.indices { blob[i] = 0 }
            if number == 1 { Self.put(UInt16(depth), into: &blob, at: 0) }
            Self.put(UInt16(group.count), into: &blob, at: 2)
            var offset = 4
            for cell in group {
                Self.put(UInt64(bitPattern: cell.id), into: &blob, at: offset)
                for (index, value) in [cell.minX, cell.maxX, cell.minY, cell.maxY].enumerated() {
                    Self.put(value.bitPattern, into: &blob, at: offset + 8 + 4 * index)
                }
                offset += 24
            }
            nodes.bind(number, at: 1)
            nodes.bind(blob, at: 2)
            _ = try nodes.step()
            nodes.reset()
            for cell in group {
                if depth == 0 {
                    leafOf.append((cell.id, number))
                } else {
                    parents.bind(cell.id, at: 1)
                    parents.bind(number, at: 2)
                    _ = try parents.step()
                    parents.reset()
                }
            }
        }

        var level = cells
        cells = []
        var depth = 0
        var next: Int64 = 2
        while level.count > Self.maximumCells {
            var above: [Cell] = []
            for range in Self.tiles(&level) {
                let group = level[range]
                try writeNode(next, depth: depth, group)
                var box = group.first!
                for cell in group.dropFirst() {
                    box.minX = min(box.minX, cell.minX)
                    box.maxX = max(box.maxX, cell.maxX)
                    box.minY = min(box.minY, cell.minY)
                    box.maxY = max(box.maxY, cell.maxY)
                }
                box.id = next
                above.append(box)
                next += 1
            }
            level = above
            depth += 1
        }
        try writeNode(1, depth: depth, level[...])
        // Ids in order: SQLite appends to the rowid table's B-tree.
        leafOf.sort { $0.id < $1.id }
        let rowids = try database.prepare(
            "INSERT INTO \(SQLiteDatabase.quoted(name + "_rowid")) (rowid, nodeno) VALUES (?, ?)")
        for (id, node) in leafOf {
            rowids.bind(id, at: 1)
            rowids.bind(node, at: 2)
            _ = try rowids.step()
            rowids.reset()
        }
    }

    private static func put<T: FixedWidthInteger>(_ value: T, into bytes: inout [UInt8], at offset: Int) {
        var big = value.bigEndian
        withUnsafeBytes(of: &big) { raw in
            for (index, byte) in raw.enumerated() { bytes[offset + index] = byte }
        }
    }
}
