import Foundation
import MeridianCore
import MeridianGeoJSON
import MeridianTestSupport
import Testing

@testable import Meridian

/// Simplification that keeps shared borders shared.
@Suite struct TopologySimplifierTests {
    /// Undirected segments of every ring of a feature.
    static func segments(_ feature: Feature) -> Set<[Double]> {
        var result: Set<[Double]> = []
        func add(_ ring: [Coordinate]) {
            for (a, b) in zip(ring, ring.dropFirst()) {
                let (p, q) = (a.longitude, a.latitude) < (b.longitude, b.latitude) ? (a, b) : (b, a)
                result.insert([p.longitude, p.latitude, q.longitude, q.latitude])
            }
        }
        switch feature.geometry {
        case .polygon(let rings)?: rings.forEach(add)
        case .multiPolygon(let polygons)?: polygons.forEach { $0.forEach(add) }
        default: break
        }
        return result
    }

    static func vertexCount(_ features: [Feature]) -> Int {
        features.reduce(0) { $0 + ($1.geometry?.coordinateCount ?? 0) }
    }

    /// A wiggly border between two squares: simplified once, the same in both.
    @Test func aSharedWigglyBorderStaysShared() {
        var border: [Coordinate] = []
        for i in 0...100 {
            let y = Double(i) / 100
            border.append(Coordinate(latitude: y, longitude: 1 + 0.001 * sin(Double(i))))
        }
        let left =
            [Coordinate(latitude: 0, longitude: 0)] + border + [
                Coordinate(latitude: 1, longitude: 0), Coordinate(latitude: 0, longitude: 0),
            ]
        let right =
            [Coordinate(latitude: 0, longitude: 2), Coordinate(latitude: 1, longitude: 2)] + border.reversed() + [
                Coordinate(latitude: 0, longitude: 2)
            ]
        let features = [Feature(geometry: .polygon([left])), Feature(geometry: .polygon([right]))]
        let simpler = TopologySimplifier(tolerance: 0.01).simplify(features)
        #expect(Self.vertexCount(simpler) < 20)
        let shared = Self.segments(simpler[0]).intersection(Self.segments(simpler[1]))
        #expect(!shared.isEmpty)
        // Every segment of the simplified border lies in both polygons: no gap, no overlap.
        let leftBorder = Self.segments(simpler[0]).filter { $0[0] > 0.5 && $0[2] > 0.5 }
        #expect(leftBorder == shared)
    }

    /// Natural Earth's states and provinces: every pair of neighbours that
    /// shared a border still shares one, with far fewer vertices.
    @Test(.requiresFixtures)
    func admin1NeighboursStayNeighbours() throws {
        let bytes = try Fixtures.bytes(Fixtures.url("geojson/real/ne_50m_admin_1_states_provinces.json"))
        let features = try GeoJSONDocument(decoding: bytes).featureCollection.features
        for method in Simplification.Method.allCases {
            let simpler = TopologySimplifier(tolerance: 0.05, method: method).simplify(features)
            #expect(Self.vertexCount(simpler) < Self.vertexCount(features) * 2 / 3, "\(method)")
            let before = features.map(Self.segments)
            let after = simpler.map(Self.segments)
            var pairs = 0
            for i in features.indices {
                for j in features.indices where j > i && !before[i].isDisjoint(with: before[j]) {
                    pairs += 1
                    #expect(!after[i].isDisjoint(with: after[j]), "\(method): \(i) and \(j) no longer share a border")
                }
            }
            #expect(pairs > 50)
        }
    }
}
