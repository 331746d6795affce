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

/// A GPX point off the globe (latitude 100, or 1e308) was written on as a
/// place and passed validation: it is skipped with a located warning when
/// read, and is an error of the file for validate.
@Suite struct GPXRangeTests {
    static let gpx =
        #"<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">"#
        + #"<wpt lat="100" lon="2"/><wpt lat="1e308" lon="2"/><wpt lat="52" lon="200"/><wpt lat="52" lon="0.1"/>"#
        + #"<trk><trkseg><trkpt lat="52" lon="0.1"/><trkpt lat="-91" lon="0.2"/><trkpt lat="52.1" lon="0.2"/></trkseg></trk>"#
        + "</gpx>"

    @Test func pointsOffTheGlobeAreSkippedWithAWarning() throws {
        let reader = try GPXFeatureReader(bytes: Array(Self.gpx.utf8))
        let features = try reader.readAll()
        #expect(features.count == 2)
        #expect(features.first?.geometry == .point(Coordinate(latitude: 52, longitude: 0.1)))
        if case .lineString(let line)? = features.last?.geometry {
            #expect(line.count == 2)
        } else {
            Issue.record("the track is no line")
        }
        #expect(reader.diagnostics.map(\.code) == Array(repeating: "gpx.point.out-of-range", count: 4))
        #expect(reader.diagnostics.allSatisfy { $0.severity == .warning })
    }

    @Test func validateCountsThemAsErrors() {
        let found = GPXValidator.validate { () throws(DiagnosticError) in
            try GPXFeatureReader(bytes: Array(Self.gpx.utf8))
        }
        #expect(found.filter { $0.code == "gpx.point.out-of-range" }.allSatisfy { $0.severity == .error })
        #expect(found.count { $0.code == "gpx.point.out-of-range" } == 4)
    }
}
