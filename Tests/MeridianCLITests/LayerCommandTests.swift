import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// `convert --layer` on multi-layer inputs.
@Suite struct LayerCommandTests {
    @Test func anIMDFFeatureType() throws {
        let result = try CLI.run(["convert", Samples.path("meridian-arcade.zip"), "--layer", "unit", "--to", "ndjson"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 21 && lines.allSatisfy { $0.contains("\"feature_type\":\"unit\"") })
    }

    @Test(.requiresFixtures)
    func aGPXsWaypoints() throws {
        let result = try CLI.run([
            "convert", Fixtures.url("gpx/togeojson/blue_hills.gpx").path, "--layer", "waypoints", "--to", "ndjson",
        ])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(!lines.isEmpty && lines.allSatisfy { $0.contains("\"type\":\"Point\"") })
    }

    @Test func anUnknownLayerIsAWarningListingTheLayers() throws {
        let result = try CLI.run(["convert", Samples.path("meridian-arcade.zip"), "--layer", "units"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("[convert.layer.unknown]") && result.stderr.contains("\"unit\""))
    }
}
