import Foundation
import MeridianTestSupport
import Testing

/// Inputs kept from fuzzing (Scripts/fuzz.sh writes each crash, timeout or
/// out-of-memory input into Tests/FuzzRegressions/HARNESS/) and hand-made
/// seeds, replayed through the same harness the fuzzer ran
/// (Fuzz/): each must be handled without a crash, and what
/// decodes must survive a write and a re-read.
@Suite struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("FuzzRegressions")
    static let harnesses = ["json", "kml", "imdf", "zip", "maps-url", "toml", "places", "gpkg", "csv", "gpx", "where", "shp", "fgb", "topojson", "parquet", "postgis", "osm", "tiles", "styles", "png"]

    @Test(arguments: harnesses)
    func savedInputsAreHandled(_ harness: String) throws {
        let inputs =
            ((try? FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent(harness).path))
            ?? [])
            .sorted().map { Self.folder.appendingPathComponent(harness).appendingPathComponent($0).path }
        let replayer = CLI.executable.deletingLastPathComponent().appendingPathComponent("meridian-fuzz")
        let result = try CLI.run([harness] + inputs, program: replayer)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\(inputs.count) passed, 0 failed"))
    }
}
