import MeridianCore

extension PlaceIndex {
    /// How a query word met a term.
    enum Quality {
        static let exact = 1.0
        static let prefix = 0.8
        static let typo = 0.6
    }

    /// The places every query word matches, with the summed match quality
    /// (each word's best: quality times its field's weight).
    ///
    /// Every word may match the start of a term, at a lower quality than a
    /// whole term.
    /// - `ignoringUnmatched`: a word that matches no place at all is left
    ///   out (a search's "on" or "the"), rather than emptying the result.
    /// - `fields`: only terms from these texts count.
    /// A word of five letters or more that matches nothing exactly or as a
    /// prefix is tried with one typo (a letter added, dropped, changed or
    /// two swapped).
    func candidates(
        for words: [Word], ignoringUnmatched: Bool, fields: Set<Field>? = nil
    ) -> (scores: [Int32: Double], matchedWords: Int) {
        // Each word's terms (and their quality), found first, so that the
        // word with fewest postings is matched first and the others only
        // against what it found.
        var matches: [[(term: Int, quality: Double)]] = []
        for word in words {
            let bytes = Array(word.text.utf8)
            var terms = self.terms(startingWith: bytes).map { term in
                (term: term, quality: self.term(term).count == bytes.count ? Quality.exact : Quality.prefix)
            }
            if terms.isEmpty, !word.isUnspaced, word.text.unicodeScalars.count >= 5 {
                for term in 0..<termCount where Self.withinOneEdit(bytes, self.term(term), prefix: true) {
                    terms.append((term, Quality.typo))
                }
            }
            if let fields {
                terms = terms.filter { match in postings(ofTerm: match.term).contains { fields.contains($0.field) } }
            }
            if terms.isEmpty {
                if ignoringUnmatched { continue }
                return ([:], 0)
            }
            matches.append(terms)
        }
        guard !matches.isEmpty else { return ([:], 0) }
        func volume(_ terms: [(term: Int, quality: Double)]) -> Int {
            terms.reduce(0) { $0 + Int(postingStart[$1.term + 1] - postingStart[$1.term]) }
        }
        matches.sort { volume($0) < volume($1) }
        var total: [Int32: Double] = [:]
        for (position, terms) in matches.enumerated() {
            // This word's best score per place (among the candidates so far).
            var best: [Int32: Double] = [:]
            if position > 0, volume(terms) > 8 * total.count {
                // A common word against few candidates: look through each
                // candidate's own terms instead of the word's postings.
                var quality: [Int32: Double] = [:]
                for (term, value) in terms { quality[Int32(term)] = max(quality[Int32(term)] ?? 0, value) }
                for place in total.keys {
                    for (term, field) in placeTerms[
                        Int(placeTermStart[Int(place)])..<Int(placeTermStart[Int(place) + 1])]
                    {
                        guard let value = quality[term] else { continue }
                        if let fields, !fields.contains(field) { continue }
                        let score = value * field.weight
                        if score > best[place] ?? 0 { best[place] = score }
                    }
                }
            } else {
                for (term, quality) in terms {
                    for posting in postings(ofTerm: term) {
                        if let fields, !fields.contains(posting.field) { continue }
                        if position > 0, total[posting.place] == nil { continue }
                        let score = quality * posting.field.weight
                        if score > best[posting.place] ?? 0 { best[posting.place] = score }
                    }
                }
            }
            if position == 0 {
                total = best
            } else {
                var next: [Int32: Double] = [:]
                next.reserveCapacity(best.count)
                for (place, score) in best { next[place] = total[place]! + score }
                total = next
            }
            if total.isEmpty { return ([:], 0) }
        }
        return (total, matches.count)
    }

    /// True when `query` is `term` (or, with `prefix`, the start of it)
    /// with at most one byte added, dropped, changed, or two swapped.
    static func withinOneEdit(_ query: [UInt8], _ term: ArraySlice<UInt8>, prefix: Bool) -> Bool {
        let n = query.count
        if prefix {
            for length in [n - 1, n, n + 1] where length > 0 && length <= term.count {
                if oneEdit(query, term.prefix(length)) { return true }
            }
            return false
        }
        return abs(term.count - n) <= 1 && oneEdit(query, term)
    }

    private static func oneEdit(_ a: [UInt8], _ b: ArraySlice<UInt8>) -> Bool {
        let b = Array(b)
        if a == b { return false }
        if a.count == b.count {
            var differences: [Int] = []
            for i in a.indices where a[i] != b[i] {
                differences.append(i)
                if differences.count > 2 { return false }
            }
            if differences.count == 1 { return true }
            let (i, j) = (differences[0], differences[1])
            return j == i + 1 && a[i] == b[j] && a[j] == b[i]
        }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        guard long.count == short.count + 1 else { return false }
        var i = 0
        while i < short.count, short[i] == long[i] { i += 1 }
        return short[i...].elementsEqual(long[(i + 1)...])
    }

    /// Whether the place at `index` passes the options' result types,
    /// filter and required region.
    func admits(_ index: Int, _ options: SearchOptions) -> Bool {
        switch kinds[index] {
        case .pointOfInterest:
            guard options.resultTypes.contains(.pointOfInterest), options.filter.includes(categories[index]) else {
                return false
            }
        case .address:
            guard options.resultTypes.contains(.address) else { return false }
        }
        if options.regionPriority == .required, let region = options.region,
            !region.containsCoordinate(coordinates[index])
        {
            return false
        }
        return true
    }

    /// Ranks candidates: text relevance per query word, then (bounded)
    /// nearness to the origin and the place's importance; ties by name and id.
    func ranked(
        _ scores: [Int32: Double], wordCount: Int, query: String, options: SearchOptions
    ) -> [(place: Int32, score: Double, distance: Double?)] {
        let origin = options.distanceOrigin
        let scale = options.region.map { max($0.span.latitudeDelta, $0.span.longitudeDelta) * 111_000 / 2 } ?? 2_000
        let foldedQuery = TextFolding.fold(query)
        var result: [(place: Int32, score: Double, distance: Double?)] = []
        result.reserveCapacity(scores.count)
        for (index, relevance) in scores {
            guard admits(Int(index), options) else { continue }
            var score = relevance / Double(max(wordCount, 1))
            let folded = foldedNames[Int(index)]
            if folded == foldedQuery { score += 0.5 } else if folded.hasPrefix(foldedQuery) { score += 0.2 }
            score += 0.15 * importances[Int(index)]
            var distance: Double?
            if let origin {
                let d = Self.haversine(origin, coordinates[Int(index)])
                distance = d
                score += 0.3 * scale / (scale + d)
            }
            result.append((index, score, distance))
        }
        func before(
            _ x: (place: Int32, score: Double, distance: Double?), _ y: (place: Int32, score: Double, distance: Double?)
        )
            -> Bool
        {
            if x.score != y.score { return x.score > y.score }
            let (a, b) = (foldedNames[Int(x.place)], foldedNames[Int(y.place)])
            return a != b ? a < b : x.place < y.place
        }
        return Self.first(options.end, of: result, by: before)
    }

    /// The first `k` elements of `items` in the order `before` gives: a
    /// bounded heap, so ranking many candidates costs n log k, not n log n.
    static func first<T>(_ k: Int, of items: [T], by before: (T, T) -> Bool) -> [T] {
        guard k > 0 else { return [] }
        if items.count <= k * 4 { return Array(items.sorted(by: before).prefix(k)) }
        // A heap whose root is the worst of the k best so far.
        var heap: [T] = []
        heap.reserveCapacity(k)
        func siftDown(_ start: Int) {
            var i = start
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var worst = i
                if l < heap.count, before(heap[worst], heap[l]) { worst = l }
                if r < heap.count, before(heap[worst], heap[r]) { worst = r }
                if worst == i { return }
                heap.swapAt(i, worst)
                i = worst
            }
        }
        for item in items {
            if heap.count < k {
                heap.append(item)
                var i = heap.count - 1
                while i > 0, before(heap[(i - 1) / 2], heap[i]) {
                    heap.swapAt(i, (i - 1) / 2)
                    i = (i - 1) / 2
                }
            } else if before(item, heap[0]) {
                heap[0] = item
                siftDown(0)
            }
        }
        return heap.sorted(by: before)
    }

    /// Great-circle metres on the mean Earth sphere: for ranking (returned
    /// distances are geodesic, ``Coordinate/distance(to:)``).
    static func haversine(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians
        let dLon = (b.longitude - a.longitude) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2)
            * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }

    // MARK: - Completion, search, geocoding

    /// Completions for a fragment being typed, as `MKLocalSearchCompleter`:
    /// query suggestions for categories the fragment starts ("cof": Coffee)
    /// first, then places, each with the matched characters highlighted.
    /// Every word is matched as a prefix, in any order; an empty fragment
    /// gives nothing.
    public func completions(for fragment: String, options: SearchOptions = SearchOptions()) -> [Completion] {
        let words = Words.of(fragment)
        guard !words.isEmpty, options.count > 0 else { return [] }
        var scores: [Int32: Double] = [:]
        // The first keystrokes: the prefix's best places, unless the
        // options keep too few of them.
        if words.count == 1, !words[0].isUnspaced, let short = shortPrefixes[words[0].text],
            short.lazy.filter({ self.admits(Int($0.place), options) }).prefix(options.end).count
                == options.end
        {
            for (place, score) in short { scores[place] = score }
        } else {
            scores = candidates(for: words, ignoringUnmatched: false).scores
        }
        var completions: [Completion] = []
        if options.resultTypes.contains(.query) {
            completions += suggestions(for: words, options: options)
        }
        for (index, _, _) in ranked(scores, wordCount: words.count, query: fragment, options: options) {
            guard completions.count < options.end else { break }
            let place = places[Int(index)]
            let title = place.name(in: options.languages) ?? place.id
            let subtitle = Self.subtitle(of: place)
            completions.append(
                Completion(
                    title: title, subtitle: subtitle, titleHighlightRanges: Self.highlights(of: words, in: title),
                    subtitleHighlightRanges: Self.highlights(of: words, in: subtitle),
                    type: place.kind == .address ? .address : .pointOfInterest, place: place, category: place.category,
                    distance: options.distanceOrigin.map { $0.distance(to: place.coordinate) }))
        }
        return Array(completions.dropFirst(options.start).prefix(options.count))
    }

    /// Categories whose search terms start with the whole fragment, when
    /// some place has the category and the filter lets it through.
    func suggestions(for words: [Word], options: SearchOptions) -> [Completion] {
        let fragment = words.map(\.text).joined(separator: " ")
        var result: [Completion] = []
        for category in PointOfInterestCategory.allCases where options.filter.includes(category) {
            guard
                categoriesPresent.contains(category),
                let term = category.searchTerms.first(where: { TextFolding.fold($0).hasPrefix(fragment) })
            else { continue }
            let title = term.prefix(1).uppercased() + term.dropFirst()
            result.append(
                Completion(
                    title: title, subtitle: "Search Nearby",
                    titleHighlightRanges: Self.highlights(of: words, in: title),
                    subtitleHighlightRanges: [], type: .query, place: nil, category: category, distance: nil))
            if result.count == 2 { break }
        }
        return result
    }

    /// A place's second line: its short address, else where it is in its
    /// venue ("Level 1 · Meridian Arcade"), else its category.
    static func subtitle(of place: Place) -> String {
        if let address = place.address, place.containers.isEmpty {
            // A city's second line is where it is: "Île-de-France, France".
            if let locality = address.locality, locality == place.name, address.street == nil {
                return [address.provinceName, address.regionName].compactMap { $0 }.joined(separator: ", ")
            }
            if !address.shortAddress.isEmpty { return address.shortAddress }
        }
        let inside = place.containers.filter { $0.kind == .level || $0.kind == .venue }.compactMap(\.name)
        if !inside.isEmpty { return inside.reversed().joined(separator: " · ") }
        return place.category?.displayName ?? place.categoryWords.first ?? ""
    }

    /// The UTF-16 ranges of `text` that the query words match: the typed
    /// part of a word a query word starts, a query word inside a word of
    /// a script written without spaces, a whole word matched with a typo.
    static func highlights(of query: [Word], in text: String) -> [Range<Int>] {
        let (scalars, origins) = TextFolding.foldWithOrigins(text)
        var ranges: [Range<Int>] = []
        for (word, folded) in Words.folded(scalars, origins) {
            let wordScalars = Array(word.text.unicodeScalars)
            var best: Range<Int>?
            for q in query {
                let qs = Array(q.text.unicodeScalars)
                var found: Range<Int>?
                if wordScalars.starts(with: qs) {
                    found = folded.lowerBound..<(folded.lowerBound + qs.count)
                } else if word.isUnspaced, let at = Self.firstIndex(of: qs, in: wordScalars) {
                    found = (folded.lowerBound + at)..<(folded.lowerBound + at + qs.count)
                } else if qs.count >= 5,
                    withinOneEdit(Array(q.text.utf8), ArraySlice(Array(word.text.utf8)), prefix: true)
                {
                    found = folded
                }
                if let found, found.count > (best?.count ?? 0) { best = found }
            }
            if let best, !best.isEmpty {
                ranges.append(origins[best.lowerBound]..<Words.originalEnd(origins, best.upperBound))
            }
        }
        return ranges
    }

    private static func firstIndex(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        for start in 0...(haystack.count - needle.count)
        where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }

    /// Places for a natural-language query, as `MKLocalSearch`: ranked by
    /// text relevance, then nearness to the region's centre, each with its
    /// distance. Category words find their category ("coffee" finds cafés,
    /// "toilets" restrooms); words that match nothing ("the", "on") are left
    /// out; a query that matches nothing gives nothing.
    public func search(_ query: String, options: SearchOptions = SearchOptions(limit: 25)) -> [SearchResult] {
        var words = Words.of(query)
        // "where are the toilets on the first floor": the question's words go.
        let content = words.filter { !Self.stopWords.contains($0.text) }
        if !content.isEmpty { words = content }
        guard !words.isEmpty else { return [] }
        var (scores, matched) = candidates(for: words, ignoringUnmatched: true)
        if scores.isEmpty, words.count > 1 {
            // No place has every word: rank those with most of them.
            scores = partialCandidates(for: words)
            matched = words.count
        }
        return results(ranked(scores, wordCount: max(matched, 1), query: query, options: options), options)
    }

    /// Each place any word matches, with the summed quality of the words it has.
    func partialCandidates(for words: [Word]) -> [Int32: Double] {
        var total: [Int32: Double] = [:]
        for word in words {
            let (scores, _) = candidates(for: [word], ignoringUnmatched: false)
            for (place, score) in scores { total[place, default: 0] += score }
        }
        return total
    }

    /// Words of a question rather than of a place, in English, French and
    /// German, left out of a search that has other words.
    static let stopWords: Set<String> = [
        "a", "an", "the", "is", "are", "where", "what", "which", "how", "to", "of", "on", "in", "at", "for", "near",
        "nearest", "closest", "me", "my", "i", "find", "show", "any", "some", "there", "get", "please", "le", "la",
        "les", "un", "une", "des", "du", "de", "ou", "est", "sont", "au", "aux", "pres", "der", "die", "das", "den",
        "dem", "ein", "eine", "wo", "ist", "sind", "im", "am", "zum", "zur", "nachste",
    ]

    /// Places whose address matches the text, as `MKGeocodingRequest`:
    /// addresses first, then places with an address.
    public func geocode(_ text: String, options: SearchOptions = SearchOptions(limit: 10)) -> [SearchResult] {
        let words = Words.of(text)
        guard !words.isEmpty else { return [] }
        let (scores, matched) = candidates(
            for: words, ignoringUnmatched: true, fields: [.address, .name])
        let addressed = scores.filter { places[Int($0.key)].address != nil }
        return results(ranked(addressed, wordCount: max(matched, 1), query: text, options: options), options)
    }

    private func results(
        _ ranked: [(place: Int32, score: Double, distance: Double?)], _ options: SearchOptions
    ) -> [SearchResult] {
        ranked.dropFirst(options.start).prefix(options.count).map { entry in
            let place = places[Int(entry.place)]
            return SearchResult(
                place: place, distance: options.distanceOrigin.map { $0.distance(to: place.coordinate) },
                score: entry.score)
        }
    }

    // MARK: - Reverse geocoding

    /// What is at a coordinate, as `MKReverseGeocodingRequest`: the places
    /// whose area contains it, smallest first (a unit, its level, the
    /// building, the venue; a district, then its country), and the
    /// `nearest` places with an address, nearest first, with their distances.
    public func reverse(_ coordinate: Coordinate, nearest: Int = 5) -> (
        containing: [Place], nearby: [SearchResult]
    ) {
        var containing: [(area: Double, place: Place)] = []
        for (index, box) in areas
        where box.south <= coordinate.latitude && coordinate.latitude <= box.north
            && box.west <= coordinate.longitude && coordinate.longitude <= box.east
        {
            let place = places[Int(index)]
            if let boundary = place.boundary, let area = Self.area(boundary, containing: coordinate) {
                containing.append((area, place))
            }
        }
        let nearby = addressGrid.nearest(nearest, to: coordinate) {
            Self.haversine(coordinate, places[Int($0)].coordinate)
        }
        // Equal areas (a level drawn as its venue's outline): the one nested deeper first.
        containing.sort {
            if $0.area != $1.area { return $0.area < $1.area }
            if $0.place.containers.count != $1.place.containers.count {
                return $0.place.containers.count > $1.place.containers.count
            }
            return $0.place.id < $1.place.id
        }
        return (
            containing.map(\.place),
            nearby.map {
                let place = places[Int($0.place)]
                return SearchResult(place: place, distance: coordinate.distance(to: place.coordinate), score: 0)
            }
        )
    }

    /// The planar area (square degrees) of a polygon or multipolygon when
    /// it contains the coordinate, for ordering; nil otherwise.
    static func area(_ geometry: Geometry, containing coordinate: Coordinate) -> Double? {
        switch geometry {
        case .polygon(let rings):
            guard Polygon(rings: rings).contains(coordinate) else { return nil }
            return abs(shoelace(rings.first ?? []))
        case .multiPolygon(let polygons):
            guard MultiPolygon(polygons.map { Polygon(rings: $0) }).contains(coordinate) else { return nil }
            return polygons.reduce(0) { $0 + abs(shoelace($1.first ?? [])) }
        default:
            return nil
        }
    }

    static func shoelace(_ ring: [Coordinate]) -> Double {
        guard ring.count > 2 else { return 0 }
        var sum = 0.0
        for i in ring.indices {
            let a = ring[i]
            let b = ring[(i + 1) % ring.count]
            sum += a.longitude * b.latitude - b.longitude * a.latitude
        }
        return sum / 2
    }
}

extension CoordinateRegion {
    /// True when the coordinate is inside the region's span.
    func containsCoordinate(_ coordinate: Coordinate) -> Bool {
        abs(coordinate.latitude - center.latitude) <= span.latitudeDelta / 2
            && abs(remainder(coordinate.longitude - center.longitude, 360)) <= span.longitudeDelta / 2
    }
}
