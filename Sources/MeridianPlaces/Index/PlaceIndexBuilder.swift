import MeridianCore

/// Builds an index's sections (``PlaceIndexFormat``) from places: every
/// text of a place cut into folded words, each distinct word (a term)
/// interned once, terms sorted bytewise, postings placed by a counting
/// sort, and, for each prefix that matches many places, its best places
/// ranked in advance.
struct PlaceIndexBuilder {
    /// A prefix whose terms have more postings than this gets a list of its best places.
    static let listedVolume = 4_096
    /// How many places such a list keeps.
    static let listLength = 512

    private var terms = TermTable()
    /// Each place's (term << 3 | field), terms numbered in order of first appearance.
    private var pairs: [UInt32] = []
    private var placeTermStart: [UInt32] = [0]
    /// The terms of each of the data's category words, cut once.
    private var wordTerms: [String: [UInt32]] = [:]
    private var local: [UInt32] = []
    private var buffer: [UInt8] = []
    private var scalarStarts: [Int] = []

    static func build(_ places: [Place], sources: [PlaceIndex.Source]) -> IndexBytes {
        var builder = PlaceIndexBuilder()
        return builder.run(places, sources: sources)
    }

    private mutating func add(_ text: String, _ field: PlaceIndex.Field) {
        Words.forEach(in: text, buffer: &buffer, scalarStarts: &scalarStarts) { word, unspaced, starts in
            if !unspaced {
                local.append(terms.intern(word) << 3 | UInt32(field.rawValue))
                return
            }
            let end = starts.count > 24 ? starts[24] : word.count
            for start in starts.prefix(24) {
                let suffix = UnsafeBufferPointer(rebasing: word[start..<end])
                local.append(terms.intern(suffix) << 3 | UInt32(field.rawValue))
            }
        }
    }

    private mutating func run(_ places: [Place], sources: [PlaceIndex.Source]) -> IndexBytes {
        let count = places.count
        var nameBytes: [UInt8] = []
        var nameStart: [UInt32] = [0]
        var kinds: [UInt8] = []
        var categories: [UInt8] = []
        var coordinates: [Double] = []
        var importances: [Double] = []
        var records = ByteWriter()
        var recordStart: [UInt64] = [0]
        var files: [String] = []
        var fileNumbers: [String: Int] = [:]
        var ids = IdentifierTable()
        var addressCells: [(key: Int64, place: UInt32)] = []
        var regionCells: [(key: Int64, place: UInt32)] = []
        var areaPlaces: [UInt32] = []
        var areaBoxes: [Double] = []
        let categoryCodes = Dictionary(
            uniqueKeysWithValues: PointOfInterestCategory.allCases.enumerated().map { ($1, UInt8($0)) })
        kinds.reserveCapacity(count)
        categories.reserveCapacity(count)
        coordinates.reserveCapacity(2 * count)
        importances.reserveCapacity(count)
        placeTermStart.reserveCapacity(count + 1)
        nameStart.reserveCapacity(count + 1)
        recordStart.reserveCapacity(count + 1)
        // Places in order of their region cells, so that a region's places
        // (and a term's postings near each other) lie together in memory.
        let cellKeys = places.map { CellIndex.key($0.coordinate, size: CellIndex.regionCell) ?? .max }
        let placeOrder = places.indices.sorted { cellKeys[$0] != cellKeys[$1] ? cellKeys[$0] < cellKeys[$1] : $0 < $1 }
        for (position, original) in placeOrder.enumerated() {
            let place = places[original]
            let number = UInt32(position)
            ids.insert(place.id, place: number)
            for alternate in place.alternateIDs { ids.insert(alternate, place: number) }
            local.removeAll(keepingCapacity: true)
            for (nameIndex, name) in place.names.enumerated() { add(name.text, nameIndex == 0 ? .name : .otherName) }
            for word in place.categoryWords {
                if let known = wordTerms[word] {
                    local += known
                } else {
                    let before = local.count
                    add(CategoryWords.expanded(word).replacingAll(".", with: " "), .category)
                    wordTerms[word] = Array(local[before...])
                }
            }
            for container in place.containers {
                guard let name = container.name else { continue }
                // "toilets level 1", "cafe floor 2": a level is found by its name and these words.
                add(container.kind == .level ? name + " level floor" : name, .container)
            }
            if let address = place.address { add(address.searchableText, .address) }
            local.sort()
            var previous = UInt32.max
            for pair in local where pair != previous {
                pairs.append(pair)
                previous = pair
            }
            placeTermStart.append(UInt32(pairs.count))

            if let name = place.name { TextFolding.fold(name, into: &nameBytes) }
            nameStart.append(UInt32(nameBytes.count))
            kinds.append((place.kind == .address ? 1 : 0) | (place.address != nil ? 2 : 0))
            categories.append(place.category.flatMap { categoryCodes[$0] } ?? 255)
            coordinates.append(place.coordinate.latitude)
            coordinates.append(place.coordinate.longitude)
            importances.append(place.importance.isFinite ? place.importance : 0)
            if cellKeys[original] != .max { regionCells.append((cellKeys[original], number)) }
            if place.address != nil, let cell = CellIndex.key(place.coordinate, size: CellIndex.addressCell) {
                addressCells.append((cell, number))
            }
            if let boundary = place.boundary, let box = boundary.boundingBox {
                areaPlaces.append(number)
                areaBoxes += [box.west, box.south, box.east, box.north]
            }
            let file: Int
            if let last = files.last, last == place.source.file {
                file = files.count - 1
            } else if let known = fileNumbers[place.source.file] {
                file = known
            } else {
                file = files.count
                fileNumbers[place.source.file] = file
                files.append(place.source.file)
            }
            PlaceRecord.encode(place, file: file, into: &records)
            recordStart.append(UInt64(records.bytes.count))
        }

        // A category's search terms are the category's, not each place's:
        // interned once, and each category lists its places.
        var categoryTermLists: [[UInt32]] = []
        for category in PointOfInterestCategory.allCases {
            local.removeAll(keepingCapacity: true)
            for term in category.searchTerms { add(term, .category) }
            categoryTermLists.append(Array(Set(local.map { $0 >> 3 })).sorted())
        }
        var categoryPlaceStart = [UInt32](repeating: 0, count: 257)
        for code in categories { categoryPlaceStart[Int(code) + 1] += 1 }
        for code in 0..<256 { categoryPlaceStart[code + 1] += categoryPlaceStart[code] }
        var categoryPlaces = [UInt32](repeating: 0, count: count)
        var categoryFill = categoryPlaceStart
        for (place, code) in categories.enumerated() {
            categoryPlaces[Int(categoryFill[Int(code)])] = UInt32(place)
            categoryFill[Int(code)] += 1
        }

        // Terms in bytewise order, so that the terms a prefix starts are one run.
        let order = terms.sortedOrder()
        var renumber = [UInt32](repeating: 0, count: order.count)
        for (new, old) in order.enumerated() { renumber[Int(old)] = UInt32(new) }
        var termBytes: [UInt8] = []
        termBytes.reserveCapacity(terms.arena.count)
        var termStart: [UInt32] = [0]
        termStart.reserveCapacity(order.count + 1)
        for old in order {
            termBytes += terms.bytes(of: Int(old))
            termStart.append(UInt32(termBytes.count))
        }
        for i in pairs.indices { pairs[i] = renumber[Int(pairs[i] >> 3)] << 3 | pairs[i] & 7 }
        var categoryTermStart: [UInt32] = [0]
        var categoryTerms: [UInt32] = []
        for list in categoryTermLists {
            categoryTerms += list.map { renumber[Int($0)] }.sorted()
            categoryTermStart.append(UInt32(categoryTerms.count))
        }
        // Postings by a counting sort on the term: within a term, by place.
        var postingStart = [UInt32](repeating: 0, count: order.count + 1)
        for pair in pairs { postingStart[Int(pair >> 3) + 1] += 1 }
        for i in 0..<order.count { postingStart[i + 1] += postingStart[i] }
        var fill = postingStart
        var postings = [UInt32](repeating: 0, count: pairs.count)
        for place in 0..<count {
            for pair in pairs[Int(placeTermStart[place])..<Int(placeTermStart[place + 1])] {
                let term = Int(pair >> 3)
                postings[Int(fill[term])] = UInt32(place) << 3 | pair & 7
                fill[term] += 1
            }
        }
        let lists = Self.prefixLists(
            termBytes: termBytes, termStart: termStart, postingStart: postingStart, postings: postings,
            categories: categoryTermStart.withUnsafeBufferPointer { starts in
                categoryTerms.withUnsafeBufferPointer { CategoryTerms(termStart: starts, terms: $0) }
            }, categoryPlaceStart: categoryPlaceStart, categoryPlaces: categoryPlaces,
            importances: importances, placeCount: count)
        let addressIndex = CellIndex.build(addressCells)
        let regionIndex = CellIndex.build(regionCells)

        var sourceList = ByteWriter()
        sourceList.varint(sources.count)
        for source in sources {
            sourceList.string(source.path)
            sourceList.uint64(UInt64(source.size))
            sourceList.uint64(UInt64(bitPattern: source.modified))
            sourceList.uint64(source.hash)
        }
        var fileList = ByteWriter()
        fileList.varint(files.count)
        for file in files { fileList.string(file) }
        var categoryNames = ByteWriter()
        categoryNames.varint(PointOfInterestCategory.allCases.count)
        for category in PointOfInterestCategory.allCases { categoryNames.string(category.rawValue) }

        return PlaceIndexFormat.assemble(
            placeCount: count,
            sections: [
                (.sources, sourceList.bytes), (.files, fileList.bytes), (.categoryNames, categoryNames.bytes),
                (.termBytes, termBytes), (.termStart, termStart), (.postingStart, postingStart),
                (.postings, postings), (.placeTermStart, placeTermStart), (.placeTerms, pairs),
                (.nameBytes, nameBytes), (.nameStart, nameStart), (.kinds, kinds), (.categories, categories),
                (.coordinates, coordinates), (.importances, importances), (.idBytes, ids.bytes),
                (.idStart, ids.starts), (.idPlace, ids.places), (.idSlots, ids.slots),
                (.prefixBytes, lists.bytes), (.prefixStart, lists.starts),
                (.prefixListStart, lists.listStart), (.prefixPlaces, lists.places),
                (.addressKeys, addressIndex.keys), (.addressStart, addressIndex.starts),
                (.addressPlaces, addressIndex.places), (.regionKeys, regionIndex.keys),
                (.regionStart, regionIndex.starts), (.regionPlaces, regionIndex.places),
                (.areaPlaces, areaPlaces), (.areaBoxes, areaBoxes), (.recordStart, recordStart),
                (.recordBytes, records.bytes), (.categoryTermStart, categoryTermStart),
                (.categoryTerms, categoryTerms), (.categoryPlaceStart, categoryPlaceStart),
                (.categoryPlaces, categoryPlaces),
            ])
    }

    /// For each prefix (cut at a scalar boundary) whose terms have more
    /// than ``listedVolume`` postings, its ``listLength`` best places: by
    /// how well the prefix matches them (a whole term or its start, and
    /// in which text) and their importance, ties by position. A query
    /// word that starts many places is answered from its list instead of
    /// ranking them all.
    static func prefixLists(
        termBytes: [UInt8], termStart: [UInt32], postingStart: [UInt32], postings: [UInt32],
        categories: CategoryTerms, categoryPlaceStart: [UInt32], categoryPlaces: [UInt32], importances: [Double],
        placeCount: Int
    ) -> (bytes: [UInt8], starts: [UInt32], listStart: [UInt32], places: [UInt32]) {
        var bytes: [UInt8] = []
        var starts: [UInt32] = [0]
        var listStart: [UInt32] = [0]
        var places: [UInt32] = []
        func categoryMembers(_ code: Int) -> ArraySlice<UInt32> {
            categoryPlaces[Int(categoryPlaceStart[code])..<Int(categoryPlaceStart[code + 1])]
        }
        var best = [Float](repeating: 0, count: placeCount)
        var stamp = [UInt32](repeating: 0, count: placeCount)
        var generation: UInt32 = 0
        var touched: [UInt32] = []
        var heap: [UInt64] = []
        let termCount = termStart.count - 1
        func length(_ term: Int) -> Int { Int(termStart[term + 1] - termStart[term]) }
        func byte(_ term: Int, _ at: Int) -> UInt8 { termBytes[Int(termStart[term]) + at] }
        let weights = (0..<8).map { Float(PlaceIndex.Field(rawValue: UInt8($0))?.weight ?? 0) }
        let prominence = importances.map { 0.15 * Float($0) }
        func list(_ run: Range<Int>, depth: Int) {
            generation += 1
            touched.removeAll(keepingCapacity: true)
            func offer(_ place: Int, _ score: Float) {
                if stamp[place] != generation {
                    stamp[place] = generation
                    best[place] = score
                    touched.append(UInt32(place))
                } else if score > best[place] {
                    best[place] = score
                }
            }
            for term in run {
                let quality = Float(length(term) == depth ? PlaceIndex.Quality.exact : PlaceIndex.Quality.prefix)
                for posting in postings[Int(postingStart[term])..<Int(postingStart[term + 1])] {
                    offer(Int(posting >> 3), quality * weights[Int(posting & 7)])
                }
            }
            for (code, quality) in categories.matching(
                run, exact: length(run.lowerBound) == depth ? run.lowerBound : nil)
            {
                let score = Float(quality) * weights[Int(PlaceIndex.Field.category.rawValue)]
                for place in categoryMembers(code) { offer(Int(place), score) }
            }
            // The best `listLength` by score then position, as keys that
            // order the same way: a min-heap of the best so far.
            heap.removeAll(keepingCapacity: true)
            for place in touched {
                let value = best[Int(place)] + prominence[Int(place)]
                let key = UInt64(value.bitPattern) << 32 | UInt64(UInt32.max - place)
                if heap.count < listLength {
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
            heap.sort(by: >)
            bytes += termBytes[Int(termStart[run.lowerBound])..<(Int(termStart[run.lowerBound]) + depth)]
            starts.append(UInt32(bytes.count))
            for key in heap { places.append(UInt32.max - UInt32(truncatingIfNeeded: key)) }
            listStart.append(UInt32(places.count))
        }
        // Depth-first over the prefixes, in bytewise order: `run` is the
        // terms that share their first `depth` bytes.
        func visit(_ run: Range<Int>, depth: Int) {
            let volume =
                Int(postingStart[run.upperBound] - postingStart[run.lowerBound])
                + categories.matching(run, exact: nil).reduce(0) { $0 + categoryMembers($1.code).count }
            guard volume > listedVolume else { return }
            if depth > 0 { list(run, depth: depth) }
            var i = run.lowerBound
            if length(i) == depth { i += 1 }
            while i < run.upperBound {
                let lead = byte(i, depth)
                let width = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                let end = depth + width
                var j = i + 1
                while j < run.upperBound, length(j) >= end,
                    (depth..<end).allSatisfy({ byte(j, $0) == byte(i, $0) })
                {
                    j += 1
                }
                if length(i) >= end { visit(i..<j, depth: end) }
                i = j
            }
        }
        if termCount > 0 { visit(0..<termCount, depth: 0) }
        return (bytes, starts, listStart, places)
    }
}

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

    mutating func intern(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var slot = Self.hash(bytes) & (slots.count - 1)
        while slots[slot] >= 0 {
            let term = Int(slots[slot])
            let start = Int(starts[term])
            let end = Int(starts[term + 1])
            if end - start == bytes.count, arena[start..<end].elementsEqual(bytes) { return UInt32(term) }
            slot = (slot + 1) & (slots.count - 1)
        }
        let term = count
        arena.append(contentsOf: bytes)
        starts.append(UInt32(arena.count))
        slots[slot] = Int32(term)
        if count * 2 > slots.count { grow() }
        return UInt32(term)
    }

    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        for term in 0..<count {
            let hash = arena.withUnsafeBufferPointer {
                Self.hash(UnsafeBufferPointer(rebasing: $0[Int(starts[term])..<Int(starts[term + 1])]))
            }
            var slot = hash & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(term)
        }
    }

    /// The term numbers in bytewise order of their bytes.
    func sortedOrder() -> [UInt32] {
        var order = (0..<UInt32(count)).map { $0 }
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
    var slots = [UInt32](repeating: 0, count: 1 << 10)

    mutating func insert(_ id: String, place: UInt32) {
        var id = id
        id.withUTF8 { utf8 in
            var slot = TermTable.hash(utf8) & (slots.count - 1)
            while slots[slot] != 0 {
                let entry = Int(slots[slot] - 1)
                if bytes[Int(starts[entry])..<Int(starts[entry + 1])].elementsEqual(utf8) { return }
                slot = (slot + 1) & (slots.count - 1)
            }
            bytes.append(contentsOf: utf8)
            starts.append(UInt32(bytes.count))
            places.append(place)
            slots[slot] = UInt32(places.count)
        }
        if places.count * 2 > slots.count {
            slots = [UInt32](repeating: 0, count: slots.count * 2)
            for entry in places.indices {
                let hash = bytes.withUnsafeBufferPointer {
                    TermTable.hash(UnsafeBufferPointer(rebasing: $0[Int(starts[entry])..<Int(starts[entry + 1])]))
                }
                var slot = hash & (slots.count - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = UInt32(entry + 1)
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
