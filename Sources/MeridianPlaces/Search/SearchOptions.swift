import MeridianCore

/// What a completion or search asks for, as `MKLocalSearchCompleter`'s and
/// `MKLocalSearch.Request`'s properties.
///
/// ```swift
/// var options = SearchOptions(region: CoordinateRegion(center: cambridge, latitudinalMeters: 2_000,
///                                                      longitudinalMeters: 2_000))
/// options.regionPriority = .required
/// options.filter = .including([.cafe])
/// options.resultTypes = [.pointOfInterest]
/// ```
public struct SearchOptions: Sendable, Hashable {
    /// `MKLocalSearchRegionPriority`: prefer the region, or keep only what is in it.
    public enum RegionPriority: String, Sendable, Hashable, CaseIterable {
        case `default`, required
    }

    /// The region results are biased towards (or kept inside).
    public var region: CoordinateRegion?
    public var regionPriority: RegionPriority
    /// Where distances are measured from: the region's centre when nil.
    public var origin: Coordinate?
    public var resultTypes: Set<ResultType>
    public var filter: PointOfInterestFilter
    /// How many results, and how many to skip first (paging).
    public var limit: Int
    public var offset: Int
    /// Preferred languages for names (BCP 47), best first.
    public var languages: [String]

    public init(
        region: CoordinateRegion? = nil, regionPriority: RegionPriority = .default, origin: Coordinate? = nil,
        resultTypes: Set<ResultType> = Set(ResultType.allCases), filter: PointOfInterestFilter = .all,
        limit: Int = 10, offset: Int = 0, languages: [String] = []
    ) {
        self.region = region
        self.regionPriority = regionPriority
        self.origin = origin
        self.resultTypes = resultTypes
        self.filter = filter
        self.limit = limit
        self.offset = offset
        self.languages = languages
    }

    /// Where distances are measured from.
    var distanceOrigin: Coordinate? { origin ?? region?.center }

    /// The offset and limit made safe: never negative, never so large that
    /// their sum overflows.
    var start: Int { min(max(offset, 0), 1 << 40) }
    var count: Int { min(max(limit, 0), 1 << 40) }
    var end: Int { start + count }
}

/// `MKLocalSearchCompleter.ResultType` and `MKLocalSearch.ResultType`.
public enum ResultType: String, Sendable, Hashable, CaseIterable {
    case address
    case pointOfInterest
    /// A suggestion that is itself a search ("Coffee").
    case query
}

/// One completion, as `MKLocalSearchCompletion`: a title and subtitle
/// with the ranges (UTF-16 offsets, as `NSRange`) of the characters that
/// matched, to draw in bold.
public struct Completion: Sendable, Hashable {
    public var title: String
    public var subtitle: String
    public var titleHighlightRanges: [Range<Int>]
    public var subtitleHighlightRanges: [Range<Int>]
    public var type: ResultType
    /// The place, for an address or point of interest.
    public var place: Place?
    /// The category a query suggestion searches for.
    public var category: PointOfInterestCategory?
    /// Metres from the search's origin, when it has one.
    public var distance: Double?
}

/// One place found, with its distance from the search's origin.
public struct SearchResult: Sendable, Hashable {
    public var place: Place
    /// Metres from the search's origin (geodesic), when it has one.
    public var distance: Double?
    /// The ranking score (higher first); comparable within one search only.
    public var score: Double

    public init(place: Place, distance: Double? = nil, score: Double = 0) {
        self.place = place
        self.distance = distance
        self.score = score
    }
}
