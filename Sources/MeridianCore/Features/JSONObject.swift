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
/// cheap; lookup by key is a linear scan, which is fastest for the
/// handful of keys feature properties have. Assigning to an existing key
/// replaces its value in place (so with duplicate keys the last value wins
/// and the first position is kept, as JavaScript does); assigning `nil`
/// removes the member.
public struct JSONObject: Sendable, Hashable {
    public private(set) var keys: [String]
    public private(set) var values: [JSONValue]

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

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    /// The index of `key`, scanning from the end so that the most recent
    /// member is found first.
    public func index(forKey key: String) -> Int? {
        keys.lastIndex(of: key)
    }

    public subscript(key: String) -> JSONValue? {
        get { index(forKey: key).map { values[$0] } }
        set {
            if let index = index(forKey: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                keys.append(key)
                values.append(newValue)
            }
        }
    }

    /// Appends a member without looking for an earlier one with the same
    /// key. For decoders that have already checked for duplicates.
    public mutating func appendUnchecked(key: String, value: JSONValue) {
        keys.append(key)
        values.append(value)
    }

    /// The members in order.
    public var members: Zip2Sequence<[String], [JSONValue]> {
        zip(keys, values)
    }
}
