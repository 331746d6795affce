import MeridianCore

/// The layout of a place index, in memory and in a file (`meridian index`):
///
/// - a header of 48 bytes: the magic `MRDNPLCS`, the format version
///   (UInt32), the number of sections (UInt32), the file's length, a hash
///   of everything after the header, the number of places, and a hash of
///   the header's first 40 bytes (UInt64 each);
/// - the section table: per section its id (UInt32, then 4 bytes of zero),
///   byte offset and byte length (UInt64 each);
/// - the sections, each at an offset that is a multiple of 8: flat arrays
///   of fixed-size little-endian numbers, read in place, and a few small
///   serialized lists (source files, category names).
///
/// Opening checks the magic, the version, the header's hash, the length (a
/// truncated file is refused), the hash of the table and sections (one
/// flipped bit anywhere is refused, not answered from), and every array's
/// structure, which a hostile file can break and hash anew: offsets rise
/// and stay inside the arrays they index, and every place and term number
/// is in range, so that no damaged index can make a query read outside it.
/// A place's record is decoded when a query returns the place, each read
/// checked against the record's end.
enum PlaceIndexFormat {
    static let magic: [UInt8] = Array("MRDNPLCS".utf8)
    static let version: UInt32 = 4
    static let headerSize = 48

    enum Section: UInt32, CaseIterable {
        /// Source files and their content hashes; the files places were read from; category names.
        case sources = 1, files, categoryNames
        /// Terms (bytewise sorted) and their postings (place << 3 | field).
        case termBytes, termStart, postingStart, postings
        /// Each place's terms (term << 3 | field).
        case placeTermStart, placeTerms
        /// Each place's default name, folded.
        case nameBytes, nameStart
        /// Hot arrays: kind, category code (255: none), latitude and longitude, importance.
        case kinds, categories, coordinates, importances
        /// Ids and alternate ids: the texts, their places, and a hash table of entry + 1.
        case idBytes, idStart, idPlace, idSlots
        /// Prefixes matching many places, and each one's best places.
        case prefixBytes, prefixStart, prefixListStart, prefixPlaces
        /// Cells of places with an address (nearest addresses), and of every place (a region's places).
        case addressKeys, addressStart, addressPlaces
        case regionKeys, regionStart, regionPlaces
        /// Places with an area, and their bounding boxes (west, south, east, north).
        case areaPlaces, areaBoxes
        /// Place records, in the order the places were read (each place's
        /// record is `recordSlot[place]`: records are not moved into index order).
        case recordStart, recordBytes
        /// Each category's search terms (by category code), and each category code's places.
        case categoryTermStart, categoryTerms, categoryPlaceStart, categoryPlaces
        case recordSlot
    }

    static func corrupted(_ what: String) -> DiagnosticError {
        DiagnosticError(code: "places.index.corrupted", message: "the place index is damaged: \(what)")
    }

    /// Assembles sections into an index's bytes, each section copied once.
    /// The image of `sections`: header, table, then each section, which is
    /// released (replaced by an empty array) as soon as it is copied, so the
    /// image's pages can reuse the memory the sections held rather than
    /// each being new to the process.
    static func assemble(placeCount: Int, sections: inout [(Section, any SectionBytes)]) -> IndexBytes {
        var table = ByteWriter()
        var offset = (headerSize + sections.count * 24 + 7) & ~7
        var offsets: [Int] = []
        for (section, bytes) in sections {
            let size = bytes.byteCount
            offsets.append(offset)
            table.uint32(section.rawValue)
            table.uint32(0)
            table.uint64(UInt64(offset))
            table.uint64(UInt64(size))
            offset = (offset + size + 7) & ~7
        }
        let size = offset
        return IndexBytes(zeroed: size, populated: false) { result in
            func put(_ bytes: UnsafeRawBufferPointer, at offset: Int) {
                if !bytes.isEmpty { (result + offset).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count) }
            }
            table.bytes.withUnsafeBytes { put($0, at: headerSize) }
            for index in sections.indices {
                sections[index].1.withUnsafeBytes { put($0, at: offsets[index]) }
                sections[index].1 = [UInt8]()
            }
            seal(
                UnsafeMutableRawBufferPointer(start: result, count: size), sectionCount: UInt32(sections.count),
                placeCount: UInt64(placeCount))
        }
    }

    /// Writes the header of an index image whose table and sections are in
    /// place: what a hostile file can do too, so opening checks more than
    /// the hashes.
    static func seal(_ image: UnsafeMutableRawBufferPointer, sectionCount: UInt32, placeCount: UInt64) {
        var header = ByteWriter()
        header.bytes = magic
        header.uint32(version)
        header.uint32(sectionCount)
        header.uint64(UInt64(image.count))
        header.uint64(ContentHash.of(UnsafeRawBufferPointer(rebasing: image[headerSize...])))
        header.uint64(placeCount)
        header.uint64(header.bytes.withUnsafeBytes { ContentHash.of($0) })
        header.bytes.withUnsafeBytes { image.baseAddress!.copyMemory(from: $0.baseAddress!, byteCount: headerSize) }
    }

    /// The sections of an index's bytes, by id, after checking the header
    /// and table; and the number of places.
    static func sections(of bytes: IndexBytes) throws(DiagnosticError) -> (
        placeCount: Int, sections: [Section: Range<Int>]
    ) {
        let raw = UnsafeRawBufferPointer(start: bytes.base, count: bytes.count)
        if raw.count < headerSize, magic.starts(with: raw.prefix(8)) {
            throw DiagnosticError(code: "places.index.truncated", message: "the place index ends inside its header")
        }
        guard raw.count >= 8, raw.prefix(8).elementsEqual(magic) else {
            throw DiagnosticError(code: "places.index.corrupted", message: "this is not a Meridian place index")
        }
        var reader = ByteReader(raw)
        let version = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
        let sectionCount = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
        guard version == Self.version else {
            throw DiagnosticError(
                code: "places.index.version",
                message:
                    "the place index is of format version \(version); this Meridian reads version \(Self.version)")
        }
        reader.offset = 16
        let length = reader.uint64() ?? 0
        let contentHash = reader.uint64() ?? 0
        let placeCount = reader.uint64() ?? 0
        let headerHash = reader.uint64() ?? 0
        guard raw.count >= headerSize, ContentHash.of(UnsafeRawBufferPointer(rebasing: raw[0..<40])) == headerHash
        else { throw corrupted("its header does not match its hash") }
        guard length == UInt64(raw.count) else {
            if length > UInt64(raw.count) {
                throw DiagnosticError(
                    code: "places.index.truncated",
                    message: "the place index is \(raw.count) bytes long but was written with \(length)")
            }
            throw corrupted("it is \(raw.count) bytes long but was written with \(length)")
        }
        let tableEnd = headerSize + sectionCount * 24
        guard sectionCount <= 256, tableEnd <= raw.count, placeCount < UInt64(Int32.max) else {
            throw corrupted("its section table is out of bounds")
        }
        guard ContentHash.of(UnsafeRawBufferPointer(rebasing: raw[headerSize...])) == contentHash else {
            throw corrupted("its content does not match its hash")
        }
        var sections: [Section: Range<Int>] = [:]
        reader.offset = headerSize
        for _ in 0..<sectionCount {
            let word = reader.uint64() ?? 0
            let offset = reader.uint64() ?? 0
            let size = reader.uint64() ?? 0
            guard let section = Section(rawValue: UInt32(truncatingIfNeeded: word)), offset % 8 == 0,
                offset <= UInt64(raw.count), size <= UInt64(raw.count) - offset
            else { throw corrupted("a section lies outside the file") }
            sections[section] = Int(offset)..<Int(offset + size)
        }
        for section in Section.allCases where sections[section] == nil {
            throw corrupted("section \(section) is missing")
        }
        return (Int(placeCount), sections)
    }
}

/// What a section is made from: an array of fixed-size numbers.
protocol SectionBytes {
    func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R
}

extension SectionBytes {
    var byteCount: Int { withUnsafeBytes { $0.count } }
}

extension Array: SectionBytes {}

extension PlaceIndex {
    /// `bytes` with the header written anew, hashes included, as a hostile
    /// file's author can: what fuzzing opens, so that it reaches the
    /// structure checks behind the hashes. Shorter than a header: as given.
    package static func resealed(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= PlaceIndexFormat.headerSize else { return bytes }
        var sealed = bytes
        sealed.withUnsafeMutableBytes { image in
            // The counts as the file gives them, whatever they are.
            let sections = UInt32(littleEndian: image.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            let places = UInt64(littleEndian: image.loadUnaligned(fromByteOffset: 32, as: UInt64.self))
            PlaceIndexFormat.seal(image, sectionCount: sections, placeCount: places)
        }
        return sealed
    }
}
