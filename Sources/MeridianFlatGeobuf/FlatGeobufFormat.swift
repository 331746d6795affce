import MeridianCore
import MeridianIO

extension InputFormat {
    /// FlatGeobuf: a header, a packed Hilbert R-tree and FlatBuffer features.
    public static let flatGeobuf = InputFormat("flatgeobuf")
}

/// FlatGeobuf as an input format: a file or stream that starts with its
/// magic bytes (`fgb`, version 3, `fgb`).
public struct FlatGeobufFormat: FeatureFormat {
    public let format = InputFormat.flatGeobuf

    public init() {}

    public func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match? {
        guard case .bytes = probe.content, probe.skippedBytes == 0, probe.head.count >= 8,
            probe.head.starts(with: [0x66, 0x67, 0x62]), probe.head[4] == 0x66, probe.head[5] == 0x67,
            probe.head[6] == 0x62
        else { return nil }
        return .certain
    }

    /// A count that lies and geometries read as null fail `validate` (a
    /// header, index or feature that cannot be read ends the reading).
    public var errorsWhenValidating: Set<String> { ["fgb.count.mismatch", "fgb.geometry.unsupported"] }

    public func matchingOutput(for input: Input, in formats: FormatRegistry) -> OutputFormat? { .flatGeobuf }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        let stream = try input.stream(or: "fgb.header.invalid", isNot: "a FlatGeobuf file")
        // The index answers in the file's own system: used for a box only
        // when that is longitude and latitude.
        let box = options.sourceCoordinateSystem == nil ? options.boundingBox : nil
        return try FlatGeobufReader(
            descriptor: stream.descriptor, prefix: stream.prefix, seekable: stream.seekable, name: input.name,
            within: box)
    }
}

extension FlatGeobufReader: FeatureReader {
    public func layer(of feature: Feature) -> String? { layerName }

    public func coordinateSystem(ofLayer layer: String?) -> String? { coordinateSystem }

    public var warnings: [Diagnostic] { diagnostics }

    public var layout: String? { isIndexed ? "FlatGeobuf, indexed" : "FlatGeobuf, no index" }
}
