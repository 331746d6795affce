import Meridian
import MeridianCore
import MeridianGeoJSON
import MeridianPlaces
import Testing

/// A place is read from a feature's properties the same way whether the
/// decoder packed them (a FeatureCollection's features after the first)
/// or they are an array of values.
@Suite struct PlaceExtractorTests {
    static let properties = #"""
        {"scalerank":2,"featurecla":"Admin-1 capital","pop_max":1200000,"n1":1,"n2":2,"n3":3,"n4":4,"n5":5,
        "n6":6,"n7":7,"n8":8,"n9":9,"n10":10,"n11":11,"n12":12,"n13":13,"name":"Köln","NAME_DE":"Köln",
        "name:fr":"Cologne","Name_EN":"Cologne","name_zh":"科隆","names":"not a name","name:":"nor this",
        "name_x1":"nor this","addr:street":"Domkloster","addr:city":"Köln","website":"https://koeln.de"}
        """#

    @Test func packedAndUnpackedPropertiesGiveTheSamePlace() throws {
        let feature = #"{"type":"Feature","id":"k","properties":\#(Self.properties),"#
            + #""geometry":{"type":"Point","coordinates":[6.96,50.94]}}"#
        let text = #"{"type":"FeatureCollection","features":[\#(feature),\#(feature)]}"#
        let features = try GeoJSONDocument(decoding: Array(text.utf8)).featureCollection.features
        #expect(features[0].properties.count == 27 && features[1].properties.packedValues != nil)
        var unpacked = features[1]
        unpacked.properties = JSONObject(Array(features[1].properties.members))
        let place = try #require(PlaceExtractor.place(from: features[1], file: "k.geojson", index: 1))
        #expect(place == PlaceExtractor.place(from: unpacked, file: "k.geojson", index: 1))
        #expect(
            place.names == [
                PlaceName(text: "Köln", language: "de"), PlaceName(text: "Cologne", language: "fr"),
                PlaceName(text: "Cologne", language: "en"), PlaceName(text: "科隆", language: "zh"),
            ])
        #expect(place.address?.street == "Domkloster" && place.address?.locality == "Köln")
        #expect(place.url == "https://koeln.de")
    }
}
