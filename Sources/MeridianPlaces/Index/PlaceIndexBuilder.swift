import MeridianCore
import MeridianLibC
import MeridianPlatform

/// Builds an index's sections (``PlaceIndexFormat``) from places: every
/// text of a place cut into folded words, each distinct word (a term)
/// interned once, terms sorted bytewise, postings placed by a counting
/// sort, and, for each prefix that matches many places, its best places
/// ranked in advance.
struct PlaceIndexBuilder {
    /// A prefix whose terms have more postings than this gets a list of its best places.
    static let listedVolume = 1_024
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

    /// What the format's 32-bit numbers can hold: place numbers share a
    /// posting with a 3-bit field, as term numbers do in the builder; every
    /// other array is indexed by 32-bit offsets.
    struct Limits {
        var places = 1 << 29
        var terms = 1 << 29
        var offsets = Int(UInt32.max)
    }

    /// The index of `places`: their texts cut into terms (then postings and
    /// prefix lists) on one thread while their records, names, ids and
    /// cells are written on another. Offsets are written truncated and
    /// checked against `limits` once each array is complete (they only
    /// grow, so an array that fits had no offset truncated).
    static func build(
        _ places: [Place], sources: [PlaceIndex.Source], limits: Limits = Limits()
    ) throws(DiagnosticError) -> IndexBytes {
        guard places.count < limits.places else {
            throw tooLarge("\(places.count) places; an index holds fewer than \(limits.places)")
        }
        // Places in order of their region cells, so that a region's places
        // (and a term's postings near each other) lie together in memory.
        let cellKeys = places.map { CellIndex.key($0.coordinate, size: CellIndex.regionCell) ?? .max }
        let order = CellIndex.order(of: cellKeys, size: CellIndex.regionCell)
        // Each place's position in the index. Places are read in the order
        // they are in memory and what each gives is moved into place after:
        // reading them in index order would wait on memory at every place.
        var inverse = [Int](repeating: 0, count: places.count)
        for (index, original) in order.enumerated() { inverse[original] = index }
        let position = inverse
        let terms = Box(Result<TermSections, DiagnosticError>.success(TermSections()))
        let columns = Box(ColumnSections())
        let lookups = Box(LookupSections())
        // Three parts, the terms the longest: on two cores the other two
        // share the second. (The project's own worker threads, not
        // Dispatch's: linking libdispatch ran its set-up at every start of
        // the command line.)
        // Places are read through a buffer pointer: through the array,
        // each place read would be a copy (every reference retained).
        places.withUnsafeBufferPointer { buffer in
            let shared = Box(buffer)
            let threads = min(3, OrderedWorkPool<Int, Int>.defaultThreads)
            _ = OrderedWorkPool<Int, Void>.results(of: 0..<3, threads: threads) { part in
                let places = shared.value
                switch part {
                case 0:
                    var builder = PlaceIndexBuilder()
                    do throws(DiagnosticError) {
                        terms.value = .success(
                            try builder.terms(of: places, order: order, position: position, limits: limits))
                    } catch {
                        terms.value = .failure(error)
                    }
                case 1: columns.value = ColumnSections(places, order: order, position: position)
                default: lookups.value = LookupSections(places, order: order, position: position, cellKeys: cellKeys)
                }
            }
        }
        let t = try terms.value.get()
        let c = columns.value
        let l = lookups.value
        // The section list below is left holding the only references, so
        // that assembling frees each array once it is copied.
        terms.value = .success(TermSections())
        columns.value = ColumnSections()
        lookups.value = LookupSections()
        for (what, count) in [
            ("word bytes", t.termBytes.count), ("name bytes", c.nameBytes.count), ("id bytes", l.ids.bytes.count),
            ("ids", l.ids.places.count),
        ] where count > limits.offsets {
            throw tooLarge("\(count) \(what); an index holds at most \(limits.offsets)")
        }
        var sourceList = ByteWriter()
        sourceList.varint(sources.count)
        for source in sources {
            sourceList.string(source.path)
            sourceList.uint64(UInt64(source.size))
            sourceList.uint64(UInt64(bitPattern: source.modified))
            sourceList.uint64(source.hash)
        }
        var fileList = ByteWriter()
        fileList.varint(c.files.count)
        for file in c.files { fileList.string(file) }
        var categoryNames = ByteWriter()
        categoryNames.varint(PointOfInterestCategory.allCases.count)
        for category in PointOfInterestCategory.allCases { categoryNames.string(category.rawValue) }
        var sections = Self.sectionList(
            consume t, consume c, consume l, sources: sourceList.bytes, files: fileList.bytes,
            categories: categoryNames.bytes,
            order: order)
        return PlaceIndexFormat.assemble(placeCount: places.count, sections: &sections)
    }

    /// The sections in the order the format lays them out, taking the
    /// built arrays over.
    private static func sectionList(
        _ t: consuming TermSections, _ c: consuming ColumnSections, _ l: consuming LookupSections, sources: [UInt8],
        files: [UInt8], categories: [UInt8], order: [Int]
    ) -> [(PlaceIndexFormat.Section, any SectionBytes)] {
        [
            (.sources, sources), (.files, files), (.categoryNames, categories),
            (.termBytes, t.termBytes), (.termStart, t.termStart), (.postingStart, t.postingStart),
            (.postings, t.postings), (.placeTermStart, t.placeTermStart), (.placeTerms, t.placeTerms),
            (.nameBytes, c.nameBytes), (.nameStart, c.nameStart), (.kinds, c.kinds), (.categories, c.categories),
            (.coordinates, c.coordinates), (.importances, c.importances), (.idBytes, l.ids.bytes),
            (.idStart, l.ids.starts), (.idPlace, l.ids.places), (.idSlots, l.ids.slots),
            (.prefixBytes, t.prefixBytes), (.prefixStart, t.prefixStart),
            (.prefixListStart, t.prefixListStart), (.prefixPlaces, t.prefixPlaces),
            (.addressKeys, l.address.keys), (.addressStart, l.address.starts),
            (.addressPlaces, l.address.places), (.regionKeys, l.region.keys),
            (.regionStart, l.region.starts), (.regionPlaces, l.region.places),
            (.areaPlaces, c.areaPlaces), (.areaBoxes, c.areaBoxes), (.recordStart, c.recordStart),
            (.recordSlot, order.map { UInt32(truncatingIfNeeded: $0) }),
            (.recordBytes, c.records.bytes), (.categoryTermStart, t.categoryTermStart),
            (.categoryTerms, t.categoryTerms), (.categoryPlaceStart, t.categoryPlaceStart),
            (.categoryPlaces, t.categoryPlaces),
        ]
    }

    private static func tooLarge(_ detail: String) -> DiagnosticError {
        DiagnosticError(
            code: "places.index.too-large", message: "too many places for one index: \(detail); split the data")
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

    /// The term sections of the places, numbered by `position`.
    private mutating func terms(
        of places: UnsafeBufferPointer<Place>, order: [Int], position: [Int], limits: Limits
    ) throws(DiagnosticError) -> TermSections {
        let count = places.count
        var categories = [UInt8](repeating: 255, count: count)
        var importances = [Double](repeating: 0, count: count)
        placeTermStart.reserveCapacity(count + 1)
        let categoryCodes = PointOfInterestCategory.codes
        for original in 0..<count {
            local.removeAll(keepingCapacity: true)
            for (nameIndex, name) in places[original].names.enumerated() {
                add(name.text, nameIndex == 0 ? .name : .otherName)
            }
            for word in places[original].categoryWords {
                if let known = wordTerms[word] {
                    local += known
                } else {
                    let before = local.count
                    add(CategoryWords.expanded(word).replacingAll(".", with: " "), .category)
                    wordTerms[word] = Array(local[before...])
                }
            }
            for container in places[original].containers {
                guard let name = container.name else { continue }
                // "toilets level 1", "cafe floor 2": a level is found by its name and these words.
                add(container.kind == .level ? name + " level floor" : name, .container)
            }
            if let address = places[original].address { address.forEachSearchablePart { add($0, .address) } }
            local.sort()
            var previous = UInt32.max
            for pair in local where pair != previous {
                pairs.append(pair)
                previous = pair
            }
            placeTermStart.append(UInt32(truncatingIfNeeded: pairs.count))
            categories[position[original]] = places[original].category.flatMap { categoryCodes[$0] } ?? 255
            let importance = places[original].importance
            importances[position[original]] = importance.isFinite ? importance : 0
        }
        // Postings are counted in 32 bits, and terms share them with a field.
        guard terms.count < limits.terms else {
            throw Self.tooLarge("\(terms.count) distinct words; an index holds fewer than \(limits.terms)")
        }
        guard pairs.count <= limits.offsets else {
            throw Self.tooLarge("\(pairs.count) word occurrences; an index holds at most \(limits.offsets)")
        }
        // Each place's terms, in index order.
        var placeTerms: [UInt32] = []
        placeTerms.reserveCapacity(pairs.count)
        var inOrder: [UInt32] = [0]
        inOrder.reserveCapacity(count + 1)
        for original in order {
            placeTerms += pairs[Int(placeTermStart[original])..<Int(placeTermStart[original + 1])]
            inOrder.append(UInt32(truncatingIfNeeded: placeTerms.count))
        }
        pairs = placeTerms
        placeTermStart = inOrder

        // A category's search terms are the category's, not each place's:
        // interned once, and each category lists its places.
        var categoryTermLists: [[UInt32]] = []
        for category in PointOfInterestCategory.allCases {
            local.removeAll(keepingCapacity: true)
            for term in category.searchTerms { add(term, .category) }
            categoryTermLists.append(Array(Set(local.map { $0 >> 3 })).sorted())
        }
        var result = TermSections()
        result.categoryPlaceStart = [UInt32](repeating: 0, count: 257)
        for code in categories { result.categoryPlaceStart[Int(code) + 1] += 1 }
        for code in 0..<256 { result.categoryPlaceStart[code + 1] += result.categoryPlaceStart[code] }
        result.categoryPlaces = [UInt32](repeating: 0, count: count)
        var categoryFill = result.categoryPlaceStart
        for (place, code) in categories.enumerated() {
            result.categoryPlaces[Int(categoryFill[Int(code)])] = UInt32(place)
            categoryFill[Int(code)] += 1
        }

        // Terms in bytewise order, so that the terms a prefix starts are one run.
        let termOrder = terms.sortedOrder()
        var renumber = [UInt32](repeating: 0, count: termOrder.count)
        for (new, old) in termOrder.enumerated() { renumber[Int(old)] = UInt32(truncatingIfNeeded: new) }
        result.termBytes.reserveCapacity(terms.arena.count)
        result.termStart.reserveCapacity(termOrder.count + 1)
        for old in termOrder {
            result.termBytes += terms.bytes(of: Int(old))
            result.termStart.append(UInt32(truncatingIfNeeded: result.termBytes.count))
        }
        for i in pairs.indices { pairs[i] = renumber[Int(pairs[i] >> 3)] << 3 | pairs[i] & 7 }
        for list in categoryTermLists {
            result.categoryTerms += list.map { renumber[Int($0)] }.sorted()
            result.categoryTermStart.append(UInt32(result.categoryTerms.count))
        }
        // Postings by a counting sort on the term: within a term, by place.
        var postingStart = [UInt32](repeating: 0, count: termOrder.count + 1)
        for pair in pairs { postingStart[Int(pair >> 3) + 1] += 1 }
        for i in 0..<termOrder.count { postingStart[i + 1] += postingStart[i] }
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
            termBytes: result.termBytes, termStart: result.termStart, postingStart: postingStart, postings: postings,
            categories: result.categoryTermStart.withUnsafeBufferPointer { starts in
                result.categoryTerms.withUnsafeBufferPointer { CategoryTerms(termStart: starts, terms: $0) }
            }, categoryPlaceStart: result.categoryPlaceStart, categoryPlaces: result.categoryPlaces,
            importances: importances, placeCount: count)
        result.postingStart = postingStart
        result.postings = postings
        result.placeTermStart = placeTermStart
        result.placeTerms = pairs
        (result.prefixBytes, result.prefixStart, result.prefixListStart, result.prefixPlaces) = lists
        return result
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
        let termCount = termStart.count - 1
        func length(_ term: Int) -> Int { Int(termStart[term + 1] - termStart[term]) }
        func byte(_ term: Int, _ at: Int) -> UInt8 { termBytes[Int(termStart[term]) + at] }
        let weights = (0..<8).map { Float(PlaceIndex.Field(rawValue: UInt8($0))?.weight ?? 0) }
        let prominence = importances.map { 0.15 * Float($0) }
        // A list takes a place's best score over the run's terms, so only
        // each term's own best `listLength` can be among the run's best:
        // a term with more postings offers only those (for each quality it
        // can have), a category only its most prominent places.
        func bestOf(_ entries: some Sequence<UInt32>, shift: UInt32, score: (UInt32) -> Float) -> [UInt32] {
            var top = TopKeys(listLength)
            for entry in entries { top.offer(TopKeys.key(score(entry) + prominence[Int(entry >> shift)], entry)) }
            return top.sorted().map { UInt32.max - UInt32(truncatingIfNeeded: $0) }
        }
        var bestAsPrefix: [Int: [UInt32]] = [:]
        var bestAsExact: [Int: [UInt32]] = [:]
        func offered(_ term: Int, exact: Bool) -> ArraySlice<UInt32> {
            let all = postings[Int(postingStart[term])..<Int(postingStart[term + 1])]
            guard all.count > listLength else { return all }
            let quality = Float(exact ? PlaceIndex.Quality.exact : PlaceIndex.Quality.prefix)
            if exact {
                if bestAsExact[term] == nil {
                    bestAsExact[term] = bestOf(all, shift: 3) { quality * weights[Int($0 & 7)] }
                }
                return bestAsExact[term]![...]
            }
            if bestAsPrefix[term] == nil {
                bestAsPrefix[term] = bestOf(all, shift: 3) { quality * weights[Int($0 & 7)] }
            }
            return bestAsPrefix[term]![...]
        }
        var bestOfCategory: [Int: [UInt32]] = [:]
        func offered(category code: Int) -> ArraySlice<UInt32> {
            let all = categoryMembers(code)
            guard all.count > listLength else { return all }
            if bestOfCategory[code] == nil { bestOfCategory[code] = bestOf(all, shift: 0) { _ in 0 } }
            return bestOfCategory[code]![...]
        }
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
                let exact = length(term) == depth
                let quality = Float(exact ? PlaceIndex.Quality.exact : PlaceIndex.Quality.prefix)
                for posting in offered(term, exact: exact) {
                    offer(Int(posting >> 3), quality * weights[Int(posting & 7)])
                }
            }
            for (code, quality) in categories.matching(
                run, exact: length(run.lowerBound) == depth ? run.lowerBound : nil)
            {
                let score = Float(quality) * weights[Int(PlaceIndex.Field.category.rawValue)]
                for place in offered(category: code) { offer(Int(place), score) }
            }
            var top = TopKeys(listLength)
            for place in touched { top.offer(TopKeys.key(best[Int(place)] + prominence[Int(place)], place)) }
            let heap = top.sorted()
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
