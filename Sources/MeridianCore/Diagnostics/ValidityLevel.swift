/// How much of geometry validity a format's validator checks
/// (`validate --geometry`).
public enum ValidityLevel: String, Sendable, Hashable, CaseIterable {
    /// No validity checks: the format's structural rules only.
    case off
    /// The OGC rules GEOS checks (self-intersections, holes outside...).
    case errors
    /// Those, and repeated consecutive positions (warnings).
    case all
}
