import MeridianCore
import MeridianIO

extension InputFormat {
    /// A place index (`meridian index`): recognised only to be named.
    public static let placeIndex = InputFormat("place-index")
}

/// A place index given where features are read (`info`, `convert`,
/// `validate`): recognised by its magic and refused with what to do
/// instead, rather than read as some other format (its bytes looked like
/// CSV). The places commands open indexes themselves (``PlaceIndexFile``).
struct PlaceIndexInput: FeatureFormat {
    let format = InputFormat.placeIndex

    func recognise(_ probe: InputProbe) throws(DiagnosticError) -> InputProbe.Match? {
        guard probe.isBytes, probe.skippedBytes == 0, probe.head.starts(with: Array("MRDNPLCS".utf8)) else {
            return nil
        }
        throw Self.refusal(probe.name)
    }

    func reader(for input: Input, options: ReadingOptions) throws(DiagnosticError) -> any FeatureReader {
        throw Self.refusal(input.name)
    }

    static func refusal(_ name: String) -> DiagnosticError {
        DiagnosticError(
            code: "io.format.place-index",
            message:
                "\(name) is a place index (meridian index), which holds places to query, not features to read: "
                + "ask it with meridian search, complete, geocode, reverse or lookup",
            location: SourceLocation(file: name))
    }
}
