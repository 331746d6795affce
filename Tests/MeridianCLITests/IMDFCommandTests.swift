import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// `meridian info | validate | convert` on IMDF archives, end to end.
@Suite struct IMDFCommandTests {
    @Test func infoSummarisesTheSampleVenue() throws {
        let result = try CLI.run(["info", Samples.path("meridian-arcade.zip")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("IMDF archive (zip)"))
        #expect(result.stdout.contains("unit          21"))
        #expect(result.stdout.contains("languages: en-GB, en, fr"))
        let json = try CLI.run(["info", "--format", "json", Samples.path("meridian-arcade")])
        let value = try JSONValue(parsing: json.stdoutBytes)
        #expect(value["features"]?["occupant"] == 11)
        #expect(value["levels"]?.arrayValue?.map { $0["ordinal"] } == [1, 0])
    }

    @Test func validateExitsZeroOnTheSample() throws {
        let result = try CLI.run(["validate", Samples.path("meridian-arcade.zip")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("0 errors, 0 warnings in 1 file"))
    }

    @Test(.requires(fixture: "imdf/minimal-imdf"))
    func validateExitsOneOnViolationsAndPrintsThem() throws {
        let path = Fixtures.url("imdf/minimal-imdf").path
        let result = try CLI.run(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("VIOLATION imdf.reference.unresolved"))
        #expect(result.stdout.contains("(feature a1000009-0000-4000-8000-0000000000c2, property anchor_id)"))
        let json = try CLI.run(["validate", "--format", "json", path])
        #expect(json.status == 1)
        let value = try JSONValue(parsing: json.stdoutBytes)
        #expect(value["summary"]?["errors"] == 3)
        let first = value["files"]?.arrayValue?.first?["diagnostics"]?.arrayValue?.first { $0["severity"] == "error" }
        #expect(first?["featureId"]?.stringValue != nil)
    }

    @Test(.requires(fixture: "imdf/Addenbrookes_Final_IMDF"))
    func warningsFailOnlyWithStrict() throws {
        let path = Fixtures.url("imdf/Addenbrookes_Final_IMDF").path
        #expect(try CLI.run(["validate", path]).status == 0)
        #expect(try CLI.run(["validate", "--strict", path]).status == 1)
    }

    @Test func validateRejectsWhatIsMissing() throws {
        let missing = try CLI.run(["validate", "/no/such/venue.zip"])
        #expect(missing.status == 3)
    }

    @Test func convertWritesTheVenueOrOneLevelAsGeoJSON() throws {
        try withTemporaryFolder { folder in
            let all = folder.appendingPathComponent("venue.geojson").path
            #expect(try CLI.run(["convert", Samples.path("meridian-arcade.zip"), "-o", all]).status == 0)
            let document = try GeoJSONDocument(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: all))))
            #expect(document.featureCollection.features.count == 80)
            #expect(document.featureCollection.features[0].foreignMembers["feature_type"] == "venue")

            let first = folder.appendingPathComponent("level1.geojson").path
            #expect(
                try CLI.run(["convert", Samples.path("meridian-arcade.zip"), "-o", first, "--level", "1"]).status == 0)
            let level = try GeoJSONDocument(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: first))))
            let types = Set(
                level.featureCollection.features.compactMap { $0.foreignMembers["feature_type"]?.stringValue })
            #expect(types == ["level", "unit", "opening", "section", "kiosk", "amenity", "anchor", "occupant"])

            let unknown = try CLI.run(["convert", Samples.path("meridian-arcade.zip"), "-o", first, "--level", "7"])
            #expect(unknown.status == 2 && unknown.stderr.contains("ordinal 7"))
        }
    }
}
