/// The markup of an SVG document, tag by tag, as ``SVGPainter`` reads it:
/// start tags with their attributes, end tags and text, over the bytes in
/// place. It reads the XML a snapshot is written in (elements, attributes
/// in either quote, comments, the XML declaration, character references);
/// anything else (a DOCTYPE, CDATA, a processing instruction past the
/// first) is ``SVGPainter/Failure/unsupported(_:)``, and the document goes
/// to librsvg instead.
struct SVGScanner {
    enum Token {
        /// A start tag: its name, where its `<` is, whether it closes itself;
        /// its attributes are in ``attributes`` until the next token.
        case start(name: Range<Int>, at: Int, closed: Bool)
        case end(name: Range<Int>)
        case text(Range<Int>)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    let end: Int
    /// The attributes of the last start tag, as byte ranges of name and value.
    private(set) var attributes: [(name: Range<Int>, value: Range<Int>)] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) {
        self.bytes = bytes
        position = range.lowerBound
        end = range.upperBound
        attributes.reserveCapacity(16)
    }

    mutating func next() throws(SVGPainter.Failure) -> Token? {
        while position < end {
            if bytes[position] != UInt8(ascii: "<") {
                let start = position
                while position < end, bytes[position] != UInt8(ascii: "<") { position += 1 }
                return .text(start..<position)
            }
            guard position + 1 < end else { throw .unsupported("a tag cut short") }
            switch bytes[position + 1] {
            case UInt8(ascii: "?"):
                try skip(past: "?>")
            case UInt8(ascii: "!"):
                guard has("<!--", at: position) else { throw .unsupported("a DOCTYPE or CDATA section") }
                try skip(past: "-->")
            case UInt8(ascii: "/"):
                position += 2
                let name = self.name()
                skipSpace()
                guard position < end, bytes[position] == UInt8(ascii: ">") else {
                    throw .unsupported("a malformed end tag")
                }
                position += 1
                return .end(name: name)
            default:
                return try startTag()
            }
        }
        return nil
    }

    private mutating func startTag() throws(SVGPainter.Failure) -> Token {
        let at = position
        position += 1
        let name = self.name()
        guard !name.isEmpty else { throw .unsupported("a malformed tag") }
        attributes.removeAll(keepingCapacity: true)
        while true {
            skipSpace()
            guard position < end else { throw .unsupported("a tag cut short") }
            switch bytes[position] {
            case UInt8(ascii: ">"):
                position += 1
                return .start(name: name, at: at, closed: false)
            case UInt8(ascii: "/"):
                guard position + 1 < end, bytes[position + 1] == UInt8(ascii: ">") else {
                    throw .unsupported("a malformed tag")
                }
                position += 2
                return .start(name: name, at: at, closed: true)
            default:
                let attribute = self.name()
                skipSpace()
                guard !attribute.isEmpty, position + 1 < end, bytes[position] == UInt8(ascii: "=") else {
                    throw .unsupported("a malformed attribute")
                }
                position += 1
                skipSpace()
                guard position < end else { throw .unsupported("a tag cut short") }
                let quote = bytes[position]
                guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                    throw .unsupported("an unquoted attribute")
                }
                position += 1
                let start = position
                while position < end, bytes[position] != quote { position += 1 }
                guard position < end else { throw .unsupported("an attribute cut short") }
                attributes.append((attribute, start..<position))
                position += 1
            }
        }
    }

    /// Moves past the end of the element whose start tag was just read.
    mutating func skipElement() throws(SVGPainter.Failure) {
        var depth = 1
        while depth > 0 {
            guard let token = try next() else { throw .unsupported("an element left open") }
            switch token {
            case .start(_, _, let closed): if !closed { depth += 1 }
            case .end: depth -= 1
            case .text: break
            }
        }
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    func equals(_ range: Range<Int>, _ text: StaticString) -> Bool {
        guard range.count == text.utf8CodeUnitCount else { return false }
        let utf8 = text.utf8Start
        for i in 0..<range.count where bytes[range.lowerBound + i] != utf8[i] { return false }
        return true
    }

    /// Text or an attribute's value with its character references replaced.
    func decoded(_ range: Range<Int>) throws(SVGPainter.Failure) -> String {
        guard bytes[range].contains(UInt8(ascii: "&")) else { return string(range) }
        var out: [UInt8] = []
        out.reserveCapacity(range.count)
        var i = range.lowerBound
        while i < range.upperBound {
            guard bytes[i] == UInt8(ascii: "&") else {
                out.append(bytes[i])
                i += 1
                continue
            }
            var semicolon = i + 1
            while semicolon < range.upperBound, semicolon - i < 12, bytes[semicolon] != UInt8(ascii: ";") {
                semicolon += 1
            }
            guard semicolon < range.upperBound, bytes[semicolon] == UInt8(ascii: ";") else {
                throw .unsupported("a character reference cut short")
            }
            let entity = string((i + 1)..<semicolon)
            var scalar: Unicode.Scalar?
            switch entity {
            case "amp": scalar = "&"
            case "lt": scalar = "<"
            case "gt": scalar = ">"
            case "quot": scalar = "\""
            case "apos": scalar = "'"
            default:
                if entity.hasPrefix("#x") {
                    scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if entity.hasPrefix("#") {
                    scalar = UInt32(entity.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                }
            }
            guard let scalar else { throw .unsupported("the entity &\(entity);") }
            out.append(contentsOf: String(Character(scalar)).utf8)
            i = semicolon + 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private mutating func name() -> Range<Int> {
        let start = position
        while position < end {
            let byte = bytes[position]
            let isName =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ".")
            guard isName else { break }
            position += 1
        }
        return start..<position
    }

    private mutating func skipSpace() {
        while position < end, SVGScanner.isSpace(bytes[position]) { position += 1 }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    private func has(_ text: StaticString, at index: Int) -> Bool {
        index + text.utf8CodeUnitCount <= end && equals(index..<(index + text.utf8CodeUnitCount), text)
    }

    private mutating func skip(past text: StaticString) throws(SVGPainter.Failure) {
        while position < end {
            if has(text, at: position) {
                position += text.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw .unsupported("a comment or declaration left open")
    }
}
