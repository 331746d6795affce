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

/// `convert` decodes and encodes a large collection or record stream on
/// every core; the output must be what one thread writes, byte for byte.
@Suite struct ParallelConvertTests {
    /// Real features (Natural Earth's land, states and rivers, 7.8 MB
    /// together) in one collection, past the size read as a whole document.
    static func largeCollection(in folder: URL) throws -> String {
        var features: [Feature] = []
        for name in ["ne_50m_land.json", "ne_50m_admin_1_states_provinces.json", "ne_10m_rivers_europe.json"] {
            let bytes = try Fixtures.bytes(Fixtures.url("geojson/real/" + name))
            features += try GeoJSONDocument(decoding: bytes).featureCollection.features
        }
        var collection = FeatureCollection(features: features)
        collection.foreignMembers["name"] = "natural earth"
        let path = folder.appendingPathComponent("large.geojson").path
        try Data(GeoJSONWriter(options: .init(pretty: true)).encode(collection)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(.requires(fixture: "geojson/real/ne_50m_land.json"))
    func everyThreadCountWritesTheSameBytes() throws {
        try withTemporaryFolder { folder in
            let input = try Self.largeCollection(in: folder)
            for format in ["geojson", "ndjson", "geojsonseq"] {
                var outputs: [Data] = []
                for threads in ["1", "2", "3"] {
                    let output = folder.appendingPathComponent("out-\(threads).\(format)").path
                    let result = try CLI.run(["convert", input, "-o", output, "--threads", threads])
                    #expect(result.status == 0, "\(result.stderr)")
                    outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
                }
                #expect(outputs[0].count > 4_000_000)
                #expect(outputs[1] == outputs[0] && outputs[2] == outputs[0], "\(format)")
            }
            // And back from the record streams, on every core.
            let back = folder.appendingPathComponent("back.geojson").path
            let one = folder.appendingPathComponent("out-1.geojson").path
            #expect(
                try CLI.run(["convert", folder.appendingPathComponent("out-2.ndjson").path, "-o", back]).status == 0)
            let expected = try GeoJSONDocument(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: one))))
            let read = try GeoJSONDocument(decoding: Array(try Data(contentsOf: URL(fileURLWithPath: back))))
            #expect(read.featureCollection.features == expected.featureCollection.features)
        }
    }

    /// info, validate and render read the large collection on every core
    /// (MERIDIAN_THREADS unset) and say what they say on one.
    @Test(.requires(fixture: "geojson/real/ne_50m_land.json"))
    func otherCommandsSayTheSameOnEveryCore() throws {
        try withTemporaryFolder { folder in
            let input = try Self.largeCollection(in: folder)
            for arguments in [
                ["info", input, "--format", "json"], ["validate", input, "--format", "json"],
                ["render", input, "-o", "-", "--size", "300x200"],
            ] {
                let one = try CLI.run(arguments, environment: ["MERIDIAN_THREADS": "1"])
                let many = try CLI.run(arguments, environment: ["MERIDIAN_THREADS": "3"])
                #expect(one.stdout.count > 100, "\(arguments[0]): \(one.stderr)")
                #expect(many.stdout == one.stdout && many.status == one.status, "\(arguments[0])")
            }
        }
    }

    /// A large map's layers are written on every core, each run by a copy
    /// of the renderer: the palette's colours (more categories than it has),
    /// the legend, the label requests and the obstacles of markers come out
    /// as on one thread. Natural Earth's populated places three times
    /// over, shifted east, for more points than one thread writes alone.
    @Test(.requires(fixture: "geojson/real/ne_50m_populated_places.json"))
    func renderDrawsTheSameMapOnEveryCore() throws {
        try withTemporaryFolder { folder in
            let bytes = try Fixtures.bytes(Fixtures.url("geojson/real/ne_50m_populated_places.json"))
            let places = try GeoJSONDocument(decoding: bytes).featureCollection.features
            var features: [Feature] = []
            for shift in [0.0, 0.5, 1.0] {
                for var feature in places {
                    if case .point(let c)? = feature.geometry {
                        feature.geometry = .point(Coordinate(latitude: c.latitude, longitude: c.longitude + shift))
                    }
                    features.append(feature)
                }
            }
            let points = folder.appendingPathComponent("places.geojson").path
            try Data(GeoJSONWriter().encode(FeatureCollection(features: features)))
                .write(to: URL(fileURLWithPath: points))
            let areas = try Self.largeCollection(in: folder)
            for arguments in [
                ["render", areas, points, "-o", "-", "--category-property", "featurecla", "--legend"],
                ["render", points, "-o", "-", "--category-property", "adm0name", "--legend", "--marker", "dot"],
                [
                    "render", points, "-o", "-", "--category-property", "adm0name", "--marker", "balloon", "--size",
                    "400x300",
                ],
            ] {
                let one = try CLI.run(arguments, environment: ["MERIDIAN_THREADS": "1"])
                let many = try CLI.run(arguments, environment: ["MERIDIAN_THREADS": "3"])
                #expect(one.status == 0 && one.stdout.count > 100_000, "\(one.stderr)")
                #expect(many.stdout == one.stdout && many.status == one.status, "\(arguments)")
            }
        }
    }

    @Test func aThreadCountOutOfRangeIsAUsageError() throws {
        let result = try CLI.run(["convert", Samples.path("cambridge-landmarks.geojson"), "--threads", "0"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--threads"))
    }
}
