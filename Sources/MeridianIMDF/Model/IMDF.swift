/// The namespace of the Indoor Mapping Data Format's types: the manifest,
/// the sixteen feature types and their value types (labels, doors,
/// temporality, categories), as IMDF 1.0.0 (OGC Community Standard 20-094)
/// defines them.
///
/// ```swift
/// let archive = try IMDFArchive(contentsOf: "venue.zip")
/// let venue: IMDF.Venue? = archive.venue
/// for group in archive.levelGroups {
///     print(group.ordinal, group.preferred.shortName?.text(for: ["en"]) ?? "?")
/// }
/// ```
///
/// The types are values (`Sendable`, `Hashable`); references between
/// features are kept as the id strings written in the file and resolved by
/// ``IMDFArchive`` in O(1).
public enum IMDF {}
