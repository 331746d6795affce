import MeridianCore

/// A writer for a format whose document needs every feature before it is
/// written (KML's shared styles, CSV's columns): the features are held,
/// then handed to `encode` at the end.
public final class HeldFeaturesWriter: FeatureWriter {
    private var held: [Feature] = []
    private let encode: ([Feature]) throws(DiagnosticError) -> Void

    /// `encode` writes the held features into the destination.
    public init(encode: @escaping ([Feature]) throws(DiagnosticError) -> Void) {
        self.encode = encode
    }

    public func write(_ feature: Feature, collection: FeatureCollection, layer: String?) {
        held.append(feature)
    }

    public func complete(collection: FeatureCollection) throws(DiagnosticError) {
        let features = held
        held = []
        try encode(features)
    }
}
