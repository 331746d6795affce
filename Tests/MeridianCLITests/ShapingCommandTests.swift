import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// convert's shaping options on real data.
@Suite(.requiresFixtures)
struct ShapingCommandTests {
    static let states = Fixtures.url("geojson/real/ne_50m_admin_1_states_provinces.json").path

    @Test func whereSelectAndRenameShapeTheOutput() throws {
        let result = try CLI.run([
            "convert", Self.states, "--to", "ndjson", "--where", "admin = 'Canada' and name startswith 'N'",
            "--select", "name,postal", "--rename", "postal=code",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.allSatisfy { $0.contains("\"properties\":{\"name\":\"N") && $0.contains("\"code\":") })
    }

    @Test func aBadExpressionIsAUsageErrorNamingTheColumn() throws {
        let result = try CLI.run(["convert", Self.states, "--where", "admin = 'Canada' and"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("column 21") && result.stderr.contains("[expression.syntax]"))
    }

    @Test func bboxClipExplodeAndLimit() throws {
        let clipped = try CLI.run([
            "convert", Fixtures.url("geojson/real/ne_50m_land.json").path, "--bbox", "0,40,10,50", "--clip",
            "--explode", "--to", "ndjson",
        ])
        #expect(clipped.status == 0)
        for line in clipped.stdout.split(separator: "\n") {
            let feature = try #require(try GeoJSONDocument(decoding: Array(line.utf8)).featureCollection.features.first)
            let box = try #require(feature.geometry?.boundingBox)
            #expect(box.west >= 0 && box.east <= 10 && box.south >= 40 && box.north <= 50)
            #expect(feature.geometry?.typeName == "Polygon")
        }
        let limited = try CLI.run(["convert", Self.states, "--limit", "3", "--point-on-surface", "--to", "ndjson"])
        #expect(limited.stdout.split(separator: "\n").count == 3)
        #expect(limited.stdout.contains("\"type\":\"Point\""))
    }
}
