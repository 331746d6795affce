import MeridianCore
import MeridianLibC

extension PlaceIndex {
    // MARK: - Completion, search, geocoding

    /// Completions for a fragment being typed, as `MKLocalSearchCompleter`:
    /// query suggestions for categories the fragment starts ("cof": Coffee)
    /// first, then places, each with the matched characters highlighted.
    /// Every word is matched as a prefix, in any order; an empty fragment
    /// gives nothing.
    public func completions(for fragment: String, options: SearchOptions = SearchOptions()) -> [Completion] {
        let words = Words.of(fragment)
        guard !words.isEmpty, options.count > 0 else { return [] }
        let matches = matches(words)
        guard !matches.contains(where: \.isEmpty) else {
            return options.resultTypes.contains(.query) ? suggestions(for: words, options: options) : []
        }
        var completions: [Completion] = []
        if options.resultTypes.contains(.query) {
            completions += suggestions(for: words, options: options)
        }
        for (index, _, _) in ranked(matches, query: fragment, options: options) {
            guard completions.count < options.end else { break }
            let place = place(at: Int(index))
            let title = place.name(in: options.languages) ?? place.id
            let subtitle = place.subtitle
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
    /// some place has the category and the filter lets it through: at most two.
    func suggestions(for words: [Word], options: SearchOptions) -> [Completion] {
        let fragment = Array(words.map(\.text).joined(separator: " ").utf8)
        var result: [Completion] = []
        for (category, terms) in suggestable {
            guard let term = terms.first(where: { $0.folded.starts(with: fragment) }),
                options.filter.includes(category)
            else { continue }
            result.append(
                Completion(
                    title: term.title, subtitle: "Search Nearby",
                    titleHighlightRanges: Self.highlights(of: words, in: term.title),
                    subtitleHighlightRanges: [], type: .query, place: nil, category: category, distance: nil))
            if result.count == 2 { break }
        }
        return result
    }

    /// The categories in `categories` (in ``PointOfInterestCategory/allCases``
    /// order), each with its search terms as completion titles and folded.
    static func suggestable(_ categories: Set<PointOfInterestCategory>) -> [(
        category: PointOfInterestCategory, terms: [(title: String, folded: [UInt8])]
    )] {
        PointOfInterestCategory.allCases.filter(categories.contains).map { category in
            let terms = category.searchTerms.map { term in
                var folded: [UInt8] = []
                TextFolding.fold(term, into: &folded)
                return (term.prefix(1).uppercased() + term.dropFirst(), folded)
            }
            return (category, terms)
        }
    }

    /// The UTF-16 ranges of `text` that the query words match: the typed
    /// part of a word a query word starts, a query word inside a word of
    /// a script written without spaces, a whole word matched with a typo.
    static func highlights(of query: [Word], in text: String) -> [Range<Int>] {
        if let ranges = asciiHighlights(of: query, in: text) { return ranges }
        let (scalars, origins) = TextFolding.foldWithOrigins(text)
        let queries = query.map { (scalars: Array($0.text.unicodeScalars), utf8: Array($0.text.utf8)) }
        var ranges: [Range<Int>] = []
        for (folded, unspaced) in Words.ranges(scalars) {
            let word = scalars[folded]
            var wordUTF8: [UInt8]?
            var best: Range<Int>?
            for q in queries {
                var found: Range<Int>?
                if word.starts(with: q.scalars) {
                    found = folded.lowerBound..<(folded.lowerBound + q.scalars.count)
                } else if unspaced, let at = Self.firstIndex(of: q.scalars, in: word) {
                    found = at..<(at + q.scalars.count)
                } else if q.scalars.count >= 5 {
                    if wordUTF8 == nil { wordUTF8 = word.flatMap { Array(String($0).utf8) } }
                    if q.utf8.withUnsafeBufferPointer({ query in
                        wordUTF8!.withUnsafeBufferPointer { withinOneEdit(query, $0, prefix: true) }
                    }) {
                        found = folded
                    }
                }
                if let found, found.count > (best?.count ?? 0) { best = found }
            }
            if let best, !best.isEmpty {
                ranges.append(origins[best.lowerBound]..<Words.originalEnd(origins, best.upperBound))
            }
        }
        return ranges
    }

    /// ``highlights(of:in:)`` for ASCII text and query words, byte by byte
    /// (folding is lower-casing, and a UTF-16 offset is a byte offset);
    /// nil for anything else.
    static func asciiHighlights(of query: [Word], in text: String) -> [Range<Int>]? {
        let words = query.map { Array($0.text.utf8) }
        guard words.allSatisfy({ $0.allSatisfy { $0 < 0x80 } }) else { return nil }
        return text.utf8.withContiguousStorageIfAvailable { bytes -> [Range<Int>]? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var ranges: [Range<Int>] = []
            var start = 0
            var word: [UInt8] = []
            func close(_ end: Int) {
                defer { word.removeAll(keepingCapacity: true) }
                guard !word.isEmpty else { return }
                var best = 0
                for q in words {
                    var found = 0
                    if word.starts(with: q) {
                        found = q.count
                    } else if q.count >= 5,
                        q.withUnsafeBufferPointer({ q in
                            word.withUnsafeBufferPointer { withinOneEdit(q, $0, prefix: true) }
                        })
                    {
                        found = word.count
                    }
                    best = max(best, found)
                }
                if best > 0 { ranges.append(start..<(start + best)) }
            }
            for (offset, byte) in bytes.enumerated() {
                let lower = byte &- 0x41 < 26 ? byte + 0x20 : byte
                if lower &- 0x61 < 26 || lower &- 0x30 < 10 {
                    if word.isEmpty { start = offset }
                    word.append(lower)
                } else {
                    close(offset)
                }
            }
            close(bytes.count)
            return ranges
        } ?? nil
    }

    /// Where `needle` first occurs in `haystack`, an index of `haystack`.
    private static func firstIndex(of needle: [Unicode.Scalar], in haystack: ArraySlice<Unicode.Scalar>) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        for start in haystack.startIndex...(haystack.endIndex - needle.count)
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
        let matches = matches(words).filter { !$0.isEmpty }
        var found = ranked(matches, query: query, options: options)
        if found.isEmpty, matches.count > 1 {
            // No place has every word: rank those with most of them.
            found = ranked(matches, query: query, options: options, requireAll: false)
        }
        return results(found, options)
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
        let fields: Set<Field> = [.address, .name]
        let matches = matches(words).filter { !$0.isEmpty && occurs($0, in: fields) }
        return results(ranked(matches, query: text, options: options, fields: fields, addressed: true), options)
    }

    private func results(
        _ ranked: [(place: Int32, score: Double, distance: Double?)], _ options: SearchOptions
    ) -> [SearchResult] {
        ranked.dropFirst(options.start).prefix(options.count).map { entry in
            let place = place(at: Int(entry.place))
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
        for (position, index) in areaPlaces.enumerated()
        where areaBoxes[4 * position + 1] <= coordinate.latitude && coordinate.latitude <= areaBoxes[4 * position + 3]
            && areaBoxes[4 * position] <= coordinate.longitude && coordinate.longitude <= areaBoxes[4 * position + 2]
        {
            let place = place(at: Int(index))
            if let boundary = place.boundary, let area = Self.area(boundary, containing: coordinate) {
                containing.append((area, place))
            }
        }
        let nearby = addressCells.nearest(nearest, to: coordinate) {
            Self.haversine(coordinate, self.coordinate(Int($0)))
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
                let place = place(at: Int($0.place))
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
