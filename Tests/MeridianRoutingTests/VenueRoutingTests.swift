import Foundation
import MeridianCore
import MeridianIMDF
import MeridianTestSupport
import Testing

@testable import MeridianRouting

/// Routes inside IMDF venues: through doors, around corners, between levels
/// by stairs and lifts, on the sample venue and Apple's sample venues, with
/// networkx's Dijkstra as the oracle.
struct VenueRoutingTests {
    static func graph(_ path: String, warnings: inout [Diagnostic]) throws -> RoutingGraph {
        RoutingGraph(venue: try IMDFArchive(contentsOf: path), warnings: &warnings)
    }

    static func sample() throws -> RoutingGraph {
        var warnings: [Diagnostic] = []
        let graph = try graph(Samples.path("meridian-arcade"), warnings: &warnings)
        #expect(warnings.isEmpty, "\(warnings)")
        return graph
    }

    /// The sample venue's shops, by their display points.
    static let beanThere = Waypoint(Coordinate(latitude: 52.2053674, longitude: 0.12190971), level: 0)
    static let noodleBar = Waypoint(Coordinate(latitude: 52.20559208, longitude: 0.12212912), level: 1)

    @Test func aWalkClimbsTheStairsThroughTheDoorsItNames() throws {
        let route = try Self.sample().route(from: Self.beanThere, to: Self.noodleBar, transportType: .walking)
        #expect(
            route.steps.map(\.instructions) == [
                "Head north in Bean There", "Turn right through the door of Arcade", "Turn right through the door of Stairs",
                "Take the stairs up to First Floor", "Turn left through the door of Gallery",
                "Turn right through the door of Noodle Bar", "Arrive at the destination",
            ])
        #expect(route.levels.first == 0 && route.levels.last == 1)
        #expect(route.levels.count == route.polyline.count)
        #expect(route.steps.map(\.level) == [0, 0, 0, 1, 1, 1, 1])
        // Each level's part of the line, for drawing on that level's map.
        #expect(route.polylines(onLevel: 0).count == 1 && route.polylines(onLevel: 1).count == 1)
        #expect(abs(route.steps.reduce(0) { $0 + $1.distance } - route.distance) < 1e-9)
        #expect(abs(route.steps.reduce(0) { $0 + $1.expectedTravelTime } - route.expectedTravelTime) < 1e-9)
    }

    /// No relationship joins the sample's lifts: the units overlapping on
    /// the two levels do.
    @Test func aWheelchairTakesTheLiftTheOverlappingUnitsMake() throws {
        let route = try Self.sample().route(from: Self.noodleBar, to: Self.beanThere, transportType: .wheelchair)
        #expect(route.steps.contains { $0.instructions == "Take the elevator to Ground Floor" })
        #expect(!route.steps.contains { $0.kind == .stairs || $0.kind == .escalator })
    }

    static let venues = [
        "Samples/meridian-arcade", "imdf/Addenbrookes_Final_IMDF", "imdf/CPC4_Final_IMDF", "imdf/Combined_IMDF_CPC4",
        "imdf/minimal-imdf",
    ]

    static func path(_ venue: String) -> String {
        venue.hasPrefix("Samples/") ? Samples.path(String(venue.dropFirst(8))) : Fixtures.url(venue).path
    }

    static func available(_ venue: String) -> Bool { FileManager.default.fileExists(atPath: path(venue)) }

    /// Every two walkable units' display points: a wheelchair's route
    /// between them takes no stairs or escalator, edge by edge.
    @Test(arguments: venues)
    func wheelchairRoutesNeverTakeStairsOrEscalators(venue: String) throws {
        guard Self.available(venue) else { return }
        var warnings: [Diagnostic] = []
        let archive = try IMDFArchive(contentsOf: Self.path(venue))
        let graph = RoutingGraph(venue: archive, warnings: &warnings)
        let footOnly = Set(
            graph.ways.indices.filter {
                [.stairs, .escalator].contains(graph.ways[$0].kind)
                    || archive.unit(withID: graph.ways[$0].featureID).map {
                        ["stairs", "steps", "escalator"].contains($0.category?.rawValue ?? "")
                    } ?? false
            })
        let centres = graph.venue!.spaces.map { Int($0.nodes[0]) }
        var routes = 0
        for a in centres {
            for b in centres where a != b {
                guard let path = graph.shortestPath(from: a, to: b, transportType: .wheelchair) else { continue }
                routes += 1
                #expect(!path.edges.contains { footOnly.contains(Int(graph.edgeWay[$0])) }, "\(a) to \(b)")
            }
        }
        #expect(routes > 0)
    }

    @Test(arguments: venues, [TransportType.walking, .wheelchair])
    func venuePathsAreNetworkxsShortestPaths(venue: String, type: TransportType) throws {
        guard Self.available(venue), RoutingTests.hasNetworkx else { return }
        var warnings: [Diagnostic] = []
        let graph = try Self.graph(Self.path(venue), warnings: &warnings)
        var random = SeededRandom(seed: 43)
        let pairs = (0..<1_000).map { _ in
            (Int.random(in: 0..<graph.nodeCount, using: &random), Int.random(in: 0..<graph.nodeCount, using: &random))
        }
        let reached = try RoutingTests.expectNetworkxsPaths(graph, type, pairs)
        // The minimal fixture's three openings join few of its units.
        #expect(reached > (venue.hasSuffix("minimal-imdf") ? pairs.count / 20 : pairs.count / 3), "\(reached) pairs connect")
    }

    /// Routes between random units' centres stay inside the walkable units
    /// of their level: every stretch, point by point (a door's gap aside).
    @Test(arguments: ["Samples/meridian-arcade", "imdf/Addenbrookes_Final_IMDF"])
    func routesStayInsideWalkableUnits(venue: String) throws {
        guard Self.available(venue) else { return }
        var warnings: [Diagnostic] = []
        let graph = try Self.graph(Self.path(venue), warnings: &warnings)
        let spaces = graph.venue!.spaces
        var random = SeededRandom(seed: 7)
        for _ in 0..<200 {
            let (a, b) = (spaces.randomElement(using: &random)!, spaces.randomElement(using: &random)!)
            guard let path = graph.shortestPath(from: Int(a.nodes[0]), to: Int(b.nodes[0]), transportType: .walking) else {
                continue
            }
            for (from, to) in zip(path.nodes, path.nodes.dropFirst()) where graph.levels[from] == graph.levels[to] {
                let (p, q) = (graph.positions[from], graph.positions[to])
                guard p.distance(to: q) > 1.2 else { continue }
                for step in 1..<8 {
                    let t = Double(step) / 8
                    let point = Coordinate(
                        latitude: p.latitude + t * (q.latitude - p.latitude),
                        longitude: p.longitude + t * (q.longitude - p.longitude))
                    let inside = spaces.contains { space in
                        space.level == graph.levels[from] && space.polygons.contains { $0.contains(point) }
                    }
                    #expect(inside, "\(venue): \(from) to \(to) leaves the walkable units at \(point)")
                }
            }
        }
    }

    /// The sample venue, copied and spoilt by `change` (file name to text).
    static func spoiltSample(_ change: (inout [String: String]) -> Void) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("venue-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Samples.url("meridian-arcade"), to: folder)
        var files: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        change(&files)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder.path
    }

    @Test func anOpeningOffEveryUnitAndAMissingReferenceAreReportedAndLeftOut() throws {
        let archive = try IMDFArchive(contentsOf: Samples.path("meridian-arcade"))
        let opening = try #require(archive.openings.first { $0.name != nil }, "the main entrance")
        let relationship = archive.relationships[0]
        let folder = try Self.spoiltSample { files in
            // The opening a street away; the stairs' upper end a unit that is not there.
            var openings = try! JSONSerialization.jsonObject(with: Data(files["opening.geojson"]!.utf8)) as! [String: Any]
            var features = openings["features"] as! [[String: Any]]
            let index = features.firstIndex { $0["id"] as? String == opening.id }!
            var geometry = features[index]["geometry"] as! [String: Any]
            geometry["coordinates"] = (geometry["coordinates"] as! [[Double]]).map { [$0[0] + 0.01, $0[1]] }
            features[index]["geometry"] = geometry
            openings["features"] = features
            files["opening.geojson"] = String(decoding: try! JSONSerialization.data(withJSONObject: openings), as: UTF8.self)
            files["relationship.geojson"] = files["relationship.geojson"]!.replacingOccurrences(
                of: relationship.destination!.id, with: "4d0c55ee-0000-4000-8000-000000000000")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var warnings: [Diagnostic] = []
        let graph = try Self.graph(folder, warnings: &warnings)
        let codes = warnings.map { "\($0.code) \($0.location.featureID ?? "")" }
        #expect(codes.contains("route.venue.opening \(opening.id)"), "\(codes)")
        #expect(codes.contains("route.venue.reference \(relationship.id)"), "\(codes)")
        // The stairs, no longer joined by their relationship, are joined where they overlap.
        let route = try graph.route(from: Self.beanThere, to: Self.noodleBar, transportType: .walking)
        #expect(route.steps.contains { $0.kind == .stairs })
    }

    @Test func directedStairsAreClimbedOnlyOneWay() throws {
        let folder = try Self.spoiltSample { files in
            files["relationship.geojson"] = files["relationship.geojson"]!.replacingOccurrences(
                of: "\"undirected\"", with: "\"directed\"")
        }
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var warnings: [Diagnostic] = []
        let graph = try Self.graph(folder, warnings: &warnings)
        let up = try graph.route(from: Self.beanThere, to: Self.noodleBar, transportType: .walking)
        #expect(up.steps.contains { $0.instructions == "Take the stairs up to First Floor" })
        let down = try graph.route(from: Self.noodleBar, to: Self.beanThere, transportType: .walking)
        #expect(!down.steps.contains { $0.kind == .stairs })
        #expect(down.steps.contains { $0.kind == .elevator })
    }

    @Test func placesOutsideTheVenueOrOnNoLevelAndUnjoinedLevelsAreClearAnswers() throws {
        let graph = try Self.sample()
        func code(_ body: () throws(DiagnosticError) -> Route) -> String? {
            do throws(DiagnosticError) {
                _ = try body()
                return nil
            } catch { return error.diagnostic.code + ": " + error.diagnostic.message }
        }
        let outside = code { () throws(DiagnosticError) in
            try graph.route(from: Waypoint(Coordinate(latitude: 52.3, longitude: 0.1)), to: Self.noodleBar, transportType: .walking)
        }
        #expect(outside == "route.position: 52.3,0.1 lies outside every level of the venue")
        let noLevel = code { () throws(DiagnosticError) in
            try graph.route(
                from: Waypoint(Self.beanThere.coordinate, level: 4), to: Self.noodleBar, transportType: .walking)
        }
        #expect(noLevel == "route.position: the venue has no level 4 (its levels: 0, 1)")
        let driving = code { () throws(DiagnosticError) in
            try graph.route(from: Self.beanThere, to: Self.noodleBar, transportType: .automobile)
        }
        #expect(driving?.hasPrefix("route.no-network") == true)
        // Two levels with no stairs, lift or relationship between them.
        guard Self.available("imdf/Combined_IMDF_CPC4") else { return }
        let archive = try IMDFArchive(contentsOf: Self.path("imdf/Combined_IMDF_CPC4"))
        var warnings: [Diagnostic] = []
        let offices = RoutingGraph(venue: archive, warnings: &warnings)
        let ordinals = Dictionary(uniqueKeysWithValues: archive.levels.map { ($0.id, $0.ordinal ?? 0) })
        let lower = try #require(archive.units.first { ordinals[$0.levelID ?? ""] == 0 })
        let upper = try #require(archive.units.first { ordinals[$0.levelID ?? ""] != 0 })
        let unreachable = code { () throws(DiagnosticError) in
            try offices.route(
                from: Waypoint(lower.displayPoint ?? lower.geometry!.polygons[0].coordinate, level: 0),
                to: Waypoint(upper.displayPoint ?? upper.geometry!.polygons[0].coordinate, level: ordinals[upper.levelID!]),
                transportType: .walking)
        }
        #expect(unreachable?.hasPrefix("route.unreachable") == true, "\(unreachable ?? "a route")")
    }
}
