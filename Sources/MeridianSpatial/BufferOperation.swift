import MeridianCore

/// Replaces each feature's geometry by its zone (``GeometryOperations/buffer(_:by:)``):
/// `meridian buffer`. Properties and ids are kept; a geometry whose zone
/// cannot be drawn becomes null, with a located `buffer.*` diagnostic.
public final class BufferOperation: FeatureOperation, @unchecked Sendable {
    public let options: BufferOptions
    private let operations = GeometryOperations()
    private var found = DiagnosticCollector()

    public init(options: BufferOptions) {
        self.options = options
    }

    public var diagnostics: [Diagnostic] { found.diagnostics }

    public func apply(_ feature: Feature, at location: @autoclosure () -> SourceLocation) -> [Feature] {
        guard let geometry = feature.geometry else { return [feature] }
        var zoned = feature
        do {
            zoned.geometry = try operations.buffer(geometry, by: options)
            if zoned.geometry == nil {
                found.append(
                    Diagnostic(
                        severity: .info, code: "buffer.empty",
                        message: "nothing is left of the \(geometry.typeName) in a zone of \(options.distance) m",
                        location: location()))
            }
        } catch {
            zoned.geometry = nil
            let tooLarge = error.reason.containsText("both poles")
            found.append(
                Diagnostic(
                    severity: .error, code: tooLarge ? "buffer.too-large" : "buffer.failed",
                    message: tooLarge ? error.reason : error.description, location: location()))
        }
        return [zoned]
    }
}
