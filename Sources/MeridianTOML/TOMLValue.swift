/// A value of a TOML document (TOML 1.0.0).
public enum TOMLValue: Sendable, Equatable {
    case string(String)
    case integer(Int64)
    case float(Double)
    case boolean(Bool)
    /// An offset or local date-time, a local date or a local time, as
    /// written (checked against the grammar and the calendar).
    case dateTime(String)
    case array([TOMLValue])
    case table(TOMLTable)

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// A float, or an integer as a float.
    public var double: Double? {
        switch self {
        case .float(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    public var bool: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }

    public var array: [TOMLValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var table: TOMLTable? {
        if case .table(let value) = self { return value }
        return nil
    }
}

/// A TOML table: keys in the order the document gives them.
///
/// Most tables hold a handful of keys, found by comparing them in turn; a
/// table of more than ``indexThreshold`` keys also keeps a hash index.
public struct TOMLTable: Sendable, Equatable {
    public let keys: [String]
    private let values: [TOMLValue]
    private let index: [String: Int]?

    static let indexThreshold = 16

    /// Parses a whole document; a `TOMLError` says what is wrong and where.
    public init(parsing text: String) throws(TOMLError) {
        var parser = TOMLParser(text)
        self = try parser.parse()
    }

    /// Keys and their values, the keys distinct.
    init(keys: [String], values: [TOMLValue]) {
        self.keys = keys
        self.values = values
        index =
            keys.count > Self.indexThreshold
            ? Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) }) : nil
    }

    public subscript(key: String) -> TOMLValue? {
        guard let at = index.map({ $0[key] }) ?? keys.firstIndex(of: key) else { return nil }
        return values[at]
    }

    public static func == (a: TOMLTable, b: TOMLTable) -> Bool {
        a.keys == b.keys && a.values == b.values
    }
}

/// Why a TOML document could not be read, and where (1-based line and
/// column, in characters).
public struct TOMLError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var column: Int

    public var description: String { "\(message) (line \(line), column \(column))" }
}
