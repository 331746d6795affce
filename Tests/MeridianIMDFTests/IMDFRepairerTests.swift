import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianIMDF

/// `IMDFRepairer`: ids and their references, geometry, slivers and display
/// points, each fix checked by validating the written archive again.
@Suite struct IMDFRepairerTests {
    typealias V = VenueBuilder

    /// Repairs, writes the zip, reads it back.
    func repaired(_ venue: V) throws -> (IMDFRepairer.Result, IMDFArchive) {
        let result = try IMDFRepairer().repair(venue.source)
        var archive: IMDFArchive?
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("fixed.zip").path
            try Data(result.archive).write(to: URL(fileURLWithPath: path))
            archive = try IMDFArchive(contentsOf: path)
        }
        return (result, try #require(archive))
    }

    @Test func aCleanVenueIsLeftAlone() throws {
        let (result, _) = try repaired(V())
        #expect(result.changes.isEmpty, "\(result.changes)")
        #expect(result.changedFeatures == 0)
    }

    @Test func idsBecomeCanonicalAndReferencesFollow() throws {
        var venue = V()
        for id in [V.unitA, V.unitB, V.openingID] { venue.set(id, "level_id", "ground-floor") }
        venue.edit(V.levelID) { $0["id"] = "ground-floor" }
        let upper = V.unitA.uppercased()
        venue.edit(V.unitA) { $0["id"] = .string(upper) }
        venue.set(V.anchorID, "unit_id", .string(upper))
        let (result, archive) = try repaired(venue)
        let codes = result.changes.map(\.code)
        #expect(codes.filter { $0 == "fix.id.regenerated" }.count == 2, "\(codes)")
        #expect(archive.unit(withID: V.unitA) != nil)
        #expect(archive.anchor(withID: V.anchorID)?.unitID == V.unitA)
        let level = try #require(archive.levels.first)
        #expect(level.id != "ground-floor" && Formats.isCanonicalUUIDv4(level.id))
        #expect(archive.units(onLevel: level.id).count == 2)
        let again = IMDFValidator().validate(archive)
        #expect(again.with(.referenceUnresolved).isEmpty && again.with(.idNotUUID).isEmpty)
        // A rerun derives the same ids.
        #expect(try repaired(venue).1.levels.first?.id == level.id)
    }

    @Test func aFixThatWouldCollideGetsAnotherId() throws {
        var venue = V()
        // An upper-case copy of unit B's id: lower-casing it would make two unit Bs.
        venue.add(
            "unit", id: .string(V.unitB.uppercased()), geometry: V.rect(0, 0, 5, 5),
            ["category": "room", "level_id": .string(V.levelID), "display_point": V.point(2, 2)])
        let (result, archive) = try repaired(venue)
        let note = try #require(result.changes.first { $0.code == "fix.id.regenerated" })
        #expect(note.message.contains("already another feature's"), "\(note.message)")
        #expect(Set(archive.units.map(\.id)).count == 3)
        #expect(IMDFValidator().validate(archive).with(.featureIdMustBeUnique).isEmpty)
    }

    @Test func sharedIdsAreLeftAloneWithAWarning() throws {
        var venue = V()
        venue.add(
            "fixture", id: "same", geometry: V.rect(1, 1, 3, 3),
            ["category": "furniture", "level_id": .string(V.levelID)])
        venue.add(
            "fixture", id: "same", geometry: V.rect(5, 5, 7, 7),
            ["category": "furniture", "level_id": .string(V.levelID)])
        let (result, _) = try repaired(venue)
        #expect(result.changes.filter { $0.code == "fix.id.ambiguous" }.count == 1)
        #expect(!result.changes.contains { $0.code == "fix.id.regenerated" && $0.location.featureID == "same" })
    }

    @Test func displayPointsOutsideMoveInside() throws {
        var venue = V()
        venue.set(V.unitA, "display_point", V.point(15, 5))  // in unit B
        let (result, archive) = try repaired(venue)
        #expect(result.changes.map(\.code) == ["fix.display-point.moved"])
        let unit = try #require(archive.unit(withID: V.unitA))
        let point = try #require(unit.displayPoint)
        #expect(unit.geometry?.contains(point) == true)
        #expect(IMDFValidator().validate(archive).with(.displayPointOutside).isEmpty)
    }

    @Test func sliversAreRemovedUnlessReferenced() throws {
        var venue = V()
        let sliverID = "a0000013-0000-4000-8000-000000000013"
        venue.add(
            "fixture", id: .string(sliverID), geometry: V.rect(1, 1, 5, 1.02),
            ["category": "furniture", "level_id": .string(V.levelID), "display_point": V.point(2, 1.01)])
        venue.edit(V.unitB) { $0["geometry"] = V.rect(10, 0, 10.02, 10) }  // the amenity refers to unit B
        let (result, archive) = try repaired(venue)
        #expect(result.changes.contains { $0.code == "fix.sliver.removed" && $0.location.featureID == sliverID })
        #expect(archive.fixtures.isEmpty)
        #expect(result.changes.contains { $0.code == "fix.sliver.kept" && $0.location.featureID == V.unitB })
        #expect(archive.unit(withID: V.unitB) != nil)
    }

    @Test func aBowTieUnitIsMadeValid() throws {
        var venue = V()
        venue.edit(V.unitA) {
            $0["geometry"] = [
                "type": "Polygon", "coordinates": [[V.xy(0, 0), V.xy(10, 10), V.xy(10, 0), V.xy(0, 10), V.xy(0, 0)]],
            ]
        }
        let (result, archive) = try repaired(venue)
        #expect(result.changes.map(\.code).contains("fix.geometry.made-valid"))
        #expect(IMDFValidator().validate(archive).with(.selfIntersection).isEmpty)
    }

    @Test func derivedIdsAreVersion4() {
        for seed in ["a", "ground-floor", "", "ünïcode"] {
            #expect(Formats.isCanonicalUUIDv4(IMDFRepairer.Work.derivedUUID(seed)))
        }
        #expect(IMDFRepairer.Work.derivedUUID("a") != IMDFRepairer.Work.derivedUUID("b"))
    }

    /// Real venues: after fix, no display point lies outside its feature
    /// or off its opening, and no opening is a one-line MultiLineString.
    @Test(.requiresFixtures, arguments: ["CPC4_Final_IMDF", "Addenbrookes_Final_IMDF", "Combined_IMDF_CPC4"])
    func realVenuesComeOutCleaner(_ name: String) throws {
        let source = try IMDFSource(path: Fixtures.url("imdf/\(name)").path)
        let result = try IMDFRepairer().repair(source)
        #expect(!result.changes.isEmpty)
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("fixed.zip").path
            try Data(result.archive).write(to: URL(fileURLWithPath: path))
            let found = IMDFValidator().validate(try IMDFArchive(contentsOf: path))
            for rule in [
                IMDFRule.displayPointOutside, .displayPointOffLine, .displayPointMissing, .geometrySinglePartMulti,
            ] {
                #expect(found.with(rule).isEmpty, "\(rule): \(found.with(rule).prefix(2))")
            }
            let before = IMDFValidator().validate(IMDFArchive(source: source))
            #expect(found.violations.count <= before.violations.count)
        }
    }
}
