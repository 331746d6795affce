import MeridianCore

/// Which points of interest a snapshot shows, by their category property
/// (``Snapshotter/Options/categoryProperty``), as `MKPointOfInterestFilter`.
///
/// ```swift
/// options.pointFilter = .including(["cafe", "restroom"])
/// options.pointFilter = .excluding(["parking"])
/// ```
///
/// The filter applies to point features only (markers, symbols, place
/// names); areas and lines are context and always drawn. A point with
/// no category passes ``all`` and ``excluding(_:)``, not ``including(_:)``.
public enum CategoryFilter: Sendable, Hashable {
    case all
    case including(Set<String>)
    case excluding(Set<String>)

    public func includes(category: String?) -> Bool {
        switch self {
        case .all: return true
        case .including(let set): return category.map(set.contains) ?? false
        case .excluding(let set): return category.map { !set.contains($0) } ?? true
        }
    }
}
