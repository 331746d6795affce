import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// The IMDF -> snapshot glue, one test per rule of Apple's "Displaying an
/// Indoor Map" sample and of `meridian render --level`.
@Suite struct IMDFLevelLayerTests {
    // MARK: Which level

    @Test func theIndoorLevelIsPreferredPerOrdinal() throws {
        let archive = Glue.twoLevelsAtGround()
        let ground = try IMDFLevelLayer(archive: archive, ordinal: 0)
        #expect(ground.level.id == "indoor-0")
        #expect(ground.title == "Ground Floor")
        let units = ground.features.filter { Glue.type($0) == "unit" }.map { $0.id?.description }
        #expect(units == ["hall"], "the outdoor level's units are not drawn")
    }

    @Test func theDefaultOrdinalIsGroundElseTheLowest() throws {
        #expect(IMDFLevelLayer.defaultOrdinal(in: try Glue.arcade()) == 0)
        #expect(try IMDFLevelLayer(archive: try Glue.arcade()).ordinal == 0)
        var files: [String: [UInt8]] = [:]
        for (name, bytes) in try Self.arcadeFiles() { files[name] = bytes }
        // Move the floors up to 3 and 5: the lowest (3) is the default.
        let levels = String(decoding: files["level.geojson"]!, as: UTF8.self)
            .replacingOccurrences(of: "\"ordinal\": 1", with: "\"ordinal\": 5")
            .replacingOccurrences(of: "\"ordinal\": 0", with: "\"ordinal\": 3")
        files["level.geojson"] = Array(levels.utf8)
        let raised = IMDFArchive(source: IMDFSource(files: files))
        #expect(IMDFLevelLayer.defaultOrdinal(in: raised) == 3)
        #expect(try IMDFLevelLayer(archive: raised).title == "Ground Floor")
    }

    @Test func anUnknownLevelIsAnErrorListingTheOrdinalsThatExist() throws {
        let error = #expect(throws: DiagnosticError.self) { try IMDFLevelLayer(archive: try Glue.arcade(), ordinal: 7) }
        #expect(error?.diagnostic.code == "imdf.level.unknown")
        #expect(error?.diagnostic.message.contains("ordinals: 0, 1") == true)
        #expect(error?.diagnostic.location.file?.hasSuffix("meridian-arcade") == true)
    }

    @Test func anArchiveWithoutLevelsIsAnError() throws {
        let files: [String: [UInt8]] = ["manifest.json": Array(#"{"version":"1.0.0","language":"en"}"#.utf8)]
        let error = #expect(throws: DiagnosticError.self) {
            try IMDFLevelLayer(archive: IMDFArchive(source: IMDFSource(files: files)))
        }
        #expect(error?.diagnostic.code == "imdf.level.missing")
    }

    // MARK: What is drawn

    @Test func everyFeatureCarriesFeatureTypeCategoryAndName() throws {
        let layer = try IMDFLevelLayer(archive: try Glue.arcade(), ordinal: 0)
        for feature in layer.features {
            #expect(feature.properties["feature_type"]?.stringValue != nil)
            #expect(feature.properties.index(forKey: "category") != nil)
            #expect(feature.properties.index(forKey: "name") != nil)
            // One string, never a LABELS object: the language is chosen here.
            if let name = feature.properties["name"], name != .null { #expect(name.stringValue != nil) }
        }
        let types = Set(layer.features.compactMap(Glue.type))
        #expect(types == ["venue", "footprint", "level", "unit", "fixture", "opening", "amenity", "occupant"])
        let upstairs = Set(try IMDFLevelLayer(archive: try Glue.arcade(), ordinal: 1).features.compactMap(Glue.type))
        #expect(upstairs.isSuperset(of: ["section", "kiosk"]))
        #expect(!types.contains("anchor"), "anchors only place occupants")
    }

    @Test func contextLiesBeneathTheLevelAndTheLevelBeneathItsUnits() throws {
        let types = try IMDFLevelLayer(archive: try Glue.arcade(), ordinal: 0).features.compactMap(Glue.type)
        #expect(Array(types.prefix(3)) == ["venue", "footprint", "level"])
        #expect(types.firstIndex(of: "unit")! < types.firstIndex(of: "opening")!)
    }

    @Test func unitsAreFilledByTheThemesCategoryGroups() throws {
        for theme in [Theme.light, Theme.dark] {
            let layer = try IMDFLevelLayer(archive: try Glue.arcade(), ordinal: 1, theme: theme)
            let indoor = IndoorTheme(matching: theme)
            let units = layer.features.filter { Glue.type($0) == "unit" }
            #expect(units.count == 11)
            for unit in units {
                let category = unit.properties["category"]?.stringValue ?? ""
                #expect(unit.properties["fill"]?.stringValue == indoor.unitFill(forCategory: category))
                #expect(unit.properties["stroke"]?.stringValue == indoor.unitStroke)
            }
            let fills = Set(units.compactMap { $0.properties["fill"]?.stringValue })
            #expect(fills.count == 4, "room, restroom, lift/stairs and walkway read apart")
        }
    }

    @Test func openingsAreDrawnInTheWalkwayColourAboveUnits() throws {
        let layer = try IMDFLevelLayer(archive: try Glue.arcade(), ordinal: 0)
        let openings = layer.features.filter { Glue.type($0) == "opening" }
        #expect(openings.count == 10)
        #expect(openings.allSatisfy { $0.properties["stroke"]?.stringValue == IndoorTheme.light.unitFills[.walkway] })
        let svg = String(
            decoding: try Snapshotter(options: Snapshotter.Options(layers: [layer.layer])).snapshot().bytes,
            as: UTF8.self)
        let lastUnit = try #require(svg.range(of: "data-feature-type=\"unit\"", options: .backwards))
        let firstOpening = try #require(svg.range(of: "data-feature-type=\"opening\""))
        #expect(lastUnit.lowerBound < firstOpening.lowerBound)
    }

    @Test func occupantsArePlacedAtTheirAnchorsWithTheirNames() throws {
        let archive = try Glue.arcade()
        let layer = try IMDFLevelLayer(archive: archive, ordinal: 0)
        let occupants = layer.features.filter { Glue.type($0) == "occupant" }
        #expect(occupants.count == 6)
        for feature in occupants {
            let occupant = try #require(archive.occupant(withID: feature.id!.description))
            let anchor = try #require(archive.anchor(withID: occupant.anchorID!))
            #expect(feature.geometry == .point(anchor.coordinate!))
            #expect(feature.properties["name"]?.stringValue == occupant.name?.text(for: ["en"]))
            #expect(feature.properties["unit_id"]?.stringValue == anchor.unitID)
        }
        let beanThere = try #require(occupants.first { $0.properties["name"] == "Bean There" })
        #expect(beanThere.properties["category"] == "cafe")
        // The snapshot labels the occupant at its anchor.
        let snapshot = try Snapshotter(options: Snapshotter.Options(layers: [layer.layer])).snapshot()
        #expect(snapshot.placedLabels.contains("Bean There"))
    }

    @Test func anOccupiedUnitLeavesItsNameToItsOccupant() throws {
        let layer = try IMDFLevelLayer(archive: try Glue.arcade(), ordinal: 0)
        let units = layer.features.filter { Glue.type($0) == "unit" }
        let beanThere = try #require(units.first { $0.id?.description == "44d09f3d-38c2-4ebb-95ba-b91cd20b52cf" })
        #expect(beanThere.properties["name"] == .null, "the occupant's label names it once")
        #expect(units.contains { $0.properties["name"] == "Arcade" }, "an unoccupied walkway keeps its name")
        let snapshot = try Snapshotter(options: Snapshotter.Options(layers: [layer.layer])).snapshot()
        #expect(snapshot.placedLabels.filter { $0 == "Bean There" }.count == 1)
    }

    @Test func amenitiesArePointsWithTheirCategoryOnce() throws {
        let layer = try IMDFLevelLayer(archive: try Glue.arcade(), ordinal: 1)
        let amenities = layer.features.filter { Glue.type($0) == "amenity" }
        #expect(
            amenities.map { $0.properties["category"]?.stringValue ?? "" }.sorted() == [
                "elevator", "restroom.female", "restroom.male",
            ])
        #expect(amenities.allSatisfy { if case .point? = $0.geometry { true } else { false } })
        #expect(amenities.allSatisfy { $0.properties["marker-color"]?.stringValue == IndoorTheme.light.amenityTint })
        #expect(Set(amenities.compactMap { $0.id?.description }).count == amenities.count)
    }

    @Test func namesFollowTheReadersLanguageThenTheManifests() throws {
        let archive = try Glue.arcade()
        #expect(archive.manifest?.language == "en-GB")
        #expect(try IMDFLevelLayer(archive: archive, ordinal: 0).title == "Ground Floor", "en-GB falls back to en")
        let french = try IMDFLevelLayer(archive: archive, ordinal: 0, languages: ["fr-CA"])
        #expect(french.title == "Rez-de-chaussée")
        // A name with no French text falls back to the manifest's language.
        #expect(french.features.contains { $0.properties["name"] == "Bean There" })
    }

    @Test func theLevelsNameIsTheTitleAndContextIsNotLabelled() throws {
        let options = Snapshotter.Options(layers: [try Layer(venue: try Glue.arcade(), levelOrdinal: 1)])
        let snapshot = try Snapshotter(options: options).snapshot()
        let svg = String(decoding: snapshot.bytes, as: UTF8.self)
        #expect(svg.contains("<title id=\"map-title\">First Floor</title>"))
        #expect(!snapshot.placedLabels.contains("First Floor") && !snapshot.placedLabels.contains("Meridian Arcade"))
    }

    @Test func theFloorPlanFillsTheImage() throws {
        // A 60 m building is fitted, not shown inside the 1 km a single place gets.
        let options = Snapshotter.Options(layers: [try Layer(venue: try Glue.arcade())])
        let snapshot = try Snapshotter(options: options).snapshot()
        let west = snapshot.point(for: Coordinate(latitude: 52.2053, longitude: 0.1218))
        let east = snapshot.point(for: Coordinate(latitude: 52.2053, longitude: 0.12267766))
        #expect(east.x - west.x > 800)
    }

    @Test func theZippedAndTheFolderSampleGiveTheSameLayer() throws {
        let zipped = try IMDFLevelLayer(
            archive: try IMDFArchive(contentsOf: Samples.path("meridian-arcade.zip")), ordinal: 1)
        let folder = try IMDFLevelLayer(archive: try Glue.arcade(), ordinal: 1)
        #expect(zipped.features == folder.features)
    }

    // MARK: Real data

    @Test(.requires(fixture: "imdf/Addenbrookes_Final_IMDF"))
    func addenbrookesGroundFloorIsDrawnWhole() throws {
        let path = Fixtures.url("imdf/Addenbrookes_Final_IMDF").path
        let layer = try IMDFLevelLayer(archive: try IMDFArchive(contentsOf: path))
        #expect(layer.ordinal == 0 && layer.title == "Ground Floor")
        func count(_ type: String) -> Int { layer.features.filter { Glue.type($0) == type }.count }
        #expect(count("unit") == 72 && count("opening") == 75 && count("amenity") == 11)
        #expect(count("occupant") == 37)
        let snapshot = try Snapshotter(options: Snapshotter.Options(layers: [layer.layer])).snapshot()
        #expect(snapshot.placedLabels.contains("Radiotherapy"))
    }

    // MARK: -

    static func arcadeFiles() throws -> [(String, [UInt8])] {
        let folder = Samples.path("meridian-arcade")
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map { name in
            (name, Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))))
        }
    }
}
