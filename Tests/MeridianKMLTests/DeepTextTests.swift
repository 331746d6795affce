import MeridianCore
import Testing

@testable import MeridianKML

/// Text read from inside elements nested far deeper than any real file
/// (a hostile `<description>`, `<address>` or GPX `<extensions>`): gathered
/// without recursion, so it costs memory, not the stack.
@Suite struct DeepTextTests {
    static func nested(_ depth: Int, around text: String) -> String {
        String(repeating: "<b>", count: depth) + text + String(repeating: "</b>", count: depth)
    }

    @Test func aDescriptionNestedAHundredThousandDeepIsReadNotACrash() throws {
        let kml =
            #"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><description>"#
            + Self.nested(100_000, around: "deep") + "</description><address>" + Self.nested(100_000, around: "here")
            + "</address><Point><coordinates>1,2</coordinates></Point></Placemark></kml>"
        let features = try KMLFeatureReader(bytes: Array(kml.utf8)).readAll()
        #expect(features.count == 1)
        #expect(features.first?.properties["description"]?.stringValue == "deep")
        #expect(features.first?.properties["address"]?.stringValue == "here")
    }

    @Test func gpxExtensionsNestedAHundredThousandDeepAreReadNotACrash() throws {
        let gpx =
            #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="2"><extensions>"#
            + Self.nested(100_000, around: "x") + "</extensions></wpt></gpx>"
        let features = try GPXFeatureReader(bytes: Array(gpx.utf8)).readAll()
        #expect(features.count == 1)
    }
}
