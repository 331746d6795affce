import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianIMDF

/// The checks that compare features with each other's outlines: units
/// inside their level, levels inside their building's footprints, no
/// feature pasted twice, and GEOS validity beyond self-intersections.
@Suite struct IMDFContainmentTests {
    typealias V = VenueBuilder
    static let buildingID = "a0000010-0000-4000-8000-000000000010"
    static let footprintID = "a0000011-0000-4000-8000-000000000011"

    @Test func theTestVenueIsClean() {
        let found = V().validate()
        for rule in [IMDFRule.unitOutsideLevel, .levelOutsideFootprint, .geometryDuplicate] {
            #expect(found.with(rule).isEmpty)
        }
    }

    @Test func aUnitReachingOutOfItsLevelIsReported() {
        var venue = V()
        venue.edit(V.unitB) { $0["geometry"] = V.rect(10, 0, 23, 10) }  // 3 m past the level's east wall
        let found = venue.validate().with(.unitOutsideLevel)
        #expect(found.count == 1 && found[0].location.featureID == V.unitB)
        #expect(found.first?.message.hasPrefix("the unit reaches 29.") == true, "\(found)")  // 3 m x 10 m, less the tolerance
    }

    @Test func aUnitWithinTheToleranceIsNot() {
        var venue = V()
        venue.edit(V.unitB) { $0["geometry"] = V.rect(10, 0, 20.03, 10) }  // 3 cm: a drawing tolerance
        #expect(venue.validate().with(.unitOutsideLevel).isEmpty)
    }

    func venueWithBuilding(footprint: JSONValue) -> V {
        var venue = V()
        venue.add(
            "building", id: .string(Self.buildingID), geometry: nil,
            ["category": "unspecified", "display_point": V.point(10, 5)])
        venue.add(
            "footprint", id: .string(Self.footprintID), geometry: footprint,
            ["category": "ground", "building_ids": [.string(Self.buildingID)]])
        venue.set(V.levelID, "building_ids", [.string(Self.buildingID)])
        return venue
    }

    @Test func aLevelLargerThanItsFootprintIsReported() {
        #expect(venueWithBuilding(footprint: V.rect(0, 0, 20, 10)).validate().with(.levelOutsideFootprint).isEmpty)
        let found = venueWithBuilding(footprint: V.rect(0, 0, 15, 10)).validate().with(.levelOutsideFootprint)
        #expect(found.count == 1 && found[0].location.featureID == V.levelID)
    }

    @Test func aFeaturePastedTwiceIsReported() {
        var venue = V()
        venue.add(
            "unit", id: "a0000012-0000-4000-8000-000000000012", geometry: V.rect(0, 0, 10, 10),
            ["category": "room", "level_id": .string(V.levelID), "display_point": V.point(5, 5)])
        let found = venue.validate().with(.geometryDuplicate)
        #expect(found.count == 1)
        #expect(found.first?.message.contains(V.unitA) == true)
    }

    @Test func aHoleOutsideItsShellKeepsItsGeometryCode() {
        var venue = V()
        venue.edit(V.unitA) {
            $0["geometry"] = [
                "type": "Polygon",
                "coordinates": [
                    [V.xy(0, 0), V.xy(10, 0), V.xy(10, 10), V.xy(0, 10), V.xy(0, 0)],
                    [V.xy(12, 1), V.xy(12, 2), V.xy(13, 2), V.xy(12, 1)],
                ],
            ]
        }
        let found = venue.validate().filter { $0.code == "geometry.hole.outside" }
        #expect(found.count == 1 && found[0].location.featureID == V.unitA && found[0].severity == .error)
    }

    /// A real venue: one of CPC4's levels reaches 14 m^2 past its
    /// building's footprint (shapely: 17 m^2 without the 5 cm tolerance).
    @Test(.requiresFixtures)
    func cpc4sLevelReachesPastItsFootprint() throws {
        let archive = try IMDFArchive(contentsOf: Fixtures.url("imdf/CPC4_Final_IMDF").path)
        let found = IMDFValidator().validate(archive).with(.levelOutsideFootprint)
        #expect(found.count == 1)
    }
}
