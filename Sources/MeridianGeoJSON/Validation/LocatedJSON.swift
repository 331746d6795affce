import MeridianJSON

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
/// An array of positions, the bulk of most documents, is kept packed
/// (``PackedPositions``): about 32 bytes a 2D position instead of some 200
/// for a tree of located values, so that a line of ten million positions
/// is validated in well under a gigabyte. Its elements are made on demand.
///
/// Lookups follow `JSON.parse` and ``JSONValue``: when a key is repeated,
/// ``member(_:)`` returns the last occurrence.
struct LocatedJSON {
    enum Value {
        case object([Member])
        case array(Elements)
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

    var elements: Elements? {
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
            return LocatedJSON(value: .array(try readElements(&reader)), offset: offset)
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

    /// Reads an array's elements, packed while they are positions alike
    /// (see ``PackedPositions/Builder``); from the first element that is
    /// not, the ones before are unpacked and the rest read one by one.
    private static func readElements(_ reader: inout JSONReader) throws(JSONReaderFailure) -> Elements {
        guard try reader.beginArray() else { return [] }
        var packed = PackedPositions.Builder()
        var elements: [LocatedJSON] = []
        var isPacked = true
        repeat {
            if isPacked, try reader.peek() == 0x5B {
                guard let unpacked = try packed.read(&reader) else { continue }
                elements = packed.unpacked() + [unpacked]
                isPacked = false
            } else {
                if isPacked {
                    elements = packed.unpacked()
                    isPacked = false
                }
                elements.append(try read(&reader))
            }
        } while try reader.nextElement()
        return isPacked ? Elements(storage: .positions(packed.finished())) : Elements(storage: .values(elements))
    }
}

extension LocatedJSON {
    /// The elements of an array: located values, or the positions of a
    /// packed list, or the numbers of one of its positions, each made
    /// when asked for.
    struct Elements: RandomAccessCollection, ExpressibleByArrayLiteral {
        enum Storage {
            case values([LocatedJSON])
            case positions(PackedPositions)
            case numbers(PackedPositions, position: Int)
        }

        var storage: Storage

        init(storage: Storage) {
            self.storage = storage
        }

        init(arrayLiteral elements: LocatedJSON...) {
            storage = .values(elements)
        }

        var startIndex: Int { 0 }

        var endIndex: Int {
            switch storage {
            case .values(let values): values.count
            case .positions(let packed): packed.offsets.count
            case .numbers(let packed, _): packed.dimensions
            }
        }

        subscript(index: Int) -> LocatedJSON {
            switch storage {
            case .values(let values):
                return values[index]
            case .positions(let packed):
                return LocatedJSON(
                    value: .array(Elements(storage: .numbers(packed, position: index))), offset: packed.offsets[index])
            case .numbers(let packed, let position):
                precondition(index >= 0 && index < packed.dimensions, "index out of range")
                let number = position * packed.dimensions + index
                let start = packed.offsets[position] + Int(packed.numberStarts[number])
                return LocatedJSON(
                    value: .number(packed.values[number], end: start + Int(packed.numberLengths[number])), offset: start)
            }
        }

        /// Whether an element may be an object or hold one: false for
        /// packed positions and their numbers.
        var mayHoldObjects: Bool {
            if case .values = storage { return true }
            return false
        }
    }

    /// A list of positions read packed: each position's offset, and for
    /// each of its numbers (all positions have as many) the value and
    /// where its token lies, counted from the position's `[`.
    final class PackedPositions {
        let dimensions: Int
        let offsets: [Int]
        let values: [Double]
        let numberStarts: [UInt16]
        let numberLengths: [UInt16]

        init(_ builder: Builder) {
            dimensions = builder.dimensions ?? 0
            offsets = builder.offsets
            values = builder.values
            numberStarts = builder.numberStarts
            numberLengths = builder.numberLengths
        }

        /// Reads arrays of numbers into the list while they are alike:
        /// as many numbers as the first one (at most
        /// ``maximumDimensions``), each token within 65 535 bytes of its
        /// `[`. A position of another shape is read whole and handed
        /// back, the caller then unpacks the list.
        struct Builder {
            static let maximumDimensions = 8

            var dimensions: Int?
            var offsets: [Int] = []
            var values: [Double] = []
            var numberStarts: [UInt16] = []
            var numberLengths: [UInt16] = []

            /// Reads the array at the reader (its `[` is next): nil when it
            /// joined the list, else the array, read whole.
            mutating func read(_ reader: inout JSONReader) throws(JSONReaderFailure) -> LocatedJSON? {
                let offset = reader.index
                let first = values.count
                if try reader.beginArray() {
                    repeat {
                        let byte = try reader.peek()
                        guard byte == 0x2D || byte &- 0x30 < 10 else {
                            return try readRest(after: takeNumbers(from: first, of: offset), at: offset, &reader)
                        }
                        let start = reader.index
                        let value = try reader.readDouble()
                        let end = reader.index
                        guard start - offset <= Int(UInt16.max), end - start <= Int(UInt16.max),
                            values.count - first < (dimensions ?? Self.maximumDimensions)
                        else {
                            let number = LocatedJSON(value: .number(value, end: end), offset: start)
                            var elements = takeNumbers(from: first, of: offset) + [number]
                            while try reader.nextElement() { elements.append(try LocatedJSON.read(&reader)) }
                            return LocatedJSON(value: .array(Elements(storage: .values(elements))), offset: offset)
                        }
                        values.append(value)
                        numberStarts.append(UInt16(start - offset))
                        numberLengths.append(UInt16(end - start))
                    } while try reader.nextElement()
                }
                let count = values.count - first
                if dimensions == nil { dimensions = count }
                guard count == dimensions else {
                    return LocatedJSON(
                        value: .array(Elements(storage: .values(takeNumbers(from: first, of: offset)))), offset: offset)
                }
                offsets.append(offset)
                return nil
            }

            /// Reads the rest of an array (the reader is at an element)
            /// after `elements`, one by one.
            private func readRest(
                after elements: [LocatedJSON], at offset: Int, _ reader: inout JSONReader
            ) throws(JSONReaderFailure) -> LocatedJSON {
                var elements = elements
                repeat {
                    elements.append(try LocatedJSON.read(&reader))
                } while try reader.nextElement()
                return LocatedJSON(value: .array(Elements(storage: .values(elements))), offset: offset)
            }

            /// Takes the numbers from `first` on (the position being read,
            /// whose `[` is at `offset`) back out of the list.
            private mutating func takeNumbers(from first: Int, of offset: Int) -> [LocatedJSON] {
                let numbers = (first..<values.count).map { number in
                    let start = offset + Int(numberStarts[number])
                    return LocatedJSON(
                        value: .number(values[number], end: start + Int(numberLengths[number])), offset: start)
                }
                values.removeSubrange(first...)
                numberStarts.removeSubrange(first...)
                numberLengths.removeSubrange(first...)
                return numbers
            }

            /// The positions read so far, one located value each.
            func unpacked() -> [LocatedJSON] {
                guard !offsets.isEmpty else { return [] }
                return Array(Elements(storage: .positions(PackedPositions(self))))
            }

            func finished() -> PackedPositions { PackedPositions(self) }
        }
    }
}
