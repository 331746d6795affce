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

    /// Standard input redirected from a file is a file: a GeoPackage or a
    /// zip there is opened through it (it opened a file named `./-`).
    @Test func aGeoPackageOrAZipRedirectedFromAFileIsRead() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("p.gpkg").path
            _ = try CLI.run(["convert", Samples.path("cambridge-landmarks.geojson"), "-o", path])
            for (file, expected) in [(path, "features    6"), (Samples.path("meridian-arcade.zip"), "Meridian Arcade")]
            {
                let result = try CLI.run(
                    ["-c", #"exec "$0" info - < "$1""#, CLI.executable.path, file],
                    program: URL(fileURLWithPath: "/bin/sh"))
                #expect(result.status == 0 && result.stdout.contains(expected), "\(file): \(result.stderr)")
            }
        }
    }

    /// An input with layers keeps them: a GeoPackage table per IMDF
    /// feature type, read back layer by layer, and carried through a
    /// GeoPackage-to-GeoPackage conversion.
    @Test func layersOfTheInputBecomeTablesOfTheGeoPackage() throws {
        try withTemporaryFolder { folder in
            let venue = folder.appendingPathComponent("venue.gpkg").path
            let copy = folder.appendingPathComponent("copy.gpkg").path
            let written = try CLI.run(["convert", Samples.path("meridian-arcade"), "-o", venue])
            #expect(written.status == 0, "\(written.stderr)")
            let units = try CLI.run(["convert", Samples.path("meridian-arcade"), "--layer", "unit", "--to", "ndjson"])
            let unitCount = units.stdout.split(separator: "\n").count
            #expect(unitCount > 0)
            #expect(try CLI.run(["convert", venue, "-o", copy]).status == 0)
            for path in [venue, copy] {
                let back = try CLI.run(["convert", path, "--layer", "unit", "--to", "ndjson"])
                #expect(back.stdout.split(separator: "\n").count == unitCount)
                let none = try CLI.run(["convert", path, "--layer", "nope"])
                for type in ["venue", "level", "unit", "opening", "amenity", "occupant", "address"] {
                    #expect(none.stderr.contains(type), "\(path) has no \(type) layer: \(none.stderr)")
                }
            }
        }
    }

    @Test(.requires(tool: "ogrinfo"))
    func gdalListsTheLayersAndTheirSpatialIndexesWork() throws {
        try withTemporaryFolder { folder in
            let venue = folder.appendingPathComponent("venue.gpkg").path
            #expect(try CLI.run(["convert", Samples.path("meridian-arcade"), "-o", venue]).status == 0)
            let layers = try Tool.run("ogrinfo", ["-ro", "-q", venue])
            #expect(layers.output.contains("unit (Polygon)") && layers.output.contains("opening (Line String)"))
            // A spatial filter goes through each layer's R*Tree.
            let everything = try Tool.run("ogrinfo", ["-ro", "-so", venue, "unit"])
            let filtered = try Tool.run("ogrinfo", ["-ro", "-so", "-spat", "-180", "-90", "180", "90", venue, "unit"])
            func count(_ text: String) -> String? {
                text.split(separator: "\n").first { $0.hasPrefix("Feature Count:") }.map(String.init)
            }
            #expect(count(everything.output) != nil && count(everything.output) == count(filtered.output))
        }
    }
}
