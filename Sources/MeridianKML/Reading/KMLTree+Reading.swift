import MeridianCore

extension KMLTree {
    /// Reads the stream's current element and everything inside it into
    /// the tree (emptied first); returns the element, the tree's root.
    /// `onElement` is called at each nested element's start (for the
    /// unknown-element warning). Shared by the KML and GPX/TCX readers.
    func read(from stream: XMLStreamReader, sourceName: String?, onElement: () -> Void = {}) throws(DiagnosticError)
        -> KMLElement
    {
        removeAll()
        stream.appendAttributes(to: self)
        var top = open(name: stream.nameID, line: stream.line, attributeStart: 0)
        if stream.isEmptyElement { return root }
        let rootName = stream.nameID
        var stack: [Int] = []
        let rootDepth = stream.depth
        while true {
            guard try stream.read() else {
                throw DiagnosticError(
                    code: "kml.xml.syntax", message: "the document ends inside <\(names.name(rootName))>",
                    location: SourceLocation(file: sourceName, line: stream.line))
            }
            switch stream.nodeType {
            case .element:
                onElement()
                let attributeStart = attributeCount
                stream.appendAttributes(to: self)
                let child = open(name: stream.nameID, line: stream.line, attributeStart: attributeStart)
                if !stream.isEmptyElement {
                    stack.append(top)
                    top = child
                }
            case .text, .cdata, .significantWhitespace, .whitespace:
                let isCDATA = stream.nodeType == .cdata
                stream.withValueBytes { value in
                    appendText(value, to: top, isCDATA: isCDATA)
                }
            case .endElement:
                close(top)
                if stack.isEmpty || stream.depth <= rootDepth {
                    while let ancestor = stack.popLast() { close(ancestor) }
                    return root
                }
                top = stack.removeLast()
            case .entityReference:
                throw XMLStreamReader.entityRefused(sourceName: sourceName, line: stream.line)
            default:
                break
            }
        }
    }
}

extension XMLStreamReader {
    /// A reference to an entity the document declares: refused, not expanded.
    static func entityRefused(sourceName: String?, line: Int) -> DiagnosticError {
        DiagnosticError(
            code: "kml.xml.entity",
            message:
                "the document uses a custom XML entity; KML, GPX and TCX have none, and expanding entities is how billion-laughs attacks work, so it is refused",
            location: SourceLocation(file: sourceName, line: line))
    }
}
