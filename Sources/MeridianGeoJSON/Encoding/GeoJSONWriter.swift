import MeridianCore
import MeridianJSON
import MeridianPlatform

/// Writes Meridian's model as RFC 7946 GeoJSON, compact or indented,
/// as one document or as a stream of features (GeoJSON Text Sequences,
/// RFC 8142, or newline-delimited GeoJSON).
///
/// ```swift
/// var writer = GeoJSONWriter(options: .init(precision: 6))
/// let bytes = writer.encode(collection)            // one FeatureCollection
/// let line = writer.encodeRecord(feature, as: .ndjson)   // one NDJSON line
/// ```
///
/// Numbers are written in their shortest round-trip form unless a
/// precision is set. Everything the decoder keeps is written back: ids as
/// string or number, properties in order, bbox and foreign members, the
/// geometry object's own members, altitudes. Cost: linear in the output.
public struct GeoJSONWriter: Sendable {
    /// Output choices.
    public struct Options: Sendable, Hashable {
        /// Indent objects by two spaces per level (positions stay on one line).
        public var pretty: Bool
        /// Decimal places for coordinates; nil keeps full precision.
        public var precision: Int?
        /// Rewind rings to RFC 7946's right-hand rule: exteriors
        /// counter-clockwise, holes clockwise.
        public var rewind: Bool
        /// Cut lines and polygons that cross the antimeridian into parts
        /// on either side, as RFC 7946, 3.1.9 asks.
        public var cutAntimeridian: Bool

        public init(pretty: Bool = false, precision: Int? = nil, rewind: Bool = false, cutAntimeridian: Bool = false) {
            self.pretty = pretty
            self.precision = precision
            self.rewind = rewind
            self.cutAntimeridian = cutAntimeridian
        }
    }

    /// How a stream of features is framed.
    public enum RecordFraming: String, Sendable, CaseIterable {
        /// RFC 8142: each record starts with RS (0x1E) and ends with LF.
        case geoJSONSeq
        /// One compact JSON text per line.
        case ndjson
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Room for the text of `features`, generously (about 40 bytes a
    /// position at full precision, 48 a property): an output is allocated
    /// once, rather than grown by doubling, each time copying itself into
    /// pages never touched, and what is reserved but never written costs
    /// no memory.
    static func capacity(for features: some Collection<Feature>) -> Int {
        features.reduce(1024) { $0 + ($1.geometry?.coordinateCount ?? 0) * 40 + $1.properties.count * 48 + 256 }
    }

    private func makeOutput(capacity: Int = 1 << 16) -> JSONOutput {
        JSONOutput(indentWidth: options.pretty ? 2 : 0, precision: options.precision, capacity: capacity)
    }

    /// A FeatureCollection document, ending with a newline.
    public func encode(_ collection: FeatureCollection) -> [UInt8] {
        var output = makeOutput(capacity: Self.capacity(for: collection.features))
        writeCollectionHeader(collection, into: &output)
        for (index, feature) in collection.features.enumerated() {
            if index > 0 { output.write(byte: 0x2C) }
            output.newline()
            write(feature, into: &output)
        }
        writeCollectionFooter(collection, into: &output)
        return output.bytes
    }

    /// A single Feature document, ending with a newline.
    public func encode(_ feature: Feature) -> [UInt8] {
        var output = makeOutput(capacity: Self.capacity(for: CollectionOfOne(feature)))
        write(feature, into: &output)
        output.write(byte: 0x0A)
        return output.bytes
    }

    /// A bare geometry document, ending with a newline.
    public func encode(_ geometry: Geometry, members: JSONObject = JSONObject()) -> [UInt8] {
        var output = makeOutput(capacity: Self.capacity(for: CollectionOfOne(Feature(geometry: geometry))))
        write(geometry, members: members, into: &output)
        output.write(byte: 0x0A)
        return output.bytes
    }

    /// Whatever the document holds.
    public func encode(_ document: GeoJSONDocument) -> [UInt8] {
        switch document {
        case .featureCollection(let collection): encode(collection)
        case .feature(let feature): encode(feature)
        case .geometry(let geometry, let members): encode(geometry, members: members)
        }
    }

    /// One feature as a compact record for a stream.
    public func encodeRecord(_ feature: Feature, as framing: RecordFraming) -> [UInt8] {
        encodeRecords(CollectionOfOne(feature), as: framing)
    }

    /// Features as compact records for a stream, one after the other.
    public func encodeRecords(_ features: some Collection<Feature>, as framing: RecordFraming) -> [UInt8] {
        var output = JSONOutput(indentWidth: 0, precision: options.precision, capacity: Self.capacity(for: features))
        for feature in features {
            if framing == .geoJSONSeq { output.write(byte: 0x1E) }
            write(feature, into: &output)
            output.write(byte: 0x0A)
        }
        return output.bytes
    }

    // MARK: - Streaming pieces

    /// The opening of a FeatureCollection up to the first feature:
    /// `{"type":"FeatureCollection",` + bbox and foreign members + `"features":[`.
    public func collectionHeader(_ collection: FeatureCollection = FeatureCollection()) -> [UInt8] {
        var output = makeOutput()
        writeCollectionHeader(collection, into: &output)
        return output.bytes
    }

    /// One feature inside a collection; `first` leaves out the comma.
    public func collectionElement(_ feature: Feature, first: Bool) -> [UInt8] {
        elements(CollectionOfOne(feature), first: first)
    }

    /// Features inside a collection, each after a comma but the first when
    /// `first` (the collection's first feature).
    public func collectionElements(_ features: some Collection<Feature>, first: Bool) -> [UInt8] {
        elements(features, first: first)
    }

    /// ``collectionElements(_:first:)`` for an array, compiled for arrays
    /// (called from another module, the generic function runs generic
    /// code, which makes the metadata of its iterators at run time: 0.1
    /// million instructions at every start of `convert`).
    public func collectionElements(_ features: [Feature], first: Bool) -> [UInt8] {
        elements(features, first: first)
    }

    private func elements(_ features: some Collection<Feature>, first: Bool) -> [UInt8] {
        var output = makeOutput(capacity: Self.capacity(for: features))
        output.level = 2
        for (index, feature) in features.enumerated() {
            if !first || index > 0 { output.write(byte: 0x2C) }
            output.newline()
            write(feature, into: &output)
        }
        return output.bytes
    }

    /// The closing `]}` of a collection and a newline.
    public func collectionFooter(_ collection: FeatureCollection = FeatureCollection()) -> [UInt8] {
        var output = makeOutput()
        output.level = 2
        writeCollectionFooter(collection, into: &output)
        return output.bytes
    }

    func writeCollectionHeader(_ collection: FeatureCollection, into output: inout JSONOutput) {
        output.openObject(type: "FeatureCollection")
        writeMembers(collection.foreignMembers, into: &output)
        if let bbox = collection.bbox { writeBBox(bbox, into: &output) }
        output.nextKey("features")
        output.write(byte: 0x5B)
        output.level += 1
    }

    func writeCollectionFooter(_ collection: FeatureCollection, into output: inout JSONOutput) {
        output.level -= 1
        if !collection.features.isEmpty || output.level > 1 { output.newline() }
        output.write(byte: 0x5D)
        output.level -= 1
        output.newline()
        output.write(byte: 0x7D)
        output.write(byte: 0x0A)
    }

    /// `,"key":value` for each member, in order.
    func writeMembers(_ members: JSONObject, into output: inout JSONOutput) {
        for (key, value) in members.members {
            output.nextKey(key)
            output.writeValue(value)
        }
    }

    func writeBBox(_ bbox: [Double], into output: inout JSONOutput) {
        output.nextKey("bbox")
        output.writeValue(.array(bbox.map(JSONValue.double)))
    }

    func write(_ feature: Feature, into output: inout JSONOutput) {
        output.openObject(type: "Feature")
        if let id = feature.id {
            output.nextKey("id")
            output.writeValue(id.jsonValue)
        }
        if let bbox = feature.bbox { writeBBox(bbox, into: &output) }
        output.nextKey("properties")
        if feature.propertiesAreNull && feature.properties.isEmpty {
            output.write("null")
        } else {
            output.writeProperties(feature.properties)
        }
        output.nextKey("geometry")
        if let geometry = feature.geometry {
            write(geometry, members: feature.geometryMembers, into: &output)
        } else {
            output.write("null")
        }
        writeMembers(feature.foreignMembers, into: &output)
        output.level -= 1
        output.newline()
        output.write(byte: 0x7D)
    }

    func write(_ geometry: Geometry, members: JSONObject = JSONObject(), into output: inout JSONOutput) {
        var geometry = geometry
        if options.cutAntimeridian { geometry = geometry.cutAtAntimeridian() }
        if options.rewind { geometry = geometry.rewoundToRightHandRule() }
        output.openObject(type: geometry.typeName)
        if case .geometryCollection(let geometries) = geometry {
            output.nextKey("geometries")
            writeList(geometries, into: &output) { child, output in write(child, into: &output) }
        } else {
            output.nextKey("coordinates")
            writeCoordinates(of: geometry, into: &output)
        }
        writeMembers(members, into: &output)
        output.level -= 1
        output.newline()
        output.write(byte: 0x7D)
    }

    @inline(__always)
    func writePosition(_ c: Coordinate, into output: inout JSONOutput) {
        if output.writesPositionsAtOnce && output.writeShortestPosition(c, separated: false) { return }
        output.write(byte: 0x5B)
        output.writeCoordinateValue(c.longitude)
        output.write(byte: 0x2C)
        if output.isPretty { output.write(byte: 0x20) }
        output.writeCoordinateValue(c.latitude)
        if let altitude = c.altitude {
            output.write(byte: 0x2C)
            if output.isPretty { output.write(byte: 0x20) }
            output.writeCoordinateValue(altitude)
        }
        output.write(byte: 0x5D)
    }

    func writePositions(_ positions: [Coordinate], into output: inout JSONOutput) {
        output.write(byte: 0x5B)
        let shortest = output.writesPositionsAtOnce
        for (index, c) in positions.enumerated() {
            if shortest && output.writeShortestPosition(c, separated: index > 0) { continue }
            if index > 0 {
                output.write(byte: 0x2C)
                if output.isPretty { output.write(byte: 0x20) }
            }
            writePosition(c, into: &output)
        }
        output.write(byte: 0x5D)
    }

    func writeLines(_ lines: [[Coordinate]], into output: inout JSONOutput) {
        writeList(lines, into: &output) { line, output in writePositions(line, into: &output) }
    }

    /// `[` the items `]`, each on a line of its own in pretty mode.
    @inline(__always)
    func writeList<Item>(
        _ items: [Item], into output: inout JSONOutput, _ writeItem: (Item, inout JSONOutput) -> Void
    ) {
        output.write(byte: 0x5B)
        output.level += 1
        for (index, item) in items.enumerated() {
            if index > 0 { output.write(byte: 0x2C) }
            output.newline()
            writeItem(item, &output)
        }
        output.level -= 1
        if !items.isEmpty { output.newline() }
        output.write(byte: 0x5D)
    }

    func writeCoordinates(of geometry: Geometry, into output: inout JSONOutput) {
        switch geometry {
        case .point(let c): writePosition(c, into: &output)
        case .multiPoint(let cs), .lineString(let cs): writePositions(cs, into: &output)
        case .multiLineString(let lines), .polygon(let lines):
            if lines.count > 1, geometry.coordinateCount >= Self.parallelPositions {
                writeListOnEveryCore(lines, sizes: lines.map(\.count), into: &output) { line, output in
                    writePositions(line, into: &output)
                }
            } else {
                writeLines(lines, into: &output)
            }
        case .multiPolygon(let polygons):
            if polygons.count > 1, geometry.coordinateCount >= Self.parallelPositions {
                let sizes = polygons.map { $0.reduce(0) { $0 + $1.count } }
                writeListOnEveryCore(polygons, sizes: sizes, into: &output) { polygon, output in
                    writeLines(polygon, into: &output)
                }
            } else {
                writeList(polygons, into: &output) { polygon, output in writeLines(polygon, into: &output) }
            }
        case .geometryCollection: break
        }
    }

    /// A geometry of at least this many positions (a country's coastline)
    /// in more than one line, ring or polygon has them written on every core.
    static let parallelPositions = 1 << 14

    /// What ``writeList(_:into:_:)`` writes, the items (of `sizes`
    /// positions) written in runs of about equal size on every core and
    /// joined in order: the same bytes, where one huge feature took one
    /// thread.
    func writeListOnEveryCore<Item: Sendable>(
        _ items: [Item], sizes: [Int], into output: inout JSONOutput,
        _ writeItem: @escaping @Sendable (Item, inout JSONOutput) -> Void
    ) {
        let threads = OrderedWorkPool<Int, Int>.defaultThreads
        guard threads > 1 else { return writeList(items, into: &output, writeItem) }
        let target = max(1, sizes.reduce(0, +) / (threads * 4))
        var runs: [Range<Int>] = []
        var start = 0
        var size = 0
        for index in items.indices {
            size += sizes[index]
            if size >= target || index == items.count - 1 {
                runs.append(start..<(index + 1))
                start = index + 1
                size = 0
            }
        }
        output.write(byte: 0x5B)
        output.level += 1
        let (indentWidth, precision, level) = (output.indentWidth, output.precision, output.level)
        let parts = OrderedWorkPool.results(of: runs, threads: threads) { run -> [UInt8] in
            var part = JSONOutput(indentWidth: indentWidth, precision: precision, capacity: 0)
            part.level = level
            part.bytes.reserveCapacity(sizes[run].reduce(0, +) * 40 + 1024)
            for index in run {
                if index > 0 { part.write(byte: 0x2C) }
                part.newline()
                writeItem(items[index], &part)
            }
            return part.bytes
        }
        for part in parts { output.bytes += part }
        output.level -= 1
        output.newline()
        output.write(byte: 0x5D)
    }
}

extension JSONOutput {
    /// `{"type":"TYPE"`, a level in: how every GeoJSON object starts.
    mutating func openObject(type: String) {
        write(byte: 0x7B)
        level += 1
        newline()
        writeString("type")
        colon()
        writeString(type)
    }

    /// `,"KEY":`, the key on a line of its own when pretty.
    mutating func nextKey(_ key: String) {
        write(byte: 0x2C)
        newline()
        writeString(key)
        colon()
    }
}
