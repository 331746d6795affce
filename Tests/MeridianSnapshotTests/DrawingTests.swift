import Foundation
import MeridianCore
import Testing

@testable import MeridianSnapshot

@Suite struct DrawingTests {
    @Test func holesWindOppositeToTheirExteriorForTheNonZeroRule() throws {
        // Both rings written counter-clockwise: a file with the "wrong" hole winding.
        let outer = Support.square(10, 10, 2)
        let hole = Support.square(10, 10, 1)
        let svg = try Support.render([Support.feature(.polygon([outer, hole]))]) {
            $0.styleOverrides = ["stroke-width": 0]
        }.svg
        let rings = Support.subpaths(Support.pathData(svg)[0])
        #expect(rings.count == 2)
        #expect(Support.signedArea(rings[0]) * Support.signedArea(rings[1]) < 0)
        #expect(!svg.contains("evenodd"))
    }

    @Test func geometryIsClippedToTheViewPlusAMargin() throws {
        let huge = Support.square(0, 0, 40)
        let svg = try Support.render([Support.feature(.polygon([huge]))]) {
            $0.framing = .region(
                CoordinateRegion(center: Support.point(0, 0), latitudinalMeters: 10_000, longitudinalMeters: 10_000))
            $0.size = .init(width: 200, height: 100)
        }.svg
        for ring in Support.subpaths(Support.pathData(svg)[0]) {
            for (x, y) in ring {
                #expect(x >= -24.01 && x <= 224.01 && y >= -24.01 && y <= 124.01)
            }
        }
    }

    @Test func partsOutsideTheViewWriteNothing() throws {
        let features = [
            Support.feature(.polygon([Support.square(0, 0, 1)]), id: "here"),
            Support.feature(.polygon([Support.square(40, 40, 1)]), id: "far-away"),
        ]
        let svg = try Support.render(features) {
            $0.framing = .region(
                CoordinateRegion(center: Support.point(0, 0), latitudinalMeters: 400_000, longitudinalMeters: 400_000))
        }.svg
        #expect(svg.contains("data-id=\"here\""))
        #expect(!svg.contains("far-away"))
    }

    @Test func simplificationKeepsRingsClosedAndDropsSubPixelDetail() throws {
        // A circle of 10 000 vertices 100 points across keeps far fewer, still closed.
        var ring = (0..<10_000).map { i -> Coordinate in
            let angle = Double(i) / 10_000 * 2 * .pi
            return Support.point(0.01 * sin(angle), 0.01 * cos(angle))
        }
        ring.append(ring[0])
        let snapshot = try Support.render([Support.feature(.polygon([ring]))]) {
            $0.framing = .automatic(padding: 100)
            $0.size = .init(width: 300, height: 300)
        }
        let d = Support.pathData(snapshot.svg)[0]
        #expect(d.hasSuffix("z"))
        let vertices = Support.subpaths(d)[0].count
        #expect(vertices > 20 && vertices < 400)
    }

    @Test func linesAcrossTheAntimeridianAreDrawnWithoutAStreak() throws {
        let line = [Support.point(-16, 175), Support.point(-17, -178), Support.point(-18, -175)]
        let snapshot = try Support.render([Support.feature(.lineString(line))]) {
            $0.size = .init(width: 400, height: 300)
        }
        for part in Support.subpaths(Support.pathData(snapshot.svg)[0]) {
            for index in part.indices.dropFirst() {
                #expect(abs(part[index].0 - part[index - 1].0) < 400)
            }
        }
        // The line is continuous: one subpath spanning the middle.
        #expect(Support.subpaths(Support.pathData(snapshot.svg)[0]).count == 1)
    }

    @Test func aRingRoundThePoleIsClosedAlongThePole() throws {
        // Antarctica-like: a ring going once round the globe.
        let ring = stride(from: -180.0, through: 180, by: 30).map { Support.point(-70, $0) }
        let svg = try Support.render([Support.feature(.polygon([ring]))]) {
            $0.framing = .region(
                CoordinateRegion(
                    center: Support.point(-70, 0), span: CoordinateSpan(latitudeDelta: 20, longitudeDelta: 60)))
        }.svg
        let rings = Support.subpaths(Support.pathData(svg)[0])
        #expect(rings.count == 1)
        // Filled down to the bottom edge of the image (beyond it, clipped at the margin).
        #expect(rings[0].contains { $0.1 > 768 })
    }

    @Test func circlesAreGeodesicNotProjectedEllipses() throws {
        // Mercator is conformal, so a small geodesic circle at 60 degrees is round on
        // the map; a circle drawn with a radius in degrees would be twice as tall as wide.
        let circle = Circle(center: Support.point(60, 10), radius: 50_000)
        var layer = Layer(id: "c")
        layer.overlays = [.circle(circle, properties: ["stroke-width": 0])]
        var options = Snapshotter.Options(layers: [layer])
        options.framing = .automatic(padding: 50)
        let svg = try Snapshotter(options: options).snapshot().svg
        let ring = Support.subpaths(Support.pathData(svg)[0])[0]
        let xs = ring.map(\.0)
        let ys = ring.map(\.1)
        let ratio = (xs.max()! - xs.min()!) / (ys.max()! - ys.min()!)
        #expect(abs(ratio - 1) < 0.02)
        #expect(ring.count >= 32)
    }

    @Test func geodesicPolylinesFollowTheGreatEllipse() throws {
        let path = GeodesicPolyline([Support.point(51.5, -0.1), Support.point(40.6, -73.8)])
        var layer = Layer(id: "g")
        layer.overlays = [.geodesicPolyline(path, properties: [:])]
        let snapshot = try Snapshotter(options: Snapshotter.Options(layers: [layer])).snapshot()
        let points = Support.subpaths(Support.pathData(snapshot.svg)[0])[0]
        // The great circle bulges north of the straight Mercator line.
        let london = snapshot.point(for: Support.point(51.5, -0.1))
        let newYork = snapshot.point(for: Support.point(40.6, -73.8))
        let topmost = points.map(\.1).min()!
        #expect(topmost < min(london.y, newYork.y) - 20)
    }

    @Test func simplestyleOverridesTheThemeAndBadValuesAreIgnored() throws {
        let features = [
            Support.feature(
                .polygon([Support.square(0, 0, 1)]), id: "a",
                ["fill": "#00ff00", "fill-opacity": 0.5, "stroke-width": 3]),
            Support.feature(
                .polygon([Support.square(0, 3, 1)]), id: "b", ["fill": "red\" onload=\"x", "fill-opacity": 7]),
        ]
        let svg = try Support.render(features).svg
        let a = svg.components(separatedBy: "data-id=\"a\"")[1].prefix { $0 != ">" }
        #expect(a.contains("fill=\"#00ff00\"") && a.contains("fill-opacity=\".5\"") && a.contains("stroke-width=\"3\""))
        let b = svg.components(separatedBy: "data-id=\"b\"")[1].prefix { $0 != ">" }
        #expect(!b.contains("fill=") && !svg.contains("onload"))
    }

    @Test func areasLieBelowLinesBelowPointsBelowLabels() throws {
        let features = [
            Support.feature(.point(Support.point(0, 0)), ["name": "P"]),
            Support.feature(.lineString([Support.point(-1, -1), Support.point(1, 1)])),
            Support.feature(.polygon([Support.square(0, 0, 1)])),
        ]
        let svg = try Support.render(features).svg
        let order = ["class=\"areas\"", "class=\"lines\"", "class=\"points\"", "id=\"labels\""].map {
            svg.range(of: $0)!.lowerBound
        }
        #expect(order == order.sorted())
    }

    @Test func layersAreDrawnInTheOrderGiven() throws {
        var options = Snapshotter.Options(layers: [
            Layer(id: "bottom", features: [Support.feature(.polygon([Support.square(0, 0, 1)]))]),
            Layer(id: "top <two>", features: [Support.feature(.polygon([Support.square(0, 0, 0.5)]))]),
        ])
        options.labels = .none
        let svg = try Snapshotter(options: options).snapshot().svg
        let bottom = svg.range(of: "id=\"layer-bottom\"")!.lowerBound
        let top = svg.range(of: "id=\"layer-top-two-\"")!.lowerBound
        #expect(bottom < top)
        #expect(svg.contains("data-layer=\"top &lt;two&gt;\""))
    }

    @Test func thePointFilterIncludesOrExcludesCategories() throws {
        let features = [
            Support.feature(.point(Support.point(0, 0)), id: "cafe", ["category": "cafe"]),
            Support.feature(.point(Support.point(0, 1)), id: "bar", ["category": "bar"]),
            Support.feature(.polygon([Support.square(0, 0, 2)]), id: "park", ["category": "park"]),
        ]
        let included = try Support.render(features) { $0.pointFilter = .including([.cafe]) }.svg
        #expect(
            included.contains("data-id=\"cafe\"") && !included.contains("data-id=\"bar\"")
                && included.contains("data-id=\"park\""))
        let excluded = try Support.render(features) { $0.pointFilter = .excluding([.cafe]) }.svg
        #expect(!excluded.contains("data-id=\"cafe\"") && excluded.contains("data-id=\"bar\""))
    }

    @Test func markersAreBalloonsForAFewPointsAndDotsForMany() throws {
        let few = try Support.render([
            Support.feature(.point(Support.point(0, 0)), ["name": "Quay", "marker-color": "#123456"])
        ]).svg
        #expect(few.contains("xlink:href=\"#balloon\" fill=\"#123456\""))
        #expect(few.contains(">Q</text>"))
        let many = (0..<100).map { Support.feature(.point(Support.point(Double($0 / 10), Double($0 % 10)))) }
        let dots = try Support.render(many).svg
        #expect(!dots.contains("#balloon") && dots.components(separatedBy: "<circle").count == 101)
    }
}
