import Foundation
import MeridianCore
import Testing

@testable import MeridianSnapshot

/// Values an attacker (or a broken file) can send: finite but huge,
/// tiny, NaN. Each is an error located at its option, or skipped in data;
/// none traps or runs away. Every input is built here.
@Suite struct HostileValueTests {
    private let dot = [Support.feature(.point(Support.point(52.2, 0.12)), id: "dot")]

    private func code(_ configure: (inout Snapshotter.Options) -> Void) -> String? {
        do {
            _ = try Support.render(dot, configure: configure)
            return nil
        } catch {
            return (error as? DiagnosticError)?.diagnostic.code
        }
    }

    @Test func aMapRectBeyondTheWorldIsAnOptionError() {
        // What `--bbox=-1e300,-80,1e300,80` makes.
        let northWest = MapPoint(Coordinate(latitude: 80, longitude: -1e300))
        let southEast = MapPoint(Coordinate(latitude: -80, longitude: 1e300))
        let rect = MapRect(
            x: northWest.x, y: northWest.y, width: southEast.x - northWest.x, height: southEast.y - northWest.y)
        #expect(code { $0.framing = .mapRect(rect) } == "snapshot.options.map-rect")
        #expect(
            code { $0.framing = .mapRect(MapRect(x: 0, y: 0, width: 1e300, height: 10)) } == "snapshot.options.map-rect"
        )
        #expect(
            code { $0.framing = .mapRect(MapRect(x: .nan, y: 0, width: 10, height: 10)) } == "snapshot.options.map-rect"
        )
        // Across the antimeridian, a box reaches one world beyond: still fine.
        let pacific = MapRect(x: MapSize.world.width * 0.9, y: 1e8, width: MapSize.world.width * 0.2, height: 1e7)
        #expect(code { $0.framing = .mapRect(pacific) } == nil)
    }

    @Test func aRegionMustBeAValidMapKitRegion() {
        func region(_ latitude: Double, _ longitude: Double, _ dLat: Double, _ dLon: Double) -> Framing {
            .region(
                CoordinateRegion(
                    center: Coordinate(latitude: latitude, longitude: longitude),
                    span: CoordinateSpan(latitudeDelta: dLat, longitudeDelta: dLon)))
        }
        #expect(code { $0.framing = region(0, 1e300, 1, 1) } == "snapshot.options.region")
        #expect(code { $0.framing = region(1e300, 0, 1, 1) } == "snapshot.options.region")
        #expect(code { $0.framing = region(.nan, 0, 1, 1) } == "snapshot.options.region")
        #expect(code { $0.framing = region(52, 0, 1e300, 1) } == "snapshot.options.region")
        #expect(code { $0.framing = region(52, 0, 1, .infinity) } == "snapshot.options.region")
        #expect(code { $0.framing = region(52, 0, 1, 1) } == nil)
    }

    @Test func aCameraMustBeAtAPlaceAndADistanceThatCanBeDrawn() {
        let center = Coordinate(latitude: 52, longitude: 0)
        #expect(code { $0.framing = .camera(MapCamera(center: center, distance: 1e300)) } == "snapshot.camera.distance")
        #expect(
            code { $0.framing = .camera(MapCamera(center: center, distance: 1e-300)) } == "snapshot.camera.distance")
        #expect(code { $0.framing = .camera(MapCamera(center: center, distance: .nan)) } == "snapshot.camera.distance")
        let far = Coordinate(latitude: 52, longitude: 1e300)
        #expect(code { $0.framing = .camera(MapCamera(center: far, distance: 1_000)) } == "snapshot.camera.center")
        #expect(
            code { $0.framing = .camera(MapCamera(center: center, distance: 1_000, heading: .infinity)) }
                == "snapshot.camera.heading")
        #expect(code { $0.framing = .camera(MapCamera(center: center, distance: 1_000, heading: 1e300)) } == nil)
        #expect(code { $0.framing = .camera(MapCamera(center: center, distance: 1e8)) } == nil)
        #expect(code { $0.framing = .camera(MapCamera(center: center, distance: 0.1)) } == nil)
    }

    @Test func paddingAndLabelSizeMustBeFinite() {
        #expect(code { $0.framing = .automatic(padding: .nan) } == "snapshot.options.padding")
        #expect(code { $0.framing = .automatic(padding: -.infinity) } == "snapshot.options.padding")
        #expect(code { $0.framing = .automatic(padding: 1e300) } == nil, "too much padding leaves the whole image")
        #expect(code { $0.labels.fontSize = .nan } == "snapshot.options.font-size")
        #expect(code { $0.labels.fontSize = 1e300 } == "snapshot.options.font-size")
    }

    @Test func optionErrorsAreLocatedAtTheirOption() throws {
        let error = try #require(
            #expect(throws: DiagnosticError.self) {
                try Support.render(self.dot) { $0.framing = .automatic(padding: .nan) }
            })
        #expect(error.diagnostic.location.property == "framing.padding")
    }

    @Test func positionsAtAbsurdLongitudesAreSkippedWhenDrawing() throws {
        let far = [1e300, -1e300, 1e15, 1e12, 721, .infinity]
        var features = dot
        for (index, longitude) in far.enumerated() {
            features.append(Support.feature(.point(Support.point(52.2, longitude)), id: "far-\(index)"))
        }
        features.append(
            Support.feature(
                .lineString([
                    Support.point(52.2, 0.12), Support.point(10, 1e300), Support.point(52.21, 0.13),
                    Support.point(3, -1e300), Support.point(52.19, 0.14),
                ]), id: "line"))
        // A hole that starts at an absurd longitude: its offset is not stepped towards it turn by turn.
        features.append(
            Support.feature(
                .polygon([
                    Support.square(52.2, 0.12, 0.01),
                    [
                        Support.point(52.2, 1e300), Support.point(52.201, 0.121), Support.point(52.201, 0.122),
                        Support.point(52.202, 0.122), Support.point(52.201, 0.121),
                    ],
                ]), id: "holed"))
        for markerStyle in [MarkerStyle.balloon, .dot] {
            let snapshot = try Support.render(features) { $0.markerStyle = markerStyle }
            #expect(snapshot.svg.contains("data-id=\"dot\"") && snapshot.svg.contains("data-id=\"line\""))
            #expect(snapshot.svg.contains("data-id=\"holed\""))
            #expect(!snapshot.svg.contains("data-id=\"far-"))
            // Framed on what can be drawn: the dot is in the image.
            let point = snapshot.point(for: Support.point(52.2, 0.12))
            #expect((0...1024).contains(point.x) && (0...768).contains(point.y))
        }
        // Nothing but absurd positions: nothing to draw, said plainly.
        let onlyFar = far.map { Support.feature(.point(Support.point(10, $0))) }
        #expect { try Support.render(onlyFar) } throws: { error in
            (error as? DiagnosticError)?.diagnostic.code == "snapshot.content.empty"
        }
        // And in a fixed frame, where framing does not look at the data first.
        let framed = try Support.render(onlyFar + dot) {
            $0.framing = .region(
                CoordinateRegion(
                    center: Support.point(52.2, 0.12), span: CoordinateSpan(latitudeDelta: 1, longitudeDelta: 1)))
        }
        #expect(framed.svg.contains("data-id=\"dot\""))
    }

    /// Stepping 360 degrees at a time took 3.4 s for 1e12 and never ended
    /// for 1e15 (where 1e15 - 360 == 1e15); the remainder takes one step.
    @Test func anExtentAtAHugeLongitudeIsNormalisedInOneStep() throws {
        for longitude in [1e15, 1e300, -1e300, 1e12, 540, -540, 190.5] {
            var extent = ContentExtent()
            extent.add(west: longitude, east: longitude + 1, south: 0, north: 1)
            let range = try #require(extent.longitudeRange)
            #expect(range.west >= -180 && range.west < 180, "\(longitude)")
            #expect(range.east - range.west == 1 || longitude.ulp > 1, "\(longitude)")
        }
        var extent = ContentExtent()
        extent.add(west: 190.5, east: 191, south: 0, north: 1)
        #expect(extent.longitudeRange?.west == -169.5)
        extent = ContentExtent()
        extent.add(west: .nan, east: 1, south: 0, north: 1)
        extent.add(west: 0, east: .infinity, south: 0, north: 1)
        #expect(extent.isEmpty)
    }

    /// Extents found on several threads, each merged, then joined, frame
    /// what one extent of every part frames, across the antimeridian too.
    @Test func extentsJoinedFrameWhatOneExtentFrames() {
        let parts: [(Double, Double, Double, Double)] = [
            (178, 180, -18, -16), (-180, -179.8, -17, -16), (10, 12, 40, 41), (11, 30, 0, 1), (-60, -50, 5, 6),
        ]
        var whole = ContentExtent()
        for (west, east, south, north) in parts { whole.add(west: west, east: east, south: south, north: north) }
        for split in 0...parts.count {
            var first = ContentExtent()
            var second = ContentExtent()
            for (index, (west, east, south, north)) in parts.enumerated() {
                if index < split {
                    first.add(west: west, east: east, south: south, north: north)
                } else {
                    second.add(west: west, east: east, south: south, north: north)
                }
            }
            first.merge()
            second.merge()
            first.formUnion(second)
            #expect(first.mapRect == whole.mapRect, "split at \(split)")
        }
    }

    @Test func worldShiftsOfFarAwayOrNaNPositionsAreEmptyNotATrap() {
        let viewport = Viewport(
            width: 100, height: 100, center: MapPoint(x: 1e8, y: 1e8), pointsPerMapPoint: 1e-4, heading: 0)
        let bounds = viewport.mapBounds(margin: 0)
        #expect(viewport.worldShifts(minX: 1e300, maxX: 1e300, bounds: bounds).isEmpty)
        #expect(viewport.worldShifts(minX: -1e300, maxX: -1e300, bounds: bounds).isEmpty)
        #expect(viewport.worldShifts(minX: .nan, maxX: .nan, bounds: bounds).isEmpty)
        #expect(viewport.worldShifts(minX: -1e300, maxX: 1e300, bounds: bounds) == [0], "everywhere: drawn once")
        #expect(viewport.worldShifts(minX: 1e8, maxX: 1e8, bounds: bounds) == [0])
    }

    @Test func numbersBeyondAnyViewAreWrittenClampedNotTrapped() {
        var svg = SVGBuffer(precision: 2)
        svg.appendNumber(1e300, decimals: 2)
        svg.append(" ")
        svg.appendNumber(-.infinity, decimals: 3)
        svg.append(" ")
        svg.appendNumber(.nan)
        #expect(String(decoding: svg.bytes, as: UTF8.self) == "45000000000000 0 0")
    }

    @Test func aCircleAroundAnAbsurdCentreIsSkippedAndAHugeOneIsHarmless() throws {
        var layer = Layer(id: "test", features: dot)
        layer.overlays = [
            .circle(Circle(center: Support.point(52.2, 1e300), radius: 100), properties: JSONObject()),
            .circle(Circle(center: Support.point(52.2, 0.12), radius: 100), properties: JSONObject()),
        ]
        // A radius of 1e300 m neither traps nor hangs.
        var huge = layer
        huge.overlays = [.circle(Circle(center: Support.point(52.2, 0.12), radius: 1e300), properties: JSONObject())]
        _ = try Snapshotter(options: Snapshotter.Options(layers: [huge])).snapshot()
        let snapshot = try Snapshotter(options: Snapshotter.Options(layers: [layer])).snapshot()
        let areas = snapshot.svg.components(separatedBy: "<g class=\"areas\"")[1].components(separatedBy: "</g>")[0]
        #expect(areas.components(separatedBy: "<path").count == 2, "one circle drawn: \(areas)")
    }
}
