import Testing

@testable import MeridianCore

@Suite struct MapPointTests {
    @Test func portlandProjectsToMapKitsRecordedPoint() {
        let point = MapPoint(Coordinate(latitude: 45.52, longitude: -122.681944))
        #expect(withinOneULP(point.x, 42739440.27609316))
        #expect(withinOneULP(point.y, 96012095.91233155))
    }

    @Test func originProjectsToWorldCentre() {
        let point = MapPoint(Coordinate(latitude: 0, longitude: 0))
        #expect(point == MapPoint(x: 134_217_728, y: 134_217_728))
    }

    @Test func worldSizeIsTwoToTheTwentyEighth() {
        #expect(MapSize.world == MapSize(width: 268_435_456, height: 268_435_456))
        #expect(MapRect.world == MapRect(x: 0, y: 0, width: 268_435_456, height: 268_435_456))
    }

    @Test func latitudeIsClampedToEightyFiveDegrees() {
        let mercatorLimit = MapPoint(Coordinate(latitude: 85.0511287798066, longitude: 0))
        #expect(mercatorLimit.y == MapPoint(Coordinate(latitude: 85, longitude: 0)).y)
        #expect(
            MapPoint(Coordinate(latitude: -89, longitude: 0)).y == MapPoint(Coordinate(latitude: -85, longitude: 0)).y)
    }

    @Test func latitudeBeyondNinetyGivesZeroY() {
        #expect(MapPoint(Coordinate(latitude: 91, longitude: 0)).y == 0)
        #expect(MapPoint(Coordinate(latitude: -120, longitude: 0)).y == 0)
    }

    @Test func nanAndInfinityNeverCrash() {
        let nan = MapPoint(Coordinate(latitude: .nan, longitude: .nan))
        #expect(nan.x.isNaN && nan.y.isNaN)
        let infinite = MapPoint(Coordinate(latitude: .infinity, longitude: .infinity))
        #expect(infinite.y == 0 && infinite.x == .infinity)
        #expect(MapPoint(x: .nan, y: .nan).coordinate.latitude.isNaN)
    }

    @Test func inverseProjectionRoundTrips() {
        for latitude in stride(from: -84.0, through: 84.0, by: 7.3) {
            for longitude in stride(from: -179.0, through: 179.0, by: 11.9) {
                let back = MapPoint(Coordinate(latitude: latitude, longitude: longitude)).coordinate
                #expect(abs(back.latitude - latitude) < 1e-12)
                #expect(abs(back.longitude - longitude) < 1e-12)
            }
        }
    }

    @Test func projectionMatchesPROJOnThreeThousandRandomPoints() throws {
        // EPSG:3857 metres rescaled to map points: W / (2 pi R), R = 6378137.
        let worldMetres = 2 * Double.pi * 6_378_137
        var worst = 0.0
        for row in try resourceRows("projection-reference") {
            let (lat, lon, e, n) = (Double(row[0])!, Double(row[1])!, Double(row[2])!, Double(row[3])!)
            let point = MapPoint(Coordinate(latitude: lat, longitude: lon))
            let x = (e / worldMetres + 0.5) * MapSize.world.width
            let y = (0.5 - n / worldMetres) * MapSize.world.height
            worst = max(worst, abs(point.x - x), abs(point.y - y))
        }
        // PROJ uses the tan form, which differs by ~3e-8; a micro map point
        // is about 0.15 micrometres.
        #expect(worst < 1e-6, "largest difference \(worst) map points")
    }

    @Test func distanceMatchesMapKitsRecordedSample() {
        let distance = MapPoint(x: 0, y: 0).distance(to: MapPoint(x: 1000, y: 1000))
        #expect(abs(distance - 18.153) <= 0.001)
    }

    @Test func descriptionUsesOneDecimal() {
        #expect(MapPoint(x: 1, y: 2.25).description == "{1.0, 2.2}")
        #expect(MapPoint(Coordinate(latitude: 0, longitude: 0)).description == "{134217728.0, 134217728.0}")
    }
}

@Suite struct MetersPerMapPointTests {
    @Test(arguments: [
        (0.0, 0.14828977333772544),
        (60.0, 0.07470109070817468),
        (37.3326, 1 / 8.449910702134479),
    ])
    func recordedValuesAreReproduced(latitude: Double, expected: Double) {
        #expect(withinOneULP(metersPerMapPoint(atLatitude: latitude), expected))
    }

    @Test func pointsPerMeterIsTheReciprocal() {
        #expect(withinOneULP(mapPointsPerMeter(atLatitude: 37.3326), 8.449910702134479))
    }

    @Test func polesGiveTheValuesSeenOnDevices() {
        #expect(abs(metersPerMapPoint(atLatitude: 90) - 0.2540378) < 1e-7)
        #expect(abs(metersPerMapPoint(atLatitude: -90) - 0.00041677) < 1e-8)
        #expect(abs(mapPointsPerMeter(atLatitude: -90) - 2399.3767) < 1e-4)
    }

    @Test func beyondNinetyDegreesIsInfinite() {
        #expect(metersPerMapPoint(atLatitude: 91) == .infinity)
        #expect(metersPerMapPoint(atLatitude: -91) == .infinity)
        #expect(metersPerMapPoint(atLatitude: .nan).isNaN)
    }
}
