import Testing

@testable import MeridianCore

/// Values packed into bytes (how the GeoJSON decoder keeps properties) read
/// back as they went in, and an object holding them behaves as one holding
/// an array.
@Suite struct PackedJSONValuesTests {
    static let values: [JSONValue] = [
        .null, .bool(false), .bool(true),
        // Each integer width and both sides of its bounds.
        .integer(0), .integer(127), .integer(-128), .integer(128), .integer(-129),
        .integer(32767), .integer(-32768), .integer(32768), .integer(-32769),
        .integer(Int64(Int32.max)), .integer(Int64(Int32.min)), .integer(Int64(Int32.max) + 1),
        .integer(Int64(Int32.min) - 1), .integer(.max), .integer(.min),
        .double(0), .double(-0.0), .double(0.1), .double(-1e308), .double(.leastNonzeroMagnitude), .double(12_345.678),
        .string(""), .string("short"), .string("Zürich, 東京 and 🌍 together"),
        .string(String(repeating: "a", count: 255)), .string(String(repeating: "é", count: 128)),
        .string(String(repeating: "long ", count: 5_000)),
        .array([]), .array([.integer(1), .string("two"), .array([.null]), ["three": 3.5]]),
        .object(JSONObject()), ["name": "Hall", "floors": 3, "tags": ["a", "b"], "nested": ["deep": [1, 2]]],
    ]

    static func packed(_ values: [JSONValue]) -> PackedJSONValues {
        let writer = PackedJSONValues.Writer(capacity: 4)
        for value in values { writer.append(value) }
        return writer.packed
    }

    @Test func everyKindReadsBackAsItWentIn() {
        let packed = Self.packed(Self.values)
        #expect(packed.values(count: Self.values.count) == Self.values)
        for (position, value) in Self.values.enumerated() {
            #expect(packed.value(at: position, count: Self.values.count) == value, "value \(position)")
        }
        var seen: [JSONValue] = []
        packed.forEach(count: Self.values.count) { position, element in
            #expect(position == seen.count)
            seen.append(element.value)
        }
        #expect(seen == Self.values)
        // -0.0 keeps its sign.
        #expect(packed.value(at: 19, count: Self.values.count).doubleValue?.sign == .minus)
    }

    /// An object of many values starts with where every sixteenth begins;
    /// any value is found from there, whatever the values before it are
    /// (nested arrays and objects, whose members are not counted).
    @Test func manyValuesAreFoundFromTheSixteenthBeforeThem() {
        for count in [1, 15, 16, 17, 32, 33, 100] {
            let values = (0..<count).map { Self.values[($0 * 7) % Self.values.count] }
            let packed = Self.packed(values)
            let entries = Self.packed(values).bytes.count - PackedJSONValues.tableSize(count: count)
            #expect(PackedJSONValues.tableSize(count: count) == (count > 16 ? (count - 1) / 16 * 8 : 0))
            #expect(entries > 0)
            for position in 0..<count {
                #expect(packed.value(at: position, count: count) == values[position], "\(position) of \(count)")
            }
            #expect(packed.values(count: count) == values)
            var object = JSONObject(
                distinctKeys: (0..<count).map { "k\($0)" }, packed: packed,
                index: JSONObject.index(of: (0..<count).map { "k\($0)" }))
            #expect(object["k\(count - 1)"] == values[count - 1])
            object["k0"] = nil
            #expect(object.values == Array(values.dropFirst()))
        }
    }

    /// Objects a decoder reads with the same many keys share one index; a
    /// member added to one (which extends its index) leaves the others'
    /// lookups as they were.
    @Test func objectsSharingAnIndexChangeAlone() {
        let keys = (0..<40).map { "k\($0)" }
        let values = (0..<40).map { JSONValue.integer(Int64($0)) }
        let index = JSONObject.index(of: keys)
        var first = JSONObject(distinctKeys: keys, packed: Self.packed(values), index: index)
        let second = JSONObject(distinctKeys: keys, packed: Self.packed(values), index: index)
        first["added"] = "yes"
        first["k3"] = nil
        #expect(first["added"] == "yes")
        #expect(first["k39"] == .integer(39))
        #expect(first.count == 40)
        #expect(second["added"] == nil)
        #expect(second["k3"] == .integer(3))
        #expect(second.index(forKey: "k39") == 39)
        #expect(second.count == 40)
        // Built key by key, a large object is indexed and stays consistent.
        var built = JSONObject()
        for position in 0..<1_000 { built["key\(position)"] = .integer(Int64(position)) }
        var copy = built
        copy["key0"] = nil
        copy["extra"] = .bool(true)
        #expect(built.index(forKey: "key999") == 999)
        #expect(copy.index(forKey: "key999") == 998)
        #expect(copy.index(forKey: "extra") == 999)
        #expect(built["extra"] == nil)
    }

    /// The reader takes a tag's byte for its case: the two must agree.
    @Test func aTagsByteIsItsCase() {
        for raw in UInt8(0)...UInt8(11) {
            #expect(PackedJSONValues.Tag(rawValue: raw) == unsafeBitCast(raw, to: PackedJSONValues.Tag.self))
        }
        #expect(PackedJSONValues.Tag(rawValue: 12) == nil)
    }

    @Test func aWriterStartsAgainAfterRemovingAll() {
        let writer = PackedJSONValues.Writer(capacity: 2)
        writer.append(string: String(repeating: "x", count: 40))
        writer.removeAll()
        writer.append(integer: 7)
        #expect(writer.packed.bytes.count == 2)
        #expect(writer.packed.values(count: 1) == [.integer(7)])
    }

    @Test func numbersTakeTheBytesTheyNeed() {
        #expect(Self.packed([.integer(5)]).bytes.count == 2)
        #expect(Self.packed([.integer(300)]).bytes.count == 3)
        #expect(Self.packed([.integer(70_000)]).bytes.count == 5)
        #expect(Self.packed([.integer(1 << 40)]).bytes.count == 9)
        #expect(Self.packed([.double(1.5)]).bytes.count == 9)
        #expect(Self.packed([.string("abc")]).bytes.count == 5)
        #expect(Self.packed([.string(String(repeating: "a", count: 300))]).bytes.count == 309)
        #expect(Self.packed([.null, .bool(true)]).bytes.count == 2)
    }

    static let keys = (0..<Self.values.count).map { "key\($0)" }

    static var packedObject: JSONObject {
        JSONObject(distinctKeys: keys, packed: packed(values), index: JSONObject.index(of: keys))
    }

    static var arrayObject: JSONObject {
        JSONObject(zip(keys, values))
    }

    @Test func anObjectOfPackedValuesIsTheObjectOfTheirArray() {
        let packed = Self.packedObject
        let array = Self.arrayObject
        #expect(packed.packedValues != nil && array.packedValues == nil)
        #expect(packed == array && array == packed)
        #expect(packed.hashValue == array.hashValue)
        #expect(packed.values == Self.values)
        #expect(Array(packed.members.map(\.0)) == Self.keys)
        for (key, value) in zip(Self.keys, Self.values) { #expect(packed[key] == value) }
        #expect(packed["missing"] == nil)
        // Equal numbers of different bytes are still equal.
        let zero = JSONObject(distinctKeys: ["z"], packed: Self.packed([.double(0)]))
        let negativeZero = JSONObject(distinctKeys: ["z"], packed: Self.packed([.double(-0.0)]))
        #expect(zero == negativeZero)
        #expect(zero != JSONObject(distinctKeys: ["z"], packed: Self.packed([.integer(0)])))
    }

    @Test func changingAPackedObjectChangesOnlyIt() {
        let original = Self.packedObject
        var changed = original
        changed["key3"] = "replaced"
        changed["key0"] = nil
        changed["added"] = 42
        var expected = Self.arrayObject
        expected["key3"] = "replaced"
        expected["key0"] = nil
        expected["added"] = 42
        #expect(changed == expected)
        #expect(changed.packedValues == nil)
        #expect(changed.count == Self.values.count)
        #expect(changed["key1"] == .bool(false) && changed["added"] == .integer(42))
        #expect(original == Self.arrayObject)
        var appended = JSONObject(distinctKeys: ["a"], packed: Self.packed([.integer(1)]))
        appended.appendUnchecked(key: "b", value: "two")
        #expect(appended == JSONObject([("a", 1), ("b", "two")]))
    }
}
