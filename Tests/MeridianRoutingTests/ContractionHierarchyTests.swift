import Foundation
import MeridianCore
import MeridianIMDF
import MeridianTestSupport
import Testing

@testable import MeridianRouting

/// Routes through a contraction hierarchy are Dijkstra's: the same seconds
/// for every pair, paths made of the graph's own edges end to end, and no
/// route exactly where Dijkstra finds none.
struct ContractionHierarchyTests {
    static func expectSameAsDijkstra(_ graph: RoutingGraph, _ type: TransportType, pairs: Int, seed: UInt64) -> Int {
        let hierarchy = ContractionHierarchy(graph: graph, transportType: type)
        var random = SeededRandom(seed: seed)
        var reached = 0
        for _ in 0..<pairs {
            let (source, target) = (Int.random(in: 0..<graph.nodeCount, using: &random), Int.random(in: 0..<graph.nodeCount, using: &random))
            let expected = graph.shortestPath(from: source, to: target, transportType: type)
            let found = hierarchy.shortestPath(from: source, to: target)
            guard let expected else {
                #expect(found == nil, "\(source) to \(target): Dijkstra finds no path")
                continue
            }
            guard let found else {
                Issue.record("\(source) to \(target): no path, Dijkstra's takes \(expected.seconds) s")
                continue
            }
            reached += 1
            #expect(abs(found.seconds - expected.seconds) <= 1e-9 * max(1, expected.seconds), "\(source) to \(target)")
            // The graph's edges, each leaving where the last arrived, each one the type may take.
            #expect(found.nodes.first == source && found.nodes.last == target)
            for (index, edge) in found.edges.enumerated() {
                #expect(graph.cost(edge, type) != nil)
                #expect(index == 0 || Int(graph.edgeTarget[found.edges[index - 1]]) == found.nodes[index])
            }
        }
        return reached
    }

    @Test(arguments: TransportType.allCases)
    func routesThroughTheHierarchyAreDijkstras(type: TransportType) {
        let graph = RoutingGraph(features: RoutingTests.town(side: 40, seed: 43))
        let reached = Self.expectSameAsDijkstra(graph, type, pairs: 800, seed: 2027)
        #expect(reached > 400)
    }

    @Test(arguments: [TransportType.walking, .wheelchair])
    func throughTheSampleVenueToo(type: TransportType) throws {
        var warnings: [Diagnostic] = []
        let graph = RoutingGraph(venue: try IMDFArchive(contentsOf: Samples.path("meridian-arcade")), warnings: &warnings)
        #expect(Self.expectSameAsDijkstra(graph, type, pairs: 500, seed: 5) > 200)
    }

    @Test func aRouteThroughTheHierarchyIsTheRoute() throws {
        let graph = RoutingGraph(features: RoutingTests.town(side: 20, seed: 11))
        let hierarchy = ContractionHierarchy(graph: graph, transportType: .automobile)
        let (a, b) = (Waypoint(Coordinate(latitude: 52.2, longitude: 0.12)), Waypoint(Coordinate(latitude: 52.213, longitude: 0.141)))
        let fast = try hierarchy.route(from: a, to: b)
        let plain = try graph.route(from: a, to: b, transportType: .automobile)
        #expect(abs(fast.expectedTravelTime - plain.expectedTravelTime) < 1e-9 * plain.expectedTravelTime)
        #expect(abs(fast.distance - plain.distance) < 1e-6 * plain.distance || fast.polyline != plain.polyline)
        #expect(fast.steps.last?.instructions == "Arrive at the destination")
        #expect(hierarchy.shortcutCount > 0)
    }

    /// Written and read back, a prepared network gives the same routes;
    /// cut short, with a count or an index that lies, or a shortcut that
    /// stands for a later arc, it is `route.prepared.invalid`, never a crash.
    @Test func aPreparedNetworkReadsBackAndDamageIsRefused() throws {
        let graph = RoutingGraph(features: RoutingTests.town(side: 15, seed: 3))
        let hierarchy = ContractionHierarchy(graph: graph, transportType: .automobile)
        let bytes = hierarchy.fileBytes()
        let read = try bytes.withUnsafeBytes { buffer throws(DiagnosticError) in
            try ContractionHierarchy(bytes: buffer, name: "town.mrnet")
        }
        #expect(read.graph.nodeCount == graph.nodeCount && read.graph.edgeCount == graph.edgeCount)
        #expect(read.graph.ways == graph.ways && read.transportType == .automobile)
        var random = SeededRandom(seed: 1)
        for _ in 0..<200 {
            let (a, b) = (Int.random(in: 0..<graph.nodeCount, using: &random), Int.random(in: 0..<graph.nodeCount, using: &random))
            #expect(read.shortestPath(from: a, to: b)?.edges == hierarchy.shortestPath(from: a, to: b)?.edges)
        }
        func refused(_ damaged: [UInt8]) -> Bool {
            do {
                _ = try damaged.withUnsafeBytes { buffer throws(DiagnosticError) in try ContractionHierarchy(bytes: buffer, name: "x") }
                return false
            } catch { return (error as? DiagnosticError)?.diagnostic.code == "route.prepared.invalid" }
        }
        #expect(refused(Array(bytes.prefix(bytes.count / 2))), "cut short")
        #expect(refused(Array("not a network".utf8)), "not one")
        var lying = bytes
        lying[8] = 0xFF  // the header's count
        #expect(refused(lying), "a count past its end")
        // Every 4-byte word set to a large value in turn, in a sample across the file.
        for offset in stride(from: 16, to: bytes.count - 4, by: max(4, bytes.count / 400) / 4 * 4) {
            var damaged = bytes
            damaged.replaceSubrange(offset..<(offset + 4), with: [0xFF, 0xFF, 0xFF, 0x7F])
            if !refused(damaged) {
                // What is read is at least safe to route on.
                let network = try? damaged.withUnsafeBytes { buffer throws(DiagnosticError) in
                    try ContractionHierarchy(bytes: buffer, name: "x")
                }
                _ = network?.shortestPath(from: 0, to: graph.nodeCount - 1)
            }
        }
    }

    static let hasPgRouting = PostgresCluster.binaries.map { bin in
        let version = URL(fileURLWithPath: bin).deletingLastPathComponent().lastPathComponent
        return FileManager.default.fileExists(atPath: "/usr/share/postgresql/\(version)/extension/pgrouting.control")
    } ?? false

    /// pgRouting's Dijkstra on the graph's own edges, in a throwaway
    /// PostgreSQL: the same seconds from ten places to ten others, by car
    /// (one-way streets, motorways) and on foot, as the hierarchy's.
    @Test(.enabled(if: hasPgRouting, "pgRouting is not installed (apt-get install postgresql-15-pgrouting)"))
    func pgRoutingFindsTheSameCosts() throws {
        let cluster = try PostgresCluster.started()
        try cluster.psql("CREATE EXTENSION IF NOT EXISTS pgrouting CASCADE")
        let graph = RoutingGraph(features: RoutingTests.town(side: 25, seed: 17))
        for type in [TransportType.automobile, .walking] { try Self.expectPgRoutingsCosts(graph, type, cluster) }
    }

    static func expectPgRoutingsCosts(_ graph: RoutingGraph, _ type: TransportType, _ cluster: PostgresCluster) throws {
        let hierarchy = ContractionHierarchy(graph: graph, transportType: type)
        let table = "edges_\(type.rawValue)"
        try cluster.psql("DROP TABLE IF EXISTS \(table); CREATE TABLE \(table) (id bigint, source bigint, target bigint, cost float8)")
        let rows = graph.edges(for: type).enumerated().map { index, edge in
            // Exactly, as %.17g keeps a double.
            "(\(index + 1),\(edge.from + 1),\(edge.to + 1),\(String(format: "%.17g", edge.seconds)))"
        }
        for start in stride(from: 0, to: rows.count, by: 1_000) {
            try cluster.psql("INSERT INTO \(table) VALUES " + rows[start..<min(rows.count, start + 1_000)].joined(separator: ","))
        }
        var random = SeededRandom(seed: 99)
        let starts = (0..<10).map { _ in Int.random(in: 0..<graph.nodeCount, using: &random) }
        let ends = (0..<10).map { _ in Int.random(in: 0..<graph.nodeCount, using: &random) }
        let answer = try cluster.psql(
            """
            SELECT start_vid, end_vid, agg_cost FROM pgr_dijkstra(
              'SELECT id, source, target, cost FROM \(table)',
              ARRAY[\(starts.map { String($0 + 1) }.joined(separator: ","))],
              ARRAY[\(ends.map { String($0 + 1) }.joined(separator: ","))], true)
            WHERE node = end_vid
            """)
        var theirs: [[Int]: Double] = [:]
        for line in answer.split(separator: "\n") {
            let fields = line.split(separator: "|")
            guard fields.count == 3, let a = Int(fields[0]), let b = Int(fields[1]), let cost = Double(fields[2]) else { continue }
            theirs[[a - 1, b - 1]] = cost
        }
        var compared = 0
        for a in starts {
            for b in ends where a != b {
                let ours = hierarchy.shortestPath(from: a, to: b)?.seconds
                #expect((ours == nil) == (theirs[[a, b]] == nil), "\(a) to \(b)")
                if let ours, let cost = theirs[[a, b]] {
                    #expect(abs(ours - cost) <= 1e-9 * max(1, cost), "\(a) to \(b): \(ours) against pgRouting's \(cost)")
                    compared += 1
                }
            }
        }
        #expect(compared > 30)
    }
}
