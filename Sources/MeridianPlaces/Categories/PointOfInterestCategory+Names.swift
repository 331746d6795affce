import MeridianCore

/// Each category's name in English and the words people search it by.
extension PointOfInterestCategory {
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
    struct Entry: Sendable {
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
    static let catalogue: [Entry] = [
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
