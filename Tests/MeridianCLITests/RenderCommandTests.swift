import Foundation
import Meridian
import MeridianTestSupport
import Testing

@Suite struct RenderCommandTests {
    @Test func rendersTheSampleWithMarkersLabelsAndALegend() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("landmarks.svg").path
            let result = try CLI.run([
                "render", Samples.path("cambridge-landmarks.geojson"), "-o", output, "--size", "800x600",
                "--category-property", "kind", "--legend", "--title", "Cambridge", "--scale-bar", "imperial",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let svg = try String(contentsOfFile: output, encoding: .utf8)
            #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
            #expect(svg.contains("viewBox=\"0 0 800 600\""))
            #expect(svg.contains("data-id=\"kings-college-chapel\"") && svg.contains("#balloon"))
            #expect(svg.contains(">King&#39;s College Chapel</text>"))
            #expect(svg.contains("id=\"legend\"") && svg.contains(">hospital</text>"))
            #expect(svg.contains("<title id=\"map-title\">Cambridge</title>"))
            #expect(svg.contains("id=\"scale-bar\"") && svg.contains(" ft</text>") || svg.contains(" mi</text>"))
        }
    }

    @Test func writesToStandardOutputAndHonoursFramingOptions() throws {
        let camera = try CLI.run([
            "render", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--camera", "52.2,0.12,3000,45",
            "--theme",
            "dark",
        ])
        #expect(camera.status == 0)
        #expect(camera.stdout.contains("id=\"compass\"") && camera.stdout.contains("data-theme=\"dark\""))
        let bbox = try CLI.run([
            "render", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--bbox", "0.11,52.19,0.14,52.21",
            "--precision", "0", "--no-labels",
        ])
        #expect(bbox.status == 0)
        #expect(!bbox.stdout.contains("id=\"labels\""))
        let filtered = try CLI.run([
            "render", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--category-property", "kind", "--filter",
            "exclude:publicTransport",
        ])
        #expect(filtered.status == 0 && !filtered.stdout.contains("data-id=\"station\""))
    }

    @Test func chosenPropertiesAreWrittenAsDataAttributes() throws {
        let result = try CLI.run([
            "render", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--svg-data", "kind,name,opened,id,x\"y",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "data-id=\"kings-college-chapel\" data-kind=\"chapel\" data-name=\"King&#39;s College Chapel\" data-opened=\"1515\""
            ))
        #expect(!result.stdout.contains("data-id=\"kings-college-chapel\" data-id"))
        #expect(!result.stdout.contains("x\"y"))
    }

    @Test func aPitchedCameraIsDrawnAndAPitchTooSteepIsAClearError() throws {
        let pitched = try CLI.run([
            "render", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--camera", "52.2,0.12,3000,30,45",
        ])
        #expect(pitched.status == 0, "\(pitched.stderr)")
        #expect(pitched.stdout.contains("id=\"compass\"") && !pitched.stdout.contains("id=\"scale-bar\""))
        let result = try CLI.run([
            "render", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--camera", "52.2,0.12,3000,0,75",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("snapshot.camera.pitch"))
    }

    @Test func failuresLeaveNoFile() throws {
        try withTemporaryFolder { folder in
            // A missing output folder.
            let missing = try CLI.run([
                "render", Samples.path("cambridge-landmarks.geojson"), "-o",
                folder.appendingPathComponent("nope/map.svg").path,
            ])
            #expect(missing.status == 3 && missing.stderr.contains("does not exist"))
            // An unreadable input.
            let output = folder.appendingPathComponent("map.svg").path
            let unreadable = try CLI.run(["render", folder.appendingPathComponent("absent.geojson").path, "-o", output])
            #expect(unreadable.status == 3 && unreadable.stderr.contains("absent.geojson"))
            // An empty selection.
            let points = folder.appendingPathComponent("points.geojson")
            try Data(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"kind":"cafe"},"geometry":{"type":"Point","coordinates":[0.1,52.2]}}]}"#
                    .utf8
            ).write(to: points)
            let empty = try CLI.run([
                "render", points.path, "-o", output, "--category-property", "kind", "--filter", "library",
            ])
            try FileManager.default.removeItem(at: points)
            #expect(empty.status == 2 && empty.stderr.contains("snapshot.content.empty"))
            // Bad usage.
            let usage = try CLI.run([
                "render", Samples.path("cambridge-landmarks.geojson"), "-o", output, "--size", "big",
            ])
            #expect(usage.status == 2 && usage.stderr.contains("--size"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test func theOutputIsDeterministic() throws {
        let first = try CLI.run(["render", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--legend"])
        let second = try CLI.run(["render", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--legend"])
        #expect(first.status == 0 && first.stdoutBytes == second.stdoutBytes)
    }

    /// What `render` writes, from GeoJSON and from an IMDF level, is
    /// accepted by `xmllint --noout`.
    @Test(
        .requires(tool: "xmllint"),
        arguments: [
            ["render", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--legend"],
            ["render", Samples.path("meridian-arcade.zip"), "--level", "1", "-o", "-"],
        ])
    func theOutputIsWellFormedXML(_ arguments: [String]) throws {
        let result = try CLI.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectWellFormed(result.stdoutBytes)
    }

    @Test func hugeOrNonFiniteNumbersAreUsageErrorsNotCrashes() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("x.svg").path
            let input = Samples.path("cambridge-landmarks.geojson")
            for (option, code) in [
                ("--bbox=-1e300,-80,1e300,80", "snapshot.options.map-rect"),
                ("--region=0,1e300,1,1", "snapshot.options.region"),
                ("--camera=52,0,1e300", "snapshot.camera.distance"),
                ("--camera=52,0,1e-300", "snapshot.camera.distance"),
                ("--padding=nan", "snapshot.options.padding"),
            ] {
                let result = try CLI.run(["render", input, option, "-o", output])
                #expect(result.status == 2, "\(option): \(result.stderr)")
                #expect(result.stderr.contains(code), "\(option)")
            }
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    // MARK: IMDF and KML inputs

    @Test func anIMDFLevelIsDrawnAsApplesSampleDrawsIt() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("x.svg").path
            let result = try CLI.run(["render", Samples.path("meridian-arcade.zip"), "--level", "1", "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            let svg = try String(contentsOfFile: output, encoding: .utf8)
            #expect(svg.contains("<title id=\"map-title\">First Floor</title>"))
            #expect(svg.contains("data-feature-type=\"unit\"") && svg.contains("data-category=\"restroom.female\""))
            #expect(svg.contains("fill=\"\(IndoorTheme.light.unitFill(forCategory: "restroom.female"))\""))
            #expect(svg.contains(">Noodle Bar</text>"), "an occupant's name at its anchor")
            #expect(svg.contains("class=\"amenity\"") && svg.contains(">WC</text>"))
            // Doorways in the walkway colour, drawn after (above) every unit.
            let lastUnit = try #require(svg.range(of: "data-feature-type=\"unit\"", options: .backwards))
            let firstOpening = try #require(svg.range(of: "data-feature-type=\"opening\""))
            #expect(lastUnit.lowerBound < firstOpening.lowerBound)
            #expect(
                svg[firstOpening.lowerBound...].prefix { $0 != ">" }.contains(
                    "stroke=\"\(IndoorTheme.light.unitFills[.walkway]!)\""))
            #expect(!svg.contains(">Ground Floor<"), "only the level asked for")
        }
    }

    @Test func theIMDFFolderDefaultsToTheGroundFloor() throws {
        let result = try CLI.run([
            "render", Samples.path("meridian-arcade"), "-o", "-", "--theme", "dark", "--language", "fr",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("<title id=\"map-title\">Rez-de-chaussée</title>"))
        #expect(result.stdout.contains("fill=\"\(IndoorTheme.dark.unitFill(forCategory: "room"))\""))
    }

    @Test func anUnknownLevelIsAClearErrorListingTheLevels() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("x.svg").path
            let result = try CLI.run(["render", Samples.path("meridian-arcade.zip"), "--level", "4", "-o", output])
            #expect(result.status == 2)
            #expect(result.stderr.contains("imdf.level.unknown") && result.stderr.contains("ordinals: 0, 1"))
            #expect(!FileManager.default.fileExists(atPath: output))
            let notIMDF = try CLI.run([
                "render", Samples.path("cambridge-landmarks.geojson"), "--level", "0", "-o", output,
            ])
            #expect(notIMDF.status != 0 && notIMDF.stderr.contains("--level applies to IMDF archives only"))
        }
    }

    @Test(.requires(fixture: "kml/togeojson/inline_style.kml"))
    func aKMLFileIsDrawnWithItsStyles() throws {
        let path = Fixtures.url("kml/togeojson/inline_style.kml").path
        let result = try CLI.run(["render", path, "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        // <LineStyle><color>ff0000ff</color><width>3</width>: KML's aabbggrr red, 3 wide.
        #expect(result.stdout.contains("stroke=\"#ff0000\" stroke-width=\"3\""))
        #expect(result.stdout.contains("data-layer=\"inline_style\""))
    }

    @Test(.requires(fixture: "kml/togeojson/inline_style.kml"), .requires(tool: "xmllint"))
    func aKMLFileIsDrawnAsWellFormedXML() throws {
        let result = try CLI.run(["render", Fixtures.url("kml/togeojson/inline_style.kml").path, "-o", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        try Self.expectWellFormed(result.stdoutBytes)
    }

    @Test func aKMZFileIsDrawn() throws {
        try withTemporaryFolder { folder in
            let kmz = folder.appendingPathComponent("landmarks.kmz").path
            let convert = try CLI.run(["convert", Samples.path("cambridge-landmarks.geojson"), "-o", kmz])
            #expect(convert.status == 0, "\(convert.stderr)")
            let result = try CLI.run(["render", kmz, "-o", "-", "--category-property", "kind"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(">King&#39;s College Chapel</text>"))
        }
    }

    /// `xmllint --noout` accepts the SVG.
    static func expectWellFormed(_ bytes: [UInt8]) throws {
        let result = try Tool.run("xmllint", ["--noout", "-"], input: bytes)
        #expect(result.status == 0, "\(result.output)")
    }
}
