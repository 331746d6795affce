import MeridianCore
import MeridianLibC

/// Places made searchable: the index behind completion, local search,
/// geocoding, reverse geocoding and lookup by id.
///
/// ```swift
/// let index = try PlaceIndex(places)
/// index.completions(for: "cof", options: SearchOptions(region: cambridge))
/// index.search("toilets level 1")
/// index.lookup(["b7b3ff7b-...", "nope"])      // found places, and ["nope"] unresolved
/// index.reverse(Coordinate(latitude: 52.2055, longitude: 0.1222))
///
/// index.withSerializedBytes { bytes in ... }  // what `meridian index` writes to a file
/// let opened = try PlaceIndex(contentsOf: "cambridge.idx")
/// ```
///
/// Every text of a place (its names in every language, its category's
/// search terms and the data's own category words, its address, and the
/// names of the venue, building, level, unit and section it is in, a
/// level also by the words "level" and "floor") is cut into folded words
/// (``Words``, ``TextFolding``), and each distinct word (a term) lists the
/// places that have it. Terms are kept sorted by their UTF-8 bytes, so the
/// terms a typed prefix starts are one contiguous run found by two binary
/// searches, and a place's own terms tell at once whether a word matches
/// it. A word of a script written without spaces is indexed by each of
/// its suffixes, so that a prefix search finds it anywhere inside.
///
/// The index is one block of flat arrays (``PlaceIndexFormat``), the same
/// in memory and in a file: a file is mapped and read in place, so opening
/// it costs a check of its structure, and a place is decoded only when a
/// query returns it.
public final class PlaceIndex: @unchecked Sendable {
    /// Which text of a place a term came from, and its weight in ranking.
    enum Field: UInt8 {
        case name = 0
        case otherName, category, container, address

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

    /// A file an index was built from, as it was then.
    public struct Source: Sendable, Hashable {
        /// The path as given to the build, made absolute.
        public var path: String
        public var size: Int
        /// Seconds since 1970 of the last change.
        public var modified: Int64
        /// ``ContentHash`` of the file's bytes.
        public var hash: UInt64

        public init(path: String, size: Int, modified: Int64, hash: UInt64) {
            self.path = path
            self.size = size
            self.modified = modified
            self.hash = hash
        }
    }

    private let storage: IndexBytes
    /// How many places the index holds.
    public let count: Int
    /// The files the index was built from (empty for one built in memory from places).
    public let sources: [Source]
    /// The files places were read from, by number (a record's source).
    let files: [String]

    let termBytes: UnsafeBufferPointer<UInt8>
    /// Term `i` is `termBytes[termStart[i]..<termStart[i + 1]]`.
    let termStart: UnsafeBufferPointer<UInt32>
    /// Term `i`'s postings (place << 3 | field) are `postings[postingStart[i]..<postingStart[i + 1]]`.
    let postingStart: UnsafeBufferPointer<UInt32>
    let postings: UnsafeBufferPointer<UInt32>
    /// Place `i`'s terms (term << 3 | field) are `placeTerms[placeTermStart[i]..<placeTermStart[i + 1]]`.
    let placeTermStart: UnsafeBufferPointer<UInt32>
    let placeTerms: UnsafeBufferPointer<UInt32>
    /// Each place's default name, folded (for the exact-name bonus and ties).
    let nameBytes: UnsafeBufferPointer<UInt8>
    let nameStart: UnsafeBufferPointer<UInt32>
    /// What ranking reads of each place, without decoding the place.
    let kindCodes: UnsafeBufferPointer<UInt8>
    let categoryCodes: UnsafeBufferPointer<UInt8>
    /// The category of each code the index uses.
    let categoryOfCode: [PointOfInterestCategory?]
    let coordinateValues: UnsafeBufferPointer<Double>
    let importances: UnsafeBufferPointer<Double>
    let idBytes: UnsafeBufferPointer<UInt8>
    let idStart: UnsafeBufferPointer<UInt32>
    let idPlace: UnsafeBufferPointer<UInt32>
    let idSlots: UnsafeBufferPointer<UInt32>
    /// Prefixes that start many places (bytewise sorted), and each one's best places.
    let prefixBytes: UnsafeBufferPointer<UInt8>
    let prefixStart: UnsafeBufferPointer<UInt32>
    let prefixListStart: UnsafeBufferPointer<UInt32>
    let prefixPlaces: UnsafeBufferPointer<UInt32>
    /// Places with an address by cell (nearest addresses), and every place by cell (a region's places).
    let addressCells: CellIndex
    let regionCells: CellIndex
    let areaPlaces: UnsafeBufferPointer<UInt32>
    let areaBoxes: UnsafeBufferPointer<Double>
    /// Records in the order the places were read; a place's is `recordSlot[place]`.
    let recordStart: UnsafeBufferPointer<UInt64>
    let recordBytes: UnsafeBufferPointer<UInt8>
    let recordSlot: UnsafeBufferPointer<UInt32>
    /// The categories some place has, with their search terms: what completion suggests.
    let suggestable: [(category: PointOfInterestCategory, terms: [(title: String, folded: [UInt8])])]
    /// Which categories' search terms a run of terms holds, and each
    /// category code's places (`categoryPlaces[categoryPlaceStart[code]..<categoryPlaceStart[code + 1]]`).
    let categoryTerms: CategoryTerms
    let categoryPlaceStart: UnsafeBufferPointer<UInt32>
    let categoryPlaces: UnsafeBufferPointer<UInt32>

    /// An index of places, built in memory; `sources` are the files they
    /// were read from, recorded for a file written from the index.
    ///
    /// Throws `places.index.too-large` when the places pass what one index
    /// holds (2^29 places, or 4 GiB of words, names or ids).
    public convenience init(_ places: [Place], sources: [Source] = []) throws(DiagnosticError) {
        try self.init(bytes: PlaceIndexBuilder.build(places, sources: sources))
    }

    /// The index's bytes: what a file of it holds (``init(contentsOf:)``).
    public func withSerializedBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.base, count: storage.count))
    }

    /// An index from its bytes (``withSerializedBytes(_:)``).
    public convenience init(serialized bytes: [UInt8]) throws(DiagnosticError) {
        try self.init(bytes: IndexBytes(copying: bytes))
    }

    /// The index in a file, mapped and read in place.
    public convenience init(contentsOf path: String) throws(DiagnosticError) {
        do {
            try self.init(bytes: IndexBytes(mapping: path))
        } catch {
            var diagnostic = error.diagnostic
            diagnostic.location = SourceLocation(file: path)
            throw DiagnosticError(diagnostic)
        }
    }

    private init(bytes: IndexBytes) throws(DiagnosticError) {
        #if _endian(big)
            throw DiagnosticError(
                code: "places.index.version", message: "place indexes are little-endian; this machine is not")
        #endif
        let (count, sections) = try PlaceIndexFormat.sections(of: bytes)
        func array<T>(_ section: PlaceIndexFormat.Section, _ type: T.Type, count expected: Int? = nil)
            throws(DiagnosticError) -> UnsafeBufferPointer<T>
        {
            let range = sections[section]!
            guard range.count % MemoryLayout<T>.stride == 0 else {
                throw PlaceIndexFormat.corrupted("section \(section) has a partial entry")
            }
            let elements = range.count / MemoryLayout<T>.stride
            if let expected, elements != expected {
                throw PlaceIndexFormat.corrupted("section \(section) has \(elements) entries, not \(expected)")
            }
            return bytes.array(T.self, at: range.lowerBound, count: elements)
        }
        func list(_ section: PlaceIndexFormat.Section, _ read: (inout ByteReader) -> Bool) throws(DiagnosticError) {
            let range = sections[section]!
            var reader = ByteReader(UnsafeRawBufferPointer(start: bytes.base + range.lowerBound, count: range.count))
            guard let entries = reader.varint(), entries <= range.count else {
                throw PlaceIndexFormat.corrupted("section \(section) cannot be read")
            }
            for _ in 0..<entries where !read(&reader) {
                throw PlaceIndexFormat.corrupted("section \(section) cannot be read")
            }
        }
        var sources: [Source] = []
        try list(.sources) { reader in
            guard let path = reader.string(), let size = reader.uint64(), let modified = reader.uint64(),
                let hash = reader.uint64(), size < UInt64(Int.max)
            else { return false }
            sources.append(Source(path: path, size: Int(size), modified: Int64(bitPattern: modified), hash: hash))
            return true
        }
        var files: [String] = []
        try list(.files) { reader in
            guard let file = reader.string() else { return false }
            files.append(file)
            return true
        }
        var categoryOfCode: [PointOfInterestCategory?] = []
        try list(.categoryNames) { reader in
            guard let name = reader.string() else { return false }
            categoryOfCode.append(PointOfInterestCategory(rawValue: name))
            return true
        }
        // A place's category is a byte, 255 for none: more names than that
        // cannot be a file the builder wrote.
        guard categoryOfCode.count < 256 else {
            throw PlaceIndexFormat.corrupted(
                "it lists \(categoryOfCode.count) category names, more than one-byte codes can name")
        }
        self.storage = bytes
        self.count = count
        self.sources = sources
        self.files = files
        self.categoryOfCode = categoryOfCode
        termBytes = try array(.termBytes, UInt8.self)
        termStart = try array(.termStart, UInt32.self)
        let termCount = termStart.count - 1
        postingStart = try array(.postingStart, UInt32.self, count: termCount + 1)
        postings = try array(.postings, UInt32.self)
        placeTermStart = try array(.placeTermStart, UInt32.self, count: count + 1)
        placeTerms = try array(.placeTerms, UInt32.self)
        nameBytes = try array(.nameBytes, UInt8.self)
        nameStart = try array(.nameStart, UInt32.self, count: count + 1)
        kindCodes = try array(.kinds, UInt8.self, count: count)
        categoryCodes = try array(.categories, UInt8.self, count: count)
        coordinateValues = try array(.coordinates, Double.self, count: 2 * count)
        importances = try array(.importances, Double.self, count: count)
        idBytes = try array(.idBytes, UInt8.self)
        idStart = try array(.idStart, UInt32.self)
        idPlace = try array(.idPlace, UInt32.self, count: max(idStart.count - 1, 0))
        idSlots = try array(.idSlots, UInt32.self)
        prefixBytes = try array(.prefixBytes, UInt8.self)
        prefixStart = try array(.prefixStart, UInt32.self)
        prefixListStart = try array(.prefixListStart, UInt32.self, count: prefixStart.count)
        prefixPlaces = try array(.prefixPlaces, UInt32.self)
        let addressKeys = try array(.addressKeys, Int64.self)
        addressCells = CellIndex(
            keys: addressKeys, starts: try array(.addressStart, UInt32.self, count: addressKeys.count + 1),
            places: try array(.addressPlaces, UInt32.self), size: CellIndex.addressCell)
        let regionKeys = try array(.regionKeys, Int64.self)
        regionCells = CellIndex(
            keys: regionKeys, starts: try array(.regionStart, UInt32.self, count: regionKeys.count + 1),
            places: try array(.regionPlaces, UInt32.self), size: CellIndex.regionCell)
        areaPlaces = try array(.areaPlaces, UInt32.self)
        areaBoxes = try array(.areaBoxes, Double.self, count: 4 * areaPlaces.count)
        recordStart = try array(.recordStart, UInt64.self, count: count + 1)
        recordBytes = try array(.recordBytes, UInt8.self)
        recordSlot = try array(.recordSlot, UInt32.self, count: count)
        let categoryTermStart = try array(.categoryTermStart, UInt32.self, count: categoryOfCode.count + 1)
        let categoryTermList = try array(.categoryTerms, UInt32.self)
        categoryPlaceStart = try array(.categoryPlaceStart, UInt32.self, count: 257)
        categoryPlaces = try array(.categoryPlaces, UInt32.self, count: count)

        // Offsets rise and end inside what they index; numbers are in range.
        func rising<T: BinaryInteger>(_ offsets: UnsafeBufferPointer<T>, within end: Int, _ what: String)
            throws(DiagnosticError)
        {
            guard let first = offsets.first, first == 0, Int(exactly: offsets[offsets.count - 1]) == end else {
                throw PlaceIndexFormat.corrupted("\(what) do not cover their array")
            }
            var previous = first
            for offset in offsets {
                guard offset >= previous else { throw PlaceIndexFormat.corrupted("\(what) do not rise") }
                previous = offset
            }
        }
        func below(_ values: UnsafeBufferPointer<UInt32>, shift: UInt32, _ limit: Int, _ what: String)
            throws(DiagnosticError)
        {
            let bound = UInt32(limit)
            var worst: UInt32 = 0
            for value in values { worst = max(worst, value >> shift) }
            guard values.isEmpty || worst < bound else { throw PlaceIndexFormat.corrupted("\(what) out of range") }
        }
        guard termCount >= 0, !prefixStart.isEmpty else { throw PlaceIndexFormat.corrupted("it has no term table") }
        try rising(termStart, within: termBytes.count, "term offsets")
        try rising(postingStart, within: postings.count, "posting offsets")
        try rising(placeTermStart, within: placeTerms.count, "place term offsets")
        try rising(nameStart, within: nameBytes.count, "name offsets")
        try rising(idStart, within: idBytes.count, "id offsets")
        try rising(prefixStart, within: prefixBytes.count, "prefix offsets")
        try rising(prefixListStart, within: prefixPlaces.count, "prefix list offsets")
        try rising(addressCells.starts, within: addressCells.places.count, "address cell offsets")
        try rising(regionCells.starts, within: regionCells.places.count, "region cell offsets")
        try rising(recordStart, within: recordBytes.count, "record offsets")
        try below(postings, shift: 3, count, "posting places")
        try below(placeTerms, shift: 3, termCount, "place terms")
        try below(idPlace, shift: 0, count, "id places")
        try below(idSlots, shift: 0, idPlace.count + 1, "id slots")
        try below(prefixPlaces, shift: 0, count, "prefix list places")
        try below(recordSlot, shift: 0, count, "record slots")
        try below(addressCells.places, shift: 0, count, "address cell places")
        try below(regionCells.places, shift: 0, count, "region cell places")
        try below(areaPlaces, shift: 0, count, "area places")
        try rising(categoryTermStart, within: categoryTermList.count, "category term offsets")
        try below(categoryTermList, shift: 0, termCount, "category terms")
        try rising(categoryPlaceStart, within: categoryPlaces.count, "category place offsets")
        try below(categoryPlaces, shift: 0, count, "category places")
        categoryTerms = CategoryTerms(termStart: categoryTermStart, terms: categoryTermList)
        guard idSlots.count.nonzeroBitCount == 1, idSlots.count > idPlace.count else {
            throw PlaceIndexFormat.corrupted("its id table is malformed")
        }
        var codes = [Bool](repeating: false, count: 256)
        for code in categoryCodes { codes[Int(code)] = true }
        var present = Set<PointOfInterestCategory>()
        for (code, category) in categoryOfCode.enumerated() where codes[code] {
            if let category { present.insert(category) }
        }
        suggestable = Self.suggestable(present)
    }

    // MARK: Reading places

    var termCount: Int { termStart.count - 1 }

    func term(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: termBytes[Int(termStart[i])..<Int(termStart[i + 1])])
    }

    func postings(ofTerm i: Int) -> UnsafeBufferPointer<UInt32> {
        UnsafeBufferPointer(rebasing: postings[Int(postingStart[i])..<Int(postingStart[i + 1])])
    }

    func terms(ofPlace i: Int) -> UnsafeBufferPointer<UInt32> {
        UnsafeBufferPointer(rebasing: placeTerms[Int(placeTermStart[i])..<Int(placeTermStart[i + 1])])
    }

    func foldedName(_ i: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: nameBytes[Int(nameStart[i])..<Int(nameStart[i + 1])])
    }

    func coordinate(_ i: Int) -> Coordinate {
        Coordinate(latitude: coordinateValues[2 * i], longitude: coordinateValues[2 * i + 1])
    }

    func kind(_ i: Int) -> Place.Kind { kindCodes[i] & 1 == 1 ? .address : .pointOfInterest }

    func category(_ i: Int) -> PointOfInterestCategory? {
        let code = Int(categoryCodes[i])
        return code < categoryOfCode.count ? categoryOfCode[code] : nil
    }

    /// The place at a position, decoded from its record (a record that
    /// cannot be read gives the place with what the hot arrays hold).
    public func place(at i: Int) -> Place {
        let slot = Int(recordSlot[i])
        let record = UnsafeRawBufferPointer(
            rebasing: UnsafeRawBufferPointer(recordBytes)[Int(recordStart[slot])..<Int(recordStart[slot + 1])])
        return PlaceRecord.decode(
            record, coordinate: coordinate(i), category: category(i), kind: kind(i), importance: importances[i],
            files: files)
            ?? Place(
                id: "", names: [], coordinate: coordinate(i), category: category(i), importance: importances[i],
                kind: kind(i))
    }

    /// Every place, in order.
    public var places: [Place] { (0..<count).map(place(at:)) }

    /// The terms that start with `prefix`: a contiguous run.
    func terms(startingWith prefix: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        func precedes(_ term: UnsafeBufferPointer<UInt8>) -> Bool { Self.compare(term, prefix) < 0 }
        var low = 0
        var high = termCount
        while low < high {
            let mid = (low + high) / 2
            if precedes(term(mid)) { low = mid + 1 } else { high = mid }
        }
        var end = low
        var upper = termCount
        while end < upper {
            let mid = (end + upper) / 2
            let t = term(mid)
            if Self.starts(t, with: prefix) || precedes(t) { end = mid + 1 } else { upper = mid }
        }
        return low..<end
    }

    /// The places of a category code.
    func places(ofCategory code: Int) -> UnsafeBufferPointer<UInt32> {
        UnsafeBufferPointer(rebasing: categoryPlaces[Int(categoryPlaceStart[code])..<Int(categoryPlaceStart[code + 1])])
    }

    /// The best places listed for a prefix that starts many places, or nil
    /// when the prefix has no list (it starts few enough to rank them all).
    func list(forPrefix prefix: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt32>? {
        var low = 0
        var high = prefixStart.count - 1
        while low < high {
            let mid = (low + high) / 2
            let entry = UnsafeBufferPointer(
                rebasing: prefixBytes[Int(prefixStart[mid])..<Int(prefixStart[mid + 1])])
            let order = Self.compare(entry, prefix)
            if order == 0 {
                return UnsafeBufferPointer(
                    rebasing: prefixPlaces[Int(prefixListStart[mid])..<Int(prefixListStart[mid + 1])])
            }
            if order < 0 { low = mid + 1 } else { high = mid }
        }
        return nil
    }

    /// Bytewise order of two byte strings: negative, zero or positive.
    @inline(__always)
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0 {
            let order = memcmp(a.baseAddress!, b.baseAddress!, common)
            if order != 0 { return Int(order) }
        }
        return a.count - b.count
    }

    @inline(__always)
    static func starts(_ a: UnsafeBufferPointer<UInt8>, with b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count >= b.count && (b.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, b.count) == 0)
    }

    // MARK: Lookup

    /// The places with these ids (or alternate ids, as a Place ID that was
    /// replaced resolves to its successor), in the order asked, and the
    /// ids that resolve to nothing.
    public func lookup(_ ids: [String]) -> (places: [Place], unresolved: [String]) {
        var found: [Place] = []
        var unresolved: [String] = []
        for id in ids {
            if let index = position(ofID: id) { found.append(place(at: index)) } else { unresolved.append(id) }
        }
        return (found, unresolved)
    }

    /// The position of the place with this id or alternate id.
    func position(ofID id: String) -> Int? {
        var id = id
        return id.withUTF8 { utf8 -> Int? in
            let mask = idSlots.count - 1
            var slot = TermTable.hash(utf8) & mask
            for _ in 0..<idSlots.count {
                let entry = Int(idSlots[slot])
                if entry == 0 { return nil }
                let bytes = UnsafeBufferPointer(
                    rebasing: idBytes[Int(idStart[entry - 1])..<Int(idStart[entry])])
                if Self.compare(bytes, utf8) == 0 { return Int(idPlace[entry - 1]) }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }
}
