import MeridianCore
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
