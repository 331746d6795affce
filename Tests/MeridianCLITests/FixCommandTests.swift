import Foundation
import Meridian
import MeridianTestSupport
import Testing

/// `meridian fix` and `convert --fix`: every geometry comes out valid,
/// every change is listed, properties are kept.
@Suite struct FixCommandTests {
    static let broken = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","id":"bowtie","properties":{"name":"x"},"geometry":{"type":"Polygon","coordinates":[[[0,0],[10,10],[10,0],[0,10],[0,0]]]}},
        {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]],[[20,20],[21,20],[21,21],[20,20]]]}},
        {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[5,10],[5,15],[5,10],[0,10],[0,0]]]}},
        {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[0,0],[0,0]]}},
        {"type":"Feature","properties":{"ok":true},"geometry":{"type":"Polygon","coordinates":[[[0,0],[10,0],[10,10],[0,10],[0,0]]]}}
        ]}
        """

    @Test func fixMakesEveryGeometryValidAndListsTheChanges() throws {
        try withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("broken.geojson").path
            try Self.broken.write(toFile: input, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("fixed.geojson").path
            let result = try CLI.run(["fix", input, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            for code in ["fix.geometry.made-valid", "fix.spike.removed", "fix.geometry.dropped"] {
                #expect(result.stderr.contains("[\(code)]"), "\(code) missing: \(result.stderr)")
            }
            #expect(result.stderr.contains("(feature bowtie, at /features/0)"))
            #expect(result.stderr.contains("4 of 5 features changed"))
            let fixed = try GeoJSONDocument(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: output))))
            let features = fixed.featureCollection.features
            #expect(features.count == 5)
            #expect(features[0].properties["name"] == .string("x"))
            #expect(features[3].geometry == nil)
            let check = try CLI.run(["validate", output])
            #expect(check.status == 0, "\(check.stdout)")
            #expect(!check.stdout.contains("geometry."))
        }
    }

    /// A polygon GEOS cannot rebuild within --time-limit (a star whose
    /// edges cross about 10 000 times) is written as it was, named in an
    /// error, and fix exits 1; the other features are repaired.
    @Test func aPolygonPastTheTimeLimitIsLeftAsItWasAndFixExitsOne() throws {
        try withTemporaryFolder { folder in
            let n = 200
            let star = (0...n).map { i -> String in
                let angle = Double(i % n * (n / 2 - 1) % n) / Double(n) * 2 * .pi
                return "[\(cos(angle) + 1e-7 * Double(i % n)),\(sin(angle))]"
            }
            let input = folder.appendingPathComponent("star.geojson").path
            try """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","id":"star","properties":{},"geometry":{"type":"Polygon","coordinates":[[\(star.joined(separator: ","))]]}},
            {"type":"Feature","id":"bowtie","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[10,10],[10,0],[0,10],[0,0]]]}}]}
            """.write(toFile: input, atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("fixed.geojson").path
            let result = try CLI.run(["fix", input, "-o", output, "--time-limit", "1"])
            #expect(result.status == 1, "\(result.stderr)")
            #expect(result.stderr.contains("did not finish within 1 s") && result.stderr.contains("(feature star, at /features/0)"))
            #expect(result.stderr.contains("[fix.geometry.unrepaired]") && result.stderr.contains("1 of 2 features changed"))
            let fixed = try GeoJSONDocument(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: output))))
            #expect(fixed.featureCollection.features[0].geometry?.coordinateCount == n + 1)
            #expect(fixed.featureCollection.features[1].geometry?.typeName == "MultiPolygon")
        }
    }

    /// --precision never makes a valid venue invalid: what would collapse
    /// keeps its precision, with a warning.
    @Test func precisionKeepsAVenueValid() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("coarse.zip").path
            let result = try CLI.run(["fix", Samples.path("meridian-arcade.zip"), "--precision", "4", "-o", output])
            #expect(result.status == 0 && result.stderr.contains("[fix.precision.kept]"), "\(result.stderr)")
            let check = try CLI.run(["validate", output])
            #expect(check.status == 0 && check.stdout.contains("0 errors"), "\(check.stdout)")
        }
    }

    @Test func theReportIsJSONOnRequest() throws {
        let result = try CLI.run(["fix", "-", "--format", "json"], stdin: Array(Self.broken.utf8))
        #expect(result.status == 0)
        let report = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any])
        let files = try #require(report["files"] as? [[String: Any]])
        let diagnostics = try #require(files.first?["diagnostics"] as? [[String: Any]])
        let codes = diagnostics.compactMap { $0["code"] as? String }
        #expect(codes.contains("fix.geometry.made-valid") && codes.allSatisfy { $0.hasPrefix("fix.") })
        #expect(
            diagnostics.allSatisfy {
                ($0["severity"] as? String) == "info" || $0["code"] as? String == "fix.geometry.dropped"
            })
        // The fixed FeatureCollection is on standard output.
        #expect(try GeoJSONDocument(decoding: result.stdoutBytes).featureCollection.features.count == 5)
    }

    @Test func convertFixWritesAnotherFormat() throws {
        let result = try CLI.run(
            ["convert", "-", "--fix", "--to", "ndjson", "--precision", "4"], stdin: Array(Self.broken.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 5)
        #expect(result.stdout.contains("MultiPolygon"))
        #expect(result.stderr.contains("[fix.geometry.made-valid]"))
    }

    @Test func kmlStaysKMLAndItsPolygonsComeOutValid() throws {
        let kml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
            <Placemark id="bow"><name>Bow</name>
            <Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 10,10 10,0 0,10 0,0</coordinates></LinearRing></outerBoundaryIs></Polygon>
            </Placemark>
            </Document></kml>
            """
        try withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("bow.kml").path
            try kml.write(toFile: input, atomically: true, encoding: .utf8)
            let before = try CLI.run(["validate", input])
            #expect(before.status == 1)
            #expect(before.stdout.contains("bow.kml:3: error: Self-intersection at 5.0, 5.0"), "\(before.stdout)")
            let output = folder.appendingPathComponent("fixed.kml").path
            let result = try CLI.run(["fix", input, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("feature 1: Self-intersection"))
            let text = try String(contentsOfFile: output, encoding: .utf8)
            #expect(text.contains("<MultiGeometry>") && text.contains("<name>Bow</name>"))
            #expect(try CLI.run(["validate", output]).status == 0)
        }
    }

    @Test func anUnreadableInputLeavesNoOutput() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("out.geojson").path
            let result = try CLI.run(
                ["fix", "-", "-o", output], stdin: Array(#"{"type":"FeatureCollection","features":[{"#.utf8))
            #expect(result.status == 3)
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }

    /// Natural Earth's countries and Canada hold real self-intersections
    /// and self-touching rings: after fix, validate finds none, and every
    /// feature is still there.
    @Test(.requiresFixtures, arguments: ["countries.geo.json", "canada.json", "ne_50m_admin_1_states_provinces.json"])
    func realDataComesOutValid(_ name: String) throws {
        try withTemporaryFolder { folder in
            let input = Fixtures.url("geojson/real/\(name)").path
            let output = folder.appendingPathComponent(name).path
            let before = try CLI.run(["validate", input, "--format", "ndjson"])
            #expect(before.stdout.contains("\"geometry."))
            let result = try CLI.run(["fix", input, "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("[fix.geometry.made-valid]"))
            let after = try CLI.run(["validate", output, "--format", "ndjson"])
            #expect(!after.stdout.contains("\"geometry."), "\(after.stdout.prefix(500))")
            let count = { (path: String) throws -> Int in
                try GeoJSONDocument(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
                    .featureCollection.features.count
            }
            #expect(try count(output) == (try count(input)))
        }
    }

    /// An IMDF venue comes back as an IMDF archive, its display points
    /// inside their units, every change listed in JSON.
    @Test(.requiresFixtures)
    func anIMDFVenueIsFixedAsAnArchive() throws {
        try withTemporaryFolder { folder in
            let output = folder.appendingPathComponent("cpc4.zip").path
            let result = try CLI.run([
                "fix", Fixtures.url("imdf/CPC4_Final_IMDF").path, "-o", output, "--format", "ndjson",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.contains("\"fix.display-point.moved\""))
            let check = try CLI.run(["validate", output, "--format", "ndjson"])
            #expect(check.stdout.contains("imdf.") && !check.stdout.contains("imdf.display-point.outside"))
            // --to asks for the features instead, as GeoJSON.
            let features = try CLI.run(["fix", Fixtures.url("imdf/CPC4_Final_IMDF").path, "--to", "geojson", "-q"])
            #expect(features.status == 0)
            #expect(try GeoJSONDocument(decoding: features.stdoutBytes).featureCollection.features.count > 40)
        }
    }

    /// Hostile geometry: GeometryCollections nested 150 deep around a
    /// bow-tie, a ring of one repeated point, coordinates near the largest
    /// double. Clear reports, a valid result, no crash.
    @Test func hostileGeometryIsRepairedWithoutACrash() throws {
        var geometry = #"{"type":"Polygon","coordinates":[[[0,0],[10,10],[10,0],[0,10],[0,0]]]}"#
        for _ in 0..<150 { geometry = #"{"type":"GeometryCollection","geometries":["# + geometry + "]}" }
        let document = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{},"geometry":\(geometry)},
            {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[1,1],[1,1],[1,1],[1,1]]]}},
            {"type":"Feature","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1e308,0],[0,1e308],[1e308,1e308],[0,0]]]}}
            ]}
            """
        let validation = try CLI.run(["validate", "-", "--format", "ndjson"], stdin: Array(document.utf8))
        #expect(validation.status == 1)
        #expect(validation.stdout.contains("geometry.self-intersection"), "\(validation.stdout.prefix(400))")
        let result = try CLI.run(["fix", "-", "--format", "ndjson"], stdin: Array(document.utf8))
        #expect(result.status == 0, "\(result.stderr.prefix(400))")
        #expect(result.stderr.contains("fix.geometry.made-valid") && result.stderr.contains("fix.geometry.dropped"))
        let check = try CLI.run(["validate", "-", "--format", "ndjson"], stdin: result.stdoutBytes)
        #expect(!check.stdout.contains("\"geometry."), "\(check.stdout.prefix(400))")
    }
}
