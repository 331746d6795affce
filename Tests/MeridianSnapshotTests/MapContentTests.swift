import Foundation
import MeridianCore
import Testing

@testable import MeridianSnapshot

/// Maps declared as MapKit for SwiftUI declares them: the builder, each
/// kind of content and its modifiers, the style, positions, and content
/// that cannot be drawn.
@Suite struct MapContentTests {
    static let station = Coordinate(latitude: 52.19418, longitude: 0.13719)
    static let market = Coordinate(latitude: 52.20430, longitude: 0.12110)
    static let bridge = Coordinate(latitude: 52.20870, longitude: 0.11700)

    static func code(_ body: () throws(DiagnosticError) -> Void) -> String? {
        do throws(DiagnosticError) {
            try body()
            return nil
        } catch {
            return error.diagnostic.code
        }
    }

    @Test func theBuilderKeepsOrderAcrossConditionalsLoopsAndDataLayers() throws {
        let parks = Layer(id: "parks", features: [Support.feature(.polygon([Support.square(52.2, 0.12, 0.002)]))])
        let showsCircle = false
        let extra: Coordinate? = Self.bridge
        let map = Map {
            Marker("Station", coordinate: Self.station)
            parks
            if showsCircle {
                MapCircle(center: Self.market, radius: 100)
            } else {
                MapPolyline(coordinates: [Self.station, Self.market])
            }
            if let extra { Marker("Bridge", coordinate: extra) }
            ForEach([Self.market, Self.bridge]) { stop in Marker("Stop", coordinate: stop) }
        }
        let layers = try map.layers()
        #expect(layers.map(\.id) == ["content", "parks", "content-2"])
        #expect(layers.map(\.role) == [.content, .data, .content])
        #expect(layers[0].features.count == 1)
        let kinds = layers[2].features.map { feature -> String in
            if case .lineString = feature.geometry { return "line" }
            return feature.properties["title"]?.stringValue ?? "?"
        }
        #expect(kinds == ["line", "Bridge", "Stop", "Stop"])
    }

    @Test func aMarkerIsATintedBalloonWithItsGlyphAndTitle() throws {
        let svg = try Map {
            Marker("Gate <B>", monogram: "GB", coordinate: Self.market).tint(.orange).tag("gate-b")
            Marker("Station", symbol: "rail", coordinate: Self.station)
        }.snapshot().svg
        #expect(svg.contains("data-id=\"gate-b\""))
        #expect(svg.contains("<use xlink:href=\"#balloon\" fill=\"#ff9500\"/>"))
        #expect(svg.contains(">GB</text>"))
        #expect(svg.contains("<title>Gate &lt;B&gt;</title>") && !svg.contains("<B>"))
        #expect(svg.contains(">Station</text>"))
    }

    @Test func strokesCarryWidthCapsJoinsAndDashes() throws {
        let svg = try Map {
            MapPolyline(coordinates: [Self.station, Self.market, Self.bridge])
                .stroke(.red, style: StrokeStyle(lineWidth: 3, lineCap: .square, lineJoin: .bevel, dash: [6, 2]))
            MapPolygon(coordinates: Support.square(52.2, 0.125, 0.003))
                .foregroundStyle(.green.opacity(0.3)).stroke(.green, lineWidth: 2)
        }.snapshot().svg
        #expect(svg.contains("stroke=\"#ff3b30\" stroke-width=\"3\""))
        #expect(svg.contains("stroke-dasharray=\"6 2\"") && svg.contains("stroke-linecap=\"square\""))
        #expect(svg.contains("stroke-linejoin=\"bevel\""))
        #expect(svg.contains("fill=\"#34c759\" fill-opacity=\".3\""))
    }

    @Test func aGradientRunsFromTheStartColourToTheEndColour() throws {
        let snapshot = try Map {
            MapPolyline(coordinates: [Self.station, Self.market, Self.bridge])
                .stroke(Gradient(colors: [MapColor(css: "#00ff00")!, MapColor(css: "#ff0000")!]), lineWidth: 5)
        }.snapshot()
        let svg = snapshot.svg
        let group = try #require(svg.range(of: "<g class=\"gradient\""))
        let pieces = svg[group.lowerBound...].components(separatedBy: "<path stroke=\"").dropFirst().map {
            String($0.prefix(7))
        }
        #expect(pieces.count == 48)
        #expect(pieces.first == "#03fc00" && pieces.last == "#fc0300", "\(pieces)")
        // The first piece starts at the station.
        let start = snapshot.point(for: Self.station)
        let first = try #require(Support.subpaths(Support.pathData(String(svg[group.lowerBound...]))[0]).first?.first)
        #expect(abs(first.0 - start.x) < 0.02 && abs(first.1 - start.y) < 0.02)
    }

    @Test func contentAboveTheLabelsIsDrawnAfterThem() throws {
        let svg = try Map {
            Marker("Market", coordinate: Self.market)
            MapCircle(center: Self.market, radius: 200).foregroundStyle(.blue.opacity(0.2))
                .mapOverlayLevel(level: .aboveLabels)
        }.snapshot().svg
        let labels = try #require(svg.range(of: "<g id=\"labels\">"))
        let above = try #require(svg.range(of: "<g id=\"above-labels\">"))
        #expect(labels.lowerBound < above.lowerBound)
        #expect(svg[above.lowerBound...].contains("fill=\"#007aff\" fill-opacity=\".2\""))
    }

    @Test func annotationsDrawABadgeASymbolOrALabelAnchoredOnTheirPoint() throws {
        let snapshot = try Map {
            Annotation("Finish", coordinate: Self.bridge, anchor: .bottom) { .badge("9.1 km") }.tint(.red)
            Annotation("View", coordinate: Self.station, anchor: .topLeading) { .symbol(path: "M12 2L22 22H2Z") }
            Annotation("River", coordinate: Self.market, content: .label)
        }.snapshot()
        let svg = snapshot.svg
        #expect(svg.contains(">9.1 km</text>") && svg.contains("fill=\"#ff3b30\""))
        let finish = snapshot.point(for: Self.bridge)
        let badge = try #require(svg.range(of: "<g class=\"badge\""))
        let transform = svg[badge.lowerBound...].prefix(200)
        #expect(transform.contains(" \(Self.format(finish.y - 17)))"), "\(transform)")
        let view = snapshot.point(for: Self.station)
        #expect(
            svg.contains("<g class=\"symbol\" transform=\"translate(\(Self.format(view.x)) \(Self.format(view.y)))\">"))
        #expect(svg.contains("d=\"M12 2L22 22H2Z\""))
        #expect(snapshot.placedLabels.contains("River"))
    }

    static func format(_ value: Double) -> String {
        var buffer = SVGBuffer(precision: 2, capacity: 16)
        buffer.appendNumber(value)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test func aMutedStyleDimsTheDataAndTheFilterSparesTheContent() throws {
        let cafes = Layer(
            id: "shops",
            features: [
                Support.feature(.point(Self.market), id: "cafe", JSONObject([("category", "cafe")])),
                Support.feature(.point(Self.bridge), id: "bank", JSONObject([("category", "bank")])),
            ])
        let svg = try Map {
            cafes
            Marker("Station", coordinate: Self.station).tag("station")
        }
        .mapStyle(.standard(emphasis: .muted, pointsOfInterest: .including([.cafe]), colorScheme: .dark))
        .snapshot().svg
        #expect(svg.contains("data-layer=\"shops\" opacity=\".45\""))
        #expect(!svg.contains("data-layer=\"content\" opacity"))
        #expect(svg.contains("data-id=\"cafe\"") && !svg.contains("data-id=\"bank\""))
        #expect(svg.contains("data-id=\"station\""))
        #expect(svg.contains("data-theme=\"dark\""))
    }

    @Test func anItemPositionCentresTheTaggedContent() throws {
        let snapshot = try Map(position: .item("bridge")) {
            Marker("Station", coordinate: Self.station)
            Marker("Bridge", coordinate: Self.bridge).tag("bridge")
        }.snapshot(size: Snapshotter.Size(width: 400, height: 300))
        let point = snapshot.point(for: Self.bridge)
        #expect(abs(point.x - 200) < 0.01 && abs(point.y - 150) < 0.01)
        #expect(
            Self.code { () throws(DiagnosticError) in
                _ = try Map(position: .item("nowhere")) { Marker("Bridge", coordinate: Self.bridge) }.snapshot()
            } == "snapshot.framing.invalid")
    }

    @Test func contentThatCannotBeDrawnIsAnErrorNamingIt() {
        func code(@MapContentBuilder _ content: () -> MapContentGroup) -> String? {
            let map = Map(content: content)
            return Self.code { () throws(DiagnosticError) in _ = try map.snapshot() }
        }
        #expect(
            code { Marker("Nowhere", coordinate: Coordinate(latitude: .nan, longitude: 0)) }
                == "snapshot.content.coordinate")
        #expect(
            code {
                MapPolyline(
                    coordinates: [Self.station, Coordinate(latitude: 91, longitude: 0)], contourStyle: .geodesic)
            } == "snapshot.content.coordinate")
        #expect(code { MapCircle(center: Self.station, radius: -5) } == "snapshot.content.radius")
        #expect(code { MapCircle(center: Self.station, radius: .infinity) } == "snapshot.content.radius")
        #expect(
            code { MapPolyline(coordinates: [Self.station, Self.market]).stroke(.red, lineWidth: -1) }
                == "snapshot.content.style")
        #expect(
            code {
                MapPolyline(coordinates: [Self.station, Self.market])
                    .stroke(.red, style: StrokeStyle(dash: [Double.nan, 2]))
            } == "snapshot.content.style")
        #expect(
            code { Annotation("x", coordinate: Self.station) { .symbol(path: "M0 0\"/><script>alert(1)</script>") } }
                == "snapshot.content.symbol")
        #expect(code { Marker("Fine", coordinate: Self.station) } == nil)
        #expect(MapColor(css: "red\" onload=\"x") == nil && MapColor(css: "tomato")?.css == "tomato")
    }

    @Test func dashCapsAndJoinsFromFilePropertiesAreCheckedNumbersAndNames() throws {
        let line: Geometry = .lineString([Self.station, Self.market])
        let svg = try Support.render([
            Support.feature(line, id: "ok", JSONObject([("stroke-dasharray", "4, 2"), ("stroke-linejoin", "miter")])),
            Support.feature(
                line, id: "bad",
                JSONObject([("stroke-dasharray", "4;background:url(x)"), ("stroke-linecap", "\"/><script>")])),
            Support.feature(line, id: "array", JSONObject([("stroke-dasharray", .array([1, 3.5]))])),
        ]).svg
        #expect(svg.contains("data-id=\"ok\" stroke-dasharray=\"4 2\" stroke-linejoin=\"miter\""))
        #expect(svg.contains("data-id=\"array\" stroke-dasharray=\"1 3.5\""))
        let bad = try #require(svg.range(of: "data-id=\"bad\""))
        #expect(!svg[bad.lowerBound...].prefix(60).contains("stroke-"))
        #expect(!svg.contains("script") && !svg.contains("url("))
    }

    @Test func aDocumentDecodesIntoTheMapItDescribes() throws {
        let json: JSONValue = .object(
            JSONObject([
                ("center", "52.2043,0.1218"), ("z", 15), ("size", .array([400, 300])), ("scale", 2),
                ("colorScheme", "dark"), ("t", "mutedStandard"),
                (
                    "annotations",
                    .array([.object(JSONObject([("point", .array([52.2, 0.12])), ("color", "f60"), ("title", "A")]))])
                ),
            ]))
        let document = try MapDocument(json: json)
        #expect(document.size == Snapshotter.Size(width: 400, height: 300) && document.scale == 2)
        #expect(document.map.style.colorScheme == .dark && document.map.style.emphasis == .muted)
        let snapshot = try document.map.snapshot(size: document.size, scale: document.scale)
        let center = snapshot.point(for: Coordinate(latitude: 52.2043, longitude: 0.1218))
        #expect(abs(center.x - 200) < 1e-6 && abs(center.y - 150) < 1e-6)
        // At zoom 15 the world is 256 x 2^15 points wide: 0.01 degree of longitude is 83.89 points.
        let east = snapshot.point(for: Coordinate(latitude: 52.2043, longitude: 0.1318))
        #expect(abs(east.x - center.x - 256 * 32_768 * 0.01 / 360) < 1e-6)
        #expect(snapshot.svg.contains("fill=\"#f60\""))
    }

    @Test func cameraBoundsClampTheDistanceAndTheCentre() throws {
        let size = Snapshotter.Size(width: 400, height: 300)
        let near = try Map(
            position: .camera(MapCamera(center: Self.market, distance: 100)),
            bounds: MapCameraBounds(minimumDistance: 1_000)
        ) { Marker("Bridge", coordinate: Self.bridge) }.snapshot(size: size)
        let atLimit = try Map(position: .camera(MapCamera(center: Self.market, distance: 1_000))) {
            Marker("Bridge", coordinate: Self.bridge)
        }.snapshot(size: size)
        let a = near.point(for: Self.bridge)
        let b = atLimit.point(for: Self.bridge)
        #expect(abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6)
        // A centre outside the bounds moves to their nearest edge.
        let box = MapRect(CoordinateRegion(center: Self.station, latitudinalMeters: 200, longitudinalMeters: 200))
        let clamped = try Map(
            position: .camera(MapCamera(center: Self.bridge, distance: 2_000)),
            bounds: MapCameraBounds(centerCoordinateBounds: box)
        ) { Marker("Station", coordinate: Self.station) }.snapshot(size: size)
        // The bridge lies north-west of the station: the centre is the box's north-west corner.
        let corner = clamped.point(for: MapPoint(x: box.minX, y: box.minY).coordinate)
        #expect(abs(corner.x - 200) < 1e-6 && abs(corner.y - 150) < 1e-6)
        #expect(
            Self.code { () throws(DiagnosticError) in
                _ = try Map(bounds: MapCameraBounds(minimumDistance: 5_000, maximumDistance: 100)) {
                    Marker("Station", coordinate: Self.station)
                }.snapshot()
            } == "snapshot.camera.bounds")
    }

    @Test func coordinateForIsTheInverseOfPointForUnderAHeading() throws {
        let snapshot = try Map(position: .camera(MapCamera(center: Self.market, distance: 3_000, heading: 37))) {
            Marker("Station", coordinate: Self.station)
        }.snapshot(size: Snapshotter.Size(width: 500, height: 400))
        for coordinate in [Self.station, Self.market, Self.bridge, Coordinate(latitude: 52.21, longitude: 0.14)] {
            let back = snapshot.coordinate(for: snapshot.point(for: coordinate))
            #expect(
                abs(back.latitude - coordinate.latitude) < 1e-9 && abs(back.longitude - coordinate.longitude) < 1e-9)
        }
        let middle = snapshot.coordinate(for: Snapshot.Point(x: 250, y: 200))
        #expect(abs(middle.latitude - Self.market.latitude) < 1e-9)
    }

    /// The perspective check: a grid of coordinates drawn with pitch
    /// and heading lands where an independent pinhole camera over the map
    /// plane puts it (3D vectors, not the renderer's projective map), within
    /// half a pixel (in fact a millionth of one).
    @Test func aPitchedCameraIsATruePerspectiveOfTheMapPlane() throws {
        let (width, height) = (600.0, 400.0)
        let camera = MapCamera(center: Self.market, distance: 2_000, heading: 30, pitch: 50)
        let snapshot = try Map(position: .camera(camera)) { Marker("Market", coordinate: Self.market) }
            .snapshot(size: Snapshotter.Size(width: width, height: height))
        typealias Vector = (x: Double, y: Double, z: Double)
        func minus(_ a: Vector, _ b: Vector) -> Vector { (a.x - b.x, a.y - b.y, a.z - b.z) }
        func dot(_ a: Vector, _ b: Vector) -> Double { a.x * b.x + a.y * b.y + a.z * b.z }
        func cross(_ a: Vector, _ b: Vector) -> Vector {
            (a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
        }
        // Map points as units: x east, y south, z up.
        let focal = min(width, height) / 2 / tan(15 * Double.pi / 180)
        let metres = 2 * camera.distance * tan(15 * Double.pi / 180)
        let k = min(width, height) / (metres * mapPointsPerMeter(atLatitude: camera.center.latitude))
        let eyeDistance = focal / k
        let h = camera.heading * .pi / 180
        let p = camera.pitch * .pi / 180
        let c = MapPoint(camera.center)
        let forward: Vector = (sin(h), -cos(h), 0)
        let eye: Vector = (
            c.x - forward.x * eyeDistance * sin(p), c.y - forward.y * eyeDistance * sin(p), eyeDistance * cos(p)
        )
        let look: Vector = (
            (c.x - eye.x) / eyeDistance, (c.y - eye.y) / eyeDistance, (0 - eye.z) / eyeDistance
        )
        let right: Vector = (cos(h), sin(h), 0)
        let down = cross(right, look)
        var worst = 0.0
        for row in -4...4 {
            for column in -4...4 {
                let coordinate = Coordinate(
                    latitude: Self.market.latitude + Double(row) * 0.002,
                    longitude: Self.market.longitude + Double(column) * 0.003)
                let m = MapPoint(coordinate)
                let v = minus((m.x, m.y, 0), eye)
                let depth = dot(v, look)
                guard depth > eyeDistance / 10 else { continue }
                let expected = (
                    x: width / 2 + focal * dot(v, right) / depth, y: height / 2 + focal * dot(v, down) / depth
                )
                let drawn = snapshot.point(for: coordinate)
                worst = max(worst, abs(drawn.x - expected.x), abs(drawn.y - expected.y))
                let back = snapshot.coordinate(for: drawn)
                #expect(
                    abs(back.latitude - coordinate.latitude) < 1e-9 && abs(back.longitude - coordinate.longitude) < 1e-9
                )
            }
        }
        #expect(worst < 0.5, "worst \(worst) px")
        #expect(worst < 1e-6, "worst \(worst) px")
        // Nearer is larger: 0.001 degree of longitude below the centre spans more than above it.
        let low = snapshot.point(for: Coordinate(latitude: 52.200, longitude: 0.121))
        let lowEast = snapshot.point(for: Coordinate(latitude: 52.200, longitude: 0.122))
        let high = snapshot.point(for: Coordinate(latitude: 52.209, longitude: 0.121))
        let highEast = snapshot.point(for: Coordinate(latitude: 52.209, longitude: 0.122))
        func length(_ a: Snapshot.Point, _ b: Snapshot.Point) -> Double {
            ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
        }
        #expect(length(low, lowEast) > 1.2 * length(high, highEast))
    }

    /// A line from the view to far behind the eye is drawn up to where it
    /// leaves the image, never mirrored back into it.
    @Test func geometryBehindTheEyeIsClippedAway() throws {
        let camera = MapCamera(center: Self.market, distance: 1_000, pitch: 60)
        let behind = Coordinate(latitude: 51.5, longitude: 0.1211)  // 78 km south: behind a camera facing north
        let snapshot = try Map(position: .camera(camera)) {
            MapPolyline(coordinates: [Self.market, behind]).stroke(.red, lineWidth: 3)
            MapPolygon(coordinates: [Self.market, behind, Coordinate(latitude: 51.5, longitude: 0.2)])
                .foregroundStyle(.blue)
        }.snapshot(size: Snapshotter.Size(width: 400, height: 300))
        let svg = snapshot.svg
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        for d in Support.pathData(svg) where d.hasPrefix("M") {
            for part in Support.subpaths(d) {
                for point in part {
                    // Clipping keeps paths within the image and its 24-point margin.
                    #expect(point.0 > -30 && point.0 < 430 && point.1 > -30 && point.1 < 330, "\(point)")
                }
            }
        }
        // The line runs from the centre straight down the image, as the southward line it is.
        let centre = snapshot.point(for: Self.market)
        #expect(abs(centre.x - 200) < 1e-6 && abs(centre.y - 150) < 1e-6)
    }
}
