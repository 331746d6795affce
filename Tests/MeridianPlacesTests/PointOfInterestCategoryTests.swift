import Foundation
import MeridianTestSupport
import Testing

import MeridianCore
@testable import MeridianPlaces

/// MapKit's point-of-interest categories and the mapping of IMDF, OpenStreetMap
/// and Maki category words to them (see ../shared/docs/places.md).
@Suite struct PointOfInterestCategoryTests {
    typealias Category = PointOfInterestCategory

    @Test func allCasesAreMapKitsSeventyThreeNamesInAlphabeticalOrder() {
        let names = Category.allCases.map(\.rawValue)
        #expect(names.count == 73)
        #expect(Set(names).count == 73)
        #expect(Category.allCases == Category.allCases.sorted())
        for name in ["airport", "zoo", "hiking", "landmark", "musicVenue", "evCharger", "goKart", "rvPark"] {
            #expect(names.contains(name), "\(name)")
        }
        for category in Category.allCases {
            #expect(Category(rawValue: category.rawValue) == category)
            #expect(category.description == category.rawValue)
        }
        #expect(Category.cafe < Category.hotel && !(Category.zoo < Category.airport))
    }

    @Test func initAcceptsMapKitConstantsAndAnyCapitalisationButNotWords() {
        #expect(Category(rawValue: "cafe") == .cafe)
        #expect(Category(rawValue: "MKPOICategoryCafe") == .cafe)
        #expect(Category(rawValue: "MKPOICategoryEVCharger") == .evCharger)
        #expect(Category(rawValue: "EVCHARGER") == .evCharger)
        #expect(Category(rawValue: "EVCharger") == .evCharger)
        #expect(Category(rawValue: "evcharger") == .evCharger)
        #expect(Category(rawValue: "mkpoicategoryatm") == .atm)
        #expect(Category(rawValue: "coffee") == nil)
        #expect(Category(rawValue: "") == nil)
        #expect(Category(rawValue: "MKPOICategory") == nil)
        #expect(Category(rawValue: "restroom.female") == nil)
    }

    @Test func displayNamesAndSearchTerms() {
        #expect(Category.cafe.displayName == "Café")
        #expect(Category.evCharger.displayName == "EV Charger")
        #expect(Category.publicTransport.displayName == "Public Transport")
        #expect(Category.restroom.displayName == "Restroom")
        #expect(Category.musicVenue.displayName == "Music Venue")
        #expect(Array(Category.cafe.searchTerms.prefix(4)) == ["cafe", "café", "coffee", "coffee shop"])
        #expect(Category.cafe.searchTerms.contains("カフェ") && Category.cafe.searchTerms.contains("kaffee"))
        for term in ["toilet", "toilets", "wc", "toilettes", "トイレ"] {
            #expect(Category.restroom.searchTerms.contains(term), "\(term)")
        }
        #expect(Category.pharmacy.searchTerms.contains("apotheke") && Category.atm.searchTerms.contains("cashpoint"))
        #expect(Category.parking.searchTerms.contains("car park"))
        #expect(Category.evCharger.searchTerms.contains("charging station"))
        for category in Category.allCases {
            let terms = category.searchTerms
            #expect(!category.displayName.isEmpty)
            #expect(!terms.isEmpty && Set(terms).count == terms.count, "\(category)")
            #expect(terms.contains(category.rawValue.lowercased()), "\(category)")
            #expect(terms.contains(category.displayName.lowercased()), "\(category)")
            for term in terms {
                #expect(!term.isEmpty && term == term.lowercased(), "\(category): \(term)")
                #expect(term.first?.isWhitespace == false && term.last?.isWhitespace == false, "\(category): \(term)")
            }
        }
    }

    @Test func imdfValuesMapByFullValueThenPrefix() {
        let expected: [String: Category?] = [
            "restroom": .restroom, "restroom.female": .restroom, "restroom.unisex.wheelchair": .restroom,
            "parking": .parking, "parking.bicycle": .parking, "parking.ev": .evCharger, "atm": .atm,
            "carrental": .carRental, "foodservice": .restaurant, "movietheater": .movieTheater,
            "fitnessroom": .fitnessCenter, "library": .library, "mailbox": .mailbox, "landmark": .landmark,
            "swimmingpool.children": .swimming, "fieldofplay.soccer": .soccer, "airport.intl": .airport,
            "transit.train": .publicTransport, "bus.muni": .publicTransport, "themepark": .amusementPark,
            "healthcarefacility": .hospital, "entertainmentarea.music": .musicVenue,
            // Deliberately none: circulation, rooms, desks, and first aid (not a hospital).
            "firstaid": nil, "elevator": nil, "escalator": nil, "stairs": nil, "walkway": nil, "walkway.island": nil,
            "room": nil, "information": nil, "information.carrental": nil, "fieldofplay.rugby": nil,
            "powerchargingstation": nil, "ticketing.rail": nil, "no-such-category": nil, "": nil,
        ]
        for (value, category) in expected {
            #expect(Category.imdf(value) == category, "\(value)")
        }
    }

    @Test func imdfOccupantWordsAreUnderstood() {
        let expected: [String: Category] = [
            "restaurant": .restaurant, "coffee": .cafe, "Coffee Shop": .cafe, "cafe": .cafe, "clothing": .store,
            "bank": .bank, "pharmacy": .pharmacy, "bookstore": .store, "supermarket": .foodMarket,
            "bakery": .bakery, "hotel": .hotel, "fast_food": .restaurant, " Fast Food ": .restaurant,
            "musicVenue": .musicVenue,
        ]
        for (word, category) in expected {
            #expect(Category.imdf(word) == category, "\(word)")
        }
    }

    /// Every value of the IMDF category lists either maps to a category or
    /// is listed as having no MapKit counterpart: none is overlooked.
    @Test(.requires(sharedFile: "docs/imdf-categories.json"))
    func everyIMDFCategoryValueIsMappedOrDeliberatelyNot() throws {
        let data = try Data(contentsOf: Fixtures.sharedRoot.appendingPathComponent("docs/imdf-categories.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        for type in ["amenity", "unit", "venue", "section", "fixture", "level", "building", "geofence"] {
            let values = try #require(json[type] as? [String], "\(type)")
            #expect(!values.isEmpty)
            for value in values {
                #expect(Category.imdfKnows(value), "\(type) \(value)")
            }
        }
    }

    @Test func openStreetMapTags() {
        let expected: [(String, String, Category?)] = [
            ("amenity", "toilets", .restroom), ("amenity", "cafe", .cafe), ("amenity", "fast_food", .restaurant),
            ("amenity", "pub", .nightlife), ("amenity", "charging_station", .evCharger),
            ("amenity", "fuel", .gasStation),
            ("amenity", "cinema", .movieTheater), ("amenity", "post_box", .mailbox), ("amenity", "clinic", .hospital),
            ("shop", "supermarket", .foodMarket), ("shop", "convenience", .foodMarket), ("shop", "books", .store),
            ("shop", "bakery", .bakery), ("shop", "hairdresser", .beauty), ("shop", "car_repair", .automotiveRepair),
            ("shop", "dry_cleaning", .laundry), ("shop", "yes", .store), ("shop", "vacant", nil),
            ("tourism", "hotel", .hotel), ("tourism", "guest_house", .hotel), ("tourism", "theme_park", .amusementPark),
            ("tourism", "camp_site", .campground), ("tourism", "caravan_site", .rvPark),
            ("tourism", "attraction", .landmark), ("leisure", "park", .park), ("leisure", "garden", .park),
            ("leisure", "golf_course", .golf), ("leisure", "ice_rink", .skating), ("leisure", "pitch", nil),
            ("historic", "castle", .castle), ("historic", "fort", .fortress), ("historic", "memorial", .landmark),
            ("historic", "monument", .nationalMonument), ("aeroway", "aerodrome", .airport),
            ("railway", "halt", .publicTransport), ("public_transport", "platform", .publicTransport),
            ("highway", "bus_stop", .publicTransport), ("highway", "trailhead", .hiking), ("highway", "primary", nil),
            ("craft", "winery", .winery), ("sport", "climbing", .rockClimbing), ("sport", "soccer", .soccer),
            ("boundary", "national_park", .nationalPark), ("natural", "beach", .beach),
            ("office", "company", nil), ("amenity", "bench", nil), ("name", "Cafe", nil),
            // Case, several values, spaces for underscores.
            ("Amenity", "CAFE", .cafe), ("amenity", "bench;cafe", .cafe), ("amenity", "cafe; restaurant", .cafe),
            ("highway", "bus stop", .publicTransport),
        ]
        for (key, value, category) in expected {
            #expect(Category.openStreetMap(key: key, value: value) == category, "\(key)=\(value)")
        }
    }

    @Test func makiIconNames() {
        let expected: [String: Category?] = [
            "toilet": .restroom, "lodging": .hotel, "cafe": .cafe, "restaurant": .restaurant,
            "restaurant-pizza": .restaurant, "fast-food": .restaurant, "harbor": .marina, "music": .musicVenue,
            "monument": .nationalMonument, "rail-metro": .publicTransport, "bus": .publicTransport,
            "bowling-alley": .bowling, "charging-station": .evCharger, "fuel": .gasStation, "grocery": .foodMarket,
            "picnic-site": .park, "attraction": .landmark, "theatre": .theater, "cinema": .movieTheater,
            // Japanese variants, sprite sizes, case.
            "bank-JP": .bank, "cafe-15": .cafe, "Lodging": .hotel,
            "circle": nil, "marker": nil, "town-hall": nil, "information": nil, "": nil,
        ]
        for (symbol, category) in expected {
            #expect(Category.maki(symbol) == category, "\(symbol)")
        }
    }

    @Test func propertiesGiveTheFirstCategoryFound() {
        func of(_ members: [(String, JSONValue)], featureType: String? = nil) -> Category? {
            Category.of(properties: JSONObject(members), featureType: featureType)
        }
        // An explicit MapKit name comes first.
        #expect(of([("poi_category", "EVCharger")]) == .evCharger)
        #expect(of([("category", "MKPOICategoryMuseum"), ("amenity", "cafe")]) == .museum)
        // IMDF, by the feature type given or written in the properties.
        #expect(of([("category", "restroom.male")], featureType: "amenity") == .restroom)
        #expect(of([("category", "restroom.male")], featureType: "Amenity") == .restroom)
        #expect(of([("feature_type", "unit"), ("category", "foodservice")]) == .restaurant)
        #expect(of([("feature_type", "occupant"), ("category", "clothing")]) == .store)
        #expect(of([("feature_type", "unit"), ("category", "elevator"), ("marker-symbol", "elevator")]) == nil)
        // OpenStreetMap tags, top level or in "tags".
        #expect(of([("amenity", "toilets")]) == .restroom)
        #expect(of([("id", "node/42"), ("tags", ["name": "Fitzbillies", "amenity": "cafe"])]) == .cafe)
        #expect(of([("type", "node"), ("tags", ["shop": "books"])]) == .store)
        #expect(of([("leisure", "pitch"), ("sport", "tennis")]) == .tennis)
        #expect(of([("tourism", "attraction"), ("historic", "castle")]) == .castle)
        #expect(of([("tourism", "attraction")]) == .landmark)
        #expect(of([("amenity", "pharmacy"), ("marker-symbol", "cafe")]) == .pharmacy)
        // Then the Maki symbol.
        #expect(of([("marker-symbol", "lodging")]) == .hotel)
        #expect(of([("maki", "cafe")]) == .cafe)
        // Then a plain word.
        #expect(of([("type", "Coffee")]) == .cafe)
        #expect(of([("class", "hotel")]) == .hotel)
        #expect(of([("category", "coffee")]) == .cafe)
        // Nothing to go on.
        #expect(of([("name", "Somewhere")]) == nil)
        #expect(of([("category", 3)]) == nil)
        #expect(of([]) == nil)
    }
}
