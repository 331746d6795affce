/// What a place is, by MapKit's names (`MKPointOfInterestCategory`), and the
/// way other data's category words map to them.
///
/// ```swift
/// PointOfInterestCategory(rawValue: "MKPOICategoryCafe")               // .cafe
/// PointOfInterestCategory.evCharger.displayName                        // "EV Charger"
/// PointOfInterestCategory.imdf("restroom.female.wheelchair")           // .restroom
/// PointOfInterestCategory.openStreetMap(key: "shop", value: "books")   // .store
/// PointOfInterestCategory.maki("lodging")                              // .hotel
/// PointOfInterestCategory.imdf("elevator")                             // nil: MapKit has no such category
/// ```
///
/// There are 73 categories, MapKit's: the 40 of the original set and the 33
/// added in the 2024 releases, in ``allCases`` in alphabetical order. The raw
/// value is MapKit's short name ("evCharger"); ``init(rawValue:)`` also reads
/// it in any capitalisation (the Apple Maps Server API writes "EVCharger")
/// and as MapKit's constant ("MKPOICategoryEVCharger"). Each category has an
/// English ``displayName`` and the ``searchTerms`` people type to find it.
///
/// Data names its categories in its own vocabulary: ``imdf(_:)`` reads IMDF
/// category values (and the open words of IMDF occupants),
/// ``openStreetMap(key:value:)`` OpenStreetMap tags and ``maki(_:)`` the Maki
/// icon names of simplestyle's `marker-symbol`; ``of(properties:featureType:)``
/// reads a feature's properties in whichever of them they use. A value with
/// no MapKit counterpart (IMDF's `elevator`, OSM's `amenity=bench`) gives nil:
/// the data's own word stays searchable, it just carries no MapKit category.
/// Data values are lower-cased before matching, and every lookup is a hash
/// lookup, so each costs time linear in the length of the value.
public struct PointOfInterestCategory: RawRepresentable, Hashable, Sendable, Comparable, CaseIterable,
    CustomStringConvertible
{
    /// MapKit's name for the category, `MKPointOfInterestCategory`'s constant
    /// without its `MKPOICategory` prefix: "cafe", "evCharger", "musicVenue".
    public let rawValue: String

    /// The category MapKit calls `rawValue`, or nil when MapKit has no
    /// category of that name.
    ///
    /// Besides the exact name ("evCharger") this takes it in any
    /// capitalisation ("EVCharger", "EVCHARGER") and MapKit's full constant
    /// ("MKPOICategoryEVCharger"). It reads names, not words: "coffee" is nil
    /// (``imdf(_:)`` knows such everyday words).
    public init?(rawValue: String) {
        var name = rawValue.lowercased()
        if name.hasPrefix(Self.constantPrefix) { name.removeFirst(Self.constantPrefix.count) }
        guard let category = Self.byLowercasedName[name] else { return nil }
        self = category
    }

    private init(_ name: String) {
        rawValue = name
    }

    /// The start of MapKit's constants, lower-cased ("MKPOICategoryCafe").
    private static let constantPrefix = "mkpoicategory"

    /// Every category by its name lower-cased.
    static let byLowercasedName: [String: PointOfInterestCategory] = Dictionary(
        uniqueKeysWithValues: allCases.map { ($0.rawValue.lowercased(), $0) })

    /// The raw value.
    public var description: String { rawValue }

    /// Orders categories by raw value, the order of ``allCases``.
    public static func < (lhs: PointOfInterestCategory, rhs: PointOfInterestCategory) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    // MARK: The categories

    /// Airports.
    public static let airport = Self("airport")
    /// Amusement and theme parks.
    public static let amusementPark = Self("amusementPark")
    /// Services for animals: veterinarians, groomers, shelters, boarding.
    public static let animalService = Self("animalService")
    /// Aquariums.
    public static let aquarium = Self("aquarium")
    /// Cash machines.
    public static let atm = Self("atm")
    /// Car repair and servicing: garages, mechanics, tyre fitters.
    public static let automotiveRepair = Self("automotiveRepair")
    /// Bakeries.
    public static let bakery = Self("bakery")
    /// Banks.
    public static let bank = Self("bank")
    /// Places to play or watch baseball.
    public static let baseball = Self("baseball")
    /// Places to play or watch basketball.
    public static let basketball = Self("basketball")
    /// Beaches.
    public static let beach = Self("beach")
    /// Beauty salons, hairdressers and barbers.
    public static let beauty = Self("beauty")
    /// Bowling alleys.
    public static let bowling = Self("bowling")
    /// Breweries.
    public static let brewery = Self("brewery")
    /// Cafés and coffee shops.
    public static let cafe = Self("cafe")
    /// Campgrounds.
    public static let campground = Self("campground")
    /// Car rental.
    public static let carRental = Self("carRental")
    /// Castles.
    public static let castle = Self("castle")
    /// Convention and exhibition centres.
    public static let conventionCenter = Self("conventionCenter")
    /// Distilleries.
    public static let distillery = Self("distillery")
    /// Charging stations for electric vehicles.
    public static let evCharger = Self("evCharger")
    /// Fairgrounds.
    public static let fairground = Self("fairground")
    /// Fire stations.
    public static let fireStation = Self("fireStation")
    /// Places to fish.
    public static let fishing = Self("fishing")
    /// Gyms, fitness and sports centres.
    public static let fitnessCenter = Self("fitnessCenter")
    /// Food markets: supermarkets, grocers, convenience stores.
    public static let foodMarket = Self("foodMarket")
    /// Fortresses and forts.
    public static let fortress = Self("fortress")
    /// Petrol (gas) stations.
    public static let gasStation = Self("gasStation")
    /// Go-kart tracks.
    public static let goKart = Self("goKart")
    /// Golf courses.
    public static let golf = Self("golf")
    /// Hiking trails and trailheads.
    public static let hiking = Self("hiking")
    /// Hospitals and clinics.
    public static let hospital = Self("hospital")
    /// Hotels and other lodging.
    public static let hotel = Self("hotel")
    /// Places to kayak or canoe.
    public static let kayaking = Self("kayaking")
    /// Landmarks and sights.
    public static let landmark = Self("landmark")
    /// Laundromats and dry cleaners.
    public static let laundry = Self("laundry")
    /// Libraries.
    public static let library = Self("library")
    /// Mailboxes (post boxes).
    public static let mailbox = Self("mailbox")
    /// Marinas and harbours.
    public static let marina = Self("marina")
    /// Mini golf courses.
    public static let miniGolf = Self("miniGolf")
    /// Cinemas.
    public static let movieTheater = Self("movieTheater")
    /// Museums and galleries.
    public static let museum = Self("museum")
    /// Places for live music.
    public static let musicVenue = Self("musicVenue")
    /// National monuments and monuments.
    public static let nationalMonument = Self("nationalMonument")
    /// National parks.
    public static let nationalPark = Self("nationalPark")
    /// Bars, pubs and nightclubs.
    public static let nightlife = Self("nightlife")
    /// Parks and gardens.
    public static let park = Self("park")
    /// Car parks.
    public static let parking = Self("parking")
    /// Pharmacies.
    public static let pharmacy = Self("pharmacy")
    /// Planetariums.
    public static let planetarium = Self("planetarium")
    /// Police stations.
    public static let police = Self("police")
    /// Post offices.
    public static let postOffice = Self("postOffice")
    /// Stations and stops of public transport: trains, buses, trams, ferries.
    public static let publicTransport = Self("publicTransport")
    /// Restaurants, fast food included.
    public static let restaurant = Self("restaurant")
    /// Public toilets.
    public static let restroom = Self("restroom")
    /// Rock climbing: crags and climbing gyms.
    public static let rockClimbing = Self("rockClimbing")
    /// Parks for recreational vehicles (caravan sites).
    public static let rvPark = Self("rvPark")
    /// Schools.
    public static let school = Self("school")
    /// Skate parks.
    public static let skatePark = Self("skatePark")
    /// Skating rinks.
    public static let skating = Self("skating")
    /// Ski areas and resorts.
    public static let skiing = Self("skiing")
    /// Places to play or watch soccer (association football).
    public static let soccer = Self("soccer")
    /// Spas.
    public static let spa = Self("spa")
    /// Stadiums.
    public static let stadium = Self("stadium")
    /// Shops of every kind not given a category of their own.
    public static let store = Self("store")
    /// Places to surf.
    public static let surfing = Self("surfing")
    /// Swimming pools and places to swim.
    public static let swimming = Self("swimming")
    /// Places to play or watch tennis.
    public static let tennis = Self("tennis")
    /// Theatres.
    public static let theater = Self("theater")
    /// Universities and colleges.
    public static let university = Self("university")
    /// Places to play or watch volleyball.
    public static let volleyball = Self("volleyball")
    /// Wineries.
    public static let winery = Self("winery")
    /// Zoos.
    public static let zoo = Self("zoo")

    /// Every category, in alphabetical order of raw value.
    public static let allCases: [PointOfInterestCategory] = catalogue.map(\.category)
}
