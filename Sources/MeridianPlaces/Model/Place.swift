import MeridianCore

/// A place, shaped like MapKit's `MKMapItem`: what search, completion,
/// geocoding and lookup answer with.
///
/// ```swift
/// let place = Place(id: "cafe-1", names: [PlaceName(text: "Café Nero", language: "en")],
///                   coordinate: Coordinate(latitude: 52.2053, longitude: 0.1218), category: .cafe)
/// place.name                              // "Café Nero"
/// place.address?.fullAddress(style: .french)
/// ```
///
/// Every place leads back to the feature it was made from (``source``).
/// IMDF places also say where they are in the venue (``containers``:
/// venue, building, level, unit, section, outermost first).
public struct Place: Sendable, Hashable {
    /// What kind of result the place is, as `MKLocalSearchCompleter.ResultType`.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case pointOfInterest
        case address
    }

    /// The identifier (a feature's id, as text).
    public var id: String
    /// Ids that referred to the same place before (`alternate_ids`, as
    /// `meridian merge` reads them).
    public var alternateIDs: [String]
    /// The name in every language the data has, the data's default first.
    public var names: [PlaceName]
    /// The display point, a label point inside the polygon, or the point.
    public var coordinate: Coordinate
    /// MapKit's category, when the data's maps to one.
    public var category: PointOfInterestCategory?
    /// The data's own category words (`restroom.female`, `elevator`,
    /// `coffee`), searchable even when MapKit has no counterpart.
    public var categoryWords: [String]
    public var address: PlaceAddress?
    public var phone: String?
    public var url: String?
    /// Opening hours as written (OSM's `opening_hours` syntax for IMDF).
    public var hours: String?
    /// For IMDF: the venue, building, level, unit and section the place is
    /// in, outermost first.
    public var containers: [PlaceContainer]
    /// The area the place covers, when it is a polygon (for reverse
    /// geocoding: what contains a coordinate).
    public var boundary: Geometry?
    /// A prior for ranking in 0...1 (a city's population rank, a venue
    /// over a room...): used when text relevance ties.
    public var importance: Double
    public var kind: Kind
    public var source: PlaceSource

    public init(
        id: String, alternateIDs: [String] = [], names: [PlaceName], coordinate: Coordinate,
        category: PointOfInterestCategory? = nil, categoryWords: [String] = [], address: PlaceAddress? = nil,
        phone: String? = nil, url: String? = nil, hours: String? = nil, containers: [PlaceContainer] = [],
        boundary: Geometry? = nil, importance: Double = 0, kind: Kind = .pointOfInterest,
        source: PlaceSource = PlaceSource()
    ) {
        self.id = id
        self.alternateIDs = alternateIDs
        self.names = names
        self.coordinate = coordinate
        self.category = category
        self.categoryWords = categoryWords
        self.address = address
        self.phone = phone
        self.url = url
        self.hours = hours
        self.containers = containers
        self.boundary = boundary
        self.importance = importance
        self.kind = kind
        self.source = source
    }

    /// The name in the data's default language (the first given).
    public var name: String? { names.first?.text }

    /// The name in the first of `languages` the data has (`"fr"` matches
    /// `"fr-CA"`), else the default name.
    public func name(in languages: [String]) -> String? {
        for language in languages {
            let wanted = language.lowercased()
            if let match = names.first(where: {
                let have = $0.language?.lowercased() ?? ""
                return have == wanted || have.hasPrefix(wanted + "-") || wanted.hasPrefix(have + "-") && !have.isEmpty
            }) {
                return match.text
            }
        }
        return name
    }

    /// A place's second line: its short address, else where it is in its
    /// venue ("Level 1 · Meridian Arcade"), else its category.
    public var subtitle: String {
        if let address, containers.isEmpty {
            // A city's second line is where it is: "Île-de-France, France".
            if let locality = address.locality, locality == name, address.street == nil {
                return [address.provinceName, address.regionName].compactMap { $0 }.joined(separator: ", ")
            }
            if !address.shortAddress.isEmpty { return address.shortAddress }
        }
        let inside = containers.filter { $0.kind == .level || $0.kind == .venue }.compactMap(\.name)
        if !inside.isEmpty { return inside.reversed().joined(separator: " · ") }
        return category?.displayName ?? categoryWords.first ?? ""
    }

    /// The container of a kind (`.level`...), when the place has one.
    public func container(_ kind: PlaceContainer.Kind) -> PlaceContainer? {
        containers.first { $0.kind == kind }
    }
}

/// A name and its language (BCP 47, nil when the data does not say).
public struct PlaceName: Sendable, Hashable {
    public var text: String
    public var language: String?

    public init(text: String, language: String? = nil) {
        self.text = text
        self.language = language
    }
}

/// A feature of an IMDF venue that contains a place.
public struct PlaceContainer: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case venue, building, level, unit, section
    }

    public var kind: Kind
    public var id: String
    public var name: String?
    /// A level's ordinal (0 the ground floor).
    public var ordinal: Int?

    public init(kind: Kind, id: String, name: String? = nil, ordinal: Int? = nil) {
        self.kind = kind
        self.id = id
        self.name = name
        self.ordinal = ordinal
    }
}

/// Where a place was read: the file, and the feature's id or position.
public struct PlaceSource: Sendable, Hashable {
    public var file: String
    /// The feature's id, when it has one.
    public var featureID: String?
    /// The feature's position among the file's features (0-based).
    public var featureIndex: Int

    public init(file: String = "", featureID: String? = nil, featureIndex: Int = 0) {
        self.file = file
        self.featureID = featureID
        self.featureIndex = featureIndex
    }
}
