import Foundation
import Meridian
import MeridianTestSupport
import Testing

@Suite struct ConvertCommandTests {
    @Test func versionAndHelp() throws {
        let version = try CLI.run(["--version"])
        #expect(version.status == 0 && version.stdout == meridianVersion + "\n")
        let help = try CLI.run(["--help"])
        #expect(help.status == 0 && help.stdout.contains("convert") && help.stdout.contains("info"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let result = try CLI.run(["convert", "--no-such-option", Samples.path("cambridge-landmarks.geojson")])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-such-option"))
    }

    @Test func convertsTheSampleToASequenceOnStandardOutput() throws {
        let result = try CLI.run([
            "convert", Samples.path("cambridge-landmarks.geojson"), "--to", "geojsonseq", "--precision", "3",
        ])
        #expect(result.status == 0)
        let records = result.stdoutBytes.split(separator: 0x1E)
        #expect(records.count == 6)
        let first = try GeoJSONDocument(decoding: Array(records[0]))
        #expect(first.featureCollection.features[0].geometry == .point(Coordinate(latitude: 52.205, longitude: 0.117)))
    }

    @Test func convertsToAFileAndBackWithoutLoss() throws {
        try withTemporaryFolder { folder in
            let ndjson = folder.appendingPathComponent("landmarks.ndjson").path
            let back = folder.appendingPathComponent("landmarks.geojson").path
            #expect(try CLI.run(["convert", Samples.path("cambridge-landmarks.geojson"), "-o", ndjson]).status == 0)
            #expect(try String(contentsOfFile: ndjson, encoding: .utf8).split(separator: "\n").count == 6)
            #expect(try CLI.run(["convert", ndjson, "-o", back, "--pretty"]).status == 0)
            let original = try GeoJSONDocument(
                decoding: Array(try Data(contentsOf: URL(fileURLWithPath: Samples.path("cambridge-landmarks.geojson"))))
            )
            let roundTripped = try GeoJSONDocument(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: back))))
            #expect(roundTripped.featureCollection.features == original.featureCollection.features)
        }
    }

    @Test func readsStandardInput() throws {
        let result = try CLI.run(
            ["convert", "-", "--to", "ndjson"], stdin: Array(#"{"type":"Point","coordinates":[1,2]}"#.utf8))
        #expect(result.status == 0)
        #expect(
            result.stdout == #"{"type":"Feature","properties":{},"geometry":{"type":"Point","coordinates":[1.0,2.0]}}"#
                + "\n")
    }

    @Test func badInputFailsWithALocationAndLeavesNoFile() throws {
        try withTemporaryFolder { folder in
            let input = folder.appendingPathComponent("broken.geojson")
            try Data(
                "{\"type\":\"FeatureCollection\",\"features\":[\n{\"type\":\"Feature\",\"geometry\":null,\"properties\":{}},\n 42]}"
                    .utf8
            ).write(to: input)
            let output = folder.appendingPathComponent("out.geojson")
            let result = try CLI.run(["convert", input.path, "-o", output.path])
            #expect(result.status == 3)
            #expect(result.stderr.contains("broken.geojson:3:2: error"))
            #expect(result.stderr.contains("/features/1"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["broken.geojson"])
        }
    }

    @Test func missingOutputFolderIsAClearError() throws {
        let result = try CLI.run([
            "convert", Samples.path("cambridge-landmarks.geojson"), "-o", "/nonexistent-folder/x.geojson",
        ])
        #expect(result.status == 3)
        #expect(result.stderr.contains("output folder /nonexistent-folder does not exist"))
    }

    @Test func missingInputIsAClearError() throws {
        let result = try CLI.run(["info", "/nonexistent/input.geojson"])
        #expect(result.status == 3)
        #expect(result.stderr.contains("cannot open /nonexistent/input.geojson"))
    }

    @Test func infoSummarisesTheSample() throws {
        let result = try CLI.run(["info", Samples.path("cambridge-landmarks.geojson"), "--format", "json"])
        #expect(result.status == 0)
        let value = try JSONValue(parsing: result.stdoutBytes)
        #expect(value["features"] == 6)
        #expect(value["geometries"]?["Point"] == 3)
        #expect(value["properties"]?.objectValue?.keys == ["name", "kind", "opened"])
    }
}
