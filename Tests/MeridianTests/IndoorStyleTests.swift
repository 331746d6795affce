import Foundation
import MeridianTestSupport
import Testing

@testable import Meridian

/// The indoor glue turns IMDF into what the renderer reads: simplestyle
/// colours and drawing hints. Apple's "Displaying an Indoor Map" sample is
/// the model.
@Suite struct IndoorStyleTests {
    @Test func applesSampleGroupsAreKept() {
        #expect(UnitCategoryGroup(category: "elevator") == .elevatorEscalatorStairs)
        #expect(UnitCategoryGroup(category: "escalator") == .elevatorEscalatorStairs)
        #expect(UnitCategoryGroup(category: "stairs") == .elevatorEscalatorStairs)
        #expect(UnitCategoryGroup(category: "restroom.female.wheelchair") == .restroom)
        #expect(UnitCategoryGroup(category: "room") == .room)
        #expect(UnitCategoryGroup(category: "nonpublic") == .nonpublic)
        #expect(UnitCategoryGroup(category: "walkway") == .walkway)
        #expect(UnitCategoryGroup(category: "no-such-category") == .other)
        #expect(IndoorTheme.light.unitFill(forCategory: "restroom.male") == IndoorTheme.light.unitFills[.restroom])
        #expect(IndoorTheme.light.unitFill(forCategory: "room") != IndoorTheme.light.unitFill(forCategory: "walkway"))
    }

    @Test func everyGroupHasAColourInBothThemes() {
        for group in UnitCategoryGroup.allCases {
            #expect(IndoorTheme.light.unitFills[group] != nil && IndoorTheme.dark.unitFills[group] != nil)
        }
    }

    @Test(.requires(sharedFile: "docs/imdf-categories.json"))
    func everyIMDFUnitCategoryHasAGroup() throws {
        let units = try Self.categories("unit")
        for category in units { #expect(UnitCategoryGroup.table[category] != nil, "\(category)") }
        #expect(Set(UnitCategoryGroup.table.keys) == Set(units))
    }

    @Test func theIndoorColoursFollowTheMapTheme() {
        #expect(IndoorTheme(matching: .dark) == .dark)
        #expect(IndoorTheme(matching: .light) == .light)
        var sepia = Theme.light
        sepia.name = "sepia"
        #expect(IndoorTheme(matching: sepia) == .light)
    }

    @Test func eachFeatureTypeGetsItsDrawOrderAndHints() {
        func hints(_ type: String, _ category: String? = nil) -> DrawingHints {
            DrawingHints(properties: IMDFLevelLayer.style(forFeatureType: type, category: category, theme: .light))
        }
        let order =
            ["venue", "footprint", "level", "section", "unit", "fixture", "kiosk", "detail", "opening"]
            + ["amenity", "occupant"]
        let drawOrders = order.map { hints($0).drawOrder }
        #expect(drawOrders == drawOrders.sorted() && Set(drawOrders).count == order.count)
        #expect(drawOrders.allSatisfy { $0 < 0 }, "beneath plain features in the same layer")
        #expect(order.filter { hints($0).isContext } == ["venue", "footprint", "level", "detail", "opening"])
        #expect(hints("unit").labelRank == 2 && hints("section").labelRank == nil)
        #expect(hints("opening").strokeLinecap == .butt)
        #expect(hints("amenity").marker == .symbol && hints("occupant").marker == .label)
        #expect(IMDFLevelLayer.style(forFeatureType: "anchor", category: nil, theme: .light).isEmpty)
        for type in order {
            let keys = IMDFLevelLayer.style(forFeatureType: type, category: "atm", theme: .dark).keys
            #expect(keys.allSatisfy(IMDFLevelLayer.styleKeys.contains), "\(type)")
        }
    }

    @Test func amenitiesCarryAMakiStyleSymbol() {
        #expect(AmenitySymbol.name(forCategory: "restroom.female.wheelchair") == "toilet")
        #expect(AmenitySymbol.name(forCategory: "toilet") == "toilet")
        #expect(AmenitySymbol.name(forCategory: "firstaid") == "first-aid")
        #expect(AmenitySymbol.name(forCategory: "foodservice") == "fast-food")
        #expect(AmenitySymbol.name(forCategory: "reception.desk") == "reception.desk")
        #expect(AmenitySymbol.name(forCategory: "wc") == "W")
        #expect(AmenitySymbol.name(forCategory: nil) == nil && AmenitySymbol.name(forCategory: "") == nil)
        let style = IMDFLevelLayer.style(forFeatureType: "amenity", category: "atm", theme: .light)
        #expect(style["marker-symbol"] == "atm")
        #expect(style["marker-color"]?.stringValue == IndoorTheme.light.amenityTint)
    }

    /// The glyph each IMDF amenity category was drawn with when the
    /// renderer read IMDF categories itself; the symbol names keep them.
    @Test(.requires(sharedFile: "docs/imdf-categories.json"))
    func everyAmenityCategoryKeepsItsGlyph() throws {
        let known: [String: String] = [
            "information": "i", "atm": "$", "parking": "P", "firstaid": "+", "elevator": "E", "escalator": "Es",
            "stairs": "S", "ramp": "R", "wheelchair": "W", "entrance": "→", "exit": "←", "foodservice": "F",
            "drinkingfountain": "D", "phone": "T", "babychanging": "B", "security": "S", "ticketing": "T",
            "vendingmachine": "V", "library": "L", "prayerroom": "P", "lostandfound": "?", "meetingpoint": "M",
            "checkin": "C", "wifi": "W", "smokingarea": "S", "mailbox": "M", "exhibit": "E",
        ]
        func expected(_ category: String) -> String {
            if category.hasPrefix("restroom") || category == "toilet" { return "WC" }
            return known[category] ?? String(category.first { $0.isLetter || $0.isNumber }!).uppercased()
        }
        let categories = try Self.categories("amenity") + Array(known.keys) + ["toilet", "restroom"]
        var features: [Feature] = []
        for (index, category) in categories.enumerated() {
            var properties = IMDFLevelLayer.style(forFeatureType: "amenity", category: category, theme: .light)
            properties["category"] = .string(category)
            let spot = Coordinate(latitude: 52 + Double(index / 20) * 0.001, longitude: Double(index % 20) * 0.001)
            features.append(Feature(id: .string("a\(index)"), geometry: .point(spot), properties: properties))
        }
        features.append(
            Feature(
                id: "bare", geometry: .point(Coordinate(latitude: 51.99, longitude: 0)),
                properties: IMDFLevelLayer.style(forFeatureType: "amenity", category: nil, theme: .light)))
        var options = Snapshotter.Options(layers: [Layer(id: "amenities", features: features)])
        options.labels = .none
        let svg = try Snapshotter(options: options).snapshot().svg
        func glyph(_ id: String) -> String? {
            guard let start = svg.range(of: "<g class=\"amenity\" data-id=\"\(id)\"") else { return nil }
            let rest = svg[start.upperBound...]
            guard let open = rest.range(of: "\">", range: rest.range(of: "<text")!.upperBound..<rest.endIndex),
                let close = rest.range(of: "</text>")
            else { return nil }
            return String(rest[open.upperBound..<close.lowerBound])
        }
        for (index, category) in categories.enumerated() {
            #expect(glyph("a\(index)") == expected(category), "\(category)")
        }
        #expect(glyph("bare") == "•")
    }

    /// A hand-made level: venue, level, three units, a door, an amenity, an occupant, an anchor.
    private var level: [Feature] {
        func imdf(_ type: String, _ geometry: Geometry, id: String, _ extra: KeyValuePairs<String, JSONValue>)
            -> Feature
        {
            var properties = JSONObject([("feature_type", .string(type))])
            for (key, value) in extra { properties[key] = value }
            let category = properties["category"]?.stringValue
            for (key, value) in IMDFLevelLayer.style(forFeatureType: type, category: category, theme: .light).members {
                properties[key] = value
            }
            return Feature(id: .string(id), geometry: geometry, properties: properties)
        }
        func p(_ latitude: Double, _ longitude: Double) -> Coordinate {
            Coordinate(latitude: latitude, longitude: longitude)
        }
        func square(_ half: Double) -> [Coordinate] {
            [p(52 - half, -half), p(52 - half, half), p(52 + half, half), p(52 + half, -half), p(52 - half, -half)]
        }
        return [
            imdf(
                "venue", .polygon([square(0.0012)]), id: "venue", ["category": "healthcarefacility", "name": "Clinic"]),
            imdf("level", .polygon([square(0.001)]), id: "level-0", ["category": "unspecified", "name": "Ground"]),
            imdf(
                "unit",
                .polygon([[p(51.999, -0.001), p(51.999, 0), p(52.001, 0), p(52.001, -0.001), p(51.999, -0.001)]]),
                id: "room", ["category": "room"]),
            imdf(
                "unit", .polygon([[p(51.999, 0), p(51.999, 0.001), p(52.0, 0.001), p(52.0, 0), p(51.999, 0)]]),
                id: "wc", ["category": "restroom.female"]),
            imdf(
                "unit", .polygon([[p(52.0, 0), p(52.0, 0.001), p(52.001, 0.001), p(52.001, 0), p(52.0, 0)]]),
                id: "lift", ["category": "elevator"]),
            imdf("opening", .lineString([p(51.9994, 0), p(51.9996, 0)]), id: "door", ["category": "pedestrian"]),
            imdf("amenity", .point(p(51.9995, 0.0005)), id: "toilets", ["category": "restroom.female"]),
            imdf("occupant", .point(p(52.0, -0.0005)), id: "shop", ["category": "pharmacy", "name": "Pharmacy"]),
        ]
    }

    @Test func anIndoorLevelIsDrawnWithApplesStyling() throws {
        var options = Snapshotter.Options(layers: [Layer(id: "level", features: level, title: "Ground")])
        options.showsLegend = true
        let snapshot = try Snapshotter(options: options).snapshot()
        let svg = snapshot.svg
        #expect(svg.contains("<title id=\"map-title\">Ground</title>"))
        func element(_ id: String) -> Substring {
            svg.components(separatedBy: "data-id=\"\(id)\"")[1].prefix { $0 != ">" }
        }
        let indoor = IndoorTheme.light
        #expect(element("room").contains("fill=\"\(indoor.unitFill(forCategory: "room"))\""))
        #expect(element("wc").contains("fill=\"\(indoor.unitFill(forCategory: "restroom.female"))\""))
        #expect(element("lift").contains("fill=\"\(indoor.unitFill(forCategory: "elevator"))\""))
        // Context below units, the door drawn over them in the walkway colour, with butt ends.
        let order = ["data-id=\"venue\"", "data-id=\"level-0\"", "data-id=\"room\"", "data-id=\"door\""].map {
            svg.range(of: $0)!.lowerBound
        }
        #expect(order == order.sorted())
        #expect(element("door").contains("stroke=\"\(indoor.unitFills[.walkway]!)\""))
        #expect(element("door").contains("stroke-linecap=\"butt\""))
        // Amenity as a small symbol, occupant as a name; context neither labelled nor in the legend.
        #expect(svg.contains("class=\"amenity\" data-id=\"toilets\""))
        #expect(svg.contains(">WC</text>"))
        #expect(snapshot.placedLabels.contains("Pharmacy"))
        #expect(!snapshot.placedLabels.contains("Clinic") && !svg.contains("<g data-category=\"healthcarefacility\">"))
        #expect(svg.contains("<g data-category=\"room\">"))
    }

    /// The renderer needs nothing but the features: a level written as
    /// GeoJSON and read back is drawn byte for byte as the level itself.
    @Test func aLevelWrittenAsGeoJSONAndReadBackIsDrawnTheSame() throws {
        let archive = try Glue.arcade()
        for ordinal in [0, 1] {
            for theme in [Theme.light, Theme.dark] {
                let level = try IMDFLevelLayer(archive: archive, ordinal: ordinal, theme: theme)
                let bytes = GeoJSONWriter().encode(FeatureCollection(features: level.features))
                let back = try GeoJSONDocument(decoding: bytes).featureCollection.features
                var options = Snapshotter.Options(layers: [level.layer])
                options.theme = theme
                let direct = try Snapshotter(options: options).snapshot().bytes
                options.layers = [Layer(id: level.layer.id, features: back)]
                options.title = level.title
                #expect(try Snapshotter(options: options).snapshot().bytes == direct, "ordinal \(ordinal)")
            }
        }
    }

    /// The categories of an IMDF feature type from ../shared/docs/imdf-categories.json.
    static func categories(_ type: String) throws -> [String] {
        let data = try Data(contentsOf: Fixtures.sharedRoot.appendingPathComponent("docs/imdf-categories.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(json[type] as? [String])
    }
}
