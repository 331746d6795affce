/// What every IMDF category-like value shares: a string as written, and
/// whether IMDF 1.0 defines it.
///
/// ```swift
/// let category = IMDF.UnitCategory(rawValue: "restroom.female")
/// category == .restroomFemale          // true
/// category.isKnown                     // true
/// ```
///
/// An open enumeration rather than a Swift `enum`, so a value from a newer
/// IMDF version or an extension round-trips unchanged. Comparing two values
/// is a string comparison; ``isKnown`` is one set lookup.
public protocol IMDFCategory: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible
where RawValue == String {
    /// The values IMDF 1.0 defines; empty when IMDF does not enumerate them.
    static var knownValues: Set<String> { get }
    init(rawValue: String)
}

extension IMDFCategory {
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// True when IMDF 1.0 defines this value (always true when the type has
    /// no enumeration).
    public var isKnown: Bool { Self.knownValues.isEmpty || Self.knownValues.contains(rawValue) }

    public var description: String { rawValue }
}
