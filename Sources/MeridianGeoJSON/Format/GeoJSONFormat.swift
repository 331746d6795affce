import MeridianCore
import MeridianIO
import MeridianJSON

extension InputFormat {
    /// GeoJSON in any layout: a FeatureCollection, Feature or geometry, a
    /// text sequence (RFC 8142) or newline-delimited GeoJSON.
    public static let geojson = InputFormat("geojson")
}

/// GeoJSON as an input format: any text no other format claims, read as a
/// FeatureCollection, Feature, geometry, text sequence or NDJSON, which
/// ``GeoJSONFeatureReader`` tells apart.
///
/// Recognised as the fallback for every file or stream: whatever is not
/// XML, CSV or a binary format is read as GeoJSON, so that its errors are
/// GeoJSON's. UTF-16 text that is not XML is refused
/// (`geojson.encoding.utf16`): JSON must be UTF-8.
public struct GeoJSONFormat: FeatureFormat {
    public let format = InputFormat.geojson

    public init() {}

    public func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match? {
        guard probe.isBytes else { return nil }
        if probe.isUTF16 {
            // UTF-16 XML is another format's (KML's); any other UTF-16 text is refused.
            if probe.firstUTF16Character == 0x3C { return nil }
            throw DiagnosticError(
                code: "geojson.encoding.utf16",
                message:
                    "\(probe.name) is UTF-16 text (it starts with a UTF-16 byte-order mark), but GeoJSON must be UTF-8 (RFC 8259, 8.1): convert it with iconv -f UTF-16 -t UTF-8",
                location: SourceLocation(file: probe.name, line: 1, column: 1, byteOffset: 0))
        }
        return .fallback
    }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        let reader = try GeoJSONFeatureReader(input)
        reader.skipsBadRecords = options.skippingBadRecords
        return GeoJSONInputReader(reader)
    }

    public func validate(_ input: Input, options: ValidationOptions) -> [Diagnostic]? {
        guard let stream = input.stream else { return [] }
        var validatorOptions = GeoJSONValidator.Options(maximumPerCode: options.maximumPerCode)
        validatorOptions.geometry = options.geometry
        return GeoJSONValidator(options: validatorOptions).validate(
            fileDescriptor: stream.descriptor, prefix: stream.prefix, skippedLines: stream.skippedLines,
            skippedBytes: stream.skippedBytes, file: input.name)
    }

    /// A sequence stays a sequence: the format the file's extension names;
    /// a FeatureCollection from standard input.
    public func matchingOutput(for input: Input, in formats: FormatRegistry) -> OutputFormat? {
        input.path == "-" ? .geojson : formats.outputFormat(forPath: input.path)
    }
}

extension GeoJSONFeatureReader {
    /// A streaming reader of a GeoJSON input, from the bytes ``Input`` read.
    convenience init(_ input: Input) throws(DiagnosticError) {
        let stream = try input.stream(or: "io.open", isNot: "GeoJSON")
        self.init(
            fileDescriptor: stream.descriptor, prefix: stream.prefix, skippedLines: stream.skippedLines,
            skippedBytes: stream.skippedBytes, options: JSONReadingOptions(fileName: input.name))
    }
}

/// ``GeoJSONFeatureReader`` as the front door's ``FeatureReader``: every
/// core for large inputs, the collection's members, skipped records.
final class GeoJSONInputReader: BatchFeatureReader {
    let reader: GeoJSONFeatureReader

    init(_ reader: GeoJSONFeatureReader) {
        self.reader = reader
    }

    func next() throws(DiagnosticError) -> Feature? { try reader.next() }

    func nextBatch<Batch>(using decoder: FeatureBatchDecoder<Batch>) throws(DiagnosticError) -> Batch? {
        try reader.nextBatch(using: decoder)
    }

    var threads: Int {
        get { reader.threads }
        set { reader.threads = newValue }
    }

    func readHeader() throws(DiagnosticError) { try reader.readHeader() }

    /// The system a collection's `crs` member (GeoJSON 2008) names.
    func coordinateSystem(ofLayer layer: String?) -> String? {
        reader.collection.foreignMembers["crs"].flatMap(GeoJSONFeatureReader.coordinateSystem(named:))
    }

    var bytesConsumed: Int? { reader.bytesConsumed }
    var collection: FeatureCollection { reader.collection }
    var layout: String? { reader.layout?.rawValue ?? "unknown" }
    var skippedRecords: (count: Int, reasons: [Diagnostic]) { (reader.skippedRecordCount, reader.skippedRecords) }
}
