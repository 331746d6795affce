import Foundation
import MeridianTestSupport
import Testing

/// `render -o map.png`: the map's SVG drawn by librsvg and cairo, at the
/// size times the scale, covering what `rsvg-convert` draws of the SVG.
@Suite struct PNGOutputTests {
    /// Width and height from a PNG's IHDR chunk, or nil when the bytes are not a PNG.
    static func dimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        guard bytes.count > 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]),
            Array(bytes[12..<16]) == Array("IHDR".utf8)
        else { return nil }
        func number(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func aPNGIsDrawnAtTheSizeTimesTheScale() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("landmarks.PNG").path
            let result = try CLI.run([
                "render", Samples.path("cambridge-landmarks.geojson"), "-o", output, "--size", "400x300", "--scale",
                "2",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            let png = Array(try Data(contentsOf: URL(fileURLWithPath: output)))
            let size = try #require(Self.dimensions(png))
            #expect(size.width == 800 && size.height == 600)
        }
        let piped = try CLI.run([
            "render", Samples.path("cambridge-landmarks.geojson"), "-o", "-", "--image-format", "png", "--size",
            "300x200",
        ])
        #expect(piped.status == 0)
        #expect(Self.dimensions(piped.stdoutBytes).map { [$0.width, $0.height] } == [300, 200])
        let svg = try CLI.run(["render", Samples.path("cambridge-landmarks.geojson"), "-o", "-"])
        #expect(svg.stdout.hasPrefix("<?xml"))
    }

    @Test func aPNGPastTheLargestSideIsAUsageErrorAndLeavesNoFile() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("huge.png").path
            let result = try CLI.run([
                "render", Samples.path("cambridge-landmarks.geojson"), "-o", output, "--size", "10000x100", "--scale",
                "2",
            ])
            #expect(result.status == 2)
            #expect(result.stderr.contains("snapshot.png.size") && result.stderr.contains("20000x200"))
            #expect(!FileManager.default.fileExists(atPath: output))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    static let naturalEarth = [
        "ne_50m_admin_1_states_provinces.json", "ne_50m_land.json", "ne_110m_admin_0_countries.json",
    ]

    /// The fidelity goal: IoU of the drawn pixels 0.999 or more
    /// between the PNG (drawn by Meridian's painter) and the SVG drawn by
    /// rsvg-convert.
    @Test(
        .requiresFixtures, .requires(tool: "rsvg-convert"), .requires(tool: "gdal_translate"), arguments: naturalEarth)
    func thePNGCoversWhatRsvgConvertDrawsOfTheSVG(_ file: String) throws {
        let (iou, either) = try Self.inkAgainstRsvg([
            "render", Fixtures.url("geojson/real/\(file)").path, "--size", "1024x768", "--title", file,
        ])
        #expect(either > 50_000, "the map draws something")
        #expect(iou >= 0.999, "IoU \(iou)")
    }

    /// The README's journey over the sample basemap, light and dark: tiles,
    /// styled fills and lines, labels with halos, the track, all drawn by
    /// the painter as rsvg-convert draws the SVG.
    @Test(.requires(tool: "rsvg-convert"), .requires(tool: "gdal_translate"), arguments: ["light", "dark"])
    func theJourneyOverTheBasemapIsThePictureRsvgConvertDraws(_ style: String) throws {
        let (iou, _) = try Self.inkAgainstRsvg([
            "render", Samples.path("london-brussels.gpx"), "--basemap", Samples.path("natural-earth.pmtiles"),
            "--style", style,
        ])
        #expect(iou >= 0.999, "IoU \(iou)")
    }

    /// `meridian ARGUMENTS -o map.png` and `-o map.svg` (1024x768), the SVG
    /// drawn by rsvg-convert: the intersection over union of the two inks,
    /// and how many pixels either inks.
    static func inkAgainstRsvg(_ arguments: [String]) throws -> (iou: Double, either: Int) {
        try withTemporaryFolder { folder in
            let svg = folder.appendingPathComponent("map.svg").path
            let png = folder.appendingPathComponent("map.png").path
            let reference = folder.appendingPathComponent("reference.png").path
            for output in [svg, png] {
                let result = try CLI.run(arguments + ["-o", output])
                try #require(result.status == 0, "\(result.stderr)")
            }
            let rsvg = try Tool.run("rsvg-convert", [svg, "-o", reference])
            try #require(rsvg.status == 0, "\(rsvg.output)")
            let ours = try Self.ink(png, pixels: 1024 * 768, folder: folder)
            let theirs = try Self.ink(reference, pixels: 1024 * 768, folder: folder)
            let both = zip(ours, theirs).filter { $0 && $1 }.count
            let either = zip(ours, theirs).filter { $0 || $1 }.count
            return (Double(both) / Double(max(either, 1)), either)
        }
    }

    /// The pixels of a PNG that differ from its top-left pixel (the
    /// background), in any band.
    static func ink(_ png: String, pixels: Int, folder: URL) throws -> [Bool] {
        let (bands, bytes) = try Tool.pixels(ofPNG: Array(try Data(contentsOf: URL(fileURLWithPath: png))))
        try #require(bytes.count == bands * pixels && (3...4).contains(bands), "\(bytes.count) bytes")
        var ink = [Bool](repeating: false, count: pixels)
        for band in 0..<bands {
            let background = bytes[band * pixels]
            for index in 0..<pixels where bytes[band * pixels + index] != background { ink[index] = true }
        }
        return ink
    }
}
