import Foundation
import MeridianCore
import MeridianTestSupport
import Testing

@testable import MeridianKML

/// The libxml2 push parser behind every KML, GPX and TCX reader: it parses
/// on a thread of its own, a chunk at a time, into batches the reader takes
/// in turn. These tests cross chunk and batch boundaries, stop reading
/// half-way, and hand it declarations no prefix check saw.
@Suite struct XMLStreamReaderTests {
    /// `count` waypoints whose names and descriptions hold character
    /// references, CDATA and text long enough to straddle 64 KB chunks.
    static func waypoints(_ count: Int) -> String {
        var text = #"<?xml version="1.0"?><gpx xmlns="http://www.topografix.com/GPX/1/1" version="1.1">"# + "\n"
        for index in 0..<count {
            let long = String(repeating: "é\(index % 10)", count: index % 97 * 13)
            text +=
                #"<wpt lat="\#(Double(index) / 1000)" lon="-\#(index % 180).5"><name>W&amp;\#(index)&#x41;</name>"#
                + "<desc><![CDATA[<b>\(index)</b>]]>\(long)</desc></wpt>\n"
        }
        return text + "</gpx>\n"
    }

    static func check(_ features: [Feature], count: Int) {
        #expect(features.count == count)
        for (index, feature) in features.enumerated() {
            let long = String(repeating: "é\(index % 10)", count: index % 97 * 13)
            guard feature.properties["name"] == .string("W&\(index)A"),
                feature.properties["desc"] == .string("<b>\(index)</b>" + long),
                feature.geometry
                    == .point(Coordinate(latitude: Double(index) / 1000, longitude: -Double(index % 180) - 0.5))
            else {
                Issue.record("waypoint \(index) differs: \(feature.properties)")
                return
            }
        }
    }

    @Test func everyNodeSurvivesChunkAndBatchBoundariesInMemory() throws {
        let text = Self.waypoints(6000)
        #expect(text.utf8.count > 16 * 65536)
        let reader = try GPXFeatureReader(bytes: Array(text.utf8), fileName: "many.gpx")
        Self.check(try reader.readAll(), count: 6000)
    }

    @Test func everyNodeSurvivesChunkAndBatchBoundariesFromAFile() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("many.gpx")
            try Self.waypoints(6000).write(to: file, atomically: true, encoding: .utf8)
            let reader = try GPXFeatureReader(path: file.path)
            Self.check(try reader.readAll(), count: 6000)
        }
    }

    @Test func aReaderDroppedHalfWayLetsGoOfItsInput() throws {
        let text = Self.waypoints(6000)
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("many.gpx")
            try text.write(to: file, atomically: true, encoding: .utf8)
            for _ in 0..<20 {
                var fromFile: GPXFeatureReader? = try GPXFeatureReader(path: file.path)
                #expect(try fromFile?.next() != nil)
                fromFile = nil
                var inMemory: GPXFeatureReader? = try GPXFeatureReader(bytes: Array(text.utf8))
                #expect(try inMemory?.next() != nil)
                inMemory = nil
            }
            // The file is whole and can be removed and rewritten.
            try FileManager.default.removeItem(at: file)
            try text.write(to: file, atomically: true, encoding: .utf8)
            Self.check(try GPXFeatureReader(path: file.path).readAll(), count: 6000)
        }
    }

    @Test func anEntityDeclaredInAFileIsRefusedByTheParser() throws {
        // Opened by path, the reader sniffs no prefix: the parser itself
        // stops at the declaration.
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>&b;</name></Placemark></kml>
            """
        try withTemporaryFolder { folder in
            for name in ["e.kml", "e.gpx"] {
                let file = folder.appendingPathComponent(name)
                try text.replacingOccurrences(of: "kml", with: name == "e.kml" ? "kml" : "gpx")
                    .write(to: file, atomically: true, encoding: .utf8)
                let failure = Result { () throws(DiagnosticError) in
                    name == "e.kml"
                        ? try KMLFeatureReader(path: file.path).readAll().count
                        : try GPXFeatureReader(path: file.path).readAll().count
                }
                guard case .failure(let error) = failure else {
                    Issue.record("\(name): an entity was expanded")
                    continue
                }
                #expect(error.diagnostic.code == "kml.xml.entity")
                #expect(error.diagnostic.location.line == 2)
            }
        }
    }

    @Test func anErrorAfterManyChunksKeepsItsLineAndColumn() throws {
        var text = Self.waypoints(3000)
        text.removeLast("</gpx>\n".count)
        text += "<wpt lat=\"1\" lon=\"2\"><name>x</nam></wpt></gpx>\n"
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        let reader = try GPXFeatureReader(bytes: Array(text.utf8), fileName: "broken.gpx")
        var read = 0
        let failure = Result { () throws(DiagnosticError) in
            while try reader.next() != nil { read += 1 }
        }
        guard case .failure(let error) = failure else {
            Issue.record("a mismatched tag was read")
            return
        }
        #expect(read == 3000)
        #expect(error.diagnostic.code == "kml.xml.syntax")
        #expect(error.diagnostic.location.line == line && error.diagnostic.location.column != nil)
    }
}
