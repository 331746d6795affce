import MeridianCore
import MeridianIO
import MeridianPlatform

extension InputFormat {
    /// TopoJSON: a JSON topology of shared arcs.
    public static let topoJSON = InputFormat("topojson")
}

/// TopoJSON as an input format: JSON whose top-level object's `type` is
/// `"Topology"` (found in the first 64 KB read), or a `.topojson` file.
public struct TopoJSONFormat: FeatureFormat {
    public let format = InputFormat.topoJSON

    /// The largest topology read (it is held whole).
    public static let largestDocument = 4 << 30

    public init() {}

    public func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match? {
        guard case .bytes = probe.content else { return nil }
        if Self.topLevelType(probe.head) == "Topology" { return .certain }
        return probe.path.lowercased().hasSuffix(".topojson") && probe.head.first(where: { $0 > 0x20 }) == 0x7B
            ? .certain : nil
    }

    /// The string value of the top-level object's `type` member, if the
    /// bytes reach it: a scan of strings and nesting, not a parse.
    static func topLevelType(_ bytes: [UInt8]) -> String? {
        var depth = 0
        var index = 0
        var lastString: Range<Int>?
        var expectingTypeValue = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index + 1
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
                guard index < bytes.count else { return nil }
                if expectingTypeValue, depth == 1 { return String(decoding: bytes[start..<index], as: UTF8.self) }
                lastString = start..<index
            case UInt8(ascii: ":"):
                expectingTypeValue =
                    depth == 1 && lastString.map { bytes[$0].elementsEqual("type".utf8) } == true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                expectingTypeValue = false
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
            case UInt8(ascii: ","):
                expectingTypeValue = false
                lastString = nil
            default: break
            }
            index += 1
        }
        return nil
    }

    public func matchingOutput(for input: Input, in formats: FormatRegistry) -> OutputFormat? { .topoJSON }

    public func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        let stream = try input.stream(or: "topojson.topology.invalid", isNot: "a TopoJSON file")
        var bytes = stream.prefix
        while Platform.read(stream.descriptor, appendingTo: &bytes, count: 1 << 20) > 0 {
            guard bytes.count <= Self.largestDocument else {
                throw DiagnosticError(
                    code: "topojson.topology.too-large",
                    message:
                        "\(input.name) is larger than the \(Self.largestDocument >> 30) GB a topology read whole may take",
                    location: SourceLocation(file: input.name))
            }
        }
        return try TopoJSONReader(bytes: bytes, name: input.name)
    }
}

extension TopoJSONReader: FeatureReader {
    public func layer(of feature: Feature) -> String? { currentLayer }

    public var layout: String? { layers.count == 1 ? "TopoJSON" : "TopoJSON (\(layers.count) objects)" }
}
