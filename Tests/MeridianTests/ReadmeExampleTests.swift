import Foundation
import MeridianTestSupport
import Testing

@testable import Meridian

/// The library example of README.md, compiled and run on the bundled samples.
@Suite struct ReadmeExampleTests {
    @Test func libraryExampleRuns() throws {
        let bytes = Array(try Data(contentsOf: Samples.url("cambridge-landmarks.geojson")))

        let document = try GeoJSONDocument(decoding: bytes)
        var areas: [Double] = []
        for feature in document.featureCollection.features {
            if case .polygon(let rings)? = feature.geometry {
                areas.append(Polygon(rings: rings).area)
            }
        }
        #expect(areas.count == 2 && areas.allSatisfy { $0 > 50_000 && $0 < 1_000_000 })

        let point = MapPoint(Coordinate(latitude: 45.52, longitude: -122.681944))
        #expect(abs(point.x - 42739440.27609316) <= point.x.ulp)
        let region = CoordinateRegion(
            center: .init(latitude: 0, longitude: 0), latitudinalMeters: 1000, longitudinalMeters: 2000)
        #expect(!MapRect(region).contains(point))

        let london = Coordinate(latitude: 51.47, longitude: -0.4543)
        let tokyo = Coordinate(latitude: 35.5494, longitude: 139.7798)
        #expect(abs(london.distance(to: tokyo) / 1000 - 9_615) < 1)
        let route = GeodesicPolyline([london, tokyo])
        #expect(route.coordinates.count > 900)

        let venue = try IMDFArchive(contentsOf: Samples.path("meridian-arcade.zip"))
        let floor = try Layer(venue: venue, levelOrdinal: 0)
        let output = FileManager.default.temporaryDirectory.appendingPathComponent(
            "readme-floor-\(UUID().uuidString).svg"
        ).path
        defer { try? FileManager.default.removeItem(atPath: output) }
        try Snapshotter(options: .init(layers: [floor])).snapshot().write(toFile: output)
        #expect(FileManager.default.fileExists(atPath: output))

        let objects = try GeoJSONDecoder().decode(bytes)
        #expect(objects.count == 6)
    }
}
