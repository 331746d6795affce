import Testing

@testable import MeridianCore

@Suite struct MapRectTests {
    let a = MapRect(x: 1, y: 2, width: 3, height: 4)

    @Test func edgesAndMiddles() {
        #expect(a.minX == 1 && a.midX == 2.5 && a.maxX == 4)
        #expect(a.minY == 2 && a.midY == 4 && a.maxY == 6)
    }

    @Test func nullHasInfiniteOriginAndZeroSize() {
        #expect(MapRect.null.origin.x == .infinity && MapRect.null.origin.y == .infinity)
        #expect(MapRect.null.size == MapSize(width: 0, height: 0))
        #expect(MapRect.null.isNull && MapRect.null.isEmpty)
        #expect(MapRect() == MapRect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test func emptyIsNullOrZeroSized() {
        #expect(MapRect().isEmpty && !MapRect().isNull)
        #expect(!MapRect(x: 0, y: 0, width: 1, height: 0).isEmpty)
        #expect(!a.isEmpty)
    }

    @Test func unionCoversBoth() {
        #expect(a.union(MapRect(x: 4, y: 3, width: 2, height: 1)) == MapRect(x: 1, y: 2, width: 5, height: 4))
        #expect(a.union(.null) == a && MapRect.null.union(a) == a)
    }

    @Test func intersectionIsTheOverlapOrNull() {
        #expect(a.intersection(MapRect(x: 2, y: 3, width: 2, height: 1)) == MapRect(x: 2, y: 3, width: 2, height: 1))
        #expect(a.intersection(MapRect(x: 10, y: 10, width: 1, height: 1)).isNull)
        #expect(a.intersects(MapRect(x: 2, y: 3, width: 1, height: 1)))
        #expect(!a.intersects(MapRect(x: 10, y: 10, width: 1, height: 1)))
        #expect(!a.intersects(.null))
    }

    @Test func containsIncludesEdges() {
        #expect(MapRect().contains(MapPoint(x: 0, y: 0)))
        #expect(a.contains(MapPoint(x: 4, y: 6)))
        #expect(!a.contains(MapPoint(x: 4.0001, y: 6)))
        #expect(MapRect().contains(MapRect()))
        #expect(a.contains(MapRect(x: 2, y: 3, width: 1, height: 1)))
        #expect(!a.contains(MapRect(x: 2, y: 3, width: 10, height: 1)))
    }

    @Test func insetAndOffsetMatchMapKit() {
        #expect(a.insetBy(dx: -1, dy: 1) == MapRect(x: 0, y: 3, width: 5, height: 2))
        #expect(a.offsetBy(dx: 1, dy: -1) == MapRect(x: 2, y: 1, width: 3, height: 4))
        #expect(MapRect.null.insetBy(dx: 1, dy: 1).isNull)
        #expect(MapRect.null.offsetBy(dx: 1, dy: 1).isNull)
    }

    @Test func dividedFromMaxXEdge() {
        let (slice, remainder) = MapRect(x: 10, y: 20, width: 30, height: 40).divided(atDistance: 2, from: .maxXEdge)
        #expect(slice == MapRect(x: 38, y: 20, width: 2, height: 40))
        #expect(remainder == MapRect(x: 10, y: 20, width: 28, height: 40))
    }

    @Test func dividedFromEachEdgeTilesTheRect() {
        let rect = MapRect(x: 10, y: 20, width: 30, height: 40)
        for edge in MapRect.Edge.allCases {
            let (slice, remainder) = rect.divided(atDistance: 5, from: edge)
            #expect(slice.union(remainder) == rect)
            #expect(slice.width * slice.height + remainder.width * remainder.height == rect.width * rect.height)
        }
    }

    @Test func rectWestOfTheWorldSpansTheAntimeridian() {
        let rect = MapRect(x: -90, y: -90, width: 90, height: 90)
        #expect(rect.spans180thMeridian)
        #expect(rect.remainder == MapRect(x: 268_435_366, y: -90, width: 90, height: 90))
    }

    @Test func rectEastOfTheWorldWrapsToTheWest() {
        let rect = MapRect(x: MapSize.world.width - 10, y: 0, width: 30, height: 5)
        #expect(rect.spans180thMeridian)
        #expect(rect.remainder == MapRect(x: 0, y: 0, width: 20, height: 5))
    }

    @Test func rectInsideTheWorldHasNullRemainder() {
        #expect(!a.spans180thMeridian)
        #expect(a.remainder.isNull)
        #expect(!MapRect.world.spans180thMeridian)
    }

    @Test func descriptionMatchesMapKit() {
        #expect(a.description == "{{1.0, 2.0}, {3.0, 4.0}}")
        #expect(MapRect.null.description == "{{inf, inf}, {0.0, 0.0}}")
    }
}

@Suite struct CoordinateRegionTests {
    @Test func regionFromMetresAtTheEquator() {
        let region = CoordinateRegion(
            center: Coordinate(latitude: 0, longitude: 0), latitudinalMeters: 1000, longitudinalMeters: 2000)
        #expect(withinOneULP(region.span.latitudeDelta, 0.009043695025814083))
        #expect(withinOneULP(region.span.longitudeDelta, 0.017966310975031877))
    }

    @Test func worldRectGivesMapKitsWorldRegion() {
        let region = CoordinateRegion(MapRect.world)
        #expect(withinOneULP(region.span.latitudeDelta, 170.10225755961318))
        #expect(region.span.longitudeDelta == 360)
        #expect(region.center.latitude == 0 && region.center.longitude == 0)
    }

    @Test func regionAndRectRoundTrip() {
        let region = CoordinateRegion(
            center: Coordinate(latitude: 52.2, longitude: 0.12),
            span: CoordinateSpan(latitudeDelta: 0.2, longitudeDelta: 0.3))
        let back = CoordinateRegion(MapRect(region))
        #expect(abs(back.span.longitudeDelta - 0.3) < 1e-12)
        #expect(abs(back.span.latitudeDelta - 0.2) < 1e-12)
        #expect(abs(back.center.longitude - 0.12) < 1e-12)
        // The Mercator middle of the rect lies slightly north of the centre.
        #expect(abs(back.center.latitude - 52.2) < 1e-3)
    }
}
