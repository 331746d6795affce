import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// `meridian route` through the front door, on the bundled Monaco extract
/// (OpenStreetMap's streets, steps and one-way streets).
@Suite struct RouteCommandTests {
    static let monaco = Samples.path("monaco.osm.pbf")
    static let casino = "43.7384,7.4246"
    static let palace = "43.7311,7.4197"

    static func json(_ text: String) throws -> JSONObject {
        try #require(try JSONValue(parsing: Array(text.utf8)).objectValue, "not a JSON object: \(text)")
    }

    @Test(arguments: ["walking", "wheelchair", "driving"])
    func aRouteAcrossMonacoHasItsDistanceTimeAndSteps(mode: String) throws {
        let result = try CLI.run(["route", Self.monaco, "--from", Self.casino, "--to", Self.palace, "--mode", mode, "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let route = try Self.json(result.stdout)
        let distance = try #require(route["distance"]?.doubleValue)
        let time = try #require(route["expectedTravelTime"]?.doubleValue)
        // As the crow flies, about 950 m apart.
        #expect(distance > 950 && distance < 4_000, "\(distance) m")
        if mode == "walking" { #expect(abs(time - distance / (5 / 3.6)) < 1e-6 * time) }
        if mode == "wheelchair" { #expect(abs(time - distance / (4 / 3.6)) < 1e-6 * time) }
        let steps = route["steps"]?.arrayValue ?? []
        #expect(steps.count >= 3)
        #expect(steps.last?.objectValue?["instructions"] == "Arrive at the destination")
        let stepTotal = steps.compactMap { $0.objectValue?["distance"]?.doubleValue }.reduce(0, +)
        #expect(abs(stepTotal - distance) < 1e-6 * distance)
        let line = route["polyline"]?.objectValue?["coordinates"]?.arrayValue ?? []
        #expect(line.count > 10)
    }

    @Test func textGeoJSONAndTravelTimes() throws {
        let text = try CLI.run(["route", Self.monaco, "--from", Self.casino, "--to", Self.palace])
        #expect(text.status == 0 && text.stdout.hasPrefix("Walking route along "), "\(text.stdout)")
        #expect(text.stdout.contains("  1. Head "))

        let named = try CLI.run(["route", Self.monaco, "--from", "Casino de Monte-Carlo", "--to", "relation/393226"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.contains("from Casino de Monte Carlo [node/4416197079] to Palais princier de Monaco [relation/393226]"), "\(named.stdout)")

        let geojson = try CLI.run(["route", Self.monaco, "--from", Self.casino, "--to", Self.palace, "--format", "geojson"])
        let features = try Self.json(geojson.stdout)["features"]?.arrayValue ?? []
        #expect(features.first?.objectValue?["geometry"]?.objectValue?["type"] == "LineString")
        #expect(features.count >= 4, "the route and its steps")

        let etas = try CLI.run([
            "route", Self.monaco, "--from", Self.casino, "--to", Self.palace, "--to", "43.7400,7.4300", "--format", "json",
        ])
        #expect(etas.status == 0, "\(etas.stderr)")
        let answers = try Self.json(etas.stdout)["etas"]?.arrayValue ?? []
        #expect(answers.count == 2)
        let walk = try Self.json(
            try CLI.run(["route", Self.monaco, "--from", Self.casino, "--to", Self.palace, "--format", "json"]).stdout)
        #expect(answers.first?.objectValue?["expectedTravelTimeSeconds"]?.doubleValue == walk["expectedTravelTime"]?.doubleValue)
    }

    @Test func badRequestsSayWhat() throws {
        #expect(try CLI.run(["route", Self.monaco, "--from", Self.casino]).status == 2, "no destination")
        let position = try CLI.run(["route", Self.monaco, "--from", "91,7.42", "--to", Self.palace])
        #expect(position.status != 0 && position.stderr.contains("route.position"), "\(position.stderr)")
        try withTemporaryFolder { folder in
            let points = folder.appendingPathComponent("points.geojson")
            try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[7.42,43.73]}}]}"#.utf8)
                .write(to: points)
            let none = try CLI.run(["route", points.path, "--from", Self.casino, "--to", Self.palace])
            #expect(none.status != 0 && none.stderr.contains("route.no-network"), "\(none.stderr)")
            let apart = folder.appendingPathComponent("apart.geojson")
            try Data(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[7.42,43.73],[7.43,43.73]]}},{"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[7.42,43.74],[7.43,43.74]]}}]}"#
                    .utf8
            ).write(to: apart)
            let unreachable = try CLI.run(["route", apart.path, "--from", "43.73,7.42", "--to", "43.74,7.43"])
            #expect(unreachable.status == 1 && unreachable.stderr.contains("route.unreachable"), "\(unreachable.stderr)")
        }
    }

    /// Through the sample venue by its shops' names, and by positions with
    /// their levels; a place outside it and a level it lacks are errors.
    @Test func throughTheSampleVenueByNamesAndLevels() throws {
        let venue = Samples.path("meridian-arcade.zip")
        let walk = try CLI.run(["route", venue, "--from", "Bean There", "--to", "Noodle Bar"])
        #expect(walk.status == 0, "\(walk.stderr)")
        #expect(walk.stdout.contains("Take the stairs up to First Floor"), "\(walk.stdout)")
        #expect(walk.stdout.contains("Turn right through the door of Noodle Bar"), "\(walk.stdout)")
        let wheel = try CLI.run([
            "route", venue, "--from", "52.20559208,0.12212912@1", "--to", "52.2053674,0.12190971@0", "--mode", "wheelchair",
            "--format", "json",
        ])
        #expect(wheel.status == 0, "\(wheel.stderr)")
        let steps = try Self.json(wheel.stdout)["steps"]?.arrayValue ?? []
        let instructions = steps.compactMap { $0.objectValue?["instructions"]?.stringValue }
        #expect(instructions.contains("Take the elevator to Ground Floor"), "\(instructions)")
        #expect(!instructions.contains { $0.contains("stairs") })
        #expect(steps.first?.objectValue?["level"] == 1 && steps.last?.objectValue?["level"] == 0)
        let outside = try CLI.run(["route", venue, "--from", "52.3,0.1", "--to", "Noodle Bar"])
        #expect(outside.status == 3 && outside.stderr.contains("lies outside every level of the venue [route.position]"), "\(outside.stderr)")
        let noLevel = try CLI.run(["route", venue, "--from", "52.2053674,0.12190971@7", "--to", "Noodle Bar"])
        #expect(noLevel.status == 3 && noLevel.stderr.contains("the venue has no level 7"), "\(noLevel.stderr)")
        let badLevel = try CLI.run(["route", venue, "--from", "52.2053674,0.12190971@up", "--to", "Noodle Bar"])
        #expect(badLevel.status == 3 && badLevel.stderr.contains("after @"), "\(badLevel.stderr)")
    }

    @Test func alternateRoutesAcrossMonaco() throws {
        let result = try CLI.run(["route", Self.monaco, "--from", Self.casino, "--to", Self.palace, "--alternates", "--format", "json"])
        #expect(result.status == 0, "\(result.stderr)")
        let routes = try Self.json(result.stdout)["routes"]?.arrayValue ?? []
        let times = routes.compactMap { $0.objectValue?["expectedTravelTime"]?.doubleValue }
        #expect(times.count == 3 && times == times.sorted() && times[2] <= 1.4 * times[0], "\(times)")
        let text = try CLI.run(["route", Self.monaco, "--from", Self.casino, "--to", Self.palace, "--alternates"])
        #expect(text.stdout.hasPrefix("Walking route 1 of 3 along "), "\(text.stdout)")
    }

    /// The route drawn: over Monaco's streets as one PNG; through the venue
    /// as one SVG a level, each with its part of the line and its markers.
    @Test func routesAreDrawnOverTheirData() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("route-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png = folder.appendingPathComponent("monaco.png").path
        let streets = try CLI.run(["route", Self.monaco, "--from", Self.casino, "--to", Self.palace, "--snapshot", png])
        #expect(streets.status == 0, "\(streets.stderr)")
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: png)).prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let svg = folder.appendingPathComponent("arcade.svg").path
        let venue = try CLI.run([
            "route", Samples.path("meridian-arcade.zip"), "--from", "Bean There", "--to", "Noodle Bar", "--snapshot", svg,
        ])
        #expect(venue.status == 0, "\(venue.stderr)")
        let ground = try String(contentsOfFile: folder.appendingPathComponent("arcade-level0.svg").path, encoding: .utf8)
        let first = try String(contentsOfFile: folder.appendingPathComponent("arcade-level1.svg").path, encoding: .utf8)
        #expect(!FileManager.default.fileExists(atPath: svg))
        #expect(ground.contains("Ground Floor") && ground.contains("Take the stairs up to First Floor") && ground.contains("Start"))
        #expect(!ground.contains("Destination"))
        #expect(first.contains("First Floor") && first.contains("Destination") && !first.contains("Take the stairs"))
        #expect(ground.contains("#007aff") && first.contains("#007aff"), "the route's line in blue")
    }
}
