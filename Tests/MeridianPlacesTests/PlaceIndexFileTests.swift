import MeridianCore
import MeridianLibC
import MeridianTestSupport
import Testing

@testable import MeridianPlaces

/// The index as bytes and as a file: what is written reads back the same,
/// and a damaged, truncated or foreign file is refused or, where the damage
/// cannot be seen at opening, still answers without reading out of bounds.
@Suite struct PlaceIndexFileTests {
    static let places: [Place] = {
        var places = [
            PlaceIndexTests.place(
                "venue", "Meridian Arcade", 52.2053, 0.1218, .store, alternates: ["arcade-old"],
                words: ["mall"],
                address: PlaceAddress(
                    houseNumber: "1", street: "Market Street", locality: "Cambridge", postalCode: "CB2 3QJ",
                    country: "GB"),
                containers: [PlaceIndexTests.level1], boundary: PlaceIndexTests.square(52.2053, 0.1218, 0.001)),
            PlaceIndexTests.place(
                "ring", "Ring Road", 52.1, 0.1, nil,
                boundary: .multiPolygon([
                    [
                        [
                            Coordinate(latitude: 52, longitude: 0), Coordinate(latitude: 52.2, longitude: 0),
                            Coordinate(latitude: 52.2, longitude: 0.2), Coordinate(latitude: 52, longitude: 0),
                        ]
                    ]
                ])),
            PlaceIndexTests.place(
                "tokyo", "東京駅", 35.6812, 139.7671, .publicTransport,
                names: [PlaceName(text: "Tokyo Station", language: "en")]),
        ]
        places[0].phone = "+44 1223 000000"
        places[0].url = "https://example.org/arcade"
        places[0].hours = "Mo-Sa 09:00-18:00"
        places[0].importance = 0.75
        places[0].source = PlaceSource(file: "venue.zip", featureID: "venue", featureIndex: 3)
        places[1].containers = [PlaceContainer(kind: .level, id: "b1", name: "Basement", ordinal: -2)]
        for i in 0..<300 {
            places.append(
                PlaceIndexTests.place(
                    "p\(i)", "Golden \(["Lion", "Bear", "Swan"][i % 3]) Café \(i)", 51.5 + Double(i) * 0.001, -0.12,
                    .cafe, address: i % 2 == 0 ? PlaceAddress(street: "High Street", locality: "London") : nil))
        }
        return places
    }()

    static func bytes(_ index: PlaceIndex) -> [UInt8] { index.withSerializedBytes { Array($0) } }

    static func code(_ body: () throws(DiagnosticError) -> Void) -> String? {
        do throws(DiagnosticError) {
            try body()
            return nil
        } catch {
            return error.diagnostic.code
        }
    }

    @Test func everyPlaceReadsBackAsItWasWritten() throws {
        let index = try PlaceIndex(serialized: Self.bytes(try PlaceIndex(Self.places)))
        #expect(index.count == Self.places.count)
        for place in Self.places {
            #expect(index.lookup([place.id]).places == [place])
        }
        #expect(Set(index.places) == Set(Self.places))
        #expect(index.lookup(["arcade-old"]).places.map(\.id) == ["venue"])
    }

    @Test func aFileIsMappedAndAnswersAsTheIndexInMemory() throws {
        let sources = [PlaceIndex.Source(path: "/data/venue.zip", size: 1234, modified: 1_700_000_000, hash: 42)]
        let built = try PlaceIndex(Self.places, sources: sources)
        let path = "/tmp/meridian-places-\(getpid()).idx"
        defer { unlink(path) }
        let file = fopen(path, "wb")!
        Self.bytes(built).withUnsafeBytes { _ = fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        let opened = try PlaceIndex(contentsOf: path)
        #expect(opened.sources == sources)
        let options = SearchOptions(
            region: CoordinateRegion(
                center: Coordinate(latitude: 51.55, longitude: -0.12), latitudinalMeters: 20_000,
                longitudinalMeters: 20_000))
        for query in ["gol", "golden s", "cafe 12", "東京", "tokyo", "merid"] {
            #expect(opened.completions(for: query, options: options) == built.completions(for: query, options: options))
            #expect(opened.search(query, options: options) == built.search(query, options: options))
        }
        let point = Coordinate(latitude: 52.2053, longitude: 0.1218)
        #expect(opened.reverse(point).containing.map(\.id) == ["venue"])
    }

    @Test func aTruncatedForeignOrOtherVersionIndexIsRefused() throws {
        let bytes = Self.bytes(try PlaceIndex(Self.places))
        #expect(
            Self.code { () throws(DiagnosticError) in
                _ = try PlaceIndex(serialized: Array(bytes.prefix(bytes.count - 100)))
            } == "places.index.truncated")
        #expect(
            Self.code { () throws(DiagnosticError) in _ = try PlaceIndex(serialized: Array(bytes.prefix(20))) }
                == "places.index.truncated")
        #expect(
            Self.code { () throws(DiagnosticError) in _ = try PlaceIndex(serialized: []) } == "places.index.truncated")
        #expect(
            Self.code { () throws(DiagnosticError) in
                _ = try PlaceIndex(serialized: Array("{\"type\": \"FeatureCollection\"}".utf8))
            } == "places.index.corrupted")
        var other = bytes
        other[8] = 9
        #expect(
            Self.code { () throws(DiagnosticError) in _ = try PlaceIndex(serialized: other) } == "places.index.version")
        var table = bytes
        table[PlaceIndexFormat.headerSize + 9] ^= 0x40
        #expect(
            Self.code { () throws(DiagnosticError) in _ = try PlaceIndex(serialized: table) }
                == "places.index.corrupted")
        var length = bytes
        length[16] ^= 0x01
        #expect(
            Self.code { () throws(DiagnosticError) in _ = try PlaceIndex(serialized: length) }
                == "places.index.corrupted")
        #expect(
            Self.code { () throws(DiagnosticError) in _ = try PlaceIndex(contentsOf: "/nonexistent/places.idx") }
                == "io.read")
    }

    /// The offset of a section, read from the table.
    static func section(_ wanted: PlaceIndexFormat.Section, in bytes: [UInt8]) -> Range<Int> {
        let count = Int(bytes[12])
        for entry in 0..<count {
            let at = PlaceIndexFormat.headerSize + entry * 24
            let id = bytes[at..<(at + 4)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let offset = bytes[(at + 8)..<(at + 16)].reversed().reduce(0) { $0 << 8 | Int($1) }
            let length = bytes[(at + 16)..<(at + 24)].reversed().reduce(0) { $0 << 8 | Int($1) }
            if id == wanted.rawValue { return offset..<(offset + length) }
        }
        return 0..<0
    }

    /// Past what the format's 32-bit numbers hold (here with small limits
    /// standing in for 2^29 places and 4 GiB arrays), building is refused
    /// instead of writing truncated offsets.
    @Test func placesPastWhatOneIndexHoldsAreRefused() throws {
        typealias Limits = PlaceIndexBuilder.Limits
        for limits in [Limits(places: Self.places.count), Limits(terms: 8), Limits(offsets: 20)] {
            #expect(
                Self.code { () throws(DiagnosticError) in
                    _ = try PlaceIndexBuilder.build(Self.places, sources: [], limits: limits)
                } == "places.index.too-large", "\(limits)")
        }
        let roomy = Limits(places: Self.places.count + 1, terms: 1_000, offsets: 10_000)
        #expect(
            Self.code { () throws(DiagnosticError) in
                _ = try PlaceIndexBuilder.build(Self.places, sources: [], limits: roomy)
            } == nil)
    }

    /// Category codes are one byte: an index listing more names than that
    /// (a hostile file; the builder writes one name per MapKit category) is
    /// refused at opening, not read past a table of 256.
    @Test func moreCategoryNamesThanCodesIsRefusedAtOpening() throws {
        let bytes = Self.bytes(try PlaceIndex(Self.places))
        var names = ByteWriter()
        names.varint(300)
        for i in 0..<300 { names.string("category-\(i)") }
        var sections: [(PlaceIndexFormat.Section, any SectionBytes)] = PlaceIndexFormat.Section.allCases.map {
            section in
            (section, section == .categoryNames ? names.bytes : Array(bytes[Self.section(section, in: bytes)]))
        }
        let image = PlaceIndexFormat.assemble(placeCount: Self.places.count, sections: &sections)
        let damaged = Array(UnsafeRawBufferPointer(start: image.base, count: image.count))
        #expect(
            Self.code { () throws(DiagnosticError) in _ = try PlaceIndex(serialized: damaged) }
                == "places.index.corrupted")
    }

    @Test func aNumberOutOfRangeInAnArrayIsRefusedAtOpening() throws {
        let bytes = Self.bytes(try PlaceIndex(Self.places))
        for section in [PlaceIndexFormat.Section.postings, .placeTerms, .postingStart, .recordStart, .regionPlaces] {
            var damaged = bytes
            let range = Self.section(section, in: bytes)
            for i in range.suffix(4) { damaged[i] = 0xFF }
            #expect(
                Self.code { () throws(DiagnosticError) in _ = try PlaceIndex(serialized: damaged) }
                    == "places.index.corrupted", "\(section)")
        }
    }

    /// One flipped bit anywhere (a record, a name, a coordinate, the
    /// header) is refused at opening rather than answered from.
    @Test func aFlippedBitAnywhereIsRefusedAtOpening() throws {
        let bytes = Self.bytes(try PlaceIndex(Self.places))
        var generator = SeededRandom(seed: 3)
        let positions = Array(0..<PlaceIndexFormat.headerSize) + (0..<200).map { _ in
            Int(generator.next() % UInt64(bytes.count))
        }
        for at in positions {
            var damaged = bytes
            damaged[at] ^= 1 << UInt8(generator.next() % 8)
            let code = Self.code { () throws(DiagnosticError) in _ = try PlaceIndex(serialized: damaged) }
            #expect(code == "places.index.corrupted" || (at < 16 && code != nil), "byte \(at): \(code ?? "opened")")
        }
    }

    /// Damage that opening cannot see once the file is hashed anew (a
    /// hostile file: a record, a name, a coordinate) gives wrong answers at
    /// worst, never a read out of bounds.
    @Test func damageAnywhereNeverTraps() throws {
        let bytes = Self.bytes(try PlaceIndex(Self.places))
        var generator = SeededRandom(seed: 7)
        // What opening cannot check, and anywhere at all.
        let unchecked: [Range<Int>] =
            [
                PlaceIndexFormat.Section.recordBytes, .nameBytes, .termBytes, .coordinates, .importances, .kinds,
                .categories, .prefixBytes, .idBytes, .addressKeys, .regionKeys, .areaBoxes,
            ].map { Self.section($0, in: bytes) } + [0..<bytes.count]
        var opened = 0
        for _ in 0..<400 {
            var damaged = bytes
            for _ in 0..<3 {
                let range = unchecked[Int(generator.next() % UInt64(unchecked.count))]
                guard !range.isEmpty else { continue }
                let at = range.lowerBound + Int(generator.next() % UInt64(range.count))
                damaged[at] = UInt8(truncatingIfNeeded: generator.next())
            }
            damaged.withUnsafeMutableBytes {
                PlaceIndexFormat.seal($0, sectionCount: UInt32($0[12]), placeCount: UInt64(Self.places.count))
            }
            guard let index = try? PlaceIndex(serialized: damaged) else { continue }
            opened += 1
            let options = SearchOptions(
                region: CoordinateRegion(
                    center: Coordinate(latitude: 51.55, longitude: -0.12), latitudinalMeters: 20_000,
                    longitudinalMeters: 20_000))
            _ = index.completions(for: "gol", options: options)
            _ = index.search("golden cafe", options: options)
            _ = index.geocode("high street")
            _ = index.reverse(Coordinate(latitude: 52.2053, longitude: 0.1218))
            _ = index.lookup(["venue", "p7"])
            _ = index.places
        }
        #expect(opened > 300)
    }

    @Test func placesAreOrderedByCellThenPositionOverTheWholeGrid() {
        var generator = SeededRandom(seed: 11)
        var keys: [Int64] = []
        for _ in 0..<5_000 {
            let latitude = Double(generator.next() % 18_001) / 100 - 90
            let longitude = Double(generator.next() % 108_001) / 100 - 540
            keys.append(
                CellIndex.key(Coordinate(latitude: latitude, longitude: longitude), size: CellIndex.regionCell) ?? .max)
        }
        keys += [.max, keys[7], .max, keys[0]]
        let expected = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
        #expect(CellIndex.order(of: keys, size: CellIndex.regionCell) == expected)
    }

    @Test func aCategorysCodeIsItsPositionInAllCases() {
        for (code, category) in PointOfInterestCategory.allCases.enumerated() {
            #expect(PointOfInterestCategory.codes[category] == UInt8(code), "\(category)")
        }
    }

    @Test func buildingWordsFromBytesCutsAsWordsOfStrings() {
        let texts = [
            "Café Nero, 東京駅", "ＳＴＡＲ Straße", "Ørsted-Øst 12b", "地下1階 トイレ", "ﬁne ½ Ⅻ", "  -- ", "ÆBLE æble",
            "Bahnhofstraße 5", "İstanbul", "ŁÓDŹ", "x\u{301}y", "ไทย ลาว", "مرحبا بك",
        ]
        for text in texts {
            var buffer: [UInt8] = []
            var starts: [Int] = []
            var cut: [String] = []
            Words.forEach(in: text, buffer: &buffer, scalarStarts: &starts) { word, _, _ in
                cut.append(String(decoding: word, as: UTF8.self))
            }
            #expect(cut == Words.of(text).map(\.text), "\(text)")
        }
    }
}
