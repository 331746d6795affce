import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianIMDF

/// The real archives in ../shared/fixtures/imdf (skipped when absent) and
/// the project's own sample venue.
@Suite struct IMDFConformanceTests {
    @Test(
        .requiresFixtures,
        arguments: ["Addenbrookes_Final_IMDF", "AddenbrookesIMDF_0Error.zip"])
    func addenbrookesHasNoViolation(_ name: String) throws {
        let diagnostics = try IMDFValidator().validate(path: Fixtures.url("imdf/\(name)").path)
        #expect(diagnostics.violations.isEmpty, "\(diagnostics.violations.map(\.description))")
    }

    @Test(.requiresFixtures)
    func addenbrookesDecodesIntoATypedVenue() throws {
        let archive = try IMDFArchive(contentsOf: Fixtures.url("imdf/Addenbrookes_Final_IMDF").path)
        #expect(archive.units.count == 72 && archive.openings.count == 75 && archive.amenities.count == 11)
        #expect(archive.anchors.count == 37 && archive.occupants.count == 37)
        #expect(archive.venue?.category == .businesscampus)
        #expect(archive.levelGroups.map(\.ordinal) == [0])
        #expect(archive.occupants.allSatisfy { archive.unit(of: $0) != nil })
        let zipped = try IMDFArchive(contentsOf: Fixtures.url("imdf/AddenbrookesIMDF_0Error.zip").path)
        #expect(zipped.container == .zip && zipped.units.count == 11)
    }

    @Test(.requiresFixtures)
    func cpc4ReportsTheDisplayPointViolationForEachUnit() throws {
        let archive = try IMDFArchive(contentsOf: Fixtures.url("imdf/CPC4_Final_IMDF").path)
        let diagnostics = IMDFValidator().validate(archive)
        let flagged = Set(
            diagnostics.violations.filter {
                $0.code.hasPrefix("imdf.display-point.") && $0.location.file?.hasSuffix("unit.geojson") == true
            }
            .compactMap(\.location.featureID))
        #expect(archive.units.count == 18)
        #expect(flagged == Set(archive.units.map(\.id)))
        // 17 points lie outside their unit; all 18 units share one point.
        #expect(diagnostics.with(.displayPointOutside).count == 17)
        #expect(diagnostics.with(.displayPointShared).count == 18)
    }

    @Test(.requiresFixtures)
    func combinedReportsEachListedProblem() throws {
        let diagnostics = try IMDFValidator().validate(path: Fixtures.url("imdf/Combined_IMDF_CPC4").path)
        // Openings as MultiLineString.
        #expect(diagnostics.with(.geometrySinglePartMulti).count == 16)
        // Units without display_point.
        #expect(
            diagnostics.with(.displayPointMissing).filter { $0.location.file?.hasSuffix("unit.geojson") == true }.count
                == 33)
        // Null occupant category: a violation.
        let categories = diagnostics.with(.propertyMissing).filter { $0.location.property == "category" }
        #expect(
            categories.count == 9 && categories.allSatisfy { $0.location.file?.hasSuffix("occupant.geojson") == true })
        // Beta manifest.
        #expect(diagnostics.with(.manifestPrerelease).count == 1)
        #expect(!diagnostics.violations.isEmpty)
    }

    @Test(.requiresFixtures)
    func minimalReportsEachListedProblem() throws {
        let archive = try IMDFArchive(contentsOf: Fixtures.url("imdf/minimal-imdf").path)
        #expect(archive.manifest?.language == "ja-JP")
        #expect(archive.levelGroups.map(\.ordinal) == [-1, 0, 1])
        #expect(archive.fixtures.count == 1 && archive.kiosks.count == 1)
        #expect(archive.venue?.name?.text(for: ["en"]) == "Tokyo Station Test Venue")
        let diagnostics = IMDFValidator().validate(archive)
        let categories = diagnostics.with(.categoryUnknown)
        #expect(
            Set(categories.compactMap { $0.location.file?.split(separator: "/").last.map(String.init) }) == [
                "amenity.geojson", "venue.geojson",
            ])
        #expect(
            diagnostics.with(.propertyUnknown).contains {
                $0.location.property == "postal_name" && $0.location.file?.hasSuffix("address.geojson") == true
            })
        let unresolved = diagnostics.with(.referenceUnresolved)
        #expect(
            unresolved.count == 1 && unresolved[0].location.property == "anchor_id"
                && unresolved[0].location.featureID == "a1000009-0000-4000-8000-0000000000c2")
    }

    @Test(arguments: ["meridian-arcade", "meridian-arcade.zip"])
    func theSampleVenueIsValid(_ name: String) throws {
        let archive = try IMDFArchive(contentsOf: Samples.path(name))
        let diagnostics = IMDFValidator().validate(archive)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        #expect(archive.venue?.name?.text(for: ["fr"]) == "Galerie Méridien")
        #expect(archive.levelGroups.map(\.ordinal) == [0, 1])
        #expect(archive.units.count == 21 && archive.occupants.count == 11)
        #expect(archive.fixtures.count == 1 && archive.sections.count == 1 && archive.kiosks.count == 1)
        #expect(archive.relationships.count == 1)
        #expect(archive.occupants.allSatisfy { archive.unit(of: $0) != nil })
    }

    @Test func theSampleFolderAndZipHoldTheSameFeatures() throws {
        let folder = try IMDFArchive(contentsOf: Samples.path("meridian-arcade"))
        let zip = try IMDFArchive(contentsOf: Samples.path("meridian-arcade.zip"))
        #expect(folder.features() == zip.features())
    }
}
