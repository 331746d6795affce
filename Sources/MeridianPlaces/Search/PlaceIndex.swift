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
    /// Which text of a place a term came from; earlier kinds rank higher.
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
    /// Each id and alternate id, to the place's position.
    let ids: [String: Int32]

    public init(_ places: [Place]) {
        self.places = places
        var pairs: [(term: [UInt8], posting: Posting)] = []
        var ids: [String: Int32] = [:]
        for (position, place) in places.enumerated() {
            let index = Int32(position)
            if ids[place.id] == nil { ids[place.id] = index }
            for alternate in place.alternateIDs where ids[alternate] == nil { ids[alternate] = index }
            var seen = Set<[UInt8]>()
            func add(_ text: String, _ field: Field) {
                for word in Words.of(text) {
                    for term in Self.terms(of: word) where seen.insert(term + [field.rawValue]).inserted {
                        pairs.append((term, Posting(place: index, field: field)))
                    }
                }
            }
            for (nameIndex, name) in place.names.enumerated() { add(name.text, nameIndex == 0 ? .name : .otherName) }
            if let category = place.category {
                for term in category.searchTerms { add(term, .category) }
            }
            for word in place.categoryWords { add(word.replacingAll(".", with: " "), .category) }
            for container in place.containers {
                guard let name = container.name else { continue }
                // "toilets level 1", "cafe floor 2": a level is found by its name and these words.
                add(container.kind == .level ? name + " level floor" : name, .container)
            }
            if let address = place.address { add(address.searchableText, .address) }
        }
        pairs.sort { Self.less($0.term, $1.term) || $0.term == $1.term && $0.posting.place < $1.posting.place }
        var termBytes: [UInt8] = []
        var termStart: [Int32] = []
        var postingStart: [Int32] = []
        var postings: [Posting] = []
        postings.reserveCapacity(pairs.count)
        for (term, posting) in pairs {
            if termStart.isEmpty || !Self.equal(termBytes, Int(termStart.last!), termBytes.count, term) {
                termStart.append(Int32(termBytes.count))
                postingStart.append(Int32(postings.count))
                termBytes += term
            }
            postings.append(posting)
        }
        termStart.append(Int32(termBytes.count))
        postingStart.append(Int32(postings.count))
        self.termBytes = termBytes
        self.termStart = termStart
        self.postingStart = postingStart
        self.postings = postings
        self.ids = ids
    }

    /// The terms a word is indexed by: itself, or for a word of a script
    /// written without spaces each of its suffixes (at most 24 scalars).
    static func terms(of word: Word) -> [[UInt8]] {
        guard word.isUnspaced else { return [Array(word.text.utf8)] }
        let scalars = Array(word.text.unicodeScalars.prefix(24))
        return scalars.indices.map { start in
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[start...])
            return Array(String(view).utf8)
        }
    }

    static func less(_ a: [UInt8], _ b: [UInt8]) -> Bool { a.lexicographicallyPrecedes(b) }

    static func equal(_ bytes: [UInt8], _ start: Int, _ end: Int, _ term: [UInt8]) -> Bool {
        end - start == term.count && bytes[start..<end].elementsEqual(term)
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

    /// The term equal to `word`, if indexed.
    func term(equalTo word: [UInt8]) -> Int? {
        let run = terms(startingWith: word)
        return run.first.flatMap { term($0).count == word.count ? $0 : nil }
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
