import MeridianCore
import MeridianJSON
import MeridianPlatform

/// The columns of features spooled by a writer that must know its
/// columns' types before it writes (GeoParquet, PostGIS): their names, in
/// the order first met, and the kinds of value each holds, from which a
/// column's type is decided when the output is completed. GeoParquet
/// writers given the same instance (`GeoParquetWritingOptions.sharedColumns`)
/// write the same columns with the same types, as a dataset's files must
/// have for Spark to read them: `meridian split --to geoparquet` shares one
/// among its shards, and completes them once every row is written.
public final class SpooledColumns: @unchecked Sendable {
    /// The kinds of value seen in a column.
    package struct Kinds: OptionSet, Sendable {
        package let rawValue: UInt8
        package init(rawValue: UInt8) { self.rawValue = rawValue }
        package static let bool = Kinds(rawValue: 1)
        package static let integer = Kinds(rawValue: 2)
        package static let double = Kinds(rawValue: 4)
        package static let string = Kinds(rawValue: 8)
        package static let json = Kinds(rawValue: 16)
    }

    private let lock = Condition()
    private var numbers: [String: Int] = [:]
    private var names: [String] = []
    private var found: [Kinds] = []

    public init() {}

    /// The columns' names and kinds so far.
    package var columns: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names
    }

    package var kinds: [Kinds] {
        lock.lock()
        defer { lock.unlock() }
        return found
    }

    /// The column of each key, numbering new keys.
    package func numbers(of keys: [String]) -> [Int] {
        lock.lock()
        defer { lock.unlock() }
        return keys.map { key in
            if let number = numbers[key] { return number }
            names.append(key)
            found.append([])
            numbers[key] = names.count - 1
            return names.count - 1
        }
    }

    /// Adds the kinds a batch of rows found.
    package func merge(_ kinds: [Kinds]) {
        lock.lock()
        defer { lock.unlock() }
        for (number, kind) in kinds.enumerated() { found[number].formUnion(kind) }
    }
}

/// What one file's rows say of its geometries: their types and extent.
package final class SpoolStatistics: @unchecked Sendable {
    package init() {}

    private let lock = Condition()
    package private(set) var geometryTypes: Set<String> = []
    package private(set) var extent: BoundingBox?

    package func merge(geometryTypes types: Set<String>, extent box: BoundingBox?) {
        lock.lock()
        defer { lock.unlock() }
        geometryTypes.formUnion(types)
        if let box {
            if extent == nil { extent = box } else { extent!.extend(box) }
        }
    }
}

/// Encodes features as spooled rows, on any thread. A row: its WKB's
/// length and the WKB, then its box (xmin, ymin, xmax, ymax; NaN for an
/// empty geometry) when it has a geometry; its count of values; then
/// each value that is not null as its column, a tag and the value.
package struct SpooledRowEncoder {
    package enum Tag: UInt8 {
        case bool = 1
        case integer, double, string, json
    }

    let schema: SpooledColumns
    let statistics: SpoolStatistics
    /// The SRID of PostGIS's EWKB; nil for ISO WKB.
    let srid: Int32?
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var kinds: [SpooledColumns.Kinds] = []
    private var geometryTypes: Set<String> = []
    private var extent: BoundingBox?
    /// The keys of the last feature, and their columns: features read
    /// from one file mostly share their keys' array.
    private var lastKeys: [String] = []
    private var lastNumbers: [Int] = []
    private var idColumn: Int?

    package init(schema: SpooledColumns, statistics: SpoolStatistics, srid: Int32? = nil) {
        self.schema = schema
        self.statistics = statistics
        self.srid = srid
        bytes.reserveCapacity(1 << 16)
    }

    private mutating func append32(_ value: Int) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func note(_ kind: SpooledColumns.Kinds, _ number: Int) {
        if number >= kinds.count { kinds.append(contentsOf: repeatElement([], count: number + 1 - kinds.count)) }
        kinds[number].insert(kind)
    }

    /// Appends a value that is not null.
    private mutating func append(_ value: JSONValue, column number: Int) {
        append32(number)
        switch value {
        case .null: break
        case .bool(let flag):
            note(.bool, number)
            bytes.append(Tag.bool.rawValue)
            bytes.append(flag ? 1 : 0)
        case .integer(let integer):
            note(.integer, number)
            bytes.append(Tag.integer.rawValue)
            withUnsafeBytes(of: integer.littleEndian) { bytes.append(contentsOf: $0) }
        case .double(let double):
            note(.double, number)
            bytes.append(Tag.double.rawValue)
            withUnsafeBytes(of: double.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
        case .string(var text):
            text.withUTF8 { append(text: $0, column: number) }
        case .array, .object:
            note(.json, number)
            bytes.append(Tag.json.rawValue)
            let text = value.compactJSONText
            append32(text.utf8.count)
            bytes.append(contentsOf: text.utf8)
        }
    }

    private mutating func append(text: UnsafeBufferPointer<UInt8>, column number: Int) {
        note(.string, number)
        bytes.append(Tag.string.rawValue)
        append32(text.count)
        bytes.append(contentsOf: text)
    }

    package mutating func encode(_ feature: Feature) {
        let lengthAt = bytes.count
        append32(0)
        if let geometry = feature.geometry {
            let start = bytes.count
            WellKnownBinary.append(geometry, srid: srid, to: &bytes)
            let length = bytes.count - start
            bytes.withUnsafeMutableBytes {
                $0.storeBytes(of: UInt32(length).littleEndian, toByteOffset: lengthAt, as: UInt32.self)
            }
            // The type says whether the positions have Z: ISO WKB's by
            // adding 1000, EWKB's by a flag.
            let type = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start + 1, as: UInt32.self) }
            let hasZ = srid == nil ? type > 1000 : type & 0x8000_0000 != 0
            geometryTypes.insert(geometry.typeName + (hasZ ? " Z" : ""))
            let box = geometry.boundingBox
            if let box {
                if extent == nil { extent = box } else { extent!.extend(box) }
            }
            for value in box.map({ [$0.west, $0.south, $0.east, $0.north] }) ?? [.nan, .nan, .nan, .nan] {
                withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            }
        }
        let countAt = bytes.count
        append32(0)
        var count = 0
        if let id = feature.id, feature.properties["id"] == nil {
            if idColumn == nil { idColumn = schema.numbers(of: ["id"])[0] }
            append(id.jsonValue, column: idColumn!)
            count += 1
        }
        let keys = feature.properties.keys
        if keys != lastKeys {
            lastKeys = keys
            lastNumbers = schema.numbers(of: keys)
        }
        // A null is a column this row has no value in.
        if let packed = feature.properties.packedValues {
            packed.forEach(count: keys.count) { position, element in
                let number = lastNumbers[position]
                switch element {
                case .null: return
                case .bool(let flag): append(.bool(flag), column: number)
                case .integer(let integer): append(.integer(integer), column: number)
                case .double(let double): append(.double(double), column: number)
                case .string(let utf8):
                    append32(number)
                    append(text: utf8, column: number)
                case .value(let value): append(value, column: number)
                }
                count += 1
            }
        } else {
            for (position, value) in feature.properties.values.enumerated() where !value.isNull {
                append(value, column: lastNumbers[position])
                count += 1
            }
        }
        bytes.withUnsafeMutableBytes {
            $0.storeBytes(of: UInt32(count).littleEndian, toByteOffset: countAt, as: UInt32.self)
        }
        ends.append(bytes.count)
    }

    /// The rows, then where each ends and their count; what they found
    /// is added to the schema.
    package mutating func finish() -> [UInt8] {
        schema.merge(kinds)
        statistics.merge(geometryTypes: geometryTypes, extent: extent)
        for end in ends { append32(end) }
        append32(ends.count)
        return bytes
    }
}
