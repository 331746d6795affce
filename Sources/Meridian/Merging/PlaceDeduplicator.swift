import MeridianCore

/// Drops duplicate places from a stream of features, by id and by
/// alternate ids, following the procedure MapKit documents for Place IDs
/// ("Identifying unique locations with Place IDs"): the work behind
/// `meridian merge`.
///
/// ```swift
/// var deduplicator = PlaceDeduplicator()
/// for (feature, input) in features {
///     switch deduplicator.admit(feature, from: input) {
///     case .kept: write(feature)
///     case .dropped(let duplicate): print(duplicate.reason)
///     }
/// }
/// ```
///
/// Apple's procedure has two parts, and a feature is kept only if it
/// survives both:
/// 1. On insertion: look up the new place's id and its alternate ids in
///    the set of ids inserted so far; if any is there, the place is a
///    duplicate and is not inserted.
/// 2. A full pass, because alternate-id lists are not exhaustive (A may list
///    B as an alternate while B does not list A): start an empty temporary
///    set; for each inserted place in order, if the temporary set holds its
///    id or any of its alternates it is a duplicate; otherwise add its id
///    and all its alternates to the temporary set.
///
/// Both parts look only at earlier places, so they run together in one
/// streaming pass with the same result as two passes: memory grows with the
/// number of distinct ids, not with the features. The result is
/// deterministic: the first occurrence (in input order) wins. Features
/// without an id are always kept. Ids compare as text, so the number 7
/// and the string "7" are the same place.
public struct PlaceDeduplicator: Sendable {
    /// Which of the two parts found the duplicate.
    public enum Pass: String, Sendable, Hashable {
        /// The id or an alternate was already inserted.
        case insertion
        /// The full pass: an earlier kept place listed this one's id or
        /// shares an alternate with it.
        case fullPass = "full-pass"
    }

    /// A dropped feature and why.
    public struct Duplicate: Sendable, Hashable {
        /// The dropped feature's id.
        public var id: String
        /// The input it came from and its position there (0-based).
        public var input: String
        public var index: Int
        /// The value that matched: the feature's id or one of its alternates.
        public var matched: String
        /// True when `matched` is one of the feature's alternates.
        public var matchedAlternate: Bool
        /// The earlier place that holds `matched`, and where it came from.
        public var duplicateOf: String
        public var duplicateOfInput: String
        public var pass: Pass

        /// "b (x.geojson #3): alternate id a matches place a (y.geojson) on insertion".
        public var reason: String {
            let what = matchedAlternate ? "alternate id \(matched)" : "id \(matched)"
            let step = pass == .insertion ? "on insertion" : "in the full pass"
            return "\(id) (\(input) #\(index)): \(what) matches place \(duplicateOf) (\(duplicateOfInput)) \(step)"
        }
    }

    /// What happened to one feature.
    public enum Decision: Sendable, Hashable {
        case kept
        case dropped(Duplicate)
    }

    /// The property holding alternate ids: an array of strings or numbers,
    /// or one string. Default `alternate_ids`.
    public var alternatesProperty: String
    /// The property holding the place id; nil uses the feature's own id.
    public var idProperty: String?

    /// Counts so far.
    public private(set) var keptCount = 0
    public private(set) var withoutIDCount = 0
    public private(set) var duplicates: [Duplicate] = []

    /// Part 1's set: every inserted id -> (owner id, input).
    private var inserted: [String: Owner] = [:]
    /// Part 2's temporary set: ids and alternates of kept places -> owner.
    private var seen: [String: Owner] = [:]
    /// Position of the next feature in each input.
    private var positions: [String: Int] = [:]

    private struct Owner: Sendable {
        var id: String
        var input: String
    }

    public init(alternatesProperty: String = "alternate_ids", idProperty: String? = nil) {
        self.alternatesProperty = alternatesProperty
        self.idProperty = idProperty
    }

    /// The place id of a feature (as text), or nil.
    public func placeID(of feature: Feature) -> String? {
        if let idProperty {
            return feature.properties[idProperty].flatMap(Self.text)
        }
        return feature.id?.description
    }

    /// The alternate ids of a feature, in the order written.
    public func alternateIDs(of feature: Feature) -> [String] {
        switch feature.properties[alternatesProperty] {
        case .array(let values)?: return values.compactMap(Self.text)
        case let value?: return Self.text(value).map { [$0] } ?? []
        case nil: return []
        }
    }

    /// Decides whether a feature is a new place (kept) or a duplicate.
    public mutating func admit(_ feature: Feature, from input: String) -> Decision {
        let index = positions[input, default: 0]
        positions[input] = index + 1
        guard let id = placeID(of: feature) else {
            withoutIDCount += 1
            keptCount += 1
            return .kept
        }
        let alternates = alternateIDs(of: feature).filter { $0 != id }
        func duplicate(_ matched: String, alternate: Bool, owner: Owner, pass: Pass) -> Decision {
            let entry = Duplicate(
                id: id, input: input, index: index, matched: matched, matchedAlternate: alternate,
                duplicateOf: owner.id, duplicateOfInput: owner.input, pass: pass)
            duplicates.append(entry)
            return .dropped(entry)
        }
        // Part 1: the id itself, then the alternates, against inserted ids.
        if let owner = inserted[id] { return duplicate(id, alternate: false, owner: owner, pass: .insertion) }
        for alternate in alternates {
            if let owner = inserted[alternate] {
                return duplicate(alternate, alternate: true, owner: owner, pass: .insertion)
            }
        }
        let owner = Owner(id: id, input: input)
        inserted[id] = owner
        // Part 2: the temporary set holds the ids and alternates of the
        // inserted places that survived it so far.
        if let earlier = seen[id] { return duplicate(id, alternate: false, owner: earlier, pass: .fullPass) }
        for alternate in alternates {
            if let earlier = seen[alternate] {
                return duplicate(alternate, alternate: true, owner: earlier, pass: .fullPass)
            }
        }
        seen[id] = owner
        for alternate in alternates where seen[alternate] == nil { seen[alternate] = owner }
        keptCount += 1
        return .kept
    }

    private static func text(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .double(let number): return FeatureIdentifier.double(number).description
        default: return nil
        }
    }
}
