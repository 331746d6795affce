import Foundation
import MeridianTestSupport
import Testing

@Suite struct PreviewCommandTests {
    @Test func writesOnePageWithALevelSwitcherForAVenue() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("arcade.html").path
            let result = try CLI.run([
                "preview", Samples.path("meridian-arcade.zip"), "-o", output, "--title", "Arcade", "--language", "fr",
                "-v",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let html = try String(contentsOfFile: output, encoding: .utf8)
            #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
            #expect(html.contains("<title>Arcade</title>") && html.contains("aria-label=\"Rez-de-chaussée\""))
            #expect(html.contains("viewBox=\"0 0 960 640\""))
            #expect(result.stderr.contains("2 levels"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["arcade.html"])
        }
    }

    @Test func mixesInputsAndWritesToStandardOutput() throws {
        let result = try CLI.run([
            "preview", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--theme", "dark", "--size", "800x600",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("data-layer=\"cambridge-landmarks\"") && !result.stdout.contains("<nav"))
        #expect(
            result.stdout.contains("color-scheme:dark") && result.stdout.contains("<title>cambridge-landmarks</title>"))
    }

    @Test func usageAndInputErrorsHaveTheirStatusesAndWriteNothing() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("page.html").path
            let badSize = try CLI.run(["preview", Samples.path("meridian-arcade.zip"), "-o", output, "--size", "big"])
            #expect(badSize.status == 2 && badSize.stderr.contains("--size"))
            let badTheme = try CLI.run([
                "preview", Samples.path("meridian-arcade.zip"), "-o", output, "--theme", "sepia",
            ])
            #expect(badTheme.status == 2)
            let missing = try CLI.run(["preview", folder.appendingPathComponent("nope.geojson").path, "-o", output])
            #expect(missing.status == 3)
            let noFolder = try CLI.run([
                "preview", Samples.path("meridian-arcade.zip"), "-o",
                folder.appendingPathComponent("no/page.html").path,
            ])
            #expect(noFolder.status == 3 && noFolder.stderr.contains("io.output.folder"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }
}
