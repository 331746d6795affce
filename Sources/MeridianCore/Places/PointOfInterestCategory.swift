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
    private static let byLowercasedName: [String: PointOfInterestCategory] = Dictionary(
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

    // MARK: Names and search terms

    /// The name in English, as a person reads it: "Café", "EV Charger",
    /// "Public Transport", "Music Venue".
    public var displayName: String {
        Self.details[rawValue]?.displayName ?? rawValue
    }

    /// The lower-case words and phrases people type to find places of this
    /// category, in English with common French, German and Japanese words:
    /// for ``restroom`` "restroom", "toilet", "wc", "toilettes", "トイレ"...
    ///
    /// The list always holds the ``displayName`` and the raw value
    /// lower-cased; a phrase of several words ("coffee shop") is one term.
    /// The same word may serve several categories ("college").
    public var searchTerms: [String] {
        Self.details[rawValue]?.searchTerms ?? [rawValue.lowercased()]
    }

    /// A category's display name and search terms.
    private struct Entry: Sendable {
        let category: PointOfInterestCategory
        let displayName: String
        let searchTerms: [String]

        /// The terms are `words`, then the raw value and display name
        /// lower-cased when not among them.
        init(_ category: PointOfInterestCategory, _ displayName: String, _ words: [String]) {
            self.category = category
            self.displayName = displayName
            var terms: [String] = []
            for term in words + [category.rawValue.lowercased(), displayName.lowercased()]
            where !terms.contains(term) {
                terms.append(term)
            }
            searchTerms = terms
        }
    }

    /// The entries by raw value.
    private static let details: [String: Entry] = Dictionary(
        uniqueKeysWithValues: catalogue.map { ($0.category.rawValue, $0) })

    /// Every category with its names, in alphabetical order of raw value.
    private static let catalogue: [Entry] = [
        Entry(.airport, "Airport", ["airport", "airfield", "aerodrome", "aéroport", "flughafen", "空港"]),
        Entry(
            .amusementPark, "Amusement Park",
            ["amusement park", "theme park", "water park", "parc d'attractions", "freizeitpark", "遊園地", "テーマパーク"]),
        Entry(
            .animalService, "Animal Service",
            [
                "animal service", "vet", "veterinarian", "veterinary", "pet grooming", "animal shelter", "kennel",
                "vétérinaire", "tierarzt", "tierheim", "動物病院",
            ]),
        Entry(.aquarium, "Aquarium", ["aquarium", "sea life", "水族館"]),
        Entry(
            .atm, "ATM",
            ["atm", "cash machine", "cashpoint", "bancomat", "geldautomat", "distributeur de billets", "現金自動預け払い機"]),
        Entry(
            .automotiveRepair, "Automotive Repair",
            [
                "automotive repair", "car repair", "auto repair", "garage", "mechanic", "tyres", "tires",
                "garage automobile", "autowerkstatt", "werkstatt", "自動車整備",
            ]),
        Entry(.bakery, "Bakery", ["bakery", "bread", "boulangerie", "bäckerei", "パン屋"]),
        Entry(.bank, "Bank", ["bank", "banque", "銀行"]),
        Entry(.baseball, "Baseball", ["baseball", "baseball field", "ballpark", "softball", "野球場", "野球"]),
        Entry(.basketball, "Basketball", ["basketball", "basketball court", "バスケットボール"]),
        Entry(.beach, "Beach", ["beach", "plage", "strand", "ビーチ", "海水浴場"]),
        Entry(
            .beauty, "Beauty",
            [
                "beauty", "beauty salon", "hair salon", "hairdresser", "barber", "nail salon", "coiffeur", "friseur",
                "institut de beauté", "美容院",
            ]),
        Entry(.bowling, "Bowling", ["bowling", "bowling alley", "ten-pin bowling", "kegelbahn", "ボウリング"]),
        Entry(.brewery, "Brewery", ["brewery", "brewpub", "craft beer", "brasserie", "brauerei", "ブルワリー"]),
        Entry(
            .cafe, "Café",
            ["cafe", "café", "coffee", "coffee shop", "espresso", "kaffee", "tea room", "salon de thé", "カフェ", "喫茶店"]),
        Entry(.campground, "Campground", ["campground", "campsite", "camping", "campingplatz", "キャンプ場"]),
        Entry(
            .carRental, "Car Rental",
            ["car rental", "car hire", "rent a car", "location de voiture", "autovermietung", "レンタカー"]),
        Entry(.castle, "Castle", ["castle", "château", "schloss", "burg", "城"]),
        Entry(
            .conventionCenter, "Convention Center",
            [
                "convention center", "convention centre", "conference center", "exhibition centre", "expo",
                "centre de congrès", "kongresszentrum", "messe", "コンベンションセンター",
            ]),
        Entry(.distillery, "Distillery", ["distillery", "whisky", "whiskey", "distillerie", "brennerei", "蒸留所"]),
        Entry(
            .evCharger, "EV Charger",
            [
                "ev charger", "charging station", "electric vehicle charging", "ev charging", "car charger",
                "borne de recharge", "ladestation", "ladesäule", "充電スタンド",
            ]),
        Entry(
            .fairground, "Fairground", ["fairground", "fair", "funfair", "fête foraine", "jahrmarkt", "rummelplatz"]),
        Entry(
            .fireStation, "Fire Station",
            ["fire station", "fire department", "firehouse", "caserne de pompiers", "feuerwehr", "消防署"]),
        Entry(.fishing, "Fishing", ["fishing", "angling", "fishing pier", "pêche", "angeln", "釣り"]),
        Entry(
            .fitnessCenter, "Fitness Center",
            ["fitness center", "fitness centre", "gym", "health club", "salle de sport", "fitnessstudio", "ジム"]),
        Entry(
            .foodMarket, "Food Market",
            [
                "food market", "grocery", "grocery store", "supermarket", "market", "greengrocer",
                "convenience store", "supermarché", "épicerie", "supermarkt", "スーパー", "コンビニ",
            ]),
        Entry(.fortress, "Fortress", ["fortress", "fort", "citadel", "forteresse", "festung", "要塞"]),
        Entry(
            .gasStation, "Gas Station",
            [
                "gas station", "petrol station", "filling station", "fuel", "gas", "petrol", "station-service",
                "tankstelle", "ガソリンスタンド",
            ]),
        Entry(.goKart, "Go-Kart", ["go-kart", "go kart", "karting", "kartbahn", "ゴーカート"]),
        Entry(.golf, "Golf", ["golf", "golf course", "golf club", "driving range", "golfplatz", "ゴルフ場"]),
        Entry(
            .hiking, "Hiking",
            ["hiking", "hiking trail", "trail", "trailhead", "randonnée", "wandern", "wanderweg", "ハイキング"]),
        Entry(
            .hospital, "Hospital",
            ["hospital", "emergency room", "clinic", "hôpital", "krankenhaus", "klinik", "病院"]),
        Entry(
            .hotel, "Hotel",
            ["hotel", "motel", "hostel", "inn", "lodging", "accommodation", "guest house", "hôtel", "ホテル", "旅館"]),
        Entry(.kayaking, "Kayaking", ["kayaking", "kayak", "canoe", "canoeing", "paddling", "kajak", "カヤック"]),
        Entry(
            .landmark, "Landmark",
            ["landmark", "sight", "sights", "attraction", "tourist attraction", "sehenswürdigkeit", "名所", "観光地"]),
        Entry(
            .laundry, "Laundry",
            [
                "laundry", "laundromat", "launderette", "dry cleaner", "dry cleaning", "laverie", "pressing",
                "waschsalon", "reinigung", "コインランドリー", "クリーニング",
            ]),
        Entry(.library, "Library", ["library", "bibliothèque", "bibliothek", "bücherei", "図書館"]),
        Entry(
            .mailbox, "Mailbox",
            ["mailbox", "post box", "postbox", "letter box", "boîte aux lettres", "briefkasten", "郵便ポスト", "ポスト"]),
        Entry(
            .marina, "Marina",
            ["marina", "harbour", "harbor", "yacht harbour", "port de plaisance", "yachthafen", "マリーナ"]),
        Entry(
            .miniGolf, "Mini Golf",
            ["mini golf", "minigolf", "mini-golf", "miniature golf", "crazy golf", "putt-putt", "ミニゴルフ"]),
        Entry(
            .movieTheater, "Movie Theater",
            ["movie theater", "movie theatre", "cinema", "movies", "cinéma", "kino", "映画館"]),
        Entry(.museum, "Museum", ["museum", "gallery", "art gallery", "musée", "美術館", "博物館"]),
        Entry(
            .musicVenue, "Music Venue",
            ["music venue", "concert hall", "live music", "concert", "salle de concert", "konzerthalle", "ライブハウス"]),
        Entry(.nationalMonument, "National Monument", ["national monument", "monument", "memorial", "denkmal", "記念碑"]),
        Entry(.nationalPark, "National Park", ["national park", "parc national", "nationalpark", "国立公園"]),
        Entry(
            .nightlife, "Nightlife",
            [
                "nightlife", "bar", "pub", "nightclub", "club", "cocktail bar", "boîte de nuit", "kneipe", "nachtclub",
                "バー", "居酒屋",
            ]),
        Entry(.park, "Park", ["park", "garden", "playground", "parc", "jardin", "公園"]),
        Entry(
            .parking, "Parking",
            ["parking", "car park", "parking lot", "parking garage", "parkplatz", "parkhaus", "駐車場"]),
        Entry(
            .pharmacy, "Pharmacy",
            ["pharmacy", "chemist", "drugstore", "drug store", "pharmacie", "apotheke", "薬局"]),
        Entry(.planetarium, "Planetarium", ["planetarium", "planétarium", "プラネタリウム"]),
        Entry(
            .police, "Police",
            ["police", "police station", "gendarmerie", "commissariat", "polizei", "警察", "交番"]),
        Entry(
            .postOffice, "Post Office",
            ["post office", "post", "la poste", "bureau de poste", "postamt", "postfiliale", "郵便局"]),
        Entry(
            .publicTransport, "Public Transport",
            [
                "public transport", "public transit", "transit", "bus stop", "bus station", "train station",
                "railway station", "subway", "metro", "underground", "tram", "ferry terminal", "gare", "bahnhof",
                "haltestelle", "駅",
            ]),
        Entry(
            .restaurant, "Restaurant",
            [
                "restaurant", "restaurants", "dining", "food", "eatery", "bistro", "diner", "fast food", "takeaway",
                "gaststätte", "レストラン", "食堂",
            ]),
        Entry(
            .restroom, "Restroom",
            [
                "restroom", "restrooms", "toilet", "toilets", "wc", "bathroom", "lavatory", "washroom", "toilettes",
                "toilette", "トイレ",
            ]),
        Entry(
            .rockClimbing, "Rock Climbing",
            [
                "rock climbing", "climbing", "climbing gym", "bouldering", "escalade", "klettern", "kletterhalle",
                "ボルダリング",
            ]),
        Entry(
            .rvPark, "RV Park",
            ["rv park", "caravan park", "caravan site", "motorhome", "camper", "wohnmobilstellplatz", "オートキャンプ場"]),
        Entry(
            .school, "School",
            ["school", "primary school", "elementary school", "high school", "école", "lycée", "schule", "学校"]),
        Entry(.skatePark, "Skate Park", ["skate park", "skatepark", "skateboarding", "スケートパーク"]),
        Entry(
            .skating, "Skating",
            ["skating", "ice rink", "ice skating", "roller skating", "patinoire", "eisbahn", "スケートリンク"]),
        Entry(
            .skiing, "Skiing",
            ["skiing", "ski", "ski resort", "ski area", "ski slope", "station de ski", "skigebiet", "スキー場"]),
        Entry(
            .soccer, "Soccer",
            ["soccer", "football", "soccer field", "football pitch", "futsal", "fußball", "fussball", "サッカー"]),
        Entry(.spa, "Spa", ["spa", "day spa", "massage", "sauna", "hot spring", "onsen", "therme", "温泉"]),
        Entry(.stadium, "Stadium", ["stadium", "arena", "sports ground", "stade", "stadion", "スタジアム"]),
        Entry(
            .store, "Store",
            [
                "store", "shop", "shopping", "shopping centre", "shopping mall", "mall", "boutique", "magasin",
                "geschäft", "laden", "ショップ", "店",
            ]),
        Entry(.surfing, "Surfing", ["surfing", "surf", "surf spot", "surfen", "サーフィン"]),
        Entry(
            .swimming, "Swimming",
            ["swimming", "swimming pool", "pool", "swim", "lido", "piscine", "schwimmbad", "freibad", "プール"]),
        Entry(.tennis, "Tennis", ["tennis", "tennis court", "tennis club", "tennisplatz", "テニス"]),
        Entry(.theater, "Theater", ["theater", "theatre", "playhouse", "opera house", "théâtre", "劇場"]),
        Entry(
            .university, "University",
            ["university", "college", "campus", "université", "universität", "hochschule", "大学"]),
        Entry(.volleyball, "Volleyball", ["volleyball", "volleyball court", "beach volleyball", "バレーボール"]),
        Entry(.winery, "Winery", ["winery", "vineyard", "wine tasting", "vignoble", "weingut", "ワイナリー"]),
        Entry(.zoo, "Zoo", ["zoo", "zoological garden", "wildlife park", "safari park", "tierpark", "動物園"]),
    ]
}

// MARK: - Mapping other vocabularies

extension PointOfInterestCategory {
    /// The MapKit category of an IMDF category value, or nil when MapKit has
    /// no counterpart.
    ///
    /// ```swift
    /// PointOfInterestCategory.imdf("restroom.unisex.wheelchair")   // .restroom
    /// PointOfInterestCategory.imdf("foodservice")                  // .restaurant
    /// PointOfInterestCategory.imdf("Coffee Shop")                  // .cafe (an occupant's word)
    /// PointOfInterestCategory.imdf("information.carrental")        // nil: an information desk
    /// ```
    ///
    /// Knows every value of IMDF's amenity, unit, venue, section, level,
    /// building, fixture and geofence categories, and the open words IMDF
    /// occupants are given in real data ("restaurant", "coffee",
    /// "clothing", "bank", "pharmacy", "bookstore", "supermarket"...). A
    /// dotted value maps by its full value first, then by each shorter
    /// prefix: `restroom.female` and `restroom.unisex.wheelchair` are
    /// ``restroom``, while `parking.ev` is ``evCharger`` and
    /// `fieldofplay.soccer` is ``soccer``. Values for building structure,
    /// circulation and rooms without a public purpose (`elevator`, `stairs`,
    /// `escalator`, `walkway`, `room`, `firstaid`, `information`...) give
    /// nil. The value is lower-cased and its spaces, hyphens and
    /// underscores dropped, so "Fast Food", "fast_food" and "fastfood" are
    /// one word; a MapKit name ("musicVenue") is also understood.
    public static func imdf(_ category: String) -> PointOfInterestCategory? {
        imdfLookup(category).category
    }

    /// Whether ``imdf(_:)`` knows `category` (or a prefix of it), mapped to
    /// a category or deliberately without one.
    static func imdfKnows(_ category: String) -> Bool {
        imdfLookup(category).isKnown
    }

    private static func imdfLookup(_ category: String) -> (category: PointOfInterestCategory?, isKnown: Bool) {
        var key = lowered(category).filter { $0 != " " && $0 != "-" && $0 != "_" }
        while !key.isEmpty {
            if let found = imdfCategories[key] ?? byLowercasedName[key] { return (found, true) }
            if imdfWithoutCounterpart.contains(key) { return (nil, true) }
            guard let dot = key.lastIndex(of: ".") else { break }
            key = String(key[..<dot])
        }
        return (nil, false)
    }

    /// The MapKit category of an OpenStreetMap tag, or nil when MapKit has no
    /// counterpart or the key is not one that says what a place is.
    ///
    /// ```swift
    /// PointOfInterestCategory.openStreetMap(key: "amenity", value: "toilets")      // .restroom
    /// PointOfInterestCategory.openStreetMap(key: "shop", value: "books")           // .store
    /// PointOfInterestCategory.openStreetMap(key: "amenity", value: "bench;cafe")   // .cafe
    /// PointOfInterestCategory.openStreetMap(key: "office", value: "company")       // nil
    /// ```
    ///
    /// Keys read: `amenity`, `shop`, `tourism`, `leisure`, `historic`,
    /// `aeroway`, `railway`, `public_transport`, `highway`, `craft`, `sport`,
    /// `boundary` and `natural`. Every `shop` is a ``store`` except food
    /// shops (``bakery``, ``foodMarket`` for supermarkets, convenience
    /// stores, greengrocers, butchers...), hairdressers and beauty shops
    /// (``beauty``), car repair and tyres (``automotiveRepair``), laundries
    /// and dry cleaners (``laundry``), massage (``spa``) and pet grooming
    /// (``animalService``); `shop=vacant` and `shop=no` are nil. Some choices
    /// where OSM is finer than MapKit: `fast_food` and `food_court` are
    /// ``restaurant``; `bar`, `pub`, `biergarten` and `nightclub` are
    /// ``nightlife``; `clinic` is ``hospital``; `college` is ``university``;
    /// `marketplace` is ``foodMarket``; `sports_centre` is ``fitnessCenter``;
    /// `historic=monument` is ``nationalMonument`` and `memorial`, `ruins`
    /// and `tourism=attraction|viewpoint` are ``landmark``; stations, halts,
    /// platforms and bus stops are ``publicTransport``; `highway=trailhead`
    /// is ``hiking``. A value listing several (`cafe;restaurant`) gives the
    /// first that maps. Key and value are lower-cased, and spaces or hyphens
    /// in a value read as OSM's underscores.
    public static func openStreetMap(key: String, value: String) -> PointOfInterestCategory? {
        let key = lowered(key)
        guard let table = osmTags[key] else { return nil }
        for part in value.utf8.contains(0x3B) ? value.split(separator: ";").map(String.init) : [value] {
            var word = lowered(part)
            if word.utf8.contains(where: { $0 == 0x20 || $0 == 0x2D }) {
                word = String(word.map { $0 == " " || $0 == "-" ? "_" : $0 })
            }
            if word.isEmpty { continue }
            if let found = table[word] { return found }
            if key == "shop" && !osmNotShops.contains(word) { return .store }
        }
        return nil
    }

    /// The MapKit category of a Maki icon name (Mapbox's icon set, which
    /// simplestyle's `marker-symbol` and Mapbox's `maki` property name), or
    /// nil when the icon stands for nothing MapKit has a category for.
    ///
    /// ```swift
    /// PointOfInterestCategory.maki("toilet")             // .restroom
    /// PointOfInterestCategory.maki("lodging")            // .hotel
    /// PointOfInterestCategory.maki("restaurant-pizza")   // .restaurant
    /// PointOfInterestCategory.maki("circle")             // nil
    /// ```
    ///
    /// Covers Maki's icons for places (`cafe`, `fuel`, `harbor` as
    /// ``marina``, `music` as ``musicVenue``, `monument` as
    /// ``nationalMonument``, `rail`, `rail-metro`, `bus` and `ferry` as
    /// ``publicTransport``, every `restaurant-*` as ``restaurant``...) and
    /// names of older releases (`toilets`, `rail-underground`). The name is
    /// lower-cased; a size suffix of Mapbox style sprites (`cafe-15`) and the
    /// `-JP` of Maki's Japanese variants (`bank-JP`) are ignored.
    public static func maki(_ symbol: String) -> PointOfInterestCategory? {
        var name = Substring(String(lowered(symbol).map { $0 == " " || $0 == "_" ? "-" : $0 }))
        if let dash = name.lastIndex(of: "-") {
            let size = name[name.index(after: dash)...]
            if !size.isEmpty && size.allSatisfy({ $0.isASCII && $0.isNumber }) { name = name[..<dash] }
        }
        if name.hasSuffix("-jp") { name = name.dropLast(3) }
        if let found = makiIcons[String(name)] { return found }
        return name.hasPrefix("restaurant-") ? .restaurant : nil
    }

    /// The category a feature's properties give, or nil when they name none
    /// MapKit has.
    ///
    /// ```swift
    /// let amenity = JSONObject([("category", "restroom.male")])
    /// PointOfInterestCategory.of(properties: amenity, featureType: "amenity")       // .restroom
    /// let node = JSONObject([("id", "node/42"), ("tags", ["amenity": "cafe"])])
    /// PointOfInterestCategory.of(properties: node)                                  // .cafe
    /// PointOfInterestCategory.of(properties: JSONObject([("marker-symbol", "lodging")]))   // .hotel
    /// ```
    ///
    /// The first source that gives a category wins:
    /// 1. a MapKit name in `poi_category`, `poiCategory` or `category`
    ///    (``init(rawValue:)``);
    /// 2. for IMDF features (`featureType`, or else the `feature_type`
    ///    property, is an IMDF feature type such as `amenity`, `unit`,
    ///    `occupant`, `venue`), `category` through ``imdf(_:)``;
    /// 3. OpenStreetMap tags (``openStreetMap(key:value:)``), as top-level
    ///    properties (as osmtogeojson and Overpass exports write them) or in
    ///    a `tags` object, by key in the order `amenity`, `shop`, `tourism`,
    ///    `leisure`, `historic`, `aeroway`, `railway`, `public_transport`,
    ///    `highway`, `craft`, `sport`, `boundary`, `natural`; ``landmark``,
    ///    the least specific, gives way to any other category a later tag
    ///    gives (`tourism=attraction` with `historic=castle` is a castle);
    /// 4. a Maki icon name in `marker-symbol` or `maki` (``maki(_:)``);
    /// 5. a plain word in `category`, `type` or `class` through ``imdf(_:)``,
    ///    which knows everyday words such as "coffee" and "hotel".
    public static func of(properties: JSONObject, featureType: String? = nil) -> PointOfInterestCategory? {
        func text(_ key: String) -> String? { properties[key]?.stringValue }
        for key in ["poi_category", "poiCategory", "category"] {
            if let name = text(key), let category = Self(rawValue: lowered(name)) { return category }
        }
        if let type = featureType ?? text("feature_type"), imdfFeatureTypes.contains(lowered(type)),
            let value = text("category"), let category = imdf(value)
        {
            return category
        }
        let tags = properties["tags"]?.objectValue
        var landmark: PointOfInterestCategory?
        for key in osmKeys {
            // The property, then the same key among OSM tags.
            let direct = text(key)
            let tagged = tags?[key]?.stringValue
            if direct == nil && tagged == nil { continue }
            for value in [direct, tagged] {
                guard let value, let category = openStreetMap(key: key, value: value) else { continue }
                if category != .landmark { return category }
                landmark = category
            }
        }
        if let landmark { return landmark }
        for key in ["marker-symbol", "maki"] {
            if let symbol = text(key), let category = maki(symbol) { return category }
        }
        for key in ["category", "type", "class"] {
            if let word = text(key), let category = imdf(word) { return category }
        }
        return nil
    }

    // MARK: Tables

    /// The value lower-cased, without leading and trailing white space.
    private static func lowered(_ value: String) -> String {
        // Most values are already lower-case ASCII without white space at
        // either end: returned as they are.
        let utf8 = value.utf8
        if let first = utf8.first, let last = utf8.last, first > 0x20, last > 0x20,
            !utf8.contains(where: { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) })
        {
            return value
        }
        let text = value.lowercased()
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    /// A lookup table from groups of words, each word once.
    private static func table(_ groups: [(PointOfInterestCategory, [String])]) -> [String: PointOfInterestCategory] {
        var table: [String: PointOfInterestCategory] = [:]
        for (category, words) in groups {
            for word in words {
                assert(table[word] == nil, "\(word) is listed twice")
                table[word] = category
            }
        }
        return table
    }

    /// The IMDF feature types whose `category` ``of(properties:featureType:)`` reads.
    private static let imdfFeatureTypes: Set<String> = [
        "amenity", "building", "fixture", "footprint", "geofence", "kiosk", "level", "occupant", "opening",
        "relationship", "section", "unit", "venue",
    ]

    /// IMDF values and occupant words with a MapKit counterpart, besides
    /// MapKit's own names lower-cased ("library", "parking", "theater").
    private static let imdfCategories = table([
        (.airport, ["airport.intl"]),
        (.amusementPark, ["themepark", "waterpark"]),
        (.animalService, ["vet", "veterinary", "veterinarian", "petgrooming", "petcare"]),
        (.atm, ["cashmachine"]),
        (.automotiveRepair, ["carrepair", "autorepair", "mechanic"]),
        (.bakery, ["pastry", "patisserie"]),
        (.baseball, ["fieldofplay.baseball", "fieldofplay.softball"]),
        (.basketball, ["fieldofplay.basketball"]),
        (
            .beauty,
            ["salon", "hairsalon", "hairdresser", "barber", "barbershop", "nailsalon", "cosmetics", "beautysalon"]
        ),
        (.bowling, ["bowlingalley"]),
        (.cafe, ["coffee", "coffeeshop", "coffeehouse", "café", "tea", "teahouse"]),
        (.carRental, ["carrental.dropoff", "carhire"]),
        (.conventionCenter, ["conventioncentre", "conferencecenter", "conferencecentre"]),
        (.evCharger, ["parking.ev", "chargingstation", "evcharging"]),
        (.fitnessCenter, ["fitnessroom", "fitness", "fitnesscentre", "gym", "yoga"]),
        (
            .foodMarket,
            [
                "supermarket", "grocery", "groceries", "grocer", "convenience", "conveniencestore", "market",
                "greengrocer", "deli", "butcher",
            ]
        ),
        (.gasStation, ["fuel", "petrol", "petrolstation", "gas"]),
        (.hospital, ["healthcarefacility", "clinic", "emergencyroom"]),
        (.hotel, ["motel", "hostel", "resort", "lodging", "inn", "guesthouse"]),
        (.laundry, ["laundromat", "launderette", "drycleaning", "drycleaner"]),
        (.movieTheater, ["movietheatre", "cinema"]),
        (.museum, ["gallery", "artgallery"]),
        (.musicVenue, ["entertainmentarea.music", "concerthall"]),
        (.nightlife, ["bar", "pub", "nightclub", "winebar", "cocktailbar"]),
        (.park, ["garden", "playground"]),
        (.parking, ["parkandride", "parkingfacility", "valet", "carpark", "parkinglot", "parkinggarage"]),
        (.pharmacy, ["drugstore", "chemist"]),
        (.postOffice, ["post"]),
        (
            .publicTransport,
            [
                "bus", "rail", "transit", "platform", "shuttle", "peoplemover", "groundtransportation",
                "trainstation", "transitstation", "busstop", "busstation", "railwaystation", "subway", "metro", "tram",
                "ferry", "station",
            ]
        ),
        (
            .restaurant,
            [
                "foodservice", "eatingdrinking", "concessions", "fastfood", "foodcourt", "dining", "diner", "bistro",
                "pizza", "pizzeria", "sushi", "burgers", "takeaway", "food",
            ]
        ),
        (.restroom, ["toilet", "toilets", "wc", "lavatory", "washroom", "bathroom"]),
        (.skating, ["icerink"]),
        (.soccer, ["fieldofplay.soccer"]),
        (.spa, ["massage", "sauna", "onsen"]),
        (
            .store,
            [
                "retail", "retaildepartment", "retailstore", "shoppingcenter", "shoppingcentre", "stripmall", "mall",
                "dutyfree", "shop", "clothing", "apparel", "fashion", "shoes", "footwear", "bookstore", "bookshop",
                "books", "electronics", "jewelry", "jewellery", "gifts", "giftshop", "souvenirs", "toys",
                "sportinggoods", "departmentstore", "boutique", "newsagent", "newsstand", "florist", "optician",
                "eyewear", "homegoods", "hardware", "accessories", "luggage",
            ]
        ),
        (.swimming, ["swimmingpool", "pool"]),
        (.tennis, ["fieldofplay.tennis"]),
        (.theater, ["theatre", "amphitheater", "amphitheatre", "entertainmentarea.performance"]),
        (.university, ["college"]),
        (.volleyball, ["fieldofplay.volleyball"]),
    ])

    /// IMDF values (with their dotted children) that name something MapKit
    /// has no category for.
    private static let imdfWithoutCounterpart: Set<String> = [
        // Units: structure, circulation and rooms without a public purpose.
        "auditorium", "brick", "classroom", "column", "concrete", "conferenceroom", "drywall", "elevator",
        "escalator", "fieldofplay", "firstaid", "footbridge", "glass", "huddleroom", "kitchen", "laboratory",
        "lobby", "lounge", "mailroom", "mothersroom", "movingwalkway", "nonpublic", "office", "opentobelow",
        "phoneroom", "privatelounge", "ramp", "recreation", "road", "room", "serverroom", "shower", "smokingarea",
        "stairs", "steps", "storage", "structure", "terrace", "unenclosedarea", "unspecified", "vegetation",
        "waitingroom", "walkway", "wood",
        // Amenities.
        "animalreliefarea", "arrivalgate", "babychanging", "baggagecarousel", "baggagecarts", "baggageclaim",
        "baggagerecheck", "baggagestorage", "boardinggate", "businesscenter", "cabin", "caregiver", "cashier",
        "changemachine", "checkin", "childplayarea", "coinlocker", "copymachine", "defibrillator",
        "drinkingfountain", "emergencyshelter", "entry", "exhibit", "faregate", "firealarmpullstation",
        "fireextinguisher", "fittingroom", "gatearea", "guestservices", "handsanitizerstation", "healthscreening",
        "hoteling", "immigration", "information", "limo", "lostandfound", "meditation", "meetingpoint",
        "mobilityrescue", "paidarea", "payphone", "pedestriancrossing", "phone", "photobooth",
        "powerchargingstation", "prayerroom", "productreturn", "reception", "rideshare", "seat", "seating",
        "security", "service", "sleepbox", "strollerrental", "studentadmissions", "studentservices", "taxi",
        "ticketing", "traintrack", "vendingmachine", "wheelchairassist", "wifi",
        // Venues, levels, fixtures, geofences and sections.
        "businesscampus", "casino", "communitycenter", "governmentfacility", "arrivals", "departures", "desk",
        "equipment", "furniture", "inspection", "obstruction", "securityequipment", "stage", "wall", "concourse",
        "geofence", "postsecurity", "presecurity", "terminal", "underconstruction", "arcade", "cubicle",
        "entertainmentarea", "exhibition", "gambling", "private", "recomposearea", "rental", "seatingrow",
        "servicearea",
        // Words data uses beside them.
        "entrance", "exit", "wheelchair", "restricted", "employeesonly",
    ]

    /// The OpenStreetMap keys ``of(properties:featureType:)`` reads, in order.
    private static let osmKeys = [
        "amenity", "shop", "tourism", "leisure", "historic", "aeroway", "railway", "public_transport", "highway",
        "craft", "sport", "boundary", "natural",
    ]

    /// `shop` values that say there is no shop.
    private static let osmNotShops: Set<String> = ["no", "none", "vacant", "disused", "closed"]

    /// OpenStreetMap values by key; `shop` lists only the values that are not ``store``.
    private static let osmTags: [String: [String: PointOfInterestCategory]] = [
        "amenity": table([
            (.animalService, ["veterinary", "animal_shelter", "animal_boarding"]),
            (.atm, ["atm"]),
            (.bank, ["bank"]),
            (.cafe, ["cafe", "coffee_shop"]),
            (.carRental, ["car_rental"]),
            (.conventionCenter, ["conference_centre", "exhibition_centre"]),
            (.evCharger, ["charging_station"]),
            (.fireStation, ["fire_station"]),
            (.foodMarket, ["marketplace"]),
            (.gasStation, ["fuel"]),
            (.hospital, ["hospital", "clinic"]),
            (.library, ["library"]),
            (.mailbox, ["post_box", "letter_box"]),
            (.movieTheater, ["cinema"]),
            (.musicVenue, ["music_venue", "concert_hall"]),
            (.nightlife, ["bar", "pub", "biergarten", "nightclub", "stripclub", "hookah_lounge", "karaoke_box"]),
            (.parking, ["parking", "parking_space", "parking_entrance", "motorcycle_parking", "bicycle_parking"]),
            (.pharmacy, ["pharmacy"]),
            (.planetarium, ["planetarium"]),
            (.police, ["police"]),
            (.postOffice, ["post_office"]),
            (.publicTransport, ["bus_station", "ferry_terminal"]),
            (.restaurant, ["restaurant", "fast_food", "food_court"]),
            (.restroom, ["toilets", "toilet"]),
            (.school, ["school", "kindergarten"]),
            (.spa, ["public_bath"]),
            (.theater, ["theatre"]),
            (.university, ["university", "college"]),
        ]),
        "shop": table([
            (.animalService, ["pet_grooming"]),
            (.automotiveRepair, ["car_repair", "tyres"]),
            (.bakery, ["bakery", "pastry"]),
            (.beauty, ["hairdresser", "beauty", "cosmetics"]),
            (
                .foodMarket,
                [
                    "supermarket", "convenience", "greengrocer", "grocery", "deli", "butcher", "cheese", "seafood",
                    "farm", "health_food", "frozen_food", "food", "dairy",
                ]
            ),
            (.laundry, ["laundry", "dry_cleaning"]),
            (.spa, ["massage"]),
        ]),
        "tourism": table([
            (.amusementPark, ["theme_park"]),
            (.aquarium, ["aquarium"]),
            (.campground, ["camp_site"]),
            (.hotel, ["hotel", "motel", "hostel", "guest_house", "apartment", "chalet"]),
            (.landmark, ["attraction", "viewpoint"]),
            (.museum, ["museum", "gallery"]),
            (.park, ["picnic_site"]),
            (.rvPark, ["caravan_site"]),
            (.zoo, ["zoo"]),
        ]),
        "leisure": table([
            (.amusementPark, ["water_park"]),
            (.beach, ["beach_resort"]),
            (.bowling, ["bowling_alley"]),
            (.fishing, ["fishing"]),
            (.fitnessCenter, ["fitness_centre", "sports_centre", "fitness_station"]),
            (.golf, ["golf_course"]),
            (.hotel, ["resort"]),
            (.marina, ["marina"]),
            (.miniGolf, ["miniature_golf"]),
            (.nightlife, ["dance"]),
            (.park, ["park", "garden", "playground", "dog_park", "nature_reserve", "common", "recreation_ground"]),
            (.skatePark, ["skatepark"]),
            (.skating, ["ice_rink"]),
            (.spa, ["sauna"]),
            (.stadium, ["stadium"]),
            (.swimming, ["swimming_pool", "swimming_area"]),
        ]),
        "historic": table([
            (.castle, ["castle"]),
            (.fortress, ["fort"]),
            (.landmark, ["memorial", "ruins", "archaeological_site", "city_gate"]),
            (.nationalMonument, ["monument"]),
        ]),
        "aeroway": table([(.airport, ["aerodrome", "terminal"])]),
        "railway": table([(.publicTransport, ["station", "halt", "tram_stop", "subway_entrance", "platform"])]),
        "public_transport": table([(.publicTransport, ["station", "platform", "stop_position", "stop_area"])]),
        "highway": table([(.publicTransport, ["bus_stop"]), (.hiking, ["trailhead"])]),
        "craft": table([(.brewery, ["brewery"]), (.winery, ["winery"]), (.distillery, ["distillery"])]),
        "sport": table([
            (.baseball, ["baseball", "softball"]),
            (.basketball, ["basketball"]),
            (.bowling, ["bowling", "10pin", "9pin"]),
            (.fishing, ["fishing"]),
            (.fitnessCenter, ["fitness", "yoga"]),
            (.goKart, ["karting"]),
            (.golf, ["golf"]),
            (.hiking, ["hiking"]),
            (.kayaking, ["canoe", "kayak"]),
            (.miniGolf, ["miniature_golf"]),
            (.rockClimbing, ["climbing", "climbing_adventure"]),
            (.skatePark, ["skateboard"]),
            (.skating, ["ice_skating", "roller_skating"]),
            (.skiing, ["skiing"]),
            (.soccer, ["soccer"]),
            (.surfing, ["surfing"]),
            (.swimming, ["swimming"]),
            (.tennis, ["tennis"]),
            (.volleyball, ["volleyball", "beachvolleyball"]),
        ]),
        "boundary": table([(.nationalPark, ["national_park"])]),
        "natural": table([(.beach, ["beach"])]),
    ]

    /// Maki icon names with a MapKit counterpart (`restaurant-*` aside).
    private static let makiIcons = table([
        (.airport, ["airport", "airfield"]),
        (.amusementPark, ["amusement-park"]),
        (.animalService, ["veterinary", "animal-shelter"]),
        (.aquarium, ["aquarium"]),
        (.automotiveRepair, ["car-repair"]),
        (.bakery, ["bakery"]),
        (.bank, ["bank"]),
        (.baseball, ["baseball"]),
        (.basketball, ["basketball"]),
        (.beach, ["beach"]),
        (.beauty, ["hairdresser"]),
        (.bowling, ["bowling-alley"]),
        (.cafe, ["cafe", "teahouse"]),
        (.campground, ["campsite"]),
        (.carRental, ["car-rental"]),
        (.castle, ["castle"]),
        (.evCharger, ["charging-station"]),
        (.fireStation, ["fire-station"]),
        (.fitnessCenter, ["fitness-centre"]),
        (.foodMarket, ["grocery", "convenience"]),
        (.gasStation, ["fuel"]),
        (.golf, ["golf"]),
        (.hospital, ["hospital"]),
        (.hotel, ["lodging"]),
        (.landmark, ["attraction", "landmark", "historic", "viewpoint", "observation-tower", "lighthouse"]),
        (.laundry, ["laundry"]),
        (.library, ["library"]),
        (.marina, ["harbor"]),
        (.movieTheater, ["cinema"]),
        (.museum, ["museum", "art-gallery"]),
        (.musicVenue, ["music"]),
        (.nationalMonument, ["monument"]),
        (.nightlife, ["bar", "beer", "nightclub", "karaoke"]),
        (.park, ["park", "park-alt1", "garden", "dog-park", "picnic-site", "playground"]),
        (.parking, ["parking", "parking-garage", "parking-paid"]),
        (.pharmacy, ["pharmacy", "chemist"]),
        (.police, ["police"]),
        (.postOffice, ["post"]),
        (
            .publicTransport,
            [
                "bus", "rail", "rail-light", "rail-metro", "ferry", "rail-underground", "rail-above",
                "london-underground",
            ]
        ),
        (.restaurant, ["restaurant", "fast-food"]),
        (.restroom, ["toilet", "toilets"]),
        (.school, ["school"]),
        (.skatePark, ["skateboard"]),
        (.skiing, ["skiing"]),
        (.soccer, ["soccer"]),
        (.spa, ["hot-spring"]),
        (.stadium, ["stadium"]),
        (
            .store,
            [
                "shop", "clothing-store", "alcohol-shop", "confectionery", "florist", "furniture", "garden-centre",
                "gift", "hardware", "jewelry-store", "mobile-phone", "optician", "shoe", "watch",
            ]
        ),
        (.swimming, ["swimming"]),
        (.tennis, ["tennis"]),
        (.theater, ["theatre"]),
        (.university, ["college"]),
        (.volleyball, ["volleyball"]),
        (.zoo, ["zoo"]),
    ])
}
