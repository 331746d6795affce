import MeridianCore
import MeridianJSON
import MeridianPlatform

/// The columns of GeoParquet files being written: their names, in the
/// order first met, and the kinds of value each holds, from which a
/// column's type is decided when a file is completed. Writers given the
/// same instance (``GeoParquetWritingOptions/sharedColumns``) write the
/// same columns with the same types, as a dataset's files must have for
/// Spark to read them: `meridian split --to geoparquet` shares one among
/// its shards, and completes them once every row is written.
public final class GeoParquetColumns: @unchecked Sendable {
    private let lock = Condition()
    private var numbers: [String: Int] = [:]
    private var names: [String] = []
    private var found: [GeoParquetWriter.Kinds] = []

    public init() {}

    /// The columns' names and kinds so far.
    var columns: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names
    }

    var kinds: [GeoParquetWriter.Kinds] {
        lock.lock()
        defer { lock.unlock() }
        return found
    }

    /// The column of each key, numbering new keys.
    func numbers(of keys: [String]) -> [Int] {
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
    func merge(_ kinds: [GeoParquetWriter.Kinds]) {
        lock.lock()
        defer { lock.unlock() }
        for (number, kind) in kinds.enumerated() { found[number].formUnion(kind) }
    }
}

/// What one file's rows say of its geometries: their types and extent.
final class SpoolStatistics: @unchecked Sendable {
    private let lock = Condition()
    private(set) var geometryTypes: Set<String> = []
    private(set) var extent: BoundingBox?

    func merge(geometryTypes types: Set<String>, extent box: BoundingBox?) {
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
struct RowEncoder {
    enum Tag: UInt8 {
        case bool = 1
        case integer, double, string, json
    }

    let schema: GeoParquetColumns
    let statistics: SpoolStatistics
    private var bytes: [UInt8] = []
    private var ends: [Int] = []
    private var kinds: [GeoParquetWriter.Kinds] = []
    private var geometryTypes: Set<String> = []
    private var extent: BoundingBox?
    /// The keys of the last feature, and their columns: features read
    /// from one file mostly share their keys' array.
    private var lastKeys: [String] = []
    private var lastNumbers: [Int] = []
    private var idColumn: Int?

    init(schema: GeoParquetColumns, statistics: SpoolStatistics) {
        self.schema = schema
        self.statistics = statistics
        bytes.reserveCapacity(1 << 16)
    }

    private mutating func append32(_ value: Int) {
        withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    private mutating func note(_ kind: GeoParquetWriter.Kinds, _ number: Int) {
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

    mutating func encode(_ feature: Feature) {
        let lengthAt = bytes.count
        append32(0)
        if let geometry = feature.geometry {
            let start = bytes.count
            WellKnownBinary.append(geometry, to: &bytes)
            let length = bytes.count - start
            bytes.withUnsafeMutableBytes {
                $0.storeBytes(of: UInt32(length).littleEndian, toByteOffset: lengthAt, as: UInt32.self)
            }
            // ISO WKB's type says whether the positions have Z.
            let hasZ = bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: start + 1, as: UInt32.self) } > 1000
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
    mutating func finish() -> [UInt8] {
        schema.merge(kinds)
        statistics.merge(geometryTypes: geometryTypes, extent: extent)
        for end in ends { append32(end) }
        append32(ends.count)
        return bytes
    }
}
