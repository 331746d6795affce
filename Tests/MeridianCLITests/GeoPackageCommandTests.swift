import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// GeoPackage through the front door.
@Suite(.requiresFixtures)
struct GeoPackageCommandTests {
    @Test func convertWritesAndReadsAGeoPackage() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("places.gpkg").path
            let written = try CLI.run([
                "convert", Fixtures.url("geojson/real/ne_50m_populated_places.json").path, "-o", path,
            ])
            #expect(written.status == 0, "\(written.stderr)")
            let info = try CLI.run(["info", path])
            #expect(
                info.stdout.contains("layout      gpkg") && info.stdout.contains("features    1249"), "\(info.stdout)")
            let back = try CLI.run(["convert", path, "--to", "ndjson", "--layer", "places", "--limit", "2"])
            #expect(back.stdout.split(separator: "\n").count == 2)
            let unknown = try CLI.run(["convert", path, "--layer", "nope"])
            #expect(
                unknown.status == 3 && unknown.stderr.contains("[gpkg.layer.unknown]")
                    && unknown.stderr.contains("places"))
            #expect(try CLI.run(["validate", path]).status == 0)
        }
    }

    @Test func aGeoPackageOnStandardInputIsRefusedClearly() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("p.gpkg").path
            _ = try CLI.run(["convert", Samples.path("cambridge-landmarks.geojson"), "-o", path])
            let result = try CLI.run(["info", "-"], stdin: try Fixtures.bytes(URL(fileURLWithPath: path)))
            #expect(result.status == 3 && result.stderr.contains("give it as a file"))
        }
    }
}
