import Foundation
import Meridian
import MeridianTestSupport
import Testing

@Suite struct ValidateCommandTests {
    func write(_ text: String, named name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func cleanSampleExitsZero() throws {
        let result = try CLI.run(["validate", Samples.path("cambridge-landmarks.geojson")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("0 errors, 0 warnings in 1 file"))
    }

    @Test func problemsExitOneWithLocations() throws {
        try withTemporaryFolder { folder in
            let path = try write(
                "{\"type\":\"Polygon\",\n\"coordinates\":[[[0,0],[1,0],[1,1]]]}", named: "ring.geojson", in: folder)
            let result = try CLI.run(["validate", path])
            #expect(result.status == 1)
            #expect(result.stdout.contains("ring.geojson:2:"))
            #expect(result.stdout.contains("error"))
        }
    }

    @Test func warningsFailOnlyWhenStrict() throws {
        try withTemporaryFolder { folder in
            let path = try write(
                #"{"type":"Polygon","coordinates":[[[0,0],[0,1],[1,1],[0,0]]]}"#, named: "cw.geojson", in: folder)
            #expect(try CLI.run(["validate", path]).status == 0)
            #expect(try CLI.run(["validate", "--strict", path]).status == 1)
        }
    }

    @Test func jsonReportFollowsTheVersionedSchema() throws {
        try withTemporaryFolder { folder in
            let path = try write(
                #"{"type":"Feature","id":{},"geometry":null,"properties":{}}"#, named: "id.geojson", in: folder)
            let result = try CLI.run(["validate", "--format", "json", path])
            #expect(result.status == 1)
            let report = try JSONValue(parsing: result.stdoutBytes)
            #expect(report["version"] == 1)
            #expect(report["summary"]?["errors"] == 1)
            let diagnostic = report["files"]?.arrayValue?.first?["diagnostics"]?.arrayValue?.first
            #expect(diagnostic?["code"] == "geojson.id.invalid")
            #expect(diagnostic?["line"] == 1)
        }
    }

    @Test func githubFormatPrintsWorkflowAnnotations() throws {
        try withTemporaryFolder { folder in
            let path = try write("{\"type\":\"Point\",\n\"coordinates\":[0]}", named: "p.geojson", in: folder)
            let result = try CLI.run(["validate", "--format", "github", path])
            #expect(result.status == 1)
            #expect(result.stdout.hasPrefix("::error file=\(path),line=2,"))
        }
    }

    @Test func unreadableFileExitsThree() throws {
        let result = try CLI.run(["validate", "/nonexistent.geojson"])
        #expect(result.status == 3)
        #expect(result.stdout.contains("cannot open /nonexistent.geojson"))
    }

    @Test(.requires(fixture: "geojson/geojsonhint/bad/bad-json.geojson"))
    func syntaxErrorIsLocated() throws {
        let path = Fixtures.url("geojson/geojsonhint/bad/bad-json.geojson").path
        let result = try CLI.run(["validate", path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("bad-json.geojson:3:5: error"))
    }
}
