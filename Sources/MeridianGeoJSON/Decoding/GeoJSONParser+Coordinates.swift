import MeridianCore
import MeridianJSON
import MeridianPlatform

/// Coordinates: nested arrays of positions, read on every core when a
/// polygon's rings are long, and made into geometries.
extension GeoJSONParser {
    mutating func readCoordinates() throws(JSONReaderFailure) -> CoordinateNode {
        guard try reader.peek() == 0x5B else {
            throw failure(
                "geojson.coordinates.not-array", "\"coordinates\" member should be an array, found \(describeValue())",
                at: reader.index)
        }
        return try readCoordinateArray()
    }

    /// Reads an array that is a position, an array of positions, or deeper.
    mutating func readCoordinateArray() throws(JSONReaderFailure) -> CoordinateNode {
        let start = reader.index
        guard try reader.beginArray() else { return .empty }
        let first = try reader.peek()
        if first != 0x5B {
            reader.index = start
            reader.depth -= 1
            return .position(try readPosition())
        }
        // Look one level further: arrays of numbers are positions.
        let afterBracket = reader.index
        reader.index += 1
        let inner = try reader.peek()
        reader.index = afterBracket
        if inner != 0x5B && inner != 0x5D {
            // Positions are gathered in the carried buffer and copied into
            // an array of exactly their size: an array grown by appending
            // holds up to twice the memory its positions need.
            var gathered: [Coordinate] = []
            swap(&gathered, &carried.positions)
            gathered.removeAll(keepingCapacity: true)
            while true {
                // The form almost every position takes, `[x,y]` of plain
                // decimals with at most spaces, in one pass, and the comma
                // right after it at once; anything else the general way
                // (which also says what is wrong).
                if let (longitude, latitude) = reader.readCompactPosition() {
                    gathered.append(Coordinate(latitude: latitude, longitude: longitude))
                } else {
                    try expectNestedArray()
                    gathered.append(try readPosition())
                }
                if reader.consume(0x2C) { continue }
                guard try reader.nextElement() else { break }
            }
            let positions = gathered.withUnsafeBufferPointer { all in
                [Coordinate](unsafeUninitializedCapacity: all.count) { buffer, count in
                    _ = buffer.initialize(fromContentsOf: all)
                    count = all.count
                }
            }
            swap(&gathered, &carried.positions)
            return .positions(positions)
        }
        var children: [CoordinateNode] = []
        var triedEveryCore = false
        repeat {
            try expectNestedArray()
            children.append(try readCoordinateArray())
            // A large array (one country's rings): the rest on every core.
            if !triedEveryCore, carried.coordinateThreads > 1, reader.index - start >= Self.everyCoreAfter {
                triedEveryCore = true
                if let (rest, end) = readRestOnEveryCore() {
                    children += rest
                    reader.index = end
                    _ = try reader.nextElement()  // the closing bracket
                    return .nested(children)
                }
            }
        } while try reader.nextElement()
        return .nested(children)
    }

    /// How much of an array of rings, lines or polygons is read on this
    /// thread before the rest is split between threads: smaller arrays,
    /// nearly all of them, never pay for the scan.
    static let everyCoreAfter = 64 << 10

    /// The rest of the array of rings, lines or polygons being read (the
    /// reader just past one of its elements), read on every core: its end
    /// found by a scan of its brackets, the rest cut into runs at element
    /// boundaries (a comma between `n` closing and `n` opening brackets,
    /// `n` the nesting of an element's first position), each run read by a
    /// parser of its own, and kept only when each run ends exactly where
    /// the next starts, as the runs of a collection's features are. Nil,
    /// with the reader where it was, when the rest is small, holds anything
    /// but brackets and numbers, or a run does not read: this thread then
    /// reads it, and reports any error, as always.
    mutating func readRestOnEveryCore() -> ([CoordinateNode], end: Int)? {
        let bytes = reader.bytes
        let restStart = reader.index
        guard let end = Self.closingBracket(in: bytes, from: restStart), end - restStart >= Self.everyCoreAfter else {
            return nil
        }
        // The nesting of the next element's first position.
        var probe = reader
        guard (try? probe.peek()) == 0x2C else { return nil }
        probe.index += 1
        var nesting = 0
        while (try? probe.peek()) == 0x5B {
            nesting += 1
            probe.index += 1
        }
        guard nesting >= 2 else { return nil }
        let runs = carried.coordinateThreads * 2
        var starts = [restStart]
        for run in 1..<runs {
            let target = restStart + (end - restStart) * run / runs
            if let boundary = Self.elementBoundary(
                in: bytes, from: max(target, starts.last! + 1), to: end, nesting: nesting)
            {
                starts.append(boundary)
            }
        }
        let runRanges = starts.indices.map { starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : end) }
        let shared = SharedBytes(buffer: bytes)
        let (depth, maximumDepth) = (reader.depth, reader.maximumDepth)
        let read = OrderedWorkPool<Range<Int>, [CoordinateNode]?>.results(
            of: runRanges, threads: carried.coordinateThreads
        ) { range in
            var parser = GeoJSONParser(JSONReader(shared.buffer, maximumDepth: maximumDepth))
            parser.reader.index = range.lowerBound
            parser.reader.depth = depth
            return parser.readElements(upTo: range.upperBound)
        }
        var children: [CoordinateNode] = []
        for run in read {
            guard let run else { return nil }
            children += run
        }
        return (children, end)
    }

    /// Reads `,` and an element, again and again, until the reader stands
    /// exactly at `end` (the comma before the next run's first element, or
    /// the array's closing bracket); nil if it does not.
    private mutating func readElements(upTo end: Int) -> [CoordinateNode]? {
        var children: [CoordinateNode] = []
        do {
            while reader.index != end {
                guard reader.index < end, try reader.peek() == 0x2C else { return nil }
                reader.index += 1
                try expectNestedArray()
                children.append(try readCoordinateArray())
                reader.skipWhitespace()
            }
        } catch {
            return nil
        }
        return children
    }

    /// The index of the bracket that closes the array whose contents start
    /// at `start`, counting brackets eight bytes at a time; nil when the
    /// bytes end first. Brackets in strings are counted too: the runs read
    /// from it check what it found (a run ends exactly at it only if it
    /// closes the array), so a string in coordinates, which no valid
    /// GeoJSON has, costs time, never a difference.
    static func closingBracket(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        // The high bit of each byte of `word` that is `byte`.
        @inline(__always) func flags(_ byte: UInt8, in word: UInt64) -> UInt64 {
            let x = word ^ (0x0101_0101_0101_0101 &* UInt64(byte))
            return ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x) & 0x8080_8080_8080_8080
        }
        // How many flags (a multiply sums them: no population count
        // instruction on the baseline x86-64).
        @inline(__always) func count(_ flags: UInt64) -> Int {
            flags == 0 ? 0 : Int(truncatingIfNeeded: ((flags >> 7) &* 0x0101_0101_0101_0101) >> 56)
        }
        var depth = 1
        var index = start
        while index < bytes.count {
            if index + 8 <= bytes.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
                let closing = count(flags(0x5D, in: word))
                // The depth cannot reach zero within this word.
                if closing < depth {
                    depth += count(flags(0x5B, in: word)) - closing
                    index += 8
                    continue
                }
            }
            for offset in 0..<min(8, bytes.count - index) {
                switch base[index + offset] {
                case 0x5B: depth += 1
                case 0x5D:
                    depth -= 1
                    if depth == 0 { return index + offset }
                default: break
                }
            }
            index += 8
        }
        return nil
    }

    /// The first comma at or after `from` (before `end`) with `nesting`
    /// closing brackets before it and as many opening ones after it,
    /// blanks between: a boundary between elements of the array being read.
    static func elementBoundary(in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, nesting: Int) -> Int? {
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }
        var comma = from
        while comma < end {
            guard bytes[comma] == 0x2C else {
                comma += 1
                continue
            }
            var before = comma - 1
            var closing = 0
            while before > from - 1, closing < nesting {
                if bytes[before] == 0x5D {
                    closing += 1
                } else if !isBlank(bytes[before]) {
                    break
                }
                before -= 1
            }
            var after = comma + 1
            var opening = 0
            while after < end, opening < nesting {
                if bytes[after] == 0x5B {
                    opening += 1
                } else if !isBlank(bytes[after]) {
                    break
                }
                after += 1
            }
            if closing == nesting, opening == nesting { return comma }
            comma += 1
        }
        return nil
    }

    /// Refuses anything but an array where a position or a deeper level of
    /// coordinates belongs.
    private mutating func expectNestedArray() throws(JSONReaderFailure) {
        guard try reader.peek() == 0x5B else {
            throw failure(
                "geojson.position.not-array",
                "a number was found where a coordinate array should have been found: this needs to be nested more deeply",
                at: reader.index)
        }
    }

    /// `[lon, lat]`, `[lon, lat, alt]`; further numbers are read and dropped.
    @inline(__always)
    mutating func readPosition() throws(JSONReaderFailure) -> Coordinate {
        let start = reader.index
        guard try reader.beginArray() else {
            throw failure("geojson.position.too-short", "a position must have 2 or more elements", at: start)
        }
        var values = (0.0, 0.0, 0.0)
        var count = 0
        repeat {
            let next = try reader.peek()
            guard next == 0x2D || (next >= 0x30 && next <= 0x39) else {
                if next == 0x5B {
                    throw failure(
                        "geojson.position.too-deep",
                        "coordinates are nested too deeply: a position must contain numbers", at: reader.index)
                }
                throw failure(
                    "geojson.position.not-number",
                    "each element in a position must be a number, found \(describeValue())", at: reader.index)
            }
            let value = try reader.readDouble()
            switch count {
            case 0: values.0 = value
            case 1: values.1 = value
            case 2: values.2 = value
            default: break
            }
            count += 1
        } while try reader.nextElement()
        guard count >= 2 else {
            throw failure("geojson.position.too-short", "a position must have 2 or more elements", at: start)
        }
        return Coordinate(latitude: values.1, longitude: values.0, altitude: count >= 3 ? values.2 : nil)
    }

    func makeGeometry(_ type: String, _ node: CoordinateNode, at offset: Int) throws(JSONReaderFailure) -> Geometry {
        func shallow() -> JSONReaderFailure {
            failure(
                "geojson.coordinates.too-shallow",
                "a number was found where a coordinate array should have been found: this needs to be nested more deeply",
                at: offset)
        }
        func deep() -> JSONReaderFailure {
            failure("geojson.coordinates.too-deep", "coordinates are nested too deeply for a \(type)", at: offset)
        }
        func positions(_ node: CoordinateNode) throws(JSONReaderFailure) -> [Coordinate] {
            switch node {
            case .empty: return []
            case .positions(let cs): return cs
            case .position: throw shallow()
            case .nested: throw deep()
            }
        }
        func lines(_ node: CoordinateNode) throws(JSONReaderFailure) -> [[Coordinate]] {
            switch node {
            case .empty: return []
            case .nested(let children):
                var result: [[Coordinate]] = []
                result.reserveCapacity(children.count)
                for child in children { result.append(try positions(child)) }
                return result
            case .position, .positions: throw shallow()
            }
        }
        switch type {
        case "Point":
            switch node {
            case .position(let c): return .point(c)
            case .empty:
                throw failure("geojson.position.too-short", "a position must have 2 or more elements", at: offset)
            default: throw deep()
            }
        case "MultiPoint": return .multiPoint(try positions(node))
        case "LineString": return .lineString(try positions(node))
        case "MultiLineString": return .multiLineString(try lines(node))
        case "Polygon": return .polygon(try lines(node))
        default:
            switch node {
            case .empty: return .multiPolygon([])
            case .nested(let children):
                var result: [[[Coordinate]]] = []
                for child in children { result.append(try lines(child)) }
                return .multiPolygon(result)
            case .position, .positions: throw shallow()
            }
        }
    }
}
