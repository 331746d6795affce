import Foundation
import MeridianCore
import Testing

@testable import MeridianGeoJSON

@Suite struct CodableTests {
    struct Park: Codable, Equatable {
        var name: String
        var outline: Feature
    }

    @Test func featureEmbedsInAUsersCodableModel() throws {
        var feature = Feature(
            id: "p1",
            geometry: .polygon([
                [
                    .init(latitude: 0, longitude: 0), .init(latitude: 0, longitude: 1),
                    .init(latitude: 1, longitude: 1), .init(latitude: 0, longitude: 0),
                ]
            ]))
        // One property: a Decoder reports an object's keys in its own order.
        feature.properties["tags"] = ["green", nil, 12.5]
        feature.foreignMembers["source"] = "survey"
        let park = Park(name: "Green", outline: feature)
        let data = try JSONEncoder().encode(park)
        #expect(try JSONDecoder().decode(Park.self, from: data) == park)
    }

    @Test func foundationDecodesWhatMeridianWrites() throws {
        let collection = try GeoJSONDocument(
            decoding: Array(
                #"{"type":"FeatureCollection","features":[{"type":"Feature","id":3,"geometry":{"type":"MultiPoint","coordinates":[[1,2,3],[4,5]]},"properties":{"a":1}}]}"#
                    .utf8)
        ).featureCollection
        let viaFoundation = try JSONDecoder().decode(
            FeatureCollection.self, from: Data(GeoJSONWriter().encode(collection)))
        #expect(viaFoundation == collection)
    }
}
