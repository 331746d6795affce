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
/// cheap. Lookup by key scans the few keys feature properties usually have;
/// once an object of more than ``indexedCount`` members is assigned to by
/// key, a hash index takes over, so an object with a hundred thousand keys
/// (hostile or generated data) is still built in linear time. Decoders
/// append without the index, so decoding pays nothing for it. Assigning to an existing key replaces its value in
/// place (so with duplicate keys the last value wins and the first position
/// is kept, as JavaScript does); assigning `nil` removes the member.
public struct JSONObject: Sendable {
    public private(set) var keys: [String]
    public private(set) var values: [JSONValue]
    /// The index of each key's last member, built by the first assignment
    /// by key to an object of more than ``indexedCount`` members.
    private var lookup: [String: Int]? = nil

    /// How many members are found by scanning before a hash index is built.
    package static let indexedCount = 32

    public init() {
        keys = []
        values = []
    }

    /// Creates an object from members in order; a repeated key replaces the
    /// earlier value in its position.
    public init<S: Sequence>(_ members: S) where S.Element == (String, JSONValue) {
        self.init()
        for (key, value) in members { self[key] = value }
    }

    /// An object of these members, whose keys the caller knows to be
    /// distinct (a decoder reusing the keys of an earlier object), with
    /// the index of those keys when the caller has one (``index(of:)``):
    /// objects that share their keys share it too.
    package init(distinctKeys keys: [String], values: [JSONValue], index: [String: Int]? = nil) {
        precondition(keys.count == values.count, "one value per key")
        self.keys = keys
        self.values = values
        lookup = keys.count > Self.indexedCount ? index : nil
    }

    /// The position of each of `keys`, distinct keys: the index an object
    /// of more than ``indexedCount`` members is looked up by.
    package static func index(of keys: [String]) -> [String: Int] {
        var index: [String: Int] = [:]
        index.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { index[key] = position }
        return index
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The index of `key`: its most recent member when it is repeated.
    public func index(forKey key: String) -> Int? {
        if let lookup { return lookup[key] }
        return keys.lastIndex(of: key)
    }

    public subscript(key: String) -> JSONValue? {
        get { index(forKey: key).map { values[$0] } }
        set {
            // Assigning by key is what builds a large object key by key: the
            // index is built here (decoders append without it).
            if lookup == nil && keys.count > Self.indexedCount { rebuildLookup() }
            if let index = index(forKey: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
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
        keys.append(key)
        values.append(value)
        if lookup != nil { lookup![key] = keys.count - 1 }
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
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keys)
        hasher.combine(values)
    }
}
