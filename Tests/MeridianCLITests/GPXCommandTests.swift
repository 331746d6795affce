import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// GPX and TCX through the front door: detected by content, converted,
/// validated and summarised like any other input.
@Suite(.requiresFixtures)
struct GPXCommandTests {
    static let run = Fixtures.url("gpx/togeojson/run.gpx").path

    @Test func aGPXOnStandardInputIsDetectedAndConverted() throws {
        let result = try CLI.run(
            ["convert", "-", "--to", "ndjson"], stdin: try Fixtures.bytes(URL(fileURLWithPath: Self.run)))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"_gpxType\":\"trk\"") && result.stdout.contains("\"heart\":["))
    }

    @Test func aTCXConvertsToKML() throws {
        let result = try CLI.run(["convert", Fixtures.url("gpx/togeojson/tour_hr.tcx").path, "--to", "kml"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<gx:Track>") && result.stdout.contains("<when>"))  // the times make a track
    }

    @Test func validateAndInfoUnderstandGPX() throws {
        let validation = try CLI.run(["validate", Self.run])
        #expect(validation.status == 0, "\(validation.stdout)")
        let broken = try CLI.run(["validate", Fixtures.url("gpx/togeojson/bad.gpx").path, "--format", "ndjson"])
        #expect(broken.stdout.contains("gpx.point.invalid"))
        let info = try CLI.run(["info", Self.run])
        #expect(info.status == 0 && info.stdout.contains("layout      gpx"), "\(info.stdout)")
    }

    @Test func aTruncatedGPXFailsWithStatus3AndNoOutput() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("out.geojson").path
            let text = String(decoding: try Fixtures.bytes(URL(fileURLWithPath: Self.run)), as: UTF8.self)
            let result = try CLI.run(["convert", "-", "-o", output], stdin: Array(text.prefix(2_000).utf8))
            #expect(result.status == 3)
            #expect(result.stderr.contains("kml.xml.syntax") && result.stderr.contains("<stdin>:"))
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }
}
