/// A JSON value that remembers where it was written: the validator's view
/// of a document.
///
/// ``JSONValue`` is the right model for data, but a validator needs two
/// things it deliberately drops: the byte offset of every value (to say
/// *where* a problem is) and every member of an object in the order
/// written, repeated keys included (a repeated key is itself a problem, and
/// its second occurrence must be locatable). Numbers keep the end of their
/// token too, so the text as written can be read back (to count decimals or
/// quote a feature id exactly).
///
/// Lookups follow `JSON.parse` and ``JSONValue``: when a key is repeated,
/// ``member(_:)`` returns the last occurrence.
struct LocatedJSON {
    enum Value {
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        /// The value and the offset just past the number's last byte.
        case number(Double, end: Int)
        case bool(Bool)
        case null
    }

    /// One `"key": value` pair, with the offset of the key's opening quote.
    struct Member {
        var key: String
        var keyOffset: Int
        var value: LocatedJSON
    }

    var value: Value
    /// The 0-based byte offset of the value's first byte.
    var offset: Int

    /// The members in written order, or nil when this is not an object.
    var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    var elements: [LocatedJSON]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    var number: Double? {
        if case .number(let number, _) = value { return number }
        return nil
    }

    var isObject: Bool { members != nil }
    var isArray: Bool { elements != nil }
    var isNumber: Bool { number != nil }
    var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The value of the last member named `key`, as a JSON parser that
    /// keeps the last of repeated keys would see it.
    func member(_ key: String) -> LocatedJSON? {
        members?.last(where: { $0.key == key })?.value
    }

    /// The JSON name of the value's kind, for messages: "object", "array",
    /// "string", "number", "boolean" or "null".
    var kindName: String {
        switch value {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }
}

extension LocatedJSON {
    /// Parses one complete JSON text. The reader's rules apply unchanged
    /// (strict RFC 8259, nesting limited to `maximumDepth`), so the
    /// validator accepts exactly the documents the decoder accepts.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) throws(JSONReaderFailure) -> LocatedJSON {
        var reader = JSONReader(bytes, maximumDepth: maximumDepth)
        let root = try read(&reader)
        try reader.expectEnd()
        return root
    }

    /// Reads the value at the reader's position. Recursion is bounded by
    /// the reader's depth limit, which `beginObject`/`beginArray` enforce.
    private static func read(_ reader: inout JSONReader) throws(JSONReaderFailure) -> LocatedJSON {
        let first = try reader.peek()
        let offset = reader.index
        switch first {
        case 0x7B:
            var members: [Member] = []
            if try reader.beginObject() {
                repeat {
                    _ = try reader.peek()
                    let keyOffset = reader.index
                    let key = reader.string(try reader.readKey())
                    members.append(Member(key: key, keyOffset: keyOffset, value: try read(&reader)))
                } while try reader.nextMember()
            }
            return LocatedJSON(value: .object(members), offset: offset)
        case 0x5B:
            var elements: [LocatedJSON] = []
            if try reader.beginArray() {
                repeat {
                    elements.append(try read(&reader))
                } while try reader.nextElement()
            }
            return LocatedJSON(value: .array(elements), offset: offset)
        case 0x22:
            return LocatedJSON(value: .string(reader.string(try reader.scanString())), offset: offset)
        case 0x74:
            try reader.scanLiteral("true")
            return LocatedJSON(value: .bool(true), offset: offset)
        case 0x66:
            try reader.scanLiteral("false")
            return LocatedJSON(value: .bool(false), offset: offset)
        case 0x6E:
            try reader.scanLiteral("null")
            return LocatedJSON(value: .null, offset: offset)
        case 0x2D, 0x30...0x39:
            let number = try reader.readDouble()
            return LocatedJSON(value: .number(number, end: reader.index), offset: offset)
        default:
            throw reader.unexpected(expected: "a JSON value")
        }
    }
}
