import Foundation
import MeridianCore
import Testing

@testable import MeridianIMDF

@Suite struct IMDFModelTests {
    typealias V = VenueBuilder

    @Test func labelsFallBackThroughTheLanguageChain() {
        let labels = IMDF.Labels(["ja-JP": "中央改札", "en": "Central Gate", "zh-Hant": "中央閘口"])
        #expect(labels["EN"] == "Central Gate")
        #expect(labels.text(for: ["en-GB"]) == "Central Gate")
        #expect(labels.text(for: ["zh-Hant-TW"]) == "中央閘口")
        #expect(labels.text(for: ["ja"]) == "中央改札")
        #expect(labels.text(for: ["fr"]) == "中央改札")
        #expect(labels.text(for: ["fr"], fallback: "en-US") == "Central Gate")
        #expect(IMDF.Labels([:]).text(for: ["en"]) == nil)
    }

    @Test func categoriesAreOpenEnumerations() {
        let known: IMDF.UnitCategory = .restroomFemaleWheelchair
        #expect(known.rawValue == "restroom.female.wheelchair" && known.isKnown)
        let unknown = IMDF.AmenityCategory(rawValue: "toilet")
        #expect(!unknown.isKnown && unknown.rawValue == "toilet")
        #expect(IMDF.AmenityCategory.knownValues.count == 172)
        #expect(IMDF.OccupantCategory(rawValue: "cafe").isKnown)
    }

    @Test func typedPropertiesAreRead() throws {
        var venue = V()
        venue.set(V.openingID, "door", ["type": "sliding", "automatic": true, "material": "glass"])
        venue.set(V.openingID, "accessibility", ["wheelchair"])
        venue.set(V.occupantID, "validity", ["start": "2026-01-01T00:00:00Z", "end": "2026-12-31T23:59:59Z"])
        let archive = venue.archive
        let opening = try #require(archive.opening(withID: V.openingID))
        #expect(opening.door == IMDF.Door(type: .sliding, automatic: true, material: .glass))
        #expect(opening.accessibility == [.wheelchair])
        #expect(opening.category == .pedestrian)
        let occupant = try #require(archive.occupant(withID: V.occupantID))
        #expect(occupant.validity?.end == "2026-12-31T23:59:59Z")
        let level = try #require(archive.level(withID: V.levelID))
        #expect(level.ordinal == 0 && level.outdoor == false && level.shortName?["en"] == "G")
        #expect(archive.manifest?.language == "en")
        #expect(
            archive.unit(withID: V.unitA)?.geometry?.contains(
                Coordinate(latitude: 52.2 + 5 * V.dy, longitude: 0.1 + 5 * V.dx)) == true)
    }

    @Test func theVenueGraphIsResolved() throws {
        var venue = V()
        // An outdoor level at ordinal 0 as well: the indoor one is preferred.
        venue.add(
            "level", id: "b0000001-0000-4000-8000-000000000001", geometry: V.rect(0, 0, 20, 10),
            [
                "category": "unspecified", "outdoor": true, "ordinal": 0, "name": ["en": "Garden"],
                "short_name": ["en": "GG"],
            ])
        let archive = venue.archive
        #expect(archive.venue?.id == V.venueID)
        #expect(archive.levelGroups.count == 1)
        #expect(archive.levelGroups[0].levels.count == 2)
        #expect(archive.levelGroups[0].preferred.id == V.levelID)
        let contents = archive.contents(ofLevel: V.levelID)
        #expect(contents.units.map(\.id) == [V.unitA, V.unitB])
        #expect(contents.openings.map(\.id) == [V.openingID])
        #expect(archive.amenities(inUnit: V.unitB).map(\.id) == [V.amenityID])
        #expect(archive.units(ofAmenity: archive.amenities[0]).map(\.id) == [V.unitB])
        #expect(archive.occupants(inUnit: V.unitA).map(\.id) == [V.occupantID])
        #expect(archive.unit(of: archive.occupants[0])?.id == V.unitA)
        #expect(archive.feature(withID: V.anchorID)?.featureType == .anchor)
        #expect(archive.unit(withID: V.levelID) == nil)
        #expect(archive.languages == ["en", "fr"])
    }

    @Test func everyFeatureIsAlsoAPlainFeature() {
        let archive = V().archive
        let features = archive.features()
        #expect(features.count == 9)
        #expect(features.first?.foreignMembers["feature_type"] == "venue")
        #expect(features.allSatisfy { $0.foreignMembers["feature_type"]?.stringValue != nil })
        let ground = archive.features(onOrdinal: 0)
        let types = ground.compactMap { $0.foreignMembers["feature_type"]?.stringValue }
        #expect(types == ["level", "unit", "unit", "opening", "amenity", "anchor", "occupant"])
    }

    @Test func formatsAreChecked() {
        #expect(Formats.isCanonicalUUIDv4("a1000002-0000-4000-8000-000000000002"))
        #expect(!Formats.isCanonicalUUIDv4("A1000002-0000-4000-8000-000000000002"))
        #expect(!Formats.isUUID("a1000002-0000-4000-8000-00000000000"))
        #expect(Formats.isLanguageTag("zh-Hant-TW") && Formats.isLanguageTag("es-419") && !Formats.isLanguageTag("e"))
        #expect(Formats.isPhone("+44 1223 245151") && !Formats.isPhone("01223 245151"))
        #expect(Formats.isDateTime("2023-08-30T14:32:21.299Z") && Formats.isDateTime("2018-05-23T15:05:54+01:00"))
        #expect(!Formats.isDateTime("2018-05-23"))
        #expect(Formats.isSubdivisionCode("GB-CAM") && !Formats.isSubdivisionCode("Tokyo"))
    }

    @Test func spatialIndexFindsWhatABruteForceScanFinds() {
        var generator = SystemRandomNumberGenerator()
        let rects = (0..<2_000).map { _ in
            MapRect(
                x: Double.random(in: 0...10_000, using: &generator),
                y: Double.random(in: 0...10_000, using: &generator),
                width: Double.random(in: 1...200, using: &generator),
                height: Double.random(in: 1...200, using: &generator))
        }
        let index = SpatialIndex(rects.enumerated().map { ($1, $0) })
        #expect(index.count == 2_000)
        for _ in 0..<50 {
            let query = MapRect(
                x: Double.random(in: 0...10_000, using: &generator),
                y: Double.random(in: 0...10_000, using: &generator),
                width: 500, height: 500)
            var found: [Int] = []
            index.search(query) {
                found.append($0)
                return true
            }
            let expected = rects.indices.filter {
                rects[$0].minX <= query.maxX && query.minX <= rects[$0].maxX && rects[$0].minY <= query.maxY
                    && query.minY <= rects[$0].maxY
            }
            #expect(found.sorted() == expected)
        }
    }
}
