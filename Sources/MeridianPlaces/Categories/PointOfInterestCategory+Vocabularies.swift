import MeridianCore

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
