import CLibXML2
import MeridianCore
import MeridianPlatform

/// Reads OSM XML (API 0.6, as the OSM API, Overpass, JOSM and osmium
/// write it) into elements, streaming through libxml2's reader.
///
/// The root must be `<osm version="0.6">`; inside it `node`, `way` and
/// `relation` elements, with `tag`, `nd` and `member` children, and the
/// `bounds`, `note`, `meta` and `remark` elements that the API and
/// Overpass add (ignored). Anything else, a required attribute missing or
/// malformed, a member of another type than node, way or relation, and a
/// document that declares entities is an error naming its line
/// (`osm.xml.invalid`, `osm.xml.syntax`, `osm.xml.entity`), as the OSM
/// test data's XML suite asks.
struct OSMXMLParser {
    let name: String
    var metadata = false
    var maximumTags = 5_000

    private enum Element { case node, way, relation }

    func parse(descriptor: Int32, prefix: [UInt8], skippedLines: Int) throws(DiagnosticError) -> OSMElementBlock {
        if let problem = mx_library_error() { Platform.exitForMissingLibrary(String(cString: problem)) }
        try refuseEntities(prefix)
        let opened = prefix.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                mx_reader_open_descriptor(descriptor, $0.baseAddress, $0.count, skippedLines, 0, name)
            }
        }
        guard let reader = opened else {
            throw DiagnosticError(
                code: "osm.xml.syntax", message: "libxml2 could not start reading \(name)",
                location: SourceLocation(file: name))
        }
        defer { mx_reader_free(reader) }
        var node = MXNode()
        var block = OSMElementBlock()
        var sawRoot = false
        var current: Element?
        var id: Int64 = 0
        var location: OSMLocation?
        var tags: OSMTags = []
        var tagCount = 0
        var refs: [Int64] = []
        var members: [OSMMember] = []
        var elementMetadata: OSMMetadata?
        var elementLine = 0

        func failure(_ message: String, line: Int32) -> DiagnosticError {
            DiagnosticError(
                code: "osm.xml.invalid", message: message, location: SourceLocation(file: name, line: Int(line)))
        }
        func attributes() -> [(String, String)] {
            var result: [(String, String)] = []
            var attributeName = MXBytes()
            var value = MXBytes()
            for index in 0..<node.attributeCount {
                mx_reader_attribute(reader, index, &attributeName, &value)
                result.append(
                    (
                        String(decoding: UnsafeBufferPointer(start: attributeName.bytes, count: attributeName.length), as: UTF8.self),
                        String(decoding: UnsafeBufferPointer(start: value.bytes, count: value.length), as: UTF8.self)
                    ))
            }
            return result
        }
        func finish() {
            guard let element = current else { return }
            if tagCount > maximumTags {
                block.diagnostics.append(
                    Diagnostic(
                        severity: .warning, code: "osm.tags.too-many",
                        message: "\(element) \(id) has \(tagCount) tags: the first \(maximumTags) are kept",
                        location: SourceLocation(file: name, line: elementLine)))
            }
            switch element {
            case .node:
                if let location {
                    block.nodeIDs.append(id)
                    block.nodeLocations.append(location.packed)
                    if !tags.isEmpty {
                        block.taggedNodes.append(OSMNode(id: id, location: location, tags: tags, metadata: elementMetadata))
                    }
                }
            case .way: block.ways.append(OSMWay(id: id, refs: refs, tags: tags, metadata: elementMetadata))
            case .relation:
                block.relations.append(OSMRelation(id: id, members: members, tags: tags, metadata: elementMetadata))
            }
            current = nil
            tags = []
            tagCount = 0
            refs = []
            members = []
            elementMetadata = nil
        }

        while true {
            let status = mx_reader_next(reader, &node)
            if status == 0 { break }
            if status < 0 {
                let message = mx_reader_error_message(reader).map { String(cString: $0) } ?? "not well-formed"
                let line = Int(mx_reader_error_line(reader))
                let column = Int(mx_reader_error_column(reader))
                throw DiagnosticError(
                    code: "osm.xml.syntax", message: "XML error: \(message)",
                    location: SourceLocation(file: name, line: line > 0 ? line : nil, column: column > 0 ? column : nil))
            }
            if node.type == Int32(MX_NODE_END_ELEMENT), node.depth == 1 {
                finish()
                continue
            }
            guard node.type == Int32(MX_NODE_ELEMENT), let local = node.localName else { continue }
            let element = String(cString: local)
            let line = node.line
            switch node.depth {
            case 0:
                guard element == "osm" else {
                    if element == "osmChange" {
                        throw failure(
                            "\(name) is an OSM change file (osmChange): Meridian reads OSM data files, "
                                + "which osmium apply-changes makes from a change file and its data", line: line)
                    }
                    throw failure("the root element is <\(element)>, not <osm>", line: line)
                }
                let version = attributes().first { $0.0 == "version" }?.1
                guard version == "0.6" else {
                    throw failure(
                        version.map { "the <osm> element says version \($0): Meridian reads OSM XML 0.6" }
                            ?? "the <osm> element has no version (OSM XML 0.6 says version=\"0.6\")", line: line)
                }
                sawRoot = true
            case 1:
                finish()
                switch element {
                case "node", "way", "relation":
                    current = element == "node" ? .node : element == "way" ? .way : .relation
                    elementLine = Int(line)
                    var metadata = OSMMetadata()
                    var latitude: Double?
                    var longitude: Double?
                    var hasID = false
                    for (key, value) in attributes() {
                        switch key {
                        case "id":
                            guard let parsed = Int64(value) else {
                                throw failure("<\(element)> has id \"\(value)\", not a whole number", line: line)
                            }
                            id = parsed
                            hasID = true
                        case "lat": latitude = Double(value)
                        case "lon": longitude = Double(value)
                        case "version": metadata.version = Int64(value)
                        case "changeset": metadata.changeset = Int64(value)
                        case "uid": metadata.uid = Int64(value)
                        case "user": metadata.user = value
                        case "timestamp": metadata.timestamp = OSMTimestamp.seconds(value)
                        case "visible": metadata.visible = value != "false"
                        default: break
                        }
                    }
                    guard hasID else { throw failure("<\(element)> has no id", line: line) }
                    if self.metadata { elementMetadata = metadata }
                    if current == .node {
                        if let latitude, let longitude, let position = OSMLocation(latitude: latitude, longitude: longitude) {
                            location = position
                        } else {
                            location = nil
                            if metadata.visible {
                                block.diagnostics.append(
                                    Diagnostic(
                                        severity: .warning, code: "osm.node.location",
                                        message: "node \(id) has no position on the globe: it is left out",
                                        location: SourceLocation(file: name, line: Int(line))))
                            }
                        }
                    }
                case "bounds", "bound", "note", "meta", "remark", "changeset":
                    break
                default:
                    throw failure("<\(element)> is not an element of OSM data", line: line)
                }
            case 2:
                guard let element0 = current else {
                    throw failure("<\(element)> is inside an element that holds none", line: line)
                }
                let values = attributes()
                func attribute(_ key: String) -> String? { values.first { $0.0 == key }?.1 }
                switch (element0, element) {
                case (_, "tag"):
                    guard let key = attribute("k"), let value = attribute("v") else {
                        throw failure("a <tag> lacks its k or v", line: line)
                    }
                    tagCount += 1
                    if tagCount <= maximumTags { tags.append((key, value)) }
                case (.way, "nd"):
                    guard let text = attribute("ref"), let ref = Int64(text) else {
                        throw failure("an <nd> has no whole-number ref", line: line)
                    }
                    refs.append(ref)
                case (.relation, "member"):
                    guard let text = attribute("ref"), let ref = Int64(text) else {
                        throw failure("a <member> has no whole-number ref", line: line)
                    }
                    let type: OSMElementType
                    switch attribute("type") {
                    case "node": type = .node
                    case "way": type = .way
                    case "relation": type = .relation
                    case let other:
                        throw failure(
                            "a <member> has type \(other.map { "\"\($0)\"" } ?? "none"), not node, way or relation",
                            line: line)
                    }
                    members.append(OSMMember(type: type, ref: ref, role: attribute("role") ?? ""))
                default:
                    throw failure("<\(element)> is not an element of a \(element0)", line: line)
                }
            default:
                throw failure("<\(element)> is nested deeper than OSM data goes", line: line)
            }
        }
        finish()
        guard sawRoot else {
            throw DiagnosticError(
                code: "osm.xml.invalid", message: "\(name) holds no <osm> element", location: SourceLocation(file: name))
        }
        return block
    }

    /// Refuses a document that declares entities (billion laughs, external
    /// entities), from the bytes before its root element.
    private func refuseEntities(_ head: [UInt8]) throws(DiagnosticError) {
        let marker = Array("<!ENTITY".utf8)
        let end = head.firstIndex(of: 0x3C).flatMap { start in
            head[start...].indices.first { head[$0] == 0x3C && $0 + 1 < head.count && head[$0 + 1] != 0x3F && head[$0 + 1] != 0x21 }
        } ?? head.count
        var index = 0
        while index + marker.count <= end {
            if head[index..<(index + marker.count)].elementsEqual(marker) {
                throw DiagnosticError(
                    code: "osm.xml.entity", message: "\(name) declares XML entities, which OSM data never needs: refused",
                    location: SourceLocation(file: name))
            }
            index += 1
        }
    }
}
