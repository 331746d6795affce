import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// Meridian's own painter against librsvg: the same SVG drawn both ways
/// gives the same picture (the ink of each, the pixels that differ from
/// the background, at least 0.999 intersection over union, and nearly
/// every pixel within a few levels), and what the painter does not draw
/// goes to librsvg whole.
@Suite struct SVGPainterTests {
    /// Both pictures of `svg`; the painter's must not fall back.
    static func pictures(_ svg: [UInt8], width: Int, height: Int) throws -> (ours: [UInt8], theirs: [UInt8], bands: Int) {
        let ours: [UInt8]
        do {
            ours = try SVGPainter.png(svg, width: width, height: height)
        } catch {
            Issue.record("the painter did not draw it: \(error)")
            throw error
        }
        let theirs = try Snapshot.librsvgPNG(svg, width: width, height: height)
        let (bands, oursPixels) = try Tool.pixels(ofPNG: ours)
        let (theirBands, theirPixels) = try Tool.pixels(ofPNG: theirs)
        try #require(bands == theirBands, "\(bands) bands against librsvg's \(theirBands)")
        return (oursPixels, theirPixels, bands)
    }

    /// Intersection over union of the inks, and the share of pixels more
    /// than `tolerance` levels apart in some band.
    static func compare(_ svg: [UInt8], width: Int, height: Int, tolerance: Int = 8) throws -> (iou: Double, apart: Double) {
        let (ours, theirs, bands) = try pictures(svg, width: width, height: height)
        let pixels = width * height
        var both = 0
        var either = 0
        var apart = 0
        for index in 0..<pixels {
            var inkOurs = false
            var inkTheirs = false
            var far = false
            for band in 0..<bands {
                let at = band * pixels + index
                inkOurs = inkOurs || ours[at] != ours[band * pixels]
                inkTheirs = inkTheirs || theirs[at] != theirs[band * pixels]
                far = far || abs(Int(ours[at]) - Int(theirs[at])) > tolerance
            }
            if inkOurs && inkTheirs { both += 1 }
            if inkOurs || inkTheirs { either += 1 }
            if far { apart += 1 }
        }
        return (Double(both) / Double(max(either, 1)), Double(apart) / Double(pixels))
    }

    static let samples = [
        "cambridge-landmarks.svg", "cambridge-landmarks-dark.svg", "cycle-route.svg", "meridian-arcade-level0.svg",
        "meridian-arcade-level1.svg",
    ]

    /// The snapshots in Samples/: markers and their glyphs (`use` of a
    /// `defs` balloon, arcs), labels with halos, legends, scale bars,
    /// compasses, an IMDF level, a route with a dashed line.
    @Test(.requires(tool: "gdal_translate"), arguments: samples)
    func aSampleSnapshotIsTheSamePictureAsLibrsvgDraws(_ name: String) throws {
        let (svg, width, height) = try Self.sample(name)
        let (iou, apart) = try Self.compare(svg, width: width, height: height)
        #expect(iou >= 0.999, "IoU \(iou)")
        #expect(apart < 0.002, "\(apart * 100)% of pixels differ by more than 8 levels")
    }

    /// A map drawn in bands of rows, each on its own surface over the one
    /// image, is the map drawn whole, to the pixel: seams between bands,
    /// labels and markers across them, and more bands than a core has.
    @Test(.requires(tool: "gdal_translate"), arguments: samples)
    func aMapDrawnInBandsIsTheMapDrawnWhole(_ name: String) throws {
        let (svg, width, height) = try Self.sample(name)
        let whole = try SVGPainter.png(svg, width: width, height: height, bands: 1)
        for bands in [2, 7] {
            let banded = try SVGPainter.png(svg, width: width, height: height, bands: bands)
            #expect(try Self.differingBytes(banded, whole) == 0, "\(bands) bands")
        }
    }

    /// A snapshot in Samples/ and its size in pixels.
    static func sample(_ name: String) throws -> (svg: [UInt8], width: Int, height: Int) {
        let svg = Array(try Data(contentsOf: Samples.url(name)))
        let text = String(decoding: svg.prefix(600), as: UTF8.self)
        return (svg, try #require(attribute("width", in: text)), try #require(attribute("height", in: text)))
    }

    /// How many bytes of the two PNGs' pixels differ (all, when their
    /// sizes or bands differ).
    static func differingBytes(_ first: [UInt8], _ second: [UInt8]) throws -> Int {
        let (firstBands, firstPixels) = try Tool.pixels(ofPNG: first)
        let (secondBands, secondPixels) = try Tool.pixels(ofPNG: second)
        guard firstBands == secondBands, firstPixels.count == secondPixels.count else { return firstPixels.count }
        return zip(firstPixels, secondPixels).count { $0 != $1 }
    }

    /// A picture opaque in its top rows only: the bands that are opaque
    /// are written as RGBA like the rest, the pixels those of one band.
    @Test(.requires(tool: "gdal_translate"))
    func aPictureOpaqueInSomeBandsIsRGBAThroughout() throws {
        let svg = Array(
            ("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"500\" viewBox=\"0 0 600 500\">"
                + "<rect width=\"600\" height=\"200\" fill=\"#2f6db5\"/>"
                + "<circle cx=\"300\" cy=\"350\" r=\"90\" fill=\"#5b8fd6\" fill-opacity=\".35\"/></svg>").utf8)
        let whole = try SVGPainter.png(svg, width: 600, height: 500, bands: 1)
        #expect(whole[25] == 6, "colour type RGBA")
        let banded = try SVGPainter.png(svg, width: 600, height: 500, bands: 4)
        #expect(banded[25] == 6)
        #expect(try Self.differingBytes(banded, whole) == 0)
    }

    static func attribute(_ name: String, in text: String) -> Int? {
        guard let range = text.range(of: " \(name)=\"") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// What the renderer writes besides: arcs large and small, rounded
    /// rectangles, circles, group opacity, rotations and scales, dashes,
    /// caps, joins, halos (paint-order), named and rgba() colours, even-odd
    /// fills, relative and absolute curves.
    @Test(.requires(tool: "gdal_translate"))
    func everyFeatureOfThePainterMatchesLibrsvg() throws {
        let svg = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="400" \
            height="300" viewBox="0 0 200 150" font-family="Helvetica, Arial, 'DejaVu Sans', sans-serif">
            <!-- a comment -->
            <rect width="100%" height="100%" fill="rgba(250,240,230,1)"/>
            <defs><path id="pin" d="M0,0C-1.5,-5 -11,-12 -11,-23A11,11 0 1 1 11,-23C11,-12 1.5,-5 0,0z" \
            stroke="#fff" stroke-width="1.2"/></defs>
            <g opacity=".6" transform="translate(20 10) rotate(15) scale(1.2)">
            <path d="M0 0h40v30h-40z M10,10 l20,0 0,10 -20,0z" fill="tomato" fill-rule="evenodd" stroke="navy"/>
            </g>
            <g fill="none" stroke="#2f6db5" stroke-width="3" stroke-linecap="round" stroke-linejoin="bevel">
            <path d="M20,120 Q40,80 60,120 T100,120" stroke-dasharray="6 3" stroke-dashoffset="2"/>
            <path d="m110,130 c10,-30 30,-30 40,0 s30,30 40,0" stroke="rgba(10,120,40,0.5)"/>
            </g>
            <circle cx="160" cy="40" r="18" fill="#3c9" fill-opacity=".5" stroke="black"/>
            <rect x="90" y="60" width="50" height="30" rx="8" fill="gold" stroke="#8888" stroke-width="2"/>
            <path d="M130,100 a20,10 30 0 1 30,10 A15,15 0 1 0 180,95z" fill="purple"/>
            <g transform="translate(60 70)"><use xlink:href="#pin" fill="#e52592"/>\
            <text y="-19" font-size="12" font-weight="bold" text-anchor="middle" fill="white">K</text></g>
            <text x="100" y="20" font-size="11" text-anchor="middle" fill="#222" stroke="#fff" stroke-width="3" \
            paint-order="stroke" stroke-linejoin="round">Ch&#226;teau &amp; Park</text>
            </svg>
            """
        let (iou, apart) = try Self.compare(Array(svg.utf8), width: 400, height: 300)
        #expect(iou >= 0.999, "IoU \(iou)")
        #expect(apart < 0.002, "\(apart * 100)% of pixels differ by more than 8 levels")
    }

    /// A picture with transparency is written as RGBA, colours no longer
    /// premultiplied, as librsvg's (cairo's) encoder writes them.
    @Test(.requires(tool: "gdal_translate"))
    func aTransparentPictureKeepsItsAlpha() throws {
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="64" height="48" viewBox="0 0 64 48">
            <circle cx="32" cy="24" r="20" fill="#0a7f3f" fill-opacity=".4"/></svg>
            """
        let (ours, theirs, bands) = try Self.pictures(Array(svg.utf8), width: 64, height: 48)
        #expect(bands == 4)
        let worst = zip(ours, theirs).map { abs(Int($0) - Int($1)) }.max() ?? 0
        #expect(worst <= 2, "a channel differs by \(worst)")
    }

    /// What the painter does not know (a gradient, a stylesheet, a clip,
    /// an em, a DOCTYPE) is not drawn wrong: it is left to librsvg.
    @Test(arguments: [
        "<linearGradient id=\"g\"/>", "<rect width=\"10\" height=\"10\" style=\"fill:red\"/>",
        "<rect width=\"10\" height=\"10\" clip-path=\"url(#c)\"/>", "<rect width=\"2em\" height=\"10\"/>",
        "<rect width=\"10\" height=\"10\" fill=\"url(#g)\"/>", "<image href=\"file:///etc/passwd\"/>",
    ])
    func whatThePainterDoesNotDrawGoesToLibrsvg(_ element: String) throws {
        let svg = Array(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\" viewBox=\"0 0 20 20\">\(element)</svg>"
                .utf8)
        #expect {
            _ = try SVGPainter.png(svg, width: 20, height: 20)
        } throws: { error in
            guard case .unsupported = error as? SVGPainter.Failure else { return false }
            return true
        }
        let png = try Snapshot.librsvgPNG(svg, width: 20, height: 20)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "librsvg draws it instead")
        let doctype = Array("<!DOCTYPE svg><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"2\" height=\"2\"/>".utf8)
        #expect(throws: SVGPainter.Failure.self) { try SVGPainter.png(doctype, width: 2, height: 2) }
    }
}
