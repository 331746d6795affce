import MeridianCore

/// Reads a TOML 1.0.0 document into a ``TOMLTable``, a byte at a time, in
/// one pass; every rule of the specification is enforced (keys defined
/// once, tables declared once, inline tables and arrays closed to later
/// additions, no control characters in strings or comments, integers in
/// 64 bits, dates in the calendar), and nesting is bounded
/// (``maximumDepth``: tables, dotted keys, arrays and inline tables alike).
///
/// Tables are built as shared nodes while the document is read, with the
/// flags the rules need: a table declared by a `[header]` or by dotted keys
/// of an earlier section cannot be declared again, and a value written as
/// an inline table or array is frozen.
struct TOMLParser {
    private let bytes: [UInt8]
    private var position = 0
    private let root = Node()
    /// The table the current `[header]` or `[[header]]` opened.
    private var section: Node
    /// Tables made by dotted keys in the current section: they become
    /// closed to `[headers]` and to dotted keys of later sections.
    private var pending: [Node] = []
    /// How deep arrays and inline tables are nested where the reader is.
    private var depth = 0
    /// The level of the table an inline table being read becomes.
    private var valueLevel = 0
    /// The deepest nesting read, of arrays and inline tables and of tables
    /// in the tree (a header or key of 50 000 dotted parts): a hostile file
    /// would otherwise exhaust the stack when the tree is built, read out
    /// or freed.
    static let maximumDepth = InputLimits.maximumHandWrittenNesting

    init(_ text: String) {
        // CRLF is a newline; a lone CR is then an illegal character.
        var bytes = Array(text.utf8)
        if bytes.contains(0x0D) {
            var kept: [UInt8] = []
            kept.reserveCapacity(bytes.count)
            for (index, byte) in bytes.enumerated()
            where !(byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A) {
                kept.append(byte)
            }
            bytes = kept
        }
        self.bytes = bytes
        section = root
    }

    /// A table under construction: keys in order, searched in turn until
    /// the table grows past ``TOMLTable/indexThreshold``, then hashed.
    final class Node {
        /// How deep in the tree the table is: the root is 0.
        let level: Int
        private(set) var keys: [String] = []
        private var entries: [Entry] = []
        private var index: [String: Int]?
        /// Declared by a `[header]` (or an element of `[[header]]`).
        var declared = false
        /// Made by dotted keys of a finished section: closed.
        var closed = false
        /// An inline table, or inside an inline table or array: frozen.
        var frozen = false

        init(level: Int = 0) {
            self.level = level
        }

        enum Entry {
            case value(TOMLValue)
            case table(Node)
            /// An array of tables made by `[[headers]]`, open to more.
            case tables(TableArray)
        }

        /// The elements of an array of tables, shared so that appending
        /// one does not copy the others.
        final class TableArray {
            var nodes: [Node]
            init(_ nodes: [Node]) { self.nodes = nodes }
        }

        subscript(key: String) -> Entry? {
            let at = index.map { $0[key] } ?? keys.firstIndex(of: key)
            return at.map { entries[$0] }
        }

        /// Adds a key the table does not have yet.
        func add(_ key: String, _ entry: Entry) {
            keys.append(key)
            entries.append(entry)
            if index != nil {
                index![key] = keys.count - 1
            } else if keys.count > TOMLTable.indexThreshold {
                index = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($0.element, $0.offset) })
            }
        }

        var tables: [Node] {
            entries.compactMap { if case .table(let node) = $0 { node } else { nil } }
        }

        var value: TOMLTable {
            TOMLTable(
                keys: keys,
                values: entries.map { entry in
                    switch entry {
                    case .value(let value): value
                    case .table(let node): .table(node.value)
                    case .tables(let array): .array(array.nodes.map { .table($0.value) })
                    }
                })
        }
    }

    mutating func parse() throws(TOMLError) -> TOMLTable {
        while true {
            skipWhitespace()
            guard let byte = peek() else { break }
            switch byte {
            case 0x0A:
                position += 1
                continue
            case UInt8(ascii: "["):
                for node in pending { node.closed = true }
                pending = []
                if peek(1) == UInt8(ascii: "[") { try arrayTableHeader() } else { try tableHeader() }
            case UInt8(ascii: "#"): break
            default:
                guard Self.startsKey(byte) else { throw error("expected a key, a [table] or a comment") }
                try keyValue(into: section, inline: false)
            }
            skipWhitespace()
            try skipComment()
            guard let end = peek() else { break }
            guard end == 0x0A else { throw error("expected the end of the line after a statement") }
            position += 1
        }
        return root.value
    }

    // MARK: Statements

    private mutating func tableHeader() throws(TOMLError) {
        position += 1
        skipWhitespace()
        let start = position
        let key = try dottedKey()
        guard peek() == UInt8(ascii: "]") else { throw error("expected ] at the end of the table header") }
        position += 1
        let node = try descend(root, key[...], at: start, creating: true)
        guard !node.declared, !node.closed, !node.frozen else {
            throw error("the table [\(key.joined(separator: "."))] is defined twice", at: start)
        }
        node.declared = true
        section = node
    }

    private mutating func arrayTableHeader() throws(TOMLError) {
        position += 2
        skipWhitespace()
        let start = position
        let key = try dottedKey()
        guard peek() == UInt8(ascii: "]"), peek(1) == UInt8(ascii: "]") else {
            throw error("expected ]] at the end of the array of tables header")
        }
        position += 2
        let parent = try descend(root, key.dropLast(), at: start, creating: true)
        let last = key[key.count - 1]
        let element = try child(of: parent, at: start)
        element.declared = true
        switch parent[last] {
        case nil where !parent.frozen: parent.add(last, .tables(Node.TableArray([element])))
        case .tables(let array)?: array.nodes.append(element)
        default:
            throw error("[[\(key.joined(separator: "."))]] names something that is not an array of tables", at: start)
        }
        section = element
    }

    /// `key = value` in `table` (the section's, or an inline table's).
    private mutating func keyValue(into table: Node, inline: Bool) throws(TOMLError) {
        let start = position
        let key = try dottedKey()
        guard peek() == UInt8(ascii: "=") else { throw error("expected = after the key") }
        position += 1
        skipWhitespace()
        var parent = table
        for part in key.dropLast() {
            switch parent[part] {
            case nil:
                guard !parent.frozen else { throw error("an inline table cannot be extended", at: start) }
                let node = try child(of: parent, at: start)
                parent.add(part, .table(node))
                parent = node
            case .table(let node)?:
                guard !node.declared, !node.closed, !node.frozen else {
                    throw error("the table \(part) is already defined; dotted keys cannot add to it", at: start)
                }
                parent = node
            default:
                throw error("\(part) is already a value, not a table", at: start)
            }
            if !inline { pending.append(parent) }
        }
        let last = key[key.count - 1]
        guard !parent.frozen || inline, parent[last] == nil else {
            throw error("the key \(key.joined(separator: ".")) is defined twice", at: start)
        }
        let level = valueLevel
        valueLevel = parent.level + 1
        defer { valueLevel = level }
        let value = try self.value()
        parent.add(last, value)
    }

    /// A new table under `parent`, refused past ``maximumDepth``.
    private func child(of parent: Node, at offset: Int) throws(TOMLError) -> Node {
        guard parent.level < Self.maximumDepth else {
            throw error("tables are nested more than \(Self.maximumDepth) deep", at: offset)
        }
        return Node(level: parent.level + 1)
    }

    /// Follows (and with `creating`, makes) the tables a header names; an
    /// array of tables is entered at its last element.
    private func descend(_ start: Node, _ key: ArraySlice<String>, at offset: Int, creating: Bool) throws(TOMLError)
        -> Node
    {
        var node = start
        for part in key {
            switch node[part] {
            case nil:
                guard !node.frozen else { throw error("an inline table cannot be extended", at: offset) }
                let child = try child(of: node, at: offset)
                node.add(part, .table(child))
                node = child
            case .table(let child)?:
                guard !child.frozen else { throw error("an inline table cannot be extended", at: offset) }
                node = child
            case .tables(let array)?:
                node = array.nodes[array.nodes.count - 1]
            case .value?:
                throw error("\(part) is already a value, not a table", at: offset)
            }
        }
        return node
    }

    // MARK: Keys

    static func startsKey(_ byte: UInt8) -> Bool {
        isBare(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }

    /// `a.b."c d".'e'`, with whitespace allowed around the dots; stops after
    /// the whitespace that follows it.
    private mutating func dottedKey() throws(TOMLError) -> [String] {
        var parts: [String] = []
        while true {
            guard let byte = peek() else { throw error("expected a key") }
            if byte == UInt8(ascii: "\"") {
                position += 1
                parts.append(try basicString(multiline: false))
            } else if byte == UInt8(ascii: "'") {
                position += 1
                parts.append(try literalString(multiline: false))
            } else {
                let start = position
                while let byte = peek(), Self.isBare(byte) { position += 1 }
                guard position > start else { throw error("expected a key") }
                parts.append(String(decoding: bytes[start..<position], as: UTF8.self))
            }
            skipWhitespace()
            guard peek() == UInt8(ascii: ".") else { return parts }
            position += 1
            skipWhitespace()
        }
    }

    // MARK: Values

    private mutating func value() throws(TOMLError) -> Node.Entry {
        guard let byte = peek() else { throw error("expected a value") }
        switch byte {
        case UInt8(ascii: "\""):
            if peek(1) == byte, peek(2) == byte {
                position += 3
                return .value(.string(try basicString(multiline: true)))
            }
            position += 1
            return .value(.string(try basicString(multiline: false)))
        case UInt8(ascii: "'"):
            if peek(1) == byte, peek(2) == byte {
                position += 3
                return .value(.string(try literalString(multiline: true)))
            }
            position += 1
            return .value(.string(try literalString(multiline: false)))
        case UInt8(ascii: "t") where matches("true"):
            position += 4
            return .value(.boolean(true))
        case UInt8(ascii: "f") where matches("false"):
            position += 5
            return .value(.boolean(false))
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else {
                throw error("arrays and inline tables are nested more than \(Self.maximumDepth) deep")
            }
            depth += 1
            defer { depth -= 1 }
            position += 1
            return byte == UInt8(ascii: "[") ? .value(.array(try array())) : .table(try inlineTable())
        default:
            return .value(try numberOrDate())
        }
    }

    private mutating func array() throws(TOMLError) -> [TOMLValue] {
        var elements: [TOMLValue] = []
        while true {
            try skipBlank()
            if peek() == UInt8(ascii: "]") {
                position += 1
                return elements
            }
            switch try value() {
            case .value(let value): elements.append(value)
            case .table(let node): elements.append(.table(node.value))
            case .tables: break
            }
            try skipBlank()
            guard let byte = peek() else { throw error("expected , or ] in the array") }
            if byte == UInt8(ascii: "]") {
                position += 1
                return elements
            }
            guard byte == UInt8(ascii: ",") else { throw error("expected , or ] in the array") }
            position += 1
        }
    }

    private mutating func inlineTable() throws(TOMLError) -> Node {
        guard valueLevel <= Self.maximumDepth else {
            throw error("tables are nested more than \(Self.maximumDepth) deep")
        }
        let node = Node(level: valueLevel)
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            node.frozen = true
            return node
        }
        while true {
            guard let byte = peek(), Self.startsKey(byte) else { throw error("expected a key in the inline table") }
            try keyValue(into: node, inline: true)
            skipWhitespace()
            guard let next = peek() else { throw error("expected , or } in the inline table") }
            if next == UInt8(ascii: "}") {
                position += 1
                freeze(node)
                return node
            }
            guard next == UInt8(ascii: ",") else { throw error("expected , or } in the inline table") }
            position += 1
            skipWhitespace()
        }
    }

    private func freeze(_ node: Node) {
        node.frozen = true
        for child in node.tables { freeze(child) }
    }

    // MARK: Strings

    private mutating func basicString(multiline: Bool) throws(TOMLError) -> String {
        var text: [UInt8] = []
        if multiline { skipFirstNewline() }
        while true {
            guard let byte = peek() else { throw error("the string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard multiline else { return String(decoding: text, as: UTF8.self) }
                if peek() == byte, peek(1) == byte {
                    position += 2
                    // Up to two more quotes belong to the string.
                    var extra = 0
                    while extra < 2, peek() == byte {
                        position += 1
                        extra += 1
                    }
                    return String(decoding: text + [UInt8](repeating: byte, count: extra), as: UTF8.self)
                }
                text.append(byte)
            case UInt8(ascii: "\\"):
                position += 1
                if multiline, let next = peek(), next == 0x20 || next == 0x09 || next == 0x0A {
                    // A backslash ending a line trims the whitespace and newlines after it.
                    let start = position
                    skipWhitespace()
                    guard peek() == 0x0A else {
                        throw error("only whitespace may follow a line-ending backslash", at: start)
                    }
                    while let next = peek(), next == 0x20 || next == 0x09 || next == 0x0A { position += 1 }
                    continue
                }
                try escape(into: &text)
            case 0x0A where multiline:
                position += 1
                text.append(byte)
            default:
                try checkCharacter(byte, in: "a string")
                position += 1
                text.append(byte)
            }
        }
    }

    private mutating func escape(into text: inout [UInt8]) throws(TOMLError) {
        guard let byte = peek() else { throw error("the string is not closed") }
        position += 1
        switch byte {
        case UInt8(ascii: "b"): text.append(0x08)
        case UInt8(ascii: "t"): text.append(0x09)
        case UInt8(ascii: "n"): text.append(0x0A)
        case UInt8(ascii: "f"): text.append(0x0C)
        case UInt8(ascii: "r"): text.append(0x0D)
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): text.append(byte)
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = byte == UInt8(ascii: "u") ? 4 : 8
            guard position + count <= bytes.count,
                let code = UInt32(String(decoding: bytes[position..<(position + count)], as: UTF8.self), radix: 16),
                bytes[position..<(position + count)].allSatisfy({ Self.isHex($0) }),
                let scalar = Unicode.Scalar(code)
            else { throw error("\\\(Character(Unicode.Scalar(byte))) needs \(count) hex digits of a Unicode scalar") }
            position += count
            text.append(contentsOf: String(Character(scalar)).utf8)
        default:
            throw error("unknown escape \\\(Character(Unicode.Scalar(byte)))", at: position - 2)
        }
    }

    private mutating func literalString(multiline: Bool) throws(TOMLError) -> String {
        let quote = UInt8(ascii: "'")
        if multiline { skipFirstNewline() }
        let start = position
        while true {
            guard let byte = peek() else { throw error("the string is not closed") }
            if byte == quote {
                if !multiline {
                    position += 1
                    return String(decoding: bytes[start..<(position - 1)], as: UTF8.self)
                }
                if peek(1) == quote, peek(2) == quote {
                    var end = position
                    position += 3
                    var extra = 0
                    while extra < 2, peek() == quote {
                        position += 1
                        extra += 1
                    }
                    end += extra
                    return String(decoding: bytes[start..<end], as: UTF8.self)
                }
            } else if !(multiline && byte == 0x0A) {
                try checkCharacter(byte, in: "a string")
            }
            position += 1
        }
    }

    private mutating func skipFirstNewline() {
        if peek() == 0x0A { position += 1 }
    }

    /// Control characters other than tab are not allowed in strings and
    /// comments (DEL included); UTF-8 is checked where the text is decoded.
    private func checkCharacter(_ byte: UInt8, in place: String) throws(TOMLError) {
        if (byte < 0x20 && byte != 0x09) || byte == 0x7F {
            throw error("control character U+\(String(byte, radix: 16, uppercase: true)) in \(place)")
        }
    }

    // MARK: Numbers and dates

    private mutating func numberOrDate() throws(TOMLError) -> TOMLValue {
        let start = position
        while let byte = peek(), !Self.endsValue(byte) { position += 1 }
        // A date and a time may be separated by one space.
        if position - start == 10, peek() == 0x20, position + 3 <= bytes.count, Self.isDigit(bytes[position + 1]),
            Self.isDigit(bytes[position + 2]), bytes[start + 4] == UInt8(ascii: "-")
        {
            position += 1
            while let byte = peek(), !Self.endsValue(byte) { position += 1 }
        }
        let text = bytes[start..<position]
        if let value = TOMLScalars.number(text) { return value }
        if TOMLScalars.isDateTime(text) { return .dateTime(String(decoding: text, as: UTF8.self)) }
        let written = String(decoding: text, as: UTF8.self)
        throw error("\(written.isEmpty ? "nothing" : "'\(written)'") is not a TOML value", at: start)
    }

    static func endsValue(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "#"): true
        default: false
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    // MARK: Reading

    private func peek(_ ahead: Int = 0) -> UInt8? {
        position + ahead < bytes.count ? bytes[position + ahead] : nil
    }

    private func matches(_ word: String) -> Bool {
        let utf8 = Array(word.utf8)
        guard position + utf8.count <= bytes.count, Array(bytes[position..<(position + utf8.count)]) == utf8 else {
            return false
        }
        return position + utf8.count == bytes.count || Self.endsValue(bytes[position + utf8.count])
    }

    private mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 { position += 1 }
    }

    private mutating func skipComment() throws(TOMLError) {
        guard peek() == UInt8(ascii: "#") else { return }
        position += 1
        while let byte = peek(), byte != 0x0A {
            try checkCharacter(byte, in: "a comment")
            position += 1
        }
    }

    /// Whitespace, newlines and comments (inside arrays).
    private mutating func skipBlank() throws(TOMLError) {
        while true {
            skipWhitespace()
            if peek() == 0x0A {
                position += 1
            } else if peek() == UInt8(ascii: "#") {
                try skipComment()
            } else {
                return
            }
        }
    }

    private func error(_ message: String, at offset: Int? = nil) -> TOMLError {
        let at = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<at where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<at], as: UTF8.self).count + 1
        return TOMLError(message: message, line: line, column: column)
    }
}
