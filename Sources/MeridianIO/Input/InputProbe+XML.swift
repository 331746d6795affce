import MeridianCore

extension InputProbe {
    /// The local name of an XML document's root element, read from the
    /// head past the declaration, comments, processing instructions and
    /// doctype; nil when the head ends first or holds no element.
    public var xmlRootName: String? {
        let bytes = meaningfulBytes
        var i = bytes.startIndex
        func skip(past terminator: [UInt8]) {
            while i < bytes.endIndex, !bytes[i...].starts(with: terminator) { i += 1 }
            i = min(bytes.endIndex, i + terminator.count)
        }
        while i < bytes.endIndex {
            if InputProbe.isBlank(bytes[i]) {
                i += 1
            } else if bytes[i...].starts(with: Array("<?".utf8)) {
                skip(past: Array("?>".utf8))
            } else if bytes[i...].starts(with: Array("<!--".utf8)) {
                skip(past: Array("-->".utf8))
            } else if bytes[i...].starts(with: Array("<!".utf8)) {
                // A doctype, perhaps with an internal subset in brackets.
                var depth = 0
                while i < bytes.endIndex {
                    if bytes[i] == 0x5B { depth += 1 }
                    if bytes[i] == 0x5D { depth -= 1 }
                    if bytes[i] == 0x3E, depth <= 0 { break }
                    i += 1
                }
                i += 1
            } else if bytes[i] == 0x3C {
                var end = i + 1
                while end < bytes.endIndex, !InputProbe.isBlank(bytes[end]), bytes[end] != 0x3E, bytes[end] != 0x2F {
                    end += 1
                }
                guard end < bytes.endIndex else { return nil }
                let name = String(decoding: bytes[(i + 1)..<end], as: UTF8.self)
                return name.split(separator: ":").last.map(String.init) ?? name
            } else {
                return nil
            }
        }
        return nil
    }

    /// Text whose first character (UTF-8 or UTF-16) is `<`: XML.
    public var looksLikeXML: Bool {
        isBytes && (meaningfulBytes.first == 0x3C || firstUTF16Character == 0x3C)
    }
}
