import MeridianCore

/// Places made searchable: the index behind completion, local search,
/// geocoding, reverse geocoding and lookup by id.
///
/// ```swift
/// let index = PlaceIndex(places)
/// index.completions(for: "cof", options: SearchOptions(region: cambridge))
/// index.search("toilets level 1")
/// index.lookup(["b7b3ff7b-...", "nope"])      // found places, and ["nope"] unresolved
/// index.reverse(Coordinate(latitude: 52.2055, longitude: 0.1222))
/// ```
///
/// Every text of a place (its names in every language, its category's
/// search terms and the data's own category words, its address, and the
/// names of the venue, building, level, unit and section it is in, a
/// level also by the words "level" and "floor") is cut
/// into folded words (``Words``, ``TextFolding``), and each distinct word
/// (a term) lists the places that have it. Terms are kept sorted by their
/// UTF-8 bytes, so the terms a typed prefix starts are one contiguous run
/// found by two binary searches. A word of a script written without spaces
/// is indexed by each of its suffixes, so that a prefix search finds it
/// anywhere inside.
public final class PlaceIndex: @unchecked Sendable {
    /// Which text of a place a term came from, and its weight in ranking.
    enum Field: UInt8, Comparable {
        case name = 0
        case otherName, category, container, address

        static func < (a: Field, b: Field) -> Bool { a.rawValue < b.rawValue }

        var weight: Double {
            switch self {
            case .name: 1.0
            case .otherName: 0.85
            case .category: 0.8
            case .container: 0.55
            case .address: 0.6
            }
        }
    }

    struct Posting: Hashable {
        var place: Int32
        var field: Field
    }

    public let places: [Place]
    /// The distinct terms, their UTF-8 bytes end to end, sorted bytewise.
    let termBytes: [UInt8]
    /// Term `i` is `termBytes[termStart[i]..<termStart[i + 1]]`.
    let termStart: [Int32]
    /// Term `i`'s postings are `postings[postingStart[i]..<postingStart[i + 1]]`.
    let postingStart: [Int32]
    let postings: [Posting]
    /// Each place's terms (sorted positions) and the field of each: place
    /// `i`'s are `placeTerms[placeTermStart[i]..<placeTermStart[i + 1]]`,
    /// for matching a common word against a few candidates.
    let placeTermStart: [Int32]
    let placeTerms: [(term: Int32, field: Field)]
    /// Each id and alternate id, to the place's position.
    let ids: [String: Int32]

    /// Each place's default name, folded (for the exact-name bonus).
    let foldedNames: [String]
    /// What ranking reads of each place, apart from the place (copying a
    /// Place per candidate would cost more than ranking it).
    let kinds: [Place.Kind]
    let categories: [PointOfInterestCategory?]
    let coordinates: [Coordinate]
    let importances: [Double]
    /// The categories some place has.
    let categoriesPresent: Set<PointOfInterestCategory>
    /// For each prefix of one to three letters, the places it matches that
    /// rank highest before the region is known (match quality and
    /// prominence), with their match scores: what a first keystroke is
    /// completed from, instead of ranking a large share of every place.
    let shortPrefixes: [String: [(place: Int32, score: Double)]]
    /// How many places a short prefix keeps.
    static let shortPrefixPlaces = 512
    /// Places with an address, by grid cell (nearest-address search).
    let addressGrid: PlaceGrid
    /// Places with an area, and each one's bounding box.
    let areas: [(place: Int32, box: BoundingBox)]

    public init(_ places: [Place]) {
        self.places = places
        var ids: [String: Int32] = [:]
        // Terms are interned as they come; each lists its postings.
        var termIDs: [String: Int32] = [:]
        var termTexts: [String] = []
        var postingsOfTerm: [[Posting]] = []
        func id(of term: String) -> Int32 {
            if let id = termIDs[term] { return id }
            let id = Int32(termTexts.count)
            termIDs[term] = id
            termTexts.append(term)
            postingsOfTerm.append([])
            return id
        }
        // A category's terms are cut into words once, not once per place.
        var categoryTerms: [PointOfInterestCategory: [Int32]] = [:]
        var foldedNames: [String] = []
        foldedNames.reserveCapacity(places.count)
        var grid = PlaceGrid()
        var areas: [(place: Int32, box: BoundingBox)] = []
        var seen = Set<Int64>()
        for (position, place) in places.enumerated() {
            let index = Int32(position)
            if ids[place.id] == nil { ids[place.id] = index }
            for alternate in place.alternateIDs where ids[alternate] == nil { ids[alternate] = index }
            seen.removeAll(keepingCapacity: true)
            func post(_ term: Int32, _ field: Field) {
                if seen.insert(Int64(term) << 8 | Int64(field.rawValue)).inserted {
                    postingsOfTerm[Int(term)].append(Posting(place: index, field: field))
                }
            }
            func add(_ text: String, _ field: Field) {
                for word in Words.of(text) {
                    for term in Self.terms(of: word) { post(id(of: term), field) }
                }
            }
            for (nameIndex, name) in place.names.enumerated() { add(name.text, nameIndex == 0 ? .name : .otherName) }
            if let category = place.category {
                if categoryTerms[category] == nil {
                    categoryTerms[category] = category.searchTerms.flatMap(Words.of).flatMap(Self.terms).map(id(of:))
                }
                for term in categoryTerms[category]! { post(term, .category) }
            }
            for word in place.categoryWords {
                add(CategoryWords.expanded(word).replacingAll(".", with: " "), .category)
            }
            for container in place.containers {
                guard let name = container.name else { continue }
                // "toilets level 1", "cafe floor 2": a level is found by its name and these words.
                add(container.kind == .level ? name + " level floor" : name, .container)
            }
            if let address = place.address {
                add(address.searchableText, .address)
                grid.insert(index, at: place.coordinate)
            }
            foldedNames.append(place.name.map(TextFolding.fold) ?? "")
            if let boundary = place.boundary, let box = boundary.boundingBox { areas.append((index, box)) }
        }
        // Terms in bytewise order, so that a prefix's terms are one run.
        var order = Array(termTexts.indices)
        let utf8 = termTexts.map { Array($0.utf8) }
        order.sort { utf8[$0].lexicographicallyPrecedes(utf8[$1]) }
        var termBytes: [UInt8] = []
        var termStart: [Int32] = []
        var postingStart: [Int32] = []
        var postings: [Posting] = []
        postings.reserveCapacity(postingsOfTerm.reduce(0) { $0 + $1.count })
        for term in order {
            termStart.append(Int32(termBytes.count))
            postingStart.append(Int32(postings.count))
            termBytes += utf8[term]
            postings += postingsOfTerm[term]
        }
        termStart.append(Int32(termBytes.count))
        postingStart.append(Int32(postings.count))
        // The same pairs the other way round, place by place (a counting sort).
        var placeTermStart = [Int32](repeating: 0, count: places.count + 1)
        for posting in postings { placeTermStart[Int(posting.place) + 1] += 1 }
        for i in 0..<places.count { placeTermStart[i + 1] += placeTermStart[i] }
        var fill = placeTermStart
        var placeTerms = [(term: Int32, field: Field)](repeating: (0, .name), count: postings.count)
        for term in 0..<(postingStart.count - 1) {
            for posting in postings[Int(postingStart[term])..<Int(postingStart[term + 1])] {
                placeTerms[Int(fill[Int(posting.place)])] = (Int32(term), posting.field)
                fill[Int(posting.place)] += 1
            }
        }
        self.placeTermStart = placeTermStart
        self.placeTerms = placeTerms
        self.termBytes = termBytes
        self.termStart = termStart
        self.postingStart = postingStart
        self.postings = postings
        self.ids = ids
        self.foldedNames = foldedNames
        self.kinds = places.map(\.kind)
        self.categories = places.map(\.category)
        self.coordinates = places.map(\.coordinate)
        self.importances = places.map(\.importance)
        self.categoriesPresent = Set(places.compactMap(\.category))
        self.addressGrid = grid
        self.areas = areas
        self.shortPrefixes = Self.shortPrefixLists(
            termTexts: order.map { termTexts[$0] }, postingStart: postingStart, postings: postings,
            importances: self.importances)
    }

    /// The lists of ``shortPrefixes``: the terms are sorted, so the terms a
    /// prefix starts are a run; each run's postings are scored as a
    /// completion scores them (quality, field, prominence) and the best kept.
    static func shortPrefixLists(
        termTexts: [String], postingStart: [Int32], postings: [Posting], importances: [Double]
    ) -> [String: [(place: Int32, score: Double)]] {
        var lists: [String: [(place: Int32, score: Double)]] = [:]
        for length in 1...3 {
            var start = 0
            while start < termTexts.count {
                let scalars = termTexts[start].unicodeScalars
                guard scalars.count >= length else {
                    start += 1
                    continue
                }
                let prefix = String(String.UnicodeScalarView(scalars.prefix(length)))
                var end = start + 1
                while end < termTexts.count, termTexts[end].unicodeScalars.starts(with: prefix.unicodeScalars) {
                    end += 1
                }
                var best: [Int32: Double] = [:]
                for term in start..<end {
                    let quality = termTexts[term].unicodeScalars.count == length ? Quality.exact : Quality.prefix
                    for posting in postings[Int(postingStart[term])..<Int(postingStart[term + 1])] {
                        let score = quality * posting.field.weight
                        if score > best[posting.place] ?? 0 { best[posting.place] = score }
                    }
                }
                let ranked = Self.first(shortPrefixPlaces, of: Array(best)) { a, b in
                    let x = a.value + 0.15 * importances[Int(a.key)]
                    let y = b.value + 0.15 * importances[Int(b.key)]
                    return x != y ? x > y : a.key < b.key
                }
                lists[prefix] = ranked.map { ($0.key, $0.value) }
                start = end
            }
        }
        return lists
    }

    /// The terms a word is indexed by: itself, or for a word of a script
    /// written without spaces each of its suffixes (at most 24 scalars).
    static func terms(of word: Word) -> [String] {
        guard word.isUnspaced else { return [word.text] }
        let scalars = Array(word.text.unicodeScalars.prefix(24))
        return scalars.indices.map { start in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start...])
            return String(view)
        }
    }

    var termCount: Int { termStart.count - 1 }

    func term(_ i: Int) -> ArraySlice<UInt8> { termBytes[Int(termStart[i])..<Int(termStart[i + 1])] }

    func postings(ofTerm i: Int) -> ArraySlice<Posting> { postings[Int(postingStart[i])..<Int(postingStart[i + 1])] }

    /// The terms that start with `prefix`: a contiguous run.
    func terms(startingWith prefix: [UInt8]) -> Range<Int> {
        var low = 0
        var high = termCount
        while low < high {
            let mid = (low + high) / 2
            if term(mid).lexicographicallyPrecedes(prefix) { low = mid + 1 } else { high = mid }
        }
        var end = low
        var upper = termCount
        while end < upper {
            let mid = (end + upper) / 2
            if term(mid).starts(with: prefix) || term(mid).lexicographicallyPrecedes(prefix) {
                end = mid + 1
            } else {
                upper = mid
            }
        }
        return low..<end
    }

    // MARK: Lookup

    /// The places with these ids (or alternate ids, as a Place ID that was
    /// replaced resolves to its successor), in the order asked, and the
    /// ids that resolve to nothing.
    public func lookup(_ ids: [String]) -> (places: [Place], unresolved: [String]) {
        var found: [Place] = []
        var unresolved: [String] = []
        for id in ids {
            if let index = self.ids[id] { found.append(places[Int(index)]) } else { unresolved.append(id) }
        }
        return (found, unresolved)
    }
}
