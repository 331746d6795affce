import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianRouting

/// Routes over networks made of lines: the quickest way by each transport
/// type, its distance, time and steps, and the same paths as networkx's
/// Dijkstra finds on the same graph.
struct RoutingTests {
    /// A town of `side` by `side` crossings about 100 m apart, each street
    /// between neighbours a line of its own: some one-way, some steps or
    /// footpaths, some motorway, some missing.
    static func town(side: Int, seed: UInt64) -> [Feature] {
        var random = SeededRandom(seed: seed)
        let crossings = (0..<side).map { row in
            (0..<side).map { column in
                Coordinate(
                    latitude: 52.2 + Double(row) * 0.0009 + Double.random(in: -0.0002...0.0002, using: &random),
                    longitude: 0.12 + Double(column) * 0.0015 + Double.random(in: -0.0003...0.0003, using: &random))
            }
        }
        var features: [Feature] = []
        for row in 0..<side {
            for column in 0..<side {
                for (dr, dc) in [(0, 1), (1, 0)] where row + dr < side && column + dc < side {
                    let roll = Double.random(in: 0..<1, using: &random)
                    if roll < 0.08 { continue }
                    var properties: [(String, JSONValue)] = [("name", .string(dr == 0 ? "Row \(row)" : "Column \(column)"))]
                    switch roll {
                    case ..<0.16: properties.append(("oneway", "yes"))
                    case ..<0.2: properties.append(("highway", "steps"))
                    case ..<0.25: properties.append(("highway", "footway"))
                    case ..<0.3: properties.append(("highway", "motorway"))
                    case ..<0.4: properties.append(("maxspeed", "20 mph"))
                    default: properties.append(("highway", "residential"))
                    }
                    let a = crossings[row][column]
                    let b = crossings[row + dr][column + dc]
                    // A bend half-way, so lines have inner positions too.
                    let middle = Coordinate(
                        latitude: (a.latitude + b.latitude) / 2 + Double.random(in: -0.0001...0.0001, using: &random),
                        longitude: (a.longitude + b.longitude) / 2)
                    features.append(Feature(geometry: .lineString([a, middle, b]), properties: JSONObject(properties)))
                }
            }
        }
        return features
    }

    @Test func aRouteAlongAStreetHasItsLengthTimeAndSteps() throws {
        let (west, corner, north) = (
            Coordinate(latitude: 52.2000, longitude: 0.1300), Coordinate(latitude: 52.2000, longitude: 0.1400),
            Coordinate(latitude: 52.2100, longitude: 0.1400)
        )
        let mill = Feature(geometry: .lineString([west, corner]), properties: JSONObject([("name", "Mill Road")]))
        let hills = Feature(
            geometry: .lineString([corner, north]), properties: JSONObject([("name", "Hills Road"), ("maxspeed", "36")]))
        let graph = RoutingGraph(features: [mill, hills])
        #expect(graph.nodeCount == 3)
        let start = Coordinate(latitude: 52.2001, longitude: 0.1301)
        let end = Coordinate(latitude: 52.2100, longitude: 0.1401)
        let walk = try graph.route(from: start, to: end, transportType: .walking)
        let metres = west.distance(to: corner) + corner.distance(to: north)
        #expect(abs(walk.distance - metres) < 1e-6)
        #expect(abs(walk.expectedTravelTime - metres / (5 / 3.6)) < 1e-6)
        #expect(walk.steps.map(\.instructions) == ["Head east on Mill Road", "Turn left onto Hills Road", "Arrive at the destination"])
        #expect(walk.name == "Hills Road")
        #expect(walk.polyline.count == 3)
        #expect(walk.sourceGap > 5 && walk.sourceGap < 20)
        let drive = try graph.route(from: start, to: end, transportType: .automobile)
        let expected = west.distance(to: corner) / (40 / 3.6) + corner.distance(to: north) / (36 / 3.6)
        #expect(abs(drive.expectedTravelTime - expected) < 1e-6)
    }

    @Test func oneWayStreetsStepsAndGapsAreRespected() throws {
        let a = Coordinate(latitude: 51.5, longitude: -0.1)
        let b = Coordinate(latitude: 51.5, longitude: -0.09)
        let c = Coordinate(latitude: 51.51, longitude: -0.09)
        let graph = RoutingGraph(features: [
            Feature(geometry: .lineString([a, b]), properties: JSONObject([("oneway", "yes"), ("name", "Strand")])),
            Feature(geometry: .lineString([b, c]), properties: JSONObject([("highway", "steps")])),
        ])
        #expect(try graph.route(from: a, to: b, transportType: .automobile).distance > 0)
        #expect(throws: DiagnosticError.self) { try graph.route(from: b, to: a, transportType: .automobile) }
        #expect(try graph.route(from: b, to: a, transportType: .walking).distance > 0, "one way is for cars")
        #expect(try graph.route(from: a, to: c, transportType: .walking).steps.count == 3)
        // In a wheelchair, the top of the steps is as near as the network comes.
        let rolled = try graph.route(from: a, to: c, transportType: .wheelchair)
        #expect(rolled.polyline == [a, b])
        #expect(abs(rolled.destinationGap - b.distance(to: c)) < 1e-6)
        // Two streets that never meet.
        let apart = RoutingGraph(features: [
            Feature(geometry: .lineString([a, b])),
            Feature(geometry: .lineString([Coordinate(latitude: 51.6, longitude: 0), Coordinate(latitude: 51.6, longitude: 0.01)])),
        ])
        do {
            _ = try apart.route(from: a, to: Coordinate(latitude: 51.6, longitude: 0.005), transportType: .walking)
            Issue.record("a route between streets that never meet")
        } catch { #expect(error.diagnostic.code == "route.unreachable") }
        do {
            _ = try RoutingGraph(features: []).route(from: a, to: c, transportType: .walking)
            Issue.record("a route without a network")
        } catch { #expect(error.diagnostic.code == "route.no-network") }
        do {
            _ = try graph.route(from: Coordinate(latitude: 91, longitude: 0), to: c, transportType: .walking)
            Issue.record("a route from past the pole")
        } catch { #expect(error.diagnostic.code == "route.position") }
    }

    @Test func travelEstimatesAreTheRoutesTimes() throws {
        let graph = RoutingGraph(features: Self.town(side: 12, seed: 7))
        let origin = Coordinate(latitude: 52.2, longitude: 0.12)
        let places = (0..<20).map { Coordinate(latitude: 52.2 + Double($0 % 5) * 0.002, longitude: 0.12 + Double($0 / 5) * 0.004) }
        let estimates = try graph.travelEstimates(from: origin, to: places, transportType: .automobile)
        for (place, estimate) in zip(places, estimates) {
            let route = try? graph.route(from: origin, to: place, transportType: .automobile)
            #expect(estimate?.expectedTravelTime == route?.expectedTravelTime)
            if let estimate, let route { #expect(abs(estimate.distance - route.distance) < 1e-6) }
        }
    }

    /// Alternate routes across a town: the quickest first (the route
    /// itself), then others at most 40 % longer, each sharing at most 60 %
    /// of its length with every route before it, quickest first.
    @Test(arguments: TransportType.allCases)
    func alternateRoutesAreApartAndNotMuchLonger(type: TransportType) throws {
        let graph = RoutingGraph(features: Self.town(side: 20, seed: 11))
        let (a, b) = (Waypoint(Coordinate(latitude: 52.2, longitude: 0.12)), Waypoint(Coordinate(latitude: 52.213, longitude: 0.141)))
        let routes = try graph.routes(from: a, to: b, transportType: type, alternates: 2)
        let best = try graph.route(from: a, to: b, transportType: type)
        #expect(routes.count == 3, "a grid of streets has other ways")
        #expect(routes[0].polyline == best.polyline && routes[0].expectedTravelTime == best.expectedTravelTime)
        #expect(routes.map(\.expectedTravelTime) == routes.map(\.expectedTravelTime).sorted())
        for (index, route) in routes.enumerated() {
            #expect(route.expectedTravelTime <= 1.4 * best.expectedTravelTime + 1e-9)
            #expect(abs(route.steps.reduce(0) { $0 + $1.expectedTravelTime } - route.expectedTravelTime) < 1e-6)
            let segments = Set(zip(route.polyline, route.polyline.dropFirst()).map { "\($0.0)-\($0.1)" })
            for earlier in routes[..<index] {
                let theirs = Set(zip(earlier.polyline, earlier.polyline.dropFirst()).map { "\($0.0)-\($0.1)" })
                let shared = zip(route.polyline, route.polyline.dropFirst()).filter { theirs.contains("\($0.0)-\($0.1)") }
                    .reduce(0) { $0 + $1.0.distance(to: $1.1) }
                #expect(shared <= 0.6 * route.distance + 1e-6, "route \(index + 1) shares \(shared) of \(route.distance) m")
            }
            #expect(segments.count == route.polyline.count - 1, "a route passes a street once")
        }
    }

    /// The grid finds the node a scan of every node finds: places inside
    /// the town, at its edge and far outside it, each transport type.
    @Test func theNearestNodeThroughTheGridIsTheScansNearest() throws {
        let graph = RoutingGraph(features: Self.town(side: 30, seed: 5))
        #expect(graph.grid != nil)
        var random = SeededRandom(seed: 9)
        for index in 0..<600 {
            let place = index < 500
                ? Coordinate(latitude: Double.random(in: 52.195...52.23, using: &random), longitude: Double.random(in: 0.115...0.17, using: &random))
                : Coordinate(latitude: Double.random(in: -80...80, using: &random), longitude: Double.random(in: -170...170, using: &random))
            for type in TransportType.allCases {
                let scale = cos(place.latitude * .pi / 180)
                var best: (node: Int, squared: Double)?
                for node in 0..<graph.nodeCount
                where graph.componentSizes[type.index][node] >= graph.joinableSize[type.index] && graph.isOnWay(node, type) {
                    let dx = abs(graph.positions[node].longitude - place.longitude) * scale
                    let dy = graph.positions[node].latitude - place.latitude
                    if dx * dx + dy * dy < best?.squared ?? .infinity { best = (node, dx * dx + dy * dy) }
                }
                #expect(graph.nearestNode(to: place, transportType: type)?.node == best?.node, "\(place) \(type)")
            }
        }
    }

    static let hasNetworkx = (try? Tool.run("python3", ["-c", "import networkx"]).status) == 0

    /// The issue's oracle: 2 400 random pairs on a generated town of 1 600
    /// crossings (4 800 nodes), each transport type, against networkx's
    /// Dijkstra on the graph rebuilt from Meridian's edges.
    @Test(.enabled(if: hasNetworkx, "networkx is not installed (pip install networkx)"), arguments: TransportType.allCases)
    func pathsAreNetworkxsShortestPaths(type: TransportType) throws {
        let graph = RoutingGraph(features: Self.town(side: 40, seed: 43))
        var random = SeededRandom(seed: 2026)
        let pairs = (0..<800).map { _ in (Int.random(in: 0..<graph.nodeCount, using: &random), Int.random(in: 0..<graph.nodeCount, using: &random)) }
        let reached = try Self.expectNetworkxsPaths(graph, type, pairs)
        #expect(reached > pairs.count / 2, "most pairs connect")
    }

    /// Checks each pair's path against networkx's Dijkstra on the graph
    /// rebuilt from `graph`'s edges for `type`: the same seconds and nodes
    /// (or, for at most 1 % of the pairs, other nodes of the same seconds:
    /// two ways equally quick, as a symmetric venue has). Returns how many
    /// pairs connect.
    static func expectNetworkxsPaths(_ graph: RoutingGraph, _ type: TransportType, _ pairs: [(Int, Int)]) throws -> Int {
        var quickest: [[Int]: Double] = [:]
        for edge in graph.edges(for: type) { quickest[[edge.from, edge.to]] = min(quickest[[edge.from, edge.to]] ?? .infinity, edge.seconds) }
        var ties = 0
        let edges = graph.edges(for: type).map { "[\($0.from),\($0.to),\($0.seconds)]" }.joined(separator: ",")
        let request = #"{"edges":[\#(edges)],"pairs":[\#(pairs.map { "[\($0.0),\($0.1)]" }.joined(separator: ","))]}"#
        let oracle = Fixtures.packageRoot.appendingPathComponent("Scripts/route-oracle.py")
        let result = try runProcess(URL(fileURLWithPath: Tool.path("python3")!), [oracle.path], stdin: Array(request.utf8))
        #expect(result.status == 0, "\(String(decoding: result.stderr, as: UTF8.self))")
        let answers = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [Any])
        #expect(answers.count == pairs.count)
        var reached = 0
        for ((source, target), answer) in zip(pairs, answers) {
            let path = graph.shortestPath(from: source, to: target, transportType: type)
            guard let answer = answer as? [String: Any] else {
                #expect(path == nil || source == target, "\(source) to \(target): networkx finds no path")
                continue
            }
            reached += 1
            let seconds = try #require(answer["seconds"] as? Double)
            let nodes = try #require(answer["nodes"] as? [Int])
            guard let path else {
                Issue.record("\(source) to \(target): no path, networkx's takes \(seconds) s")
                continue
            }
            #expect(abs(path.seconds - seconds) <= 1e-9 * max(1, seconds), "\(source) to \(target)")
            if path.nodes != nodes {
                let theirs = zip(nodes, nodes.dropFirst()).reduce(0) { $0 + (quickest[[$1.0, $1.1]] ?? .infinity) }
                #expect(abs(theirs - path.seconds) <= 1e-9 * max(1, seconds), "\(source) to \(target): other nodes")
                ties += 1
            }
        }
        #expect(ties <= pairs.count / 100, "\(ties) pairs take other nodes as quick")
        return reached
    }
}
