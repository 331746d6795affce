import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianSnapshot

@Suite struct IndoorThemeTests {
    @Test func applesSampleGroupsAreKept() {
        #expect(UnitCategoryGroup(category: "elevator") == .elevatorEscalatorStairs)
        #expect(UnitCategoryGroup(category: "escalator") == .elevatorEscalatorStairs)
        #expect(UnitCategoryGroup(category: "stairs") == .elevatorEscalatorStairs)
        #expect(UnitCategoryGroup(category: "restroom.female.wheelchair") == .restroom)
        #expect(UnitCategoryGroup(category: "room") == .room)
        #expect(UnitCategoryGroup(category: "nonpublic") == .nonpublic)
        #expect(UnitCategoryGroup(category: "walkway") == .walkway)
        #expect(UnitCategoryGroup(category: "no-such-category") == .other)
        #expect(Theme.unitFill(forCategory: "restroom.male") == Theme.light.unitFills[.restroom])
        #expect(Theme.light.unitFill(forCategory: "room") != Theme.light.unitFill(forCategory: "walkway"))
    }

    @Test func everyGroupHasAColourInBothThemes() {
        for group in UnitCategoryGroup.allCases {
            #expect(Theme.light.unitFills[group] != nil && Theme.dark.unitFills[group] != nil)
        }
    }

    @Test(.requires(sharedFile: "docs/imdf-categories.json"))
    func everyIMDFUnitCategoryHasAGroup() throws {
        let data = try Data(contentsOf: Fixtures.sharedRoot.appendingPathComponent("docs/imdf-categories.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let units = try #require(json["unit"] as? [String])
        for category in units { #expect(UnitCategoryGroup.table[category] != nil, "\(category)") }
        #expect(Set(UnitCategoryGroup.table.keys) == Set(units))
    }

    /// A hand-made level: venue, level, three units, a door, an amenity and an occupant.
    private var level: [Feature] {
        func imdf(_ type: String, _ geometry: Geometry, id: String, _ extra: JSONObject = JSONObject()) -> Feature {
            var properties: JSONObject = ["feature_type": .string(type)]
            for (key, value) in extra.members { properties[key] = value }
            return Support.feature(geometry, id: id, properties)
        }
        let p = Support.point
        return [
            imdf(
                "venue", .polygon([Support.square(52.0, 0.0, 0.0012)]), id: "venue",
                ["category": "healthcarefacility", "name": ["en": "Clinic"]]),
            imdf(
                "level", .polygon([Support.square(52.0, 0.0, 0.001)]), id: "level-0",
                ["category": "unspecified", "name": ["en": "Ground Floor"], "ordinal": 0]),
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
            imdf(
                "occupant", .point(p(52.0, -0.0005)), id: "shop",
                ["category": "pharmacy", "name": ["en": "Pharmacy", "fr": "Pharmacie"]]),
            imdf("anchor", .point(p(52.0, -0.0005)), id: "anchor"),
        ]
    }

    @Test func anIndoorLevelIsDrawnWithApplesStyling() throws {
        let snapshot = try Support.render(level)
        let svg = snapshot.svg
        // The level's name is the title.
        #expect(svg.contains("<title id=\"map-title\">Ground Floor</title>"))
        // Units filled by category group.
        func element(_ id: String) -> Substring {
            svg.components(separatedBy: "data-id=\"\(id)\"")[1].prefix { $0 != ">" }
        }
        #expect(element("room").contains("fill=\"\(Theme.light.unitFill(forCategory: "room"))\""))
        #expect(element("wc").contains("fill=\"\(Theme.light.unitFill(forCategory: "restroom.female"))\""))
        #expect(element("lift").contains("fill=\"\(Theme.light.unitFill(forCategory: "elevator"))\""))
        // Context below units, the door drawn over them in the walkway colour.
        let order = ["data-id=\"venue\"", "data-id=\"level-0\"", "data-id=\"room\"", "data-id=\"door\""].map {
            svg.range(of: $0)!.lowerBound
        }
        #expect(order == order.sorted())
        #expect(element("door").contains("stroke=\"\(Theme.light.unitFills[.walkway]!)\""))
        // Amenity as a small symbol, occupant as a name, anchor not drawn.
        #expect(svg.contains("class=\"amenity\" data-id=\"toilets\""))
        #expect(svg.contains(">WC</text>"))
        #expect(snapshot.placedLabels.contains("Pharmacy"))
        #expect(!svg.contains("data-id=\"anchor\""))
    }
}
