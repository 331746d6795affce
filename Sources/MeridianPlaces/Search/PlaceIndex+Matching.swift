import MeridianCore
import MeridianLibC

extension PlaceIndex {
    /// How a query word met a term.
    enum Quality {
        static let exact = 1.0
        static let prefix = 0.8
        static let typo = 0.6
    }

    /// A query word and the terms it matches: the run of terms it starts
    /// (a whole term, exactly, is the run's first), or when it starts none
    /// and has five letters or more, the terms within one typo of it.
    struct WordMatch {
        var bytes: [UInt8]
        var run: Range<Int>
        var exact: Int?
        var typos: [Int]
        /// The categories whose search terms the word matches, and how well.
        var categories: [(code: Int, quality: Double)]
        /// How many postings the word's terms have, and places its categories.
        var volume: Int

        var isEmpty: Bool { run.isEmpty && typos.isEmpty }

        /// The quality of a term for this word, 0 when it does not match.
        @inline(__always)
        func quality(_ term: Int) -> Double {
            if run.contains(term) { return term == exact ? Quality.exact : Quality.prefix }
            if !typos.isEmpty, typos.contains(term) { return Quality.typo }
            return 0
        }
    }

    /// At most this many words of a query are matched (a longer text is
    /// not a query; the words after are ignored).
    static let maximumWords = 32
    /// A region with at most this many places has them all ranked; beyond,
    /// its places compete with everyone's.
    static let regionPlaces = 4_096

    /// Each word's match.
    func matches(_ words: [Word]) -> [WordMatch] {
        words.prefix(Self.maximumWords).map { word in
            let bytes = Array(word.text.utf8)
            return bytes.withUnsafeBufferPointer { query in
                let run = terms(startingWith: query)
                var typos: [Int] = []
                if run.isEmpty, !word.isUnspaced, word.text.unicodeScalars.count >= 5 {
                    for term in 0..<termCount where Self.withinOneEdit(query, self.term(term), prefix: true) {
                        typos.append(term)
                    }
                }
                let exact = run.first.flatMap { self.term($0).count == query.count ? $0 : nil }
                let categories =
                    typos.isEmpty ? categoryTerms.matching(run, exact: exact) : categoryTerms.matching(typos: typos)
                var volume = Int(postingStart[run.upperBound] - postingStart[run.lowerBound])
                for term in typos { volume += postings(ofTerm: term).count }
                for (code, _) in categories { volume += places(ofCategory: code).count }
                return WordMatch(
                    bytes: bytes, run: run, exact: exact, typos: typos, categories: categories, volume: volume)
            }
        }
    }

    /// True when some place has the word in one of the fields.
    func occurs(_ match: WordMatch, in fields: Set<Field>) -> Bool {
        if fields.contains(.category), !match.categories.isEmpty { return true }
        for term in Array(match.run) + match.typos {
            for posting in postings(ofTerm: term) {
                if let field = Field(rawValue: UInt8(posting & 7)), fields.contains(field) { return true }
            }
        }
        return false
    }

    /// The places that may match, with repeats: the region's places when
    /// it has few enough (those the word with fewest postings has, when
    /// finding them in its postings costs less than looking at them all),
    /// and the places of the word with fewest postings: when it starts
    /// many, the best of them listed in advance, unless `exhaustive`; then
    /// only those that a second word has too.
    func candidates(_ matches: [WordMatch], options: SearchOptions, exhaustive: Bool) -> (
        places: [UInt32], listed: Bool
    ) {
        var places: [UInt32] = []
        guard let first = matches.indices.min(by: { matches[$0].volume < matches[$1].volume }) else {
            return (places, false)
        }
        let driving = matches[first]
        let lists = self.lists(of: driving)
        if let region = options.region, let (found, inside) = regionCells.ranges(in: region, limit: Self.regionPlaces) {
            let ranges = found.map { $0.clamped(to: 0..<UInt32(count)) }
            if lists.count * ranges.count * 24 < inside {
                for (list, shift) in lists {
                    for range in ranges {
                        var position = list.lowerBound(range.lowerBound << shift)
                        while position < list.count, list[position] >> shift < range.upperBound {
                            places.append(list[position] >> shift)
                            position += 1
                        }
                    }
                }
            } else {
                for range in ranges { places += range }
            }
            if options.regionPriority == .required { return (places, false) }
        }
        if !exhaustive, driving.volume > PlaceIndexBuilder.listedVolume, driving.typos.isEmpty,
            let list = driving.bytes.withUnsafeBufferPointer({ self.list(forPrefix: $0) })
        {
            places += list
            return (places, true)
        }
        // A second word with few enough postings marks its places, and the
        // driving word's are kept only where marked.
        var marked: [UInt64] = []
        if driving.volume > PlaceIndexBuilder.listedVolume,
            let second = matches.indices.filter({ $0 != first }).map({ matches[$0] }).min(by: {
                $0.volume < $1.volume
            }),
            second.volume <= 16 * driving.volume
        {
            marked = [UInt64](repeating: 0, count: (count + 63) / 64)
            for (list, shift) in self.lists(of: second) {
                for entry in list { marked[Int(entry >> (shift + 6))] |= 1 << (UInt64(entry >> shift) & 63) }
            }
        }
        places.reserveCapacity(places.count + driving.volume)
        for (list, shift) in lists {
            for entry in list {
                let place = entry >> shift
                if marked.isEmpty || marked[Int(place >> 6)] & (1 << (UInt64(place) & 63)) != 0 { places.append(place) }
            }
        }
        return (places, false)
    }

    /// The sorted lists of a word's places: its terms' postings (place << 3
    /// | field, so shifted by 3) and its categories' places (shifted by 0).
    func lists(of match: WordMatch) -> [(list: UnsafeBufferPointer<UInt32>, shift: UInt32)] {
        (Array(match.run) + match.typos).map { (postings(ofTerm: $0), 3) }
            + match.categories.map { (places(ofCategory: $0.code), 0) }
    }

    /// A word's match as plain numbers, for scoring many places: its run
    /// of terms, its exact term (-1: none) and where its typo terms are in
    /// a shared array.
    struct Span {
        var lower: Int32
        var upper: Int32
        var exact: Int32
        var typos: Range<Int32>
        /// Where the word's quality for each category code (256 of them) starts in a shared array.
        var categories: Int

        @inline(__always)
        func quality(_ term: Int32, _ typoTerms: UnsafeBufferPointer<Int32>) -> Double {
            if term >= lower && term < upper { return term == exact ? Quality.exact : Quality.prefix }
            if !typos.isEmpty, typoTerms[Int(typos.lowerBound)..<Int(typos.upperBound)].contains(term) {
                return Quality.typo
            }
            return 0
        }
    }

    /// The words of a query as plain numbers, for scoring many places:
    /// each word's span, the typo terms the spans point into, and each
    /// word's quality per category code.
    final class QueryWords {
        let spans: UnsafeMutableBufferPointer<Span>
        let typos: UnsafeMutableBufferPointer<Int32>
        /// Word `i`'s quality for category code `c` is `categoryQualities[256 * i + c]`.
        let categoryQualities: UnsafeMutableBufferPointer<Double>

        init(_ matches: [WordMatch]) {
            spans = .allocate(capacity: matches.count)
            typos = .allocate(capacity: matches.reduce(0) { $0 + $1.typos.count })
            categoryQualities = .allocate(capacity: 256 * matches.count)
            categoryQualities.initialize(repeating: 0)
            var next = 0
            for (index, match) in matches.enumerated() {
                let start = next
                for term in match.typos {
                    typos[next] = Int32(term)
                    next += 1
                }
                for (code, quality) in match.categories where code < 256 {
                    categoryQualities[256 * index + code] = quality
                }
                (spans.baseAddress! + index).initialize(
                    to: Span(
                        lower: Int32(match.run.lowerBound), upper: Int32(match.run.upperBound),
                        exact: Int32(match.exact ?? -1), typos: Int32(start)..<Int32(next), categories: 256 * index))
            }
        }

        deinit {
            spans.deallocate()
            typos.deallocate()
            categoryQualities.deallocate()
        }
    }

    /// A place's text score for the words: the sum of each word's best
    /// (quality times its field's weight; the place's category counts as
    /// a term of the category field), and how many words it has; nil when
    /// `requireAll` and a word is missing (found out first, cheaply).
    @inline(__always)
    func textScore(_ place: Int, _ words: QueryWords, fields: Set<Field>?, requireAll: Bool) -> (
        score: Double, matched: Int
    )? {
        let terms = self.terms(ofPlace: place)
        let code = Int(categoryCodes[place])
        let typos = UnsafeBufferPointer(words.typos)
        if requireAll, fields == nil {
            for span in words.spans
            where words.categoryQualities[span.categories + code] == 0
                && !terms.contains(where: { span.quality(Int32($0 >> 3), typos) > 0 })
            {
                return nil
            }
        }
        let categoryCounts = fields?.contains(.category) ?? true
        var total = 0.0
        var matched = 0
        for span in words.spans {
            var best = categoryCounts ? words.categoryQualities[span.categories + code] * Field.category.weight : 0
            for pair in terms {
                let quality = span.quality(Int32(pair >> 3), typos)
                guard quality > 0 else { continue }
                let field = Field(rawValue: UInt8(pair & 7)) ?? .address
                if let fields, !fields.contains(field) { continue }
                best = max(best, quality * field.weight)
            }
            if best > 0 {
                total += best
                matched += 1
            } else if requireAll {
                return nil
            }
        }
        return matched > 0 ? (total, matched) : nil
    }

    /// What the options let through, worked out once per query.
    struct Admission {
        var pointsOfInterest: Bool
        var addresses: Bool
        /// By category code.
        var categories: [Bool]
        var requiredRegion: CoordinateRegion?
    }

    func admission(_ options: SearchOptions) -> Admission {
        var categories = [Bool](repeating: options.filter.includes(nil), count: 256)
        for (code, category) in categoryOfCode.enumerated() { categories[code] = options.filter.includes(category) }
        return Admission(
            pointsOfInterest: options.resultTypes.contains(.pointOfInterest),
            addresses: options.resultTypes.contains(.address), categories: categories,
            requiredRegion: options.regionPriority == .required ? options.region : nil)
    }

    /// Whether the place at `index` passes the options' result types,
    /// filter and required region.
    @inline(__always)
    func admits(_ index: Int, _ admission: Admission) -> Bool {
        if kindCodes[index] & 1 == 1 {
            guard admission.addresses else { return false }
        } else {
            guard admission.pointsOfInterest, admission.categories[Int(categoryCodes[index])] else { return false }
        }
        if let region = admission.requiredRegion, !region.containsCoordinate(coordinate(index)) { return false }
        return true
    }

    typealias Ranked = (place: Int32, score: Double, distance: Double?)

    /// The best places for the words, ranked: text relevance per word,
    /// then (bounded) nearness to the origin and the place's importance;
    /// ties by name and position.
    ///
    /// - `requireAll`: a place must have every word (else: any, scored by
    ///   those it has, a search's last resort).
    /// - `fields`: only terms from these texts count.
    /// - `addressed`: only places with an address.
    func ranked(
        _ matches: [WordMatch], query: String, options: SearchOptions, requireAll: Bool = true,
        fields: Set<Field>? = nil, addressed: Bool = false
    ) -> [Ranked] {
        guard !matches.isEmpty, options.end > 0 else { return [] }
        let wordCount = requireAll ? matches.count : max(matches.count, 1)
        var folded = TextFolding.fold(query)
        let origin = options.distanceOrigin
        let scale = options.region.map { max($0.span.latitudeDelta, $0.span.longitudeDelta) * 111_000 / 2 } ?? 2_000
        let cosine = origin.map { cos($0.latitude * .pi / 180) } ?? 1
        let admission = admission(options)
        let words = QueryWords(matches)
        return folded.withUTF8 { query in
            func rank(_ candidates: [UInt32]) -> [Ranked] {
                // The places seen, by open addressing (place + 1; 0 empty).
                var seen = [UInt32](repeating: 0, count: max(16, (2 * candidates.count).nextPowerOfTwo))
                let mask = seen.count - 1
                var result: [Ranked] = []
                for candidate in candidates {
                    let place = Int(candidate)
                    var slot = Int(truncatingIfNeeded: UInt64(candidate) &* 0x9E37_79B9_7F4A_7C15 >> 32) & mask
                    while seen[slot] != 0, seen[slot] != candidate + 1 { slot = (slot + 1) & mask }
                    if seen[slot] != 0 { continue }
                    seen[slot] = candidate + 1
                    if addressed, kindCodes[place] & 2 == 0 { continue }
                    guard admits(place, admission),
                        let (relevance, _) = textScore(place, words, fields: fields, requireAll: requireAll)
                    else { continue }
                    var score = relevance / Double(wordCount)
                    let name = foldedName(place)
                    if name.count >= query.count, name.first == query.first, Self.starts(name, with: query) {
                        score += name.count == query.count ? 0.5 : 0.2
                    }
                    score += 0.15 * importances[place]
                    var distance: Double?
                    if let origin {
                        // Equirectangular metres: enough to rank by.
                        let dy = coordinateValues[2 * place] - origin.latitude
                        var dx = coordinateValues[2 * place + 1] - origin.longitude
                        if dx > 180 { dx -= 360 } else if dx < -180 { dx += 360 }
                        dx *= cosine
                        let d = 111_195 * (dx * dx + dy * dy).squareRoot()
                        distance = d
                        score += 0.3 * scale / (scale + d)
                    }
                    result.append((Int32(place), score, distance))
                }
                return Self.first(options.end, of: result) { x, y in
                    if x.score != y.score { return x.score > y.score }
                    let order = Self.compare(foldedName(Int(x.place)), foldedName(Int(y.place)))
                    return order != 0 ? order < 0 : x.place < y.place
                }
            }
            if requireAll {
                let (candidates, listed) = self.candidates(matches, options: options, exhaustive: false)
                let found = rank(candidates)
                if found.count >= options.end || !listed { return found }
                // The listed best of a common word had too few with the other words: all of them.
                return rank(self.candidates(matches, options: options, exhaustive: true).places)
            }
            var union: [UInt32] = []
            for match in matches { union += self.candidates([match], options: options, exhaustive: false).places }
            return rank(union)
        }
    }

    /// True when `query` is `term` (or, with `prefix`, the start of it)
    /// with at most one byte added, dropped, changed, or two swapped.
    static func withinOneEdit(
        _ query: UnsafeBufferPointer<UInt8>, _ term: UnsafeBufferPointer<UInt8>, prefix: Bool
    ) -> Bool {
        let n = query.count
        if prefix {
            for length in [n - 1, n, n + 1] where length > 0 && length <= term.count {
                if oneEdit(query, UnsafeBufferPointer(rebasing: term[0..<length])) { return true }
            }
            return false
        }
        return abs(term.count - n) <= 1 && oneEdit(query, term)
    }

    /// Exactly one edit apart (not equal).
    private static func oneEdit(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        if a.count == b.count {
            var first = -1
            var second = -1
            for i in 0..<a.count where a[i] != b[i] {
                if first < 0 {
                    first = i
                } else if second < 0 {
                    second = i
                } else {
                    return false
                }
            }
            if first < 0 { return false }
            if second < 0 { return true }
            return second == first + 1 && a[first] == b[second] && a[second] == b[first]
        }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        guard long.count == short.count + 1 else { return false }
        var i = 0
        while i < short.count, short[i] == long[i] { i += 1 }
        while i < short.count {
            if short[i] != long[i + 1] { return false }
            i += 1
        }
        return true
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

    /// Great-circle metres on the mean Earth sphere: for the nearest
    /// addresses (returned distances are geodesic, ``Coordinate/distance(to:)``).
    static func haversine(_ a: Coordinate, _ b: Coordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * radians
        let dLon = (b.longitude - a.longitude) * radians
        let h =
            sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * radians) * cos(b.latitude * radians) * sin(dLon / 2)
            * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, h.squareRoot()))
    }
}

extension Int {
    /// The least power of two not below this (1 for 0).
    var nextPowerOfTwo: Int { self <= 1 ? 1 : 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount) }
}
