import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianGeoPackage

/// The packed R*Tree is SQLite's own format: `rtreecheck()` accepts it,
/// and SQLite's R*Tree queries over it find exactly the boxes a scan finds,
/// for trees of one node, of one node too many, and of several levels.
@Suite struct RTreePackerTests {
    static func boxes(_ count: Int, seed: UInt64) -> [(id: Int64, box: BoundingBox)] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { index in
            let west = Double(random.below(3_600_000)) / 10_000 - 180
            let south = Double(random.below(1_700_000)) / 10_000 - 85
            // Points, small boxes and a few wide ones.
            let width = index % 7 == 0 ? 0 : Double(random.below(index % 50 == 0 ? 400_000 : 2_000)) / 10_000
            return (
                Int64(index * 3 + 1),
                BoundingBox(west: west, south: south, east: min(180, west + width), north: min(85, south + width / 2))
            )
        }
    }

    @Test(arguments: [0, 1, 51, 52, 2_600, 20_000])
    func sqliteAcceptsAndSearchesThePackedTree(count: Int) throws {
        try withTemporaryFolder { folder in
            let database = try SQLiteDatabase(file: folder.appendingPathComponent("t.sqlite").path, readOnly: false)
            try database.execute(
                "PRAGMA page_size = 65536; CREATE VIRTUAL TABLE r USING rtree(id, minx, maxx, miny, maxy);")
            let boxes = Self.boxes(count, seed: UInt64(count))
            var packer = RTreePacker()
            for (id, box) in boxes { packer.append(id: id, box: box) }
            try database.execute("BEGIN")
            try packer.write(into: "r", of: database)
            try database.execute("COMMIT")

            let check = try database.prepare("SELECT rtreecheck('r')")
            #expect(try check.step() && check.text(0) == "ok")
            let total = try database.prepare("SELECT count(*) FROM r")
            #expect(try total.step() && total.int(0) == Int64(count))

            var random = SeededRandom(seed: 99)
            let query = try database.prepare(
                "SELECT id FROM r WHERE maxx >= ? AND minx <= ? AND maxy >= ? AND miny <= ? ORDER BY id")
            for _ in 0..<20 {
                let west = Double(random.below(340)) - 180
                let south = Double(random.below(160)) - 80
                let window = BoundingBox(west: west, south: south, east: west + 20, north: south + 10)
                query.bind(window.west, at: 1)
                query.bind(window.east, at: 2)
                query.bind(window.south, at: 3)
                query.bind(window.north, at: 4)
                var found: [Int64] = []
                while try query.step() { found.append(query.int(0)) }
                query.reset()
                // SQLite's float boxes are rounded outward; none is near a
                // window edge by less than that rounding here.
                let expected = boxes.filter {
                    $0.box.east >= window.west && $0.box.west <= window.east && $0.box.north >= window.south
                        && $0.box.south <= window.north
                }.map(\.id).sorted()
                #expect(found == expected)
            }
        }
    }

    @Test func coordinatesAreRoundedOutwardAsSQLiteRoundsThem() {
        for value in [0.1, -0.1, 179.999_999_9, -179.999_999_9, 1e-30, 51.507_222_2] {
            #expect(Double(RTreePacker.down(value)) <= value && Double(RTreePacker.up(value)) >= value)
            #expect(Double(RTreePacker.up(value)) - Double(RTreePacker.down(value)) <= abs(value) * 3e-7)
        }
        #expect(RTreePacker.down(0.5) == 0.5 && RTreePacker.up(0.5) == 0.5)
    }
}
