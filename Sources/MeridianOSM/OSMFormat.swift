import MeridianCore
import MeridianIO
import MeridianPlatform

extension InputFormat {
    /// OpenStreetMap's PBF format (`.osm.pbf`).
    public static let osmPBF = InputFormat("osm-pbf")
    /// OpenStreetMap's XML format (`.osm`), API 0.6.
    public static let osmXML = InputFormat("osm-xml")
}

/// OpenStreetMap data as an input format: PBF, recognised by its first
/// blob's `OSMHeader` type, and XML, by its `<osm>` root element (in a
/// gzip stream too). Both are
/// read by ``OSMReader`` into features as `osmium export` makes them.
public struct OSMFormat: FeatureFormat {
    public let format: InputFormat

    /// The PBF format.
    public static let pbf = OSMFormat(format: .osmPBF)
    /// The XML format.
    public static let xml = OSMFormat(format: .osmXML)

    private init(format: InputFormat) { self.format = format }

    public func recognise(_ probe: InputProbe) -> InputProbe.Match? {
        guard probe.isBytes else { return nil }
        if format == .osmXML {
            if let inflated = GzipStream.inflatedHead(probe.head) {
                let root = InputProbe(path: probe.path, name: probe.name, content: .bytes, isRegularFile: false, head: inflated)
                    .xmlRootName
                return root == "osm" || root == "osmChange" ? .certain : nil
            }
            let root = probe.xmlRootName
            return root == "osm" || root == "osmChange" ? .certain : nil
        }
        // A 4-byte size, then a BlobHeader whose first field is the type
        // "OSMHeader" (field 1, length 9).
        let head = probe.head
        guard probe.skippedBytes == 0, head.count >= 15, head[0] == 0, head[1] == 0, head[4] == 0x0A, head[5] == 9,
            head[6..<15].elementsEqual("OSMHeader".utf8)
        else { return nil }
        return .certain
    }

    /// What reading leaves out is an error of the data when it is validated.
    public var errorsWhenValidating: Set<String> {
        [
            "osm.node.location", "osm.way.nodes-missing", "osm.way.too-short", "osm.area.open-ring", "osm.area.invalid",
            "osm.area.empty", "osm.relation.incomplete", "osm.pbf.unsorted",
        ]
    }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        if format == .osmPBF { return try OSMReader(pbf: input, options: options.osm) }
        let stream = try input.stream(or: "osm.xml.invalid", isNot: "OSM XML")
        var parser = OSMXMLParser(name: input.name)
        parser.metadata = options.osm.metadata
        parser.maximumTags = options.osm.maximumTags
        let elements: OSMElementBlock
        if stream.prefix.starts(with: GzipStream.magic) {
            let inflated = try GzipStream.inflate(descriptor: stream.descriptor, prefix: stream.prefix, name: input.name)
            defer { Platform.close(inflated) }
            elements = try parser.parse(descriptor: inflated, prefix: [], skippedLines: 0)
        } else {
            elements = try parser.parse(
                descriptor: stream.descriptor, prefix: stream.prefix, skippedLines: stream.skippedLines)
        }
        return OSMReader(elements: elements, name: input.name, options: options.osm)
    }
}
