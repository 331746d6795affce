import MeridianCore
import Testing

@testable import MeridianSnapshot

@Suite struct FramingTests {
    let cambridge = Support.point(52.2, 0.12)
    let dot: [Feature] = [Support.feature(.point(Support.point(52.2, 0.12)))]

    @Test func aRegionIsCentredAndShownWhole() throws {
        let region = CoordinateRegion(center: cambridge, latitudinalMeters: 2_000, longitudinalMeters: 2_000)
        let snapshot = try Support.render(dot) {
            $0.framing = .region(region)
            $0.size = .init(width: 400, height: 300)
        }
        let middle = snapshot.point(for: cambridge)
        #expect(abs(middle.x - 200) < 1e-6 && abs(middle.y - 150) < 1e-6)
        // The region's north edge is inside the image: the taller side decides the scale.
        let north = snapshot.point(for: Support.point(52.2 + region.span.latitudeDelta / 2, 0.12))
        #expect(abs(north.y) < 1e-6)
    }

    @Test func aMapRectIsFittedToTheImage() throws {
        let rect = MapRect(x: 1000, y: 2000, width: 400, height: 100)
        let snapshot = try Support.render(dot) {
            $0.framing = .mapRect(rect)
            $0.size = .init(width: 800, height: 800)
        }
        #expect(abs(snapshot.viewport.pointsPerMapPoint - 2) < 1e-12)
    }

    @Test func aCameraHeadingRotatesTheMapAboutItsCentre() throws {
        let camera = MapCamera(center: cambridge, distance: 2_000, heading: 90)
        let snapshot = try Support.render(dot) { $0.framing = .camera(camera) }
        let centre = snapshot.point(for: cambridge)
        let east = snapshot.point(for: Support.point(52.2, 0.125))
        // Facing east: east is up.
        #expect(abs(east.x - centre.x) < 1e-6)
        #expect(east.y < centre.y - 10)
    }

    @Test func aSinglePlaceShowsAKilometreButAFloorPlanIsFitted() throws {
        // One dot: at least 1 km across the shorter side, as a map app zooms to a place.
        let place = try Support.render(dot) { $0.size = .init(width: 400, height: 400) }
        let metres = place.visibleMapRect.height * metersPerMapPoint(atLatitude: 52.2)
        #expect(abs(metres - 1_000) < 1)
        // A 40 m room: fitted inside the padding, as MapKit fits an overlay's boundingMapRect.
        let room = [Support.feature(.polygon([Support.square(52.2, 0.12, 0.00018)]))]
        let plan = try Support.render(room) {
            $0.size = .init(width: 400, height: 400)
            $0.framing = .automatic(padding: 20)
        }
        let south = plan.point(for: Support.point(52.2 - 0.00018, 0.12))
        let north = plan.point(for: Support.point(52.2 + 0.00018, 0.12))
        #expect(abs((south.y - north.y) - 360) < 1)
    }

    @Test func aPitchPastTheLimitIsRejected() throws {
        for pitch in [61, -1, Double.nan, .infinity] {
            let camera = MapCamera(center: cambridge, distance: 2_000, heading: 0, pitch: pitch)
            #expect { try Support.render(dot) { $0.framing = .camera(camera) } } throws: { error in
                (error as? DiagnosticError)?.diagnostic.code == "snapshot.camera.pitch"
            }
        }
        // A tall image takes less pitch: its top edge still sees the ground.
        let tall = try Support.render(dot) {
            $0.framing = .camera(MapCamera(center: cambridge, distance: 2_000, pitch: 60))
            $0.size = Snapshotter.Size(width: 200, height: 800)
        }
        #expect(tall.viewport.pitch < 60 && tall.viewport.pitch > 0)
        let top = tall.coordinate(for: Snapshot.Point(x: 100, y: -24))
        #expect(top.latitude.isFinite && top.latitude > cambridge.latitude)
    }

    @Test func automaticFramingFitsTheContentWithPadding() throws {
        let features = [Support.feature(.lineString([Support.point(50, 0), Support.point(51, 2)]))]
        let snapshot = try Support.render(features) {
            $0.framing = .automatic(padding: 30)
            $0.size = .init(width: 500, height: 500)
        }
        let a = snapshot.point(for: Support.point(50, 0))
        let b = snapshot.point(for: Support.point(51, 2))
        #expect(abs(a.x - 30) < 1e-6 && abs(b.x - 470) < 1e-6)
    }

    @Test func automaticFramingOfDataCutAtTheAntimeridianIsOnePlace() throws {
        // Fiji, cut at 180 degrees as RFC 7946 asks.
        let features = [
            Support.feature(
                .polygon([
                    [
                        Support.point(-17, 178), Support.point(-17, 180), Support.point(-16, 180),
                        Support.point(-16, 178), Support.point(-17, 178),
                    ]
                ])),
            Support.feature(
                .polygon([
                    [
                        Support.point(-17, -180), Support.point(-17, -179), Support.point(-16, -179),
                        Support.point(-16, -180), Support.point(-17, -180),
                    ]
                ])),
        ]
        let snapshot = try Support.render(features)
        let region = CoordinateRegion(snapshot.visibleMapRect)
        #expect(region.span.longitudeDelta < 10)
    }

    @Test func nothingToDrawIsAClearError() {
        #expect {
            try Support.render([Support.feature(.point(Support.point(1, 1)), ["category": "cafe"])]) {
                $0.pointFilter = .including([.nightlife])
            }
        } throws: { error in
            (error as? DiagnosticError)?.diagnostic.code == "snapshot.content.empty"
        }
        #expect { try Support.render([Feature()]) } throws: { error in
            (error as? DiagnosticError)?.diagnostic.code == "snapshot.content.empty"
        }
    }

    @Test func badOptionsAreErrorsNotTraps() {
        for configure: (inout Snapshotter.Options) -> Void in [
            { $0.size = .init(width: 0, height: 100) }, { $0.scale = .nan }, { $0.precision = 9 },
            { $0.framing = .mapRect(.null) }, { $0.framing = .camera(MapCamera(center: self.cambridge, distance: -1)) },
        ] {
            #expect(throws: DiagnosticError.self) { try Support.render(dot, configure: configure) }
        }
    }
}
