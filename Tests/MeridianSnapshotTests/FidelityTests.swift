import Foundation
import MeridianCore
import MeridianGeoJSON
import MeridianTestSupport
import Testing

@testable import MeridianSnapshot

/// The rendered SVG, rasterized by rsvg-convert, must cover the same pixels
/// as an exact scanline fill of the unsimplified, unclipped polygons
/// (even-odd per polygon, pixel centres, vertices placed by
/// `Snapshot.point(for:)`): intersection over union at least 0.99.
@Suite struct FidelityTests {
    struct Case: Sendable, CustomStringConvertible {
        var file: String
        var region: CoordinateRegion?
        var description: String { file }
    }

    static let cases = [
        Case(file: "geojson/real/canada.json"),
        Case(
            file: "geojson/real/countries.geo.json",
            region: CoordinateRegion(
                center: Coordinate(latitude: 50, longitude: 10),
                span: CoordinateSpan(latitudeDelta: 30, longitudeDelta: 50))),
    ]

    @Test(.requiresFixtures, .requires(tool: "rsvg-convert"), .requires(tool: "gdal_translate"), arguments: cases)
    func renderedAreasMatchAnExactRasterization(_ testCase: Case) throws {
        let features = try GeoJSONDocument(decoding: Fixtures.bytes(Fixtures.url(testCase.file))).featureCollection
            .features
        var options = Snapshotter.Options(layers: [Layer(id: "fidelity", features: features)])
        if let region = testCase.region { options.framing = .region(region) }
        var theme = Theme.light
        theme.background = "none"
        options.theme = theme
        options.styleOverrides = JSONObject([("fill", "#000000"), ("fill-opacity", 1), ("stroke", "none")])
        options.labels = .none
        options.scaleBar = nil
        let snapshot = try Snapshotter(options: options).snapshot()
        let width = Int(options.size.width)
        let height = Int(options.size.height)

        let coverage = try Tool.rasterizedAlpha(ofSVG: snapshot.bytes, width: width, height: height)
        var reference = [Bool](repeating: false, count: width * height)
        for feature in features {
            var polygons: [[[Coordinate]]] = []
            switch feature.geometry {
            case .polygon(let rings): polygons = [rings]
            case .multiPolygon(let members): polygons = members
            default: continue
            }
            for polygon in polygons {
                // Each ring is kept continuous: a vertex goes to the world copy nearest the previous one.
                let world = MapSize.world.width * snapshot.viewport.pointsPerMapPoint
                let rings = polygon.map { ring -> [(Double, Double)] in
                    var previous: Double?
                    return ring.map { coordinate in
                        let p = snapshot.point(for: coordinate)
                        var x = p.x
                        if let previous { x += ((previous - x) / world).rounded() * world }
                        previous = x
                        return (x, p.y)
                    }
                }
                Self.scanline(rings, width: width, height: height, into: &reference)
            }
        }
        var intersection = 0
        var union = 0
        for index in reference.indices {
            let a = coverage[index] >= 128
            let b = reference[index]
            if a && b { intersection += 1 }
            if a || b { union += 1 }
        }
        let iou = Double(intersection) / Double(max(union, 1))
        #expect(union > 10_000)
        #expect(iou >= 0.99, "IoU \(iou)")
    }

    /// Even-odd fill of one polygon's rings at pixel centres.
    static func scanline(_ rings: [[(Double, Double)]], width: Int, height: Int, into mask: inout [Bool]) {
        var crossings: [Double] = []
        for row in 0..<height {
            let y = Double(row) + 0.5
            crossings.removeAll(keepingCapacity: true)
            for ring in rings where ring.count > 2 {
                var previous = ring[ring.count - 1]
                for current in ring {
                    if (previous.1 > y) != (current.1 > y) {
                        crossings.append(
                            previous.0 + (y - previous.1) * (current.0 - previous.0) / (current.1 - previous.1))
                    }
                    previous = current
                }
            }
            crossings.sort()
            var index = 0
            while index + 1 < crossings.count {
                let start = max(0, Int((crossings[index] - 0.5).rounded(.up)))
                let end = min(width - 1, Int((crossings[index + 1] - 0.5).rounded(.down)))
                if start <= end { for column in start...end { mask[row * width + column] = true } }
                index += 2
            }
        }
    }
}
