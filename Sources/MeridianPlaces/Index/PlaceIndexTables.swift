import MeridianCore
import MeridianLibC

// The tables and sections PlaceIndexBuilder fills: interned terms, ids,
// category codes and terms, and the arrays each part of a build returns.

/// Interned byte strings: each distinct one gets the next number.
struct TermTable {
    var arena: [UInt8] = []
    var starts: [UInt32] = [0]
    private var slots = [Int32](repeating: -1, count: 1 << 16)

    var count: Int { starts.count - 1 }

    func bytes(of term: Int) -> ArraySlice<UInt8> { arena[Int(starts[term])..<Int(starts[term + 1])] }

    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ hash >> 29)
    }

    /// Whether `arena` holds `bytes` from `start` (its length already checked).
    static func equal(_ arena: [UInt8], _ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.isEmpty
            || arena.withUnsafeBufferPointer { memcmp($0.baseAddress! + start, bytes.baseAddress!, bytes.count) == 0 }
    }

    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var slot = Self.hash(bytes) & (slots.count - 1)
        while slots[slot] >= 0 {
            let term = Int(slots[slot])
            let start = Int(starts[term])
            let end = Int(starts[term + 1])
            if end - start == bytes.count, Self.equal(arena, start, bytes) {
                return UInt32(truncatingIfNeeded: term)
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        let term = count
        arena.append(contentsOf: bytes)
        starts.append(UInt32(truncatingIfNeeded: arena.count))
        slots[slot] = Int32(truncatingIfNeeded: term)
        if count * 2 > slots.count { grow() }
        return UInt32(truncatingIfNeeded: term)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for term in 0..<count {
            let hash = arena.withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[Int(starts[term])..<Int(starts[term + 1])]))
            }
            var slot = hash & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(truncatingIfNeeded: term)
        }
    }

    /// The term numbers in bytewise order of their bytes.
    func sortedOrder() -> [UInt32] {
        var order = (0..<UInt32(truncatingIfNeeded: count)).map { $0 }
        arena.withUnsafeBufferPointer { arena in
            order.sort { a, b in
                let x = UnsafeBufferPointer(rebasing: arena[Int(starts[Int(a)])..<Int(starts[Int(a) + 1])])
                let y = UnsafeBufferPointer(rebasing: arena[Int(starts[Int(b)])..<Int(starts[Int(b) + 1])])
                let common = min(x.count, y.count)
                let order = common == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, common)
                return order != 0 ? order < 0 : x.count < y.count
            }
        }
        return order
    }
}

/// Ids and alternate ids to places: the first place to claim an id keeps it.
struct IdentifierTable {
    var bytes: [UInt8] = []
    var starts: [UInt32] = [0]
    var places: [UInt32] = []
    /// Open addressing, entry + 1 (0: empty); grown to keep it at most half full.
    var slots: [UInt32]

    /// A table sized for about `expected` ids without growing.
    init(expected: Int = 512) {
        slots = [UInt32](repeating: 0, count: max(1 << 10, (2 * expected + 1).nextPowerOfTwo))
        places.reserveCapacity(expected)
        starts.reserveCapacity(expected + 1)
    }

    mutating func insert(_ id: String, place: UInt32) {
        var id = id
        id.withUTF8 { utf8 in
            var slot = TermTable.hash(utf8) & (slots.count - 1)
            while slots[slot] != 0 {
                let entry = Int(slots[slot] - 1)
                let start = Int(starts[entry])
                if Int(starts[entry + 1]) - start == utf8.count, TermTable.equal(bytes, start, utf8) { return }
                slot = (slot + 1) & (slots.count - 1)
            }
            bytes.append(contentsOf: utf8)
            starts.append(UInt32(truncatingIfNeeded: bytes.count))
            places.append(place)
            slots[slot] = UInt32(truncatingIfNeeded: places.count)
        }
        if places.count * 2 > slots.count {
            slots = [UInt32](repeating: 0, count: slots.count * 2)
            for entry in places.indices {
                let hash = bytes.withUnsafeBufferPointer {
                    TermTable.hash(UnsafeBufferPointer(rebasing: $0[Int(starts[entry])..<Int(starts[entry + 1])]))
                }
                var slot = hash & (slots.count - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = UInt32(truncatingIfNeeded: entry + 1)
            }
        }
    }
}

/// Which categories' search terms a run of terms holds. A category's terms
/// are the category's, not each place's: a category word finds the
/// category's places (listed by category code) without every place listing
/// the category's terms.
struct CategoryTerms: Sendable {
    /// (term, category code), by term.
    private let byTerm: [(term: Int, code: Int)]

    /// Category `code`'s terms are `terms[termStart[code]..<termStart[code + 1]]`.
    init(termStart: UnsafeBufferPointer<UInt32>, terms: UnsafeBufferPointer<UInt32>) {
        var byTerm: [(term: Int, code: Int)] = []
        for code in 0..<(termStart.count - 1) {
            for term in terms[Int(termStart[code])..<Int(termStart[code + 1])] { byTerm.append((Int(term), code)) }
        }
        self.byTerm = byTerm.sorted { $0.term != $1.term ? $0.term < $1.term : $0.code < $1.code }
    }

    /// The categories with a term in the run, each with the best quality
    /// (exact for the run's whole-word term).
    func matching(_ run: Range<Int>, exact: Int?) -> [(code: Int, quality: Double)] {
        var low = 0
        var high = byTerm.count
        while low < high {
            let mid = (low + high) / 2
            if byTerm[mid].term < run.lowerBound { low = mid + 1 } else { high = mid }
        }
        var best: [Int: Double] = [:]
        while low < byTerm.count, byTerm[low].term < run.upperBound {
            let (term, code) = byTerm[low]
            best[code] = max(best[code] ?? 0, term == exact ? PlaceIndex.Quality.exact : PlaceIndex.Quality.prefix)
            low += 1
        }
        return best.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// The categories with one of these terms (a word's typo terms).
    func matching(typos: [Int]) -> [(code: Int, quality: Double)] {
        let wanted = Set(typos)
        let codes = Set(byTerm.filter { wanted.contains($0.term) }.map(\.code))
        return codes.sorted().map { ($0, PlaceIndex.Quality.typo) }
    }
}

/// What the terms give: the term table, postings, each place's terms,
/// the prefix lists and the categories' terms and places.
struct TermSections {
    var termBytes: [UInt8] = []
    var termStart: [UInt32] = [0]
    var postingStart: [UInt32] = []
    var postings: [UInt32] = []
    var placeTermStart: [UInt32] = []
    var placeTerms: [UInt32] = []
    var prefixBytes: [UInt8] = []
    var prefixStart: [UInt32] = []
    var prefixListStart: [UInt32] = []
    var prefixPlaces: [UInt32] = []
    var categoryTermStart: [UInt32] = [0]
    var categoryTerms: [UInt32] = []
    var categoryPlaceStart: [UInt32] = []
    var categoryPlaces: [UInt32] = []
}

/// The places' records, folded names, hot arrays and areas, in index order.
struct ColumnSections {
    var nameBytes: [UInt8] = []
    var nameStart: [UInt32] = [0]
    var kinds: [UInt8] = []
    var categories: [UInt8] = []
    var coordinates: [Double] = []
    var importances: [Double] = []
    var records = ByteWriter()
    var recordStart: [UInt64] = [0]
    var files: [String] = []
    var areaPlaces: [UInt32] = []
    var areaBoxes: [Double] = []

    init() {}

    init(_ places: UnsafeBufferPointer<Place>, order: [Int], position: [Int]) {
        let count = places.count
        kinds = [UInt8](repeating: 0, count: count)
        categories = [UInt8](repeating: 255, count: count)
        coordinates = [Double](repeating: 0, count: 2 * count)
        importances = [Double](repeating: 0, count: count)
        let categoryCodes = PointOfInterestCategory.codes
        var fileNumbers: [String: Int] = [:]
        // Records stay in the order the places are in memory (a place finds
        // its own through the record slots); folded names are moved into
        // index order after.
        var rawNames: [UInt8] = []
        var nameStarts: [Int] = [0]
        nameStarts.reserveCapacity(count + 1)
        recordStart.reserveCapacity(count + 1)
        for original in 0..<count {
            let number = position[original]
            if let name = places[original].name { TextFolding.fold(name, into: &rawNames) }
            nameStarts.append(rawNames.count)
            let hasAddress = places[original].address != nil
            kinds[number] = (places[original].kind == .address ? 1 : 0) | (hasAddress ? 2 : 0)
            categories[number] = places[original].category.flatMap { categoryCodes[$0] } ?? 255
            let coordinate = places[original].coordinate
            coordinates[2 * number] = coordinate.latitude
            coordinates[2 * number + 1] = coordinate.longitude
            let importance = places[original].importance
            importances[number] = importance.isFinite ? importance : 0
            if let box = places[original].boundary?.boundingBox {
                areaPlaces.append(UInt32(number))
                areaBoxes += [box.west, box.south, box.east, box.north]
            }
            let file: Int
            let source = places[original].source.file
            if let last = files.last, last == source {
                file = files.count - 1
            } else if let known = fileNumbers[source] {
                file = known
            } else {
                file = files.count
                fileNumbers[source] = file
                files.append(source)
            }
            PlaceRecord.encode(places[original], file: file, into: &records)
            recordStart.append(UInt64(records.bytes.count))
            // Room for the rest, from what the first places took.
            if original == 1_023 { records.bytes.reserveCapacity(records.bytes.count / 1_024 * count * 9 / 8) }
        }
        nameBytes.reserveCapacity(rawNames.count)
        nameStart.reserveCapacity(count + 1)
        for original in order {
            nameBytes += rawNames[nameStarts[original]..<nameStarts[original + 1]]
            nameStart.append(UInt32(truncatingIfNeeded: nameBytes.count))
        }
    }
}

/// The places' ids, and their cells: the grid of addressed places and
/// of every place.
struct LookupSections {
    var ids = IdentifierTable()
    var address = CellIndex.Sections()
    var region = CellIndex.Sections()

    init() {}

    init(_ places: UnsafeBufferPointer<Place>, order: [Int], position: [Int], cellKeys: [Int64]) {
        ids = IdentifierTable(expected: places.count)
        var addressKeys = [Int64](repeating: .max, count: places.count)
        for original in places.indices {
            let number = position[original]
            ids.insert(places[original].id, place: UInt32(number))
            for alternate in places[original].alternateIDs { ids.insert(alternate, place: UInt32(number)) }
            if places[original].address != nil {
                addressKeys[number] = CellIndex.key(places[original].coordinate, size: CellIndex.addressCell) ?? .max
            }
        }
        address = CellIndex.sections(keys: addressKeys, size: CellIndex.addressCell)
        region = CellIndex.sections(keys: order.map { cellKeys[$0] }, size: CellIndex.regionCell)
    }
}

/// A value one thread fills and another reads after both finish.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

extension PointOfInterestCategory {
    /// Each category's code in an index: its position among all cases.
    static let codes = CategoryCodes()
}

/// Category to code (its position in `allCases`) without hashing its
/// name: a small table keyed by the name's length and last byte, where a
/// category's name is usually the very string of the catalogue, so the
/// comparison that confirms it is one of identity.
struct CategoryCodes: Sendable {
    private var slots = [(name: String, code: UInt8)?](repeating: nil, count: 256)

    init() {
        for (code, category) in PointOfInterestCategory.allCases.enumerated() {
            var slot = Self.slot(category.rawValue)
            while slots[slot] != nil { slot = (slot + 1) & 255 }
            slots[slot] = (category.rawValue, UInt8(code))
        }
    }

    private static func slot(_ name: String) -> Int {
        let utf8 = name.utf8
        return (utf8.count &* 37 &+ Int(utf8.last ?? 0) &* 11 &+ Int(utf8.first ?? 0)) & 255
    }

    subscript(_ category: PointOfInterestCategory) -> UInt8? {
        var slot = Self.slot(category.rawValue)
        while let entry = slots[slot] {
            if entry.name == category.rawValue { return entry.code }
            slot = (slot + 1) & 255
        }
        return nil
    }
}

/// The `k` largest of the keys offered: a min-heap of the best so far. A
/// key orders as (score, then lower position first).
struct TopKeys {
    private var heap: [UInt64] = []
    private let k: Int

    init(_ k: Int) {
        self.k = k
        heap.reserveCapacity(k)
    }

    /// A score and an entry (a position, or a posting) as one key.
    @inline(__always)
    static func key(_ score: Float, _ entry: UInt32) -> UInt64 {
        UInt64(score.bitPattern) << 32 | UInt64(UInt32.max - entry)
    }

    mutating func offer(_ key: UInt64) {
        if heap.count < k {
            heap.append(key)
            var i = heap.count - 1
            while i > 0, heap[(i - 1) / 2] > heap[i] {
                heap.swapAt(i, (i - 1) / 2)
                i = (i - 1) / 2
            }
        } else if key > heap[0] {
            heap[0] = key
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var least = i
                if l < heap.count, heap[l] < heap[least] { least = l }
                if r < heap.count, heap[r] < heap[least] { least = r }
                if least == i { break }
                heap.swapAt(i, least)
                i = least
            }
        }
    }

    /// The keys, best first.
    func sorted() -> [UInt64] { heap.sorted(by: >) }
}
