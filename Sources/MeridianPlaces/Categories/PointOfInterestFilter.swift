import MeridianCore

/// Which points of interest to keep, by MapKit category, as
/// `MKPointOfInterestFilter` (and SwiftUI's `PointOfInterestCategories`):
/// the one filter of search, completion, rendering and the preview.
///
/// ```swift
/// let filter = PointOfInterestFilter.including([.cafe, .restroom])
/// filter.includes(.cafe)              // true
/// filter.includes(nil)                // false: a place without a category
/// try PointOfInterestFilter(parsing: "exclude:parking,atm")
/// ```
///
/// A place without a MapKit category passes ``all`` and ``excluding(_:)``,
/// and fails ``including(_:)`` and ``excludingAll``.
public enum PointOfInterestFilter: Sendable, Hashable {
    case all
    case excludingAll
    case including(Set<PointOfInterestCategory>)
    case excluding(Set<PointOfInterestCategory>)

    public func includes(_ category: PointOfInterestCategory?) -> Bool {
        switch self {
        case .all: return true
        case .excludingAll: return false
        case .including(let set): return category.map(set.contains) ?? false
        case .excluding(let set): return category.map { !set.contains($0) } ?? true
        }
    }

    /// Reads the command line's form: `include:cafe,restroom` (or just
    /// `cafe,restroom`), `exclude:parking`, `all`, `none`. Names are
    /// MapKit's (``PointOfInterestCategory``); an unknown one throws an
    /// error naming it and listing the valid names.
    public init(parsing text: String) throws(DiagnosticError) {
        var rest = Substring(text)
        var excluding = false
        if rest.hasPrefix("exclude:") {
            excluding = true
            rest = rest.dropFirst("exclude:".count)
        } else if rest.hasPrefix("include:") {
            rest = rest.dropFirst("include:".count)
        }
        let names = rest.split(separator: ",").map { $0.filter { $0 != " " } }.filter { !$0.isEmpty }
        if names == ["all"] {
            self = excluding ? .excludingAll : .all
            return
        }
        if names == ["none"] {
            self = excluding ? .all : .excludingAll
            return
        }
        var categories = Set<PointOfInterestCategory>()
        for name in names {
            guard let category = PointOfInterestCategory(rawValue: String(name)) else {
                throw DiagnosticError(
                    code: "places.category.unknown",
                    message:
                        "\"\(name)\" is not one of MapKit's point-of-interest categories: "
                        + PointOfInterestCategory.allCases.map(\.rawValue).joined(separator: ", "))
            }
            categories.insert(category)
        }
        self = excluding ? .excluding(categories) : .including(categories)
    }
}
