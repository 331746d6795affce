import Testing

@testable import MeridianCore

@Suite struct ShapeTests {
    /// A 1 x 1 degree square at the equator with a 0.5 x 0.5 hole.
    let square: [Coordinate] = [(0, 0), (0, 1), (1, 1), (1, 0), (0, 0)].map {
        Coordinate(latitude: $0.0, longitude: $0.1)
    }
    let hole: [Coordinate] = [(0.25, 0.25), (0.75, 0.25), (0.75, 0.75), (0.25, 0.75), (0.25, 0.25)].map {
        Coordinate(latitude: $0.0, longitude: $0.1)
    }

    @Test func emptyPolylineHasNullBoundingRect() {
        #expect(Polyline([]).boundingMapRect.isNull)
        #expect(Polyline([]).length == 0)
    }

    @Test func polygonWithHoleExcludesTheHole() {
        let polygon = Polygon(rings: [square, hole])
        #expect(polygon.interiorPolygons.count == 1)
        #expect(polygon.contains(Coordinate(latitude: 0.1, longitude: 0.1)))
        #expect(!polygon.contains(Coordinate(latitude: 0.5, longitude: 0.5)))
        #expect(!polygon.contains(Coordinate(latitude: 2, longitude: 2)))
        #expect(polygon.contains(Coordinate(latitude: 0, longitude: 0.5)), "edges are inside")
    }

    @Test func polygonAreaIsGeodesicAndSubtractsHoles() {
        let whole = Polygon(square).area
        // GeographicLib's Planimeter gives 12308778361.469 m^2 for this square.
        #expect(abs(whole - 12_308_778_361.469) < 1)
        let withHole = Polygon(rings: [square, hole]).area
        let holeArea = Polygon(hole).area
        #expect(abs(withHole - (whole - holeArea)) < 1e-3)
        // Winding does not matter.
        #expect(abs(Polygon(square.reversed()).area - whole) < 1e-3)
    }

    @Test func multiPolygonSumsAreasAndContainsAny() {
        let far = square.map { Coordinate(latitude: $0.latitude + 10, longitude: $0.longitude) }
        let multi = MultiPolygon([Polygon(square), Polygon(far)])
        #expect(multi.contains(Coordinate(latitude: 10.5, longitude: 0.5)))
        #expect(abs(multi.area - Polygon(square).area - Polygon(far).area) < 1e-3)
        #expect(multi.boundingMapRect.contains(Polygon(far).boundingMapRect))
    }

    @Test func polylineLengthIsGeodesic() {
        // One degree of longitude on the equator: a * pi / 180.
        let line = Polyline([Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 1)])
        #expect(abs(line.length - 111_319.490_793) < 1e-3)
        #expect(abs(MultiPolyline([line, line]).length - 2 * line.length) < 1e-6)
    }

    @Test func circleFromMapRectTakesTheLargerSide() {
        let rect = MapRect(x: 134_217_728 - 500, y: 134_217_728 - 100, width: 1000, height: 200)
        let circle = Circle(mapRect: rect)
        #expect(abs(circle.center.latitude) < 1e-12 && abs(circle.center.longitude) < 1e-12)
        #expect(abs(circle.radius - 500 * metersPerMapPoint(atLatitude: 0)) < 1e-9)
    }

    @Test func circleContainsByGeodesicDistance() {
        let circle = Circle(center: Coordinate(latitude: 48.8584, longitude: 2.2945), radius: 500)
        #expect(circle.contains(circle.center.destination(bearing: 45, distance: 499.9)))
        #expect(!circle.contains(circle.center.destination(bearing: 45, distance: 500.1)))
        for vertex in circle.boundary(vertexCount: 36) {
            #expect(abs(circle.center.distance(to: vertex) - 500) < 1e-6)
        }
        // A small circle's area is pi r^2 to a few parts per million.
        #expect(abs(circle.area / (Double.pi * 500 * 500) - 1) < 1e-4)
    }

    @Test func circleBoundingRectIsRadiusEachWay() {
        let circle = Circle(center: Coordinate(latitude: 0, longitude: 0), radius: 1000)
        let half = 1000 * mapPointsPerMeter(atLatitude: 0)
        #expect(
            circle.boundingMapRect
                == MapRect(x: 134_217_728 - half, y: 134_217_728 - half, width: 2 * half, height: 2 * half))
    }

    @Test func geodesicPolylineIsDensifiedAlongTheGeodesic() {
        let london = Coordinate(latitude: 51.47, longitude: -0.4543)
        let tokyo = Coordinate(latitude: 35.5494, longitude: 139.7798)
        let path = GeodesicPolyline([london, tokyo], maximumSegmentLength: 50_000)
        #expect(path.vertices == [london, tokyo])
        #expect(path.coordinates.first == london && path.coordinates.last == tokyo)
        let total = london.distance(to: tokyo)
        #expect(path.coordinates.count == Int((total / 50_000).rounded(.up)) + 1)
        // Every point lies on the geodesic: the distances add up.
        #expect(abs(path.polyline.length - total) < 1e-3)
        // The great-circle route goes far north of both ends.
        #expect(path.coordinates.map(\.latitude).max()! > 65)
    }

    @Test func representativeCoordinateIsTheRectMiddle() {
        let polygon = Polygon(square)
        let middle = polygon.coordinate
        #expect(abs(middle.longitude - 0.5) < 1e-12)
        #expect(abs(middle.latitude - 0.5) < 1e-4)
        #expect(PointAnnotation(coordinate: square[1], title: "A").coordinate == square[1])
        #expect(Polygon([]).coordinate.latitude.isNaN)
    }

    @Test func shapesIntersectByBoundingRect() {
        let polygon = Polygon(square)
        #expect(polygon.intersects(polygon.boundingMapRect.insetBy(dx: 10, dy: 10)))
        #expect(!polygon.intersects(MapRect(x: 0, y: 0, width: 10, height: 10)))
    }

    @Test func geometryCollectionFlattensIntoShapes() {
        let geometry = Geometry.geometryCollection([
            .point(square[0]), .lineString(square), .polygon([square, hole]),
            .geometryCollection([.multiPoint(square)]),
        ])
        let shapes = geometry.shapes
        #expect(shapes.count == 4)
        #expect(shapes[0] is PointAnnotation && shapes[1] is Polyline && shapes[3] is MultiPoint)
        #expect((shapes[2] as? Polygon)?.interiorPolygons.count == 1)
        #expect(geometry.coordinateCount == 1 + 5 + 10 + 5)
        #expect(geometry.boundingBox == BoundingBox(west: 0, south: 0, east: 1, north: 1))
    }
}
