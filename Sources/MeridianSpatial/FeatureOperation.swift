import MeridianCore

/// A spatial operation over a stream of features: what `meridian
/// buffer`, `measure`, `dissolve`, `overlay`, `join` and `clean` run
/// between reading and writing (``BufferOperation``,
/// ``MeasureOperation``, ``DissolveOperation``, ``OverlayOperation``,
/// ``JoinOperation``, ``CleanOperation``).
///
/// ```swift
/// let buffer = BufferOperation(options: BufferOptions(distance: 500))
/// for (index, station) in stations.enumerated() {
///     zones += buffer.apply(station, at: SourceLocation(file: "stations.geojson", record: index + 1))
/// }
/// zones += buffer.finish()
/// buffer.diagnostics   // what could not be done, located at its feature
/// ```
///
/// An operation that answers feature by feature returns the answer from
/// ``apply(_:at:)`` and nothing from ``finish()``; one that needs every
/// feature (a dissolve, a clean) keeps them and answers from ``finish()``.
/// An operation is used by one thread at a time.
public protocol FeatureOperation: AnyObject, Sendable {
    /// The features `feature` becomes (none, one or several), or none yet.
    /// `location` is where it is in its input, made only for a diagnostic.
    func apply(_ feature: Feature, at location: @autoclosure () -> SourceLocation) -> [Feature]
    /// The features held back until every one was applied.
    func finish() -> [Feature]
    /// What could not be done, or was done differently from what was
    /// asked, located at the feature.
    var diagnostics: [Diagnostic] { get }
}

extension FeatureOperation {
    public func finish() -> [Feature] { [] }
}
