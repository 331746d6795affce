import Foundation
import MeridianCore
import MeridianGeoJSON
import MeridianTestSupport
import Testing

@testable import MeridianKML

/// KML -> GeoJSON -> KML -> GeoJSON gives the same GeoJSON, for every
/// togeojson fixture, through the real GeoJSON writer and reader.
@Suite(.requiresFixtures)
struct KMLRoundTripTests {
    static let files = Fixtures.files(in: "kml/togeojson", extension: "kml").map(\.lastPathComponent)

    func viaGeoJSON(_ features: [Feature]) throws -> [Feature] {
        let bytes = GeoJSONWriter().encode(FeatureCollection(features: features))
        return try GeoJSONDocument(decoding: bytes).featureCollection.features
    }

    @Test(arguments: files)
    func kmlToGeoJSONToKMLToGeoJSON(_ name: String) throws {
        let first = try viaGeoJSON(KMLDocument(path: Fixtures.url("kml/togeojson/\(name)").path).features)
        let kml = KMLWriter().encode(FeatureCollection(features: first))
        let second = try viaGeoJSON(KMLDocument(bytes: kml, fileName: "round-trip.kml").features)
        #expect(second.count == first.count)
        for (index, (a, b)) in zip(second, first).enumerated() {
            var a = a
            var b = b
            // Stated difference: a feature styled inline (no styleUrl) comes
            // back referencing the shared Style the writer made for it.
            if b.properties["styleUrl"] == nil { a.properties["styleUrl"] = nil }
            // Stated difference: a colour written without opacity (3 or 6 hex
            // digits, not KML) is written as aabbggrr and comes back with opacity 1.
            for (colour, opacity) in [
                ("stroke", "stroke-opacity"), ("fill", "fill-opacity"), ("icon-color", "icon-opacity"),
                ("label-color", "label-opacity"),
            ]
            where b.properties[colour] != nil && b.properties[opacity] == nil && a.properties[opacity]?.doubleValue == 1
            {
                a.properties[opacity] = nil
            }
            // Stated difference: a CSS shorthand colour (#rgb) comes back as #rrggbb.
            for colour in ["stroke", "fill", "icon-color", "label-color"] {
                if let css = b.properties[colour]?.stringValue, css.count == 4 {
                    b.properties[colour] = .string("#" + css.dropFirst().map { "\($0)\($0)" }.joined())
                }
            }
            let difference = Semantic.difference(a, b)
            #expect(difference == nil, "\(name) feature \(index): \(difference ?? "")")
        }
    }

    @Test func kmzRoundTrip() throws {
        let features = [
            Feature(
                id: "p", geometry: .point(Coordinate(latitude: 52.2, longitude: 0.12)),
                properties: JSONObject([
                    ("name", "Cambridge"), ("marker-size", "small"), ("rank", 3), ("fill", "#ff0000"),
                ]))
        ]
        let kmz = try KMLWriter().encodeKMZ(FeatureCollection(features: features))
        #expect(kmz.starts(with: [0x50, 0x4B, 0x03, 0x04]))
        let back = try KMLDocument(bytes: kmz, fileName: "out.kmz").features
        #expect(back.count == 1 && back[0].properties["name"] == "Cambridge" && back[0].properties["rank"] == 3)
        #expect(back[0].properties["fill"] == "#ff0000" && back[0].geometry == features[0].geometry)
    }

    @Test func sharedStylesAreDeduplicated() {
        let styled = { (name: String) in
            Feature(
                geometry: .point(Coordinate(latitude: 0, longitude: 0)),
                properties: JSONObject([("name", JSONValue.string(name)), ("stroke", "#00ff00")]))
        }
        let text = String(
            decoding: KMLWriter().encode(FeatureCollection(features: [styled("a"), styled("b")])), as: UTF8.self)
        #expect(text.components(separatedBy: "<Style id=").count == 2)
        #expect(text.components(separatedBy: "<styleUrl>#style-1</styleUrl>").count == 3)
    }
}
