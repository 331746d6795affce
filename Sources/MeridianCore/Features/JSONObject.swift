/// A JSON object that keeps its members in the order they were written.
///
/// ```swift
/// var properties = JSONObject()
/// properties["name"] = "Gate A"
/// properties["level"] = 1
/// properties.keys            // ["name", "level"]
/// ```
///
/// Members live in two parallel arrays, so iteration and appending are
/// cheap; the GeoJSON decoder packs the values of features' properties
/// into bytes instead (a third of the memory), which ``values`` unpacks and
/// an assignment turns back into an array. Lookup by key scans the few keys
/// feature properties usually have; once an object of more than
/// ``indexedCount`` members is assigned to by key, a hash index takes over,
/// so an object with a hundred thousand keys (hostile or generated data) is
/// still built in linear time. Decoders append without the index, so
/// decoding pays nothing for it. Assigning to an existing key replaces its value in
/// place (so with duplicate keys the last value wins and the first position
/// is kept, as JavaScript does); assigning `nil` removes the member.
public struct JSONObject: Sendable {
    public private(set) var keys: [String]
    private var storage: Storage
    /// The index of each key's last member, built by the first assignment
    /// by key to an object of more than ``indexedCount`` members.
    private var lookup: KeyIndex? = nil

    /// The position of each key's last member, shared by the objects a
    /// decoder reads with the same keys and copied before one changes it.
    /// A class, so that objects (which mostly have none) are copied and
    /// freed without the dictionary type's generic metadata, which the
    /// runtime would make at first use, checking String's conformance to
    /// Hashable by a scan of every conformance record.
    package final class KeyIndex: @unchecked Sendable {
        var positions: [String: Int]
        init(_ positions: [String: Int]) { self.positions = positions }
    }

    /// The values: an array, or packed by a decoder (a third of the
    /// memory, read in place by writers); an object assigned to becomes an
    /// array.
    private enum Storage: Sendable {
        case array([JSONValue])
        case packed(PackedJSONValues)
    }

    /// How many members are found by scanning before a hash index is built.
    package static let indexedCount = 32

    public init() {
        keys = []
        storage = .array([])
    }

    /// Creates an object from members in order; a repeated key replaces the
    /// earlier value in its position.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
        self.init()
        for (key, value) in members { self[key] = value }
    }

    /// An object of distinct keys and their values, one for each key, in
    /// order (a decoder that checked the keys were distinct).
    package init(distinctKeys keys: [String], values: [JSONValue]) {
        precondition(keys.count == values.count, "one value for each key")
        self.keys = keys
        storage = .array(values)
    }

    /// An object of distinct keys and their values packed in order, one
    /// value for each key (a decoder reusing the keys of an earlier
    /// object), with the index of those keys when the caller has one
    /// (``index(of:)``): objects that share their keys share it too.
    package init(distinctKeys keys: [String], packed: PackedJSONValues, index: KeyIndex? = nil) {
        self.keys = keys
        storage = .packed(packed)
        lookup = keys.count > Self.indexedCount ? index : nil
    }

    /// The values, in the order of ``keys``.
    public var values: [JSONValue] {
        switch storage {
        case .array(let values): values
        case .packed(let packed): packed.values(count: keys.count)
        }
    }

    /// The values as a decoder packed them, for writers that read them in
    /// place; nil when they are an array.
    package var packedValues: PackedJSONValues? {
        if case .packed(let packed) = storage { return packed }
        return nil
    }

    /// The value of member `position` (in the order of ``keys``), without
    /// unpacking the others.
    package func value(at position: Int) -> JSONValue {
        switch storage {
        case .array(let values): values[position]
        case .packed(let packed): packed.value(at: position, count: keys.count)
        }
    }

    /// Runs `body` on the values as an array, unpacking them first.
    private mutating func modifyValues(_ body: (inout [JSONValue]) -> Void) {
        var values: [JSONValue]
        switch storage {
        case .array(let array): values = array
        case .packed(let packed): values = packed.values(count: keys.count)
        }
        // The array held once, so that changing it does not copy it.
        storage = .array([])
        body(&values)
        storage = .array(values)
    }

    /// The position of each of `keys`, distinct keys: the index an object
    /// of more than ``indexedCount`` members is looked up by.
    package static func index(of keys: [String]) -> KeyIndex {
        var index: [String: Int] = [:]
        index.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { index[key] = position }
        return KeyIndex(index)
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The index of `key`: its most recent member when it is repeated.
    public func index(forKey key: String) -> Int? {
        if let lookup { return lookup.positions[key] }
        return keys.lastIndex(of: key)
    }

    public subscript(key: String) -> JSONValue? {
        get { index(forKey: key).map { value(at: $0) } }
        set {
            // Assigning by key is what builds a large object key by key: the
            // index is built here (decoders append without it).
            if lookup == nil && keys.count > Self.indexedCount { rebuildLookup() }
            if let index = index(forKey: key) {
                if let newValue {
                    modifyValues { $0[index] = newValue }
                } else {
                    // Unpacked before the keys change: they count the values.
                    modifyValues { _ = $0.remove(at: index) }
                    keys.remove(at: index)
                    if lookup != nil { rebuildLookup() }
                }
            } else if let newValue {
                appendUnchecked(key: key, value: newValue)
            }
        }
    }

    /// Appends a member without looking for an earlier one with the same
    /// key. For decoders that have already checked for duplicates.
    public mutating func appendUnchecked(key: String, value: JSONValue) {
        modifyValues { $0.append(value) }
        keys.append(key)
        if lookup != nil {
            // Copied when another object shares it (no binding holds it
            // meanwhile, which would make it look shared).
            if !isKnownUniquelyReferenced(&lookup) { lookup = KeyIndex(lookup!.positions) }
            lookup!.positions[key] = keys.count - 1
        }
    }

    private mutating func rebuildLookup() {
        guard keys.count > Self.indexedCount else {
            lookup = nil
            return
        }
        lookup = Self.index(of: keys)
    }

    /// The members in order.
    public var members: Zip2Sequence<[String], [JSONValue]> {
        zip(keys, values)
    }
}

extension JSONObject: Hashable {
    /// Members and their order; the lookup index is not part of the value.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.keys == rhs.keys else { return false }
        // The same bytes are the same values (not the other way round:
        // 0.0 and -0.0 are equal numbers).
        if let left = lhs.packedValues, let right = rhs.packedValues, left.bytes == right.bytes { return true }
        return lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}
