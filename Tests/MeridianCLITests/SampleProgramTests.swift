import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// The programs in Samples/, run as built, on the data bundled beside them:
/// they are what a user copies first, so they must keep working.
@Suite struct SampleProgramTests {
    /// Runs a sample program, which sits beside `meridian` in the build folder.
    static func run(_ program: String, _ arguments: [String] = [], in directory: URL? = nil) throws -> CLI.Result {
        try CLI.run(
            arguments, in: directory ?? Fixtures.packageRoot,
            program: CLI.executable.deletingLastPathComponent().appendingPathComponent(program))
    }

    // MARK: VenueDirectory

    @Test func venueDirectoryListsOccupantsByLevelHighestFirst() throws {
        let result = try Self.run("VenueDirectory")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Meridian Arcade (shoppingcenter)")
        #expect(lines.contains("2 levels, 21 units, 11 occupants, 6 amenities"))
        let first = try #require(lines.firstIndex(of: "1  First Floor"))
        let ground = try #require(lines.firstIndex(of: "G  Ground Floor"))
        #expect(first < ground)
        #expect(lines[first + 1] == "   Byte Size    electronics")
        #expect(
            lines[first..<ground].contains(
                "   amenities: Lift (elevator), Men's restroom (restroom.male), Women's restroom (restroom.female)"))
        #expect(lines[ground...].contains("   Bean There         cafe"))
        #expect(
            lines[ground...].contains("   amenities: Cash machine (atm), Information (information), Lift (elevator)"))
    }

    @Test func venueDirectoryReadsAZipInAnotherLanguage() throws {
        let result = try Self.run("VenueDirectory", [Samples.path("meridian-arcade.zip"), "--language", "fr"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Galerie Méridien (shoppingcenter)\n"))
        #expect(result.stdout.contains("1  Premier étage\n"))
    }

    @Test func venueDirectoryFailsClearlyOnAMissingVenue() throws {
        let result = try Self.run("VenueDirectory", ["no-such-venue"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("VenueDirectory: error: cannot read no-such-venue"))
        #expect(try Self.run("VenueDirectory", ["--language"]).status == 2)
    }

    // MARK: CycleRoute

    @Test func cycleRouteDeclaresARouteAndDrawsItAsSVGAndPNG() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("ride").path
            let result = try Self.run("CycleRoute", ["-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("wrote \(output).svg and \(output).png"))
            let svg = try String(contentsOfFile: output + ".svg", encoding: .utf8)
            #expect(svg.contains("<title id=\"map-title\">A ride across Cambridge</title>"))
            #expect(svg.contains("<g class=\"gradient\"") && svg.contains("stroke-dasharray=\"4 3\""))
            #expect(svg.contains("<g class=\"badge\"") && svg.contains(" km</text>"))
            #expect(svg.contains(">M</text>") && svg.contains(">B</text>"))
            #expect(svg.contains("data-layer=\"cambridge-landmarks\" opacity=\".45\""))
            let png = Array(try Data(contentsOf: URL(fileURLWithPath: output + ".png")))
            #expect(PNGOutputTests.dimensions(png).map { [$0.width, $0.height] } == [800, 600])
        }
        let usage = try Self.run("CycleRoute", ["--nope"])
        #expect(usage.status == 2 && usage.stderr.hasPrefix("CycleRoute: error: unexpected argument --nope"))
    }

    // MARK: RegionSnapshot

    @Test func regionSnapshotDrawsTheCircleAndListsWhatIsInside() throws {
        try withTemporaryFolder { folder in
            let svg = folder.appendingPathComponent("region.svg").path
            let result = try Self.run("RegionSnapshot", ["-o", svg])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.first?.hasPrefix("wrote \(svg): 800x600 SVG") == true)
            #expect(lines.contains("centre 52.2043, 0.1218 is at x 400.0, y 300.0 in the image"))
            #expect(lines.contains("inside the circle: 1 of 3 places"))
            #expect(lines.contains("  King's College Chapel: 360 m, bearing 278°"))
            #expect(lines.contains("areas and lines near the circle: River Cam along the Backs, Parker's Piece"))
            let document = try String(contentsOfFile: svg, encoding: .utf8)
            #expect(document.hasPrefix("<?xml"))
            #expect(document.contains("id=\"layer-places\""))
            #expect(document.contains("id=\"layer-circle\""))
            #expect(document.contains("Within 1 km of 52.2043, 0.1218"))
        }
    }

    @Test func regionSnapshotWidensTheCircleOnRequest() throws {
        try withTemporaryFolder { folder in
            let svg = folder.appendingPathComponent("wide.svg").path
            let result = try Self.run(
                "RegionSnapshot",
                [
                    Samples.path("cambridge-landmarks.geojson"), "--center", "52.2043,0.1218", "--radius", "4000", "-o",
                    svg,
                ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("inside the circle: 3 of 3 places"))
            #expect(
                result.stdout.contains(
                    "  Cambridge station: 1.5 km, bearing 136°\n  Addenbrooke's Hospital: 3.4 km, bearing 159°\n"))
        }
    }

    @Test func regionSnapshotFailsClearlyOnBadInput() throws {
        try withTemporaryFolder { folder in
            let broken = folder.appendingPathComponent("broken.geojson")
            try Data(#"{"type": "FeatureCollection", "features": [}"#.utf8).write(to: broken)
            let result = try Self.run(
                "RegionSnapshot", [broken.path, "-o", folder.appendingPathComponent("out.svg").path])
            #expect(result.status == 1)
            #expect(result.stderr.hasPrefix("RegionSnapshot: error: \(broken.path):1:"))
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.svg").path))
            #expect(try Self.run("RegionSnapshot", ["--center", "95,0"]).status == 2)
        }
    }

    // MARK: ValidateFolder

    @Test func validateFolderPassesTheBundledSamples() throws {
        let result = try Self.run("ValidateFolder")
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok   Samples/cambridge-landmarks.geojson (GeoJSON): no problems\n"))
        #expect(result.stdout.contains("ok   Samples/meridian-arcade (IMDF): no problems\n"))
        #expect(result.stdout.contains("ok   Samples/meridian-arcade.zip (IMDF): no problems\n"))
        #expect(result.stdout.hasSuffix("\n0 errors, 0 warnings in 3 files\n"))
    }

    @Test func validateFolderReportsEachFileAndSummarisesByCode() throws {
        try withTemporaryFolder { folder in
            let ring = #"{"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 1]]]}"#
            try Data(ring.utf8).write(to: folder.appendingPathComponent("open-ring.geojson"))
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("nested"), withIntermediateDirectories: true)
            try Data(
                #"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><Point><coordinates>0,0</coordinates></Point></Placemark></kml>"#
                    .utf8
            )
            .write(to: folder.appendingPathComponent("nested/ok.kml"))
            try FileManager.default.copyItem(
                atPath: Samples.path("meridian-arcade.zip"), toPath: folder.appendingPathComponent("venue.zip").path)
            try Data("not a map".utf8).write(to: folder.appendingPathComponent("notes.txt"))

            let result = try Self.run("ValidateFolder", ["."], in: folder)
            #expect(result.status == 1)
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.contains("ok   nested/ok.kml (KML): no problems"))
            #expect(lines.contains("FAIL open-ring.geojson (GeoJSON): 1 error, 0 warnings"))
            #expect(lines.contains("ok   venue.zip (IMDF): no problems"))
            #expect(
                lines.contains { $0.hasPrefix("       open-ring.geojson:1:") && $0.contains("[geojson.ring.unclosed]") }
            )
            #expect(lines.contains("1 error, 0 warnings in 3 files"))
            #expect(lines.last == "  1 x geojson.ring.unclosed")
        }
    }

    @Test func validateFolderRefusesAFolderWithNothingToCheck() throws {
        try withTemporaryFolder { folder in
            let result = try Self.run("ValidateFolder", [folder.path])
            #expect(result.status == 2)
            #expect(result.stderr.contains("holds no .geojson, .json, .kml, .kmz file or IMDF archive"))
        }
    }
}
